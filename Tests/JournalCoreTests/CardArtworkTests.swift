import Testing

@testable import JournalCore

/// The local artwork share cards embed (`CardArtwork`): read by Load, given to Render as bytes.
@Suite struct CardArtworkTests {
    static let files = """
        -- journal.yaml --
        title: T
        -- content/diary/2026-03-02.md --
        ---
        tracks:
          - {title: A, artist: X, artwork: /art/a.svg}
          - {title: B, artist: X, artwork: "./art/b.svg"}
          - {title: C, artist: X, artwork: "https://e.org/c.svg"}
        ---
        -- content/diary/2026-03-03.md --
        ---
        tracks: [{title: D, artist: X, artwork: /art/d.svg}]
        ---
        -- static/art/a.svg --
        <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>
        -- static/art/b.svg --
        <svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>
        -- static/art/d.svg --
        <svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>
        """

    @Test func loadReadsTheLocalArtworkCardsMayEmbed() throws {
        let journal = try TestJournal(Self.files)
        let loaded = journal.load()
        #expect(loaded.diagnostics.isEmpty, "\(journal.lines(loaded.diagnostics))")
        // Each local file once, by its path under static/; a remote cover is never fetched.
        #expect(loaded.artwork.files.keys.sorted() == ["art/a.svg", "art/b.svg", "art/d.svg"])
        #expect(String(decoding: loaded.artwork.files["art/b.svg"] ?? [], as: UTF8.self).contains("width=\"9\""))
    }

    @Test func renderEmbedsTheBytesLoadRead() throws {
        let journal = try TestJournal(Self.files)
        let loaded = journal.load()
        let value = try #require(loaded.journal)
        var renderer = SiteRenderer(journal: value, analysis: Analysis(journal: value, parallel: false), theme: try #require(loaded.theme))
        // Bytes given from memory: Render reads no file.
        renderer.artwork = CardArtwork(files: ["art/a.svg": Array("<svg width='2'/>".utf8)])
        let tracks = value.days[0].tracks
        #expect(renderer.cardCover(tracks[0]).image == "data:image/svg+xml;base64,PHN2ZyB3aWR0aD0nMicvPg==")
        #expect(renderer.cardCover(tracks[1]).image == nil)
        #expect(renderer.cardCover(tracks[2]).image == nil)
    }
}
