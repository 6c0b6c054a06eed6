// swift-format-ignore-file
// (Its journals are multi-line strings nested in interpolations, which swift-format re-indents
// into strings Swift refuses.)
import Foundation
import Testing
@testable import JournalCore

/// Songs are remembered (docs/content-format.md): a play shows what is known about its song from
/// its other plays and the catalogue, and what a day says for its own play wins.
@Suite struct SongCatalogueTests {
    func day(_ date: String, _ tracks: String) -> String {
        "-- content/diary/\(date).md --\n---\ntracks:\n\(tracks)\n---\n"
    }

    func loaded(_ files: String) throws -> Journal {
        let journal = try TestJournal(minimalConfig + "\n" + files)
        let result = journal.load()
        #expect(!result.diagnostics.hasErrors, "\(journal.lines(result.diagnostics))")
        return try #require(result.journal)
    }

    @Test func aPlayThatLeavesOutDetailsShowsThoseOfItsOtherPlays() throws {
        let journal = try loaded("""
        \(day("2026-11-01", """
          - title: 밤편지
            artist: 아이유
            album: Palette
            genre: [Ballad, K-Pop]
            duration: "4:13"
            released: 2017-03-24
            artwork: https://example.com/palette.jpg
            links:
              apple_music: https://music.apple.com/kr/song/1
        """))
        \(day("2026-11-02", """
          - title: 밤편지
            artist: 아이유
            preview: https://example.com/p.m4a
            links:
              spotify: https://open.spotify.com/track/x
        """))
        \(day("2026-11-03", """
          - title: 밤편지
            artist: 아이유
            duration: "4:14"
          - title: 밤편지!
            artist: 아이유
        """))
        """)
        let last = try #require(journal.days.last?.tracks.first)
        // Another title, shown as another track, is another song: nothing of 밤편지 is lent to it.
        #expect(journal.days.last?.tracks.last?.album == nil)
        #expect(last.album == "Palette")
        #expect(last.genres == ["Ballad", "K-Pop"])
        #expect(last.artwork?.text == "https://example.com/palette.jpg")
        #expect(last.released == CalendarDate(iso: "2017-03-24").map(ReleaseDate.date))
        #expect(last.preview?.text == "https://example.com/p.m4a")
        // Its own duration wins for its own play.
        #expect(last.duration == 254)
        #expect(last.links.map(\.service) == [.appleMusic, .spotify])
        // The first play, older than the one with the preview, gains it too; its own link stays first.
        let first = try #require(journal.days.first?.tracks.first)
        #expect(first.preview?.text == "https://example.com/p.m4a")
        #expect(first.duration == 253)
    }

    @Test func aCoverOfAnotherAlbumIsNotBorrowed() throws {
        let journal = try loaded("""
        \(day("2026-11-01", """
          - title: Song
            artist: A
            album: Greatest Hits
            artwork: https://example.com/hits.jpg
        """))
        \(day("2026-11-02", """
          - title: Song
            artist: A
            album: First Album
        """))
        \(day("2026-11-03", """
          - title: Other
            artist: A
            album: First Album
            artwork: https://example.com/first.jpg
        """))
        """)
        let second = try #require(journal.days[1].tracks.first)
        // Its album's cover, from another song of that album; never the compilation's.
        #expect(second.artwork?.text == "https://example.com/first.jpg")
    }

    @Test func theCatalogueFillsWhatNoDaySaysAndADayStillWins() throws {
        let journal = try loaded("""
        -- journal.yaml --
        title: T
        genres:
          artists:
            Mapped: Jazz
        -- catalogue/newjeans.yaml --
        artist: NewJeans
        genre: K-Pop
        songs:
          - title: Hype Boy
            album: New Jeans
            genre: Dance
            duration: "2:59"
            preview: https://audio.example.com/hype.m4a
            links:
              apple_music: https://music.apple.com/us/song/1
            ids:
              itunes: "1636789973"
          - title: Attention
        albums:
          - title: New Jeans
            released: 2022-08-01
            artwork: https://example.com/new-jeans.jpg
        -- catalogue/mapped.yaml --
        artist: Mapped
        genre: Pop
        songs:
          - title: Tune
            genre: Rock
        \(day("2026-11-01", """
          - title: hype boy
            artist: newjeans
          - title: Attention
            artist: NewJeans
          - title: Tune
            artist: Mapped
        """))
        \(day("2026-11-02", """
          - title: Hype Boy
            artist: NewJeans
            genre: K-Pop
          - title: Other
            artist: Mapped
        """))
        """)
        let hype = journal.days[0].tracks[0]
        #expect(hype.album == "New Jeans")
        #expect(hype.genres == ["Dance"])
        #expect(hype.duration == 179)
        #expect(hype.artwork?.text == "https://example.com/new-jeans.jpg")
        #expect(hype.released == CalendarDate(iso: "2022-08-01").map(ReleaseDate.date))
        #expect(hype.preview?.text == "https://audio.example.com/hype.m4a")
        #expect(hype.links.map(\.service) == [.appleMusic])
        // A song the catalogue names without a genre takes its artist's.
        #expect(journal.days[0].tracks[1].genres == ["K-Pop"])
        // The catalogue's song genre comes before genres.artists, which comes before the catalogue's artist genre.
        #expect(journal.days[0].tracks[2].genres == ["Rock"])
        #expect(journal.days[1].tracks[1].genres == ["Jazz"])
        // A day's own genre wins for its play.
        #expect(journal.days[1].tracks[0].genres == ["K-Pop"])
    }

    @Test func catalogueProblemsAreReportedAtTheirPlace() throws {
        let journal = try TestJournal(minimalConfig + """

        -- catalogue/a.yaml --
        artist: A
        songs:
          - title: One
            duration: soon
            colour: red
          - album: No title
          - title: Two
            links:
              spotify: javascript:alert(1)
            ids:
              "bad key": 1
          - just words
        albums:
          - 42
        -- catalogue/b.yml --
        songs: nope
        -- catalogue/c.yaml --
        artist: d
        -- catalogue/d.yaml --
        artist: D
        songs:
          - title: Same
          - title: same
        -- catalogue/notes.txt --
        not read
        -- content/diary/2026-11-01.md --
        ---
        tracks:
          - title: One
            artist: A
        ---
        """)
        let lines = journal.lines(journal.load().diagnostics)
        #expect(lines == [
            "catalogue/a.yaml:4:15: error: invalid duration 'soon': write m:ss (3:41), h:mm:ss (1:02:03) or whole seconds (221)",
            "catalogue/a.yaml:5:5: warning: unknown field 'colour' in song 1",
            "catalogue/a.yaml:6:5: error: missing required field 'title' in song 2",
            "catalogue/a.yaml:9:16: error: 'links.spotify' uses the URL scheme 'javascript:', which is not allowed (only http:, https: and relative paths)",
            "catalogue/a.yaml:11:7: error: a name in 'ids' must be a word like 'itunes' or 'musicbrainz', found 'bad key'",
            "catalogue/a.yaml:12:5: error: song 4 must be a mapping with at least 'title', found 'just words'",
            "catalogue/a.yaml:14:5: error: album 1 must be a mapping with at least 'title', found '42'",
            "catalogue/b.yml:1:1: error: missing required field 'artist' in a catalogue file",
            "catalogue/b.yml:1:8: error: 'songs' must be a list, found 'nope'",
            "catalogue/d.yaml:4:5: warning: song 'same' is listed twice in this file (also song 1): the first is used",
        ])
    }

    @Test func aCoverTheCatalogueNamesMustBeAFileOfTheSite() throws {
        let journal = try TestJournal(minimalConfig + """

        -- catalogue/a.yaml --
        artist: A
        songs:
          - title: One
            artwork: /covers/a/one.jpg
        albums:
          - title: First
            artwork: /covers/a/first.jpg
        -- static/covers/a/one.jpg --
        not a picture
        -- content/diary/2026-11-01.md --
        ---
        tracks:
          - title: One
            artist: A
        ---
        """)
        #expect(journal.lines(journal.load().diagnostics) == [
            "catalogue/a.yaml:4:14: error: artwork '/covers/a/one.jpg' is not an image: static/covers/a/one.jpg does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file",
            "catalogue/a.yaml:7:14: error: artwork '/covers/a/first.jpg' is not in static/: there is no static/covers/a/first.jpg; put the image there, or give its https:// address",
        ])
    }

    @Test func theNewestPlayIsTheNewestByDateWhateverTheFoldersSay() throws {
        let journal = try loaded("""
        -- content/diary/old/2025-01-01.md --
        ---
        tracks: [{title: Song, artist: A, album: Old Album, genre: Jazz}]
        ---
        -- content/diary/2026/11/2026-11-21.md --
        ---
        tracks: [{title: Song, artist: A, album: New Album, genre: Rock}]
        ---
        -- content/diary/2026/11/2026-11-22.md --
        ---
        tracks: [{title: Song, artist: A}]
        ---
        """)
        let bare = try #require(journal.days.last?.tracks.first)
        #expect(bare.album == "New Album")
        #expect(bare.genres == ["Rock"])
    }

    @Test func theCatalogueIsPartOfWhatABuildReads() throws {
        let journal = try TestJournal(minimalConfig + """

        -- catalogue/a.yaml --
        artist: A
        songs:
          - title: One
            genre: Jazz
        -- content/diary/2026-11-01.md --
        ---
        tracks:
          - title: One
            artist: A
        ---
        """)
        #expect(journal.build().succeeded)
        #expect(journal.build().upToDate)
        // An edit of the catalogue alone is a change: the site shows it.
        try journal.write("catalogue/a.yaml", "artist: A\nsongs:\n  - title: One\n    genre: Folk\n")
        let rebuilt = journal.build()
        #expect(rebuilt.succeeded && !rebuilt.upToDate)
        #expect(journal.page("2026/11/01/index.html")?.contains("/genres/folk/") == true)
        // And the site is never written into it.
        let refused = journal.build(output: journal.path + "/catalogue/site")
        #expect(!refused.succeeded)
        #expect(journal.lines(refused.diagnostics).contains { $0.contains("is inside catalogue/, which the build reads") })
    }
}
