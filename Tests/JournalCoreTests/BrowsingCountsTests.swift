import Foundation
import Testing

@testable import JournalCore

/// Artist, genre and track pages, their indexes, search and the archive count the listening
/// log's plays where the journal has a log and songs logged where it has none, each named
/// (docs/content-format.md, "Browsing"); artists only the log has get pages from a number of
/// plays, and a month heard but not written about keeps its page.
@Suite struct BrowsingCountsTests {
    /// Alpha's Song A logged on 2 and 10 March 2026 (Jazz, 180 s); Beta's Song B on 10 March,
    /// with Alpha as a guest.
    static let diary = """
        -- journal.yaml --
        title: Counted
        -- content/diary/2026-03-02.md --
        ---
        tracks:
          - {title: Song A, artist: Alpha, genre: Jazz, duration: 180}
        ---
        -- content/diary/2026-03-10.md --
        ---
        tracks:
          - {title: Song A, artist: Alpha, genre: Jazz, duration: 180}
          - {title: Song B, artist: Beta feat. Alpha, genre: Rock}
        ---
        """

    static func day(_ iso: String, _ songs: [PlayedSong]) -> ListeningDay {
        ListeningDay(date: CalendarDate(iso: iso)!, songs: songs, hours: [])
    }

    /// 2–4 March: Song A 5 plays (900 s), then 4 scrobbles (estimated from its 180 s), then 3
    /// plays; Gamma's Song C 12 plays in April, a month the diary has no day of; Delta's Song D
    /// 3 plays.
    static let log = Listening(days: [
        day("2026-03-02", [PlayedSong(artist: "Alpha", title: "Song A", plays: 5, seconds: 900)]),
        day("2026-03-03", [PlayedSong(artist: "Alpha", title: "Song A", plays: 4, seconds: 0, unrecorded: 4)]),
        day(
            "2026-03-04",
            [
                PlayedSong(artist: "Alpha", title: "Song A", plays: 3, seconds: 540),
                PlayedSong(artist: "Beta feat. Alpha", title: "Song B", plays: 2, seconds: 400),
            ]),
        day("2026-04-20", [PlayedSong(artist: "Gamma", title: "Song C", album: "Third", plays: 12, seconds: 2400)]),
        day("2026-04-21", [PlayedSong(artist: "Delta", title: "Song D", plays: 3, seconds: 600)]),
    ])

    /// The built files of the diary with `listening` as its log, by path: pages as their text
    /// without tags, the search index as it is.
    static func site(_ listening: Listening) throws -> [String: String] {
        let journal = try TestJournal(diary)
        let loaded = journal.load()
        var value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        value.listening = listening
        let renderer = SiteRenderer(journal: value, analysis: Analysis(journal: value, parallel: false), theme: try #require(loaded.theme))
        var files: [String: String] = [:]
        for job in renderer.plan().jobs where job.path.hasSuffix(".html") || job.path == "search-index.json" {
            let text = String(decoding: try renderer.render(job), as: UTF8.self)
            files[job.path] = job.path.hasSuffix(".html") && job.path != "search/index.html" ? Self.text(text) : text
        }
        return files
    }

    /// The words a reader sees: tags dropped, spaces folded.
    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    /// The browsing pages: artists, genres and tracks, and their indexes.
    static func browsing(_ files: [String: String]) -> [String: String] {
        files.filter { $0.key.hasPrefix("artists/") || $0.key.hasPrefix("genres/") }
    }

    @Test func anArtistPageCountsTheLogsPlaysAndNamesItsSongsLogged() throws {
        let site = try Self.site(Self.log)
        let alpha = try #require(site["artists/alpha/index.html"])
        // 12 plays as Alpha, 2 as Beta's guest; 900 + 4 × 180 + 540 + 400 s (42.7 min), partly estimated.
        #expect(alpha.contains("Plays 14 "))
        #expect(alpha.contains("Time played about 43 min"))
        #expect(alpha.contains("Songs logged 3 "))
        #expect(alpha.contains("12 plays + 2 with others"))
        // Its songs by the log's plays, a song it is a guest on with whose it is; the diary's
        // days by what they are.
        #expect(alpha.contains("Song A 12 plays"))
        #expect(alpha.contains("Song B (with Beta) 2 plays"))
        #expect(alpha.contains("March 2026 · Jazz · 12 plays"), "the chart's bars say plays")
        #expect(alpha.contains("2026 · 3 songs logged"))
        #expect(!alpha.contains("3 plays"))
        // Genres share out the log's plays: Jazz 12 of 29 (Rock 2, no genre 15).
        #expect(site["genres/index.html"]?.contains("Jazz 12 plays · 41%") == true)
        // The index and its top list rank Alpha by the log's own plays.
        let index = try #require(site["artists/index.html"])
        #expect(index.contains("Alpha 12 plays + 2 with others"))
        let tracks = try #require(site["artists/alpha/tracks/song-a/index.html"])
        #expect(tracks.contains("Plays 12 "))
        #expect(tracks.contains("Songs logged 2 "))
        #expect(tracks.contains("In the diary 2 songs logged"))
    }

    @Test func withoutALogEveryBrowsingPageSaysSongsLoggedAndNeverPlays() throws {
        let site = try Self.site(Listening())
        let pages = Self.browsing(site)
        #expect(pages.count >= 6)
        for (path, text) in pages {
            #expect(!text.contains("Plays"), "\(path) says Plays")
            #expect(text.range(of: #"\b[0-9,]+ plays?\b"#, options: .regularExpression) == nil, "\(path) calls songs logged plays")
        }
        #expect(site["artists/alpha/index.html"]?.contains("Songs logged 3 ") == true)
        #expect(site["artists/index.html"]?.contains("Alpha 2 songs logged + 1 with others") == true)
        #expect(site["genres/index.html"]?.contains("Jazz 2 songs logged") == true)
        // Search names one unit for its counts: songs logged.
        let search = try #require(site["search/index.html"])
        #expect(search.contains("data-label-plays=\"{&quot;other&quot;:&quot;{n} songs logged&quot;"))
    }

    @Test func anArtistOnlyTheLogHasGetsAPageFromTenPlaysAndTheIndexSaysHowManyAreLeftOut() throws {
        let site = try Self.site(Self.log)
        let gamma = try #require(site["artists/gamma/index.html"], "Gamma's 12 plays make a page")
        #expect(gamma.contains("Plays 12 "))
        #expect(gamma.contains("Time played 40 min"))
        #expect(gamma.contains("Song C — Third 12 plays"))
        #expect(!gamma.contains("In the diary"))
        #expect(site["artists/delta/index.html"] == nil, "Delta's 3 plays make none")
        let index = try #require(site["artists/index.html"])
        #expect(index.contains("3 artists"))
        #expect(index.contains("Artists heard only in the listening log get a page from 10 plays, the 5,000 most played at most: 1 more have none."))
        // Search finds Gamma by its plays.
        let search = try #require(site["search-index.json"])
        #expect(search.contains(#"[2,"Gamma","artists/gamma/",12,"#))
        #expect(search.contains(#"[2,"Alpha","artists/alpha/",12,"#))
    }

    @Test func aMonthHeardButNotWrittenAboutKeepsItsPageAndTheArchiveLinksIt() throws {
        let site = try Self.site(Self.log)
        let april = try #require(site["2026/04/index.html"], "April has listening but no diary day")
        #expect(april.contains("Plays 15 "))
        let archive = try #require(site["archive/index.html"])
        #expect(archive.contains("Apr 15 plays") || archive.contains("Apr 15"))
        #expect(site["search-index.json"]?.contains(#""2026/04/""#) == true)
        // Without a log, April has nothing and no page.
        #expect(try Self.site(Listening())["2026/04/index.html"] == nil)
    }

    @Test func streaksCountDaysWithPlaysWhereThereIsALogAndDaysLoggedElseAndSaySo() throws {
        let site = try Self.site(Self.log)
        // 2, 3 and 4 March have plays; the diary has 2 and 10 March only. The archive, the year
        // and its review say what their streaks count.
        for path in ["archive/index.html", "2026/index.html", "2026/review/index.html"] {
            #expect(site[path]?.contains("Longest streak 3 days with plays") == true, "\(path)")
        }
        let diaryOnly = try Self.site(Listening())
        for path in ["archive/index.html", "2026/index.html", "2026/review/index.html"] {
            #expect(diaryOnly[path]?.contains("Longest streak 1 day logged") == true, "\(path)")
        }
    }
}
