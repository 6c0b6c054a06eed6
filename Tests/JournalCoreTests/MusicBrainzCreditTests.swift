// swift-format-ignore-file
// (Its journals are multi-line strings nested in interpolations, which swift-format re-indents
// into strings Swift refuses.)
import Foundation
import Testing
@testable import JournalCore

/// A catalogue song's `credits:`, the artists MusicBrainz credits it with (docs/content-format.md,
/// "Artist credits"): each name is one artist in every credit, read from the file alone.
@Suite struct MusicBrainzCreditTests {
    func day(_ date: String, _ tracks: String) -> String {
        "-- content/diary/\(date).md --\n---\ntracks:\n\(tracks)\n---\n"
    }

    static let catalogue = """
        -- catalogue/simon-garfunkel.yaml --
        artist: Simon & Garfunkel
        songs:
          - title: The Boxer
            credits: [Simon & Garfunkel]
            genre: Folk
        -- catalogue/earth-wind-fire.yaml --
        artist: "Earth, Wind & Fire"
        songs:
          - title: Boogie Wonderland
            credits: ["Earth, Wind & Fire", The Emotions]
        """

    /// MusicBrainz's "Simon & Garfunkel" is one artist with one page, even though `Simon` is an
    /// artist of the journal too (which keeps a catalogue file's name alone from being known);
    /// "Earth, Wind & Fire feat. The Emotions" is Earth, Wind & Fire with a guest; "Ana & Bo",
    /// which MusicBrainz does not credit, is split.
    @Test func aMusicBrainzCreditKeepsItsArtistWholeAndAnUnknownOneIsSplit() throws {
        let built = try TestJournal(minimalConfig + "\n" + """
        \(day("2026-11-01", "  - {title: The Boxer, artist: Simon & Garfunkel}\n  - {title: Tide, artist: Ana & Bo}"))
        \(day("2026-11-02", "  - {title: Boogie Wonderland, artist: \"Earth, Wind & Fire feat. The Emotions\"}\n  - {title: Solo, artist: Simon}"))
        \(day("2026-11-03", "  - {title: Mrs. Robinson, artist: simon & garfunkel}"))
        \(Self.catalogue)
        """)
        let result = built.load()
        #expect(!result.diagnostics.hasErrors, "\(built.lines(result.diagnostics))")
        let journal = try #require(result.journal)
        let tracks = journal.days.flatMap(\.tracks)
        #expect(tracks.map(\.artists) == [
            ["Simon & Garfunkel"], ["Ana", "Bo"], ["Earth, Wind & Fire", "The Emotions"], ["Simon"], ["Simon & Garfunkel"],
        ])
        // The song book finds the credited song under its one artist.
        #expect(tracks[0].genres == ["Folk"])
        // What enrich would still ask about: the credits the journal split.
        #expect(tracks.map(\.credit) == [nil, "Ana & Bo", "Earth, Wind & Fire feat. The Emotions", nil, nil])
        #expect(journal.artistNames.artists(of: "Simon & Garfunkel feat. Bo") == ["Simon & Garfunkel", "Bo"])
        #expect(built.build().succeeded)
        let pages = try FileManager.default.contentsOfDirectory(atPath: built.output + "/artists").filter { !$0.hasSuffix(".html") }.sorted()
        #expect(pages == ["ana", "bo", "earth-wind-fire", "simon", "simon-garfunkel", "the-emotions"], "\(pages)")
        let page = visibleText(try #require(built.page("artists/simon-garfunkel/index.html")))
        #expect(page.contains("The Boxer") && page.contains("Mrs. Robinson"), "\(page)")
    }

    /// Without MusicBrainz's credits the same journal splits every one of these credits.
    @Test func withoutCreditsTheSameNamesAreSplit() throws {
        let built = try TestJournal(minimalConfig + "\n" + """
        \(day("2026-11-01", "  - {title: The Boxer, artist: Simon & Garfunkel}\n  - {title: Solo, artist: Simon}"))
        \(day("2026-11-02", "  - {title: Boogie Wonderland, artist: \"Earth, Wind & Fire feat. The Emotions\"}"))
        -- catalogue/simon-garfunkel.yaml --
        artist: Simon & Garfunkel
        """)
        let journal = try #require(built.load().journal)
        #expect(journal.days.flatMap(\.tracks).map(\.artists) == [
            ["Simon", "Garfunkel"], ["Simon"], ["Earth", "Wind", "Fire", "The Emotions"],
        ])
    }

    @Test func badCreditsAreReportedWhereTheyAre() throws {
        let built = try TestJournal(minimalConfig + """

            -- catalogue/a.yaml --
            artist: Simon & Garfunkel
            songs:
              - title: The Boxer
                credits:
                  - ""
                  - {name: x}
                  - Simon & Garfunkel
                  - simon and garfunkel
                  - SIMON & GARFUNKEL
              - title: America
                credits: {a: b}
              - title: Cecilia
                credits: Simon & Garfunkel
            """)
        let lines = built.lines(built.load().diagnostics)
        #expect(lines.contains { $0.hasPrefix("catalogue/a.yaml:5:9: error: each item of 'credits' must be the name of one artist") && $0.contains("an empty name") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("catalogue/a.yaml:6:9: error: each item of 'credits'") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("catalogue/a.yaml:9:9: warning: 'SIMON & GARFUNKEL' is listed twice in 'credits'") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("catalogue/a.yaml:11:14: error: each item of 'credits'") }, "\(lines)")
        #expect(!lines.contains { $0.contains("a.yaml:8:") || $0.contains("a.yaml:13:") }, "\(lines)")
    }

    /// `journal add` and `enrich` rewrite a catalogue file whole: `credits:` survives, quoted
    /// where a name holds a comma, and a file without it reads as before.
    @Test func aRewrittenCatalogueFileKeepsCredits() {
        var artist = CatalogueArtist(name: "Earth, Wind & Fire")
        artist.songs = [CatalogueSong(title: "Boogie Wonderland", genres: ["Disco"], credits: ["Earth, Wind & Fire", "The Emotions"])]
        let text = CatalogueFile.text(artist)
        #expect(text.contains("  - title: Boogie Wonderland\n    credits: [\"Earth, Wind & Fire\", The Emotions]\n    genre: Disco\n"), "\(text)")
        let read = CatalogueDecoding.artist(text, path: "catalogue/e.yaml", relative: "catalogue/e.yaml")
        #expect(read.diagnostics.isEmpty && read.value?.songs.first?.credits == ["Earth, Wind & Fire", "The Emotions"])
        // A lookup fills credits only where the song has none.
        var song = CatalogueSong(title: "Boogie Wonderland", credits: ["Earth, Wind & Fire"])
        let filledOver = song.fill(from: CatalogueSong(title: "Boogie Wonderland", credits: ["Someone"]))
        #expect(!filledOver && song.credits == ["Earth, Wind & Fire"])
        var bare = CatalogueSong(title: "Boogie Wonderland")
        let filled = bare.fill(from: song)
        #expect(filled && bare.credits == ["Earth, Wind & Fire"])
        let old = CatalogueDecoding.artist("artist: Simon & Garfunkel\nsongs:\n  - {title: The Boxer, genre: Folk}\n", path: "s", relative: "s")
        #expect(old.diagnostics.isEmpty && old.value?.songs.first?.credits == [])
    }
}
