import Foundation
import FoundationXML
import Testing

@testable import JournalCore

/// What pages show of the listening log: a diary day's plays beside its songs, bounded in size,
/// and plays by hour of the day on month, year and review pages.
@Suite struct ListeningPagesTests {
    static let diary = """
        -- journal.yaml --
        title: Heard
        -- content/diary/2026-03-10.md --
        ---
        tracks:
          - {title: Hype Boy, artist: NewJeans, genre: K-Pop}
          - {title: Ditto, artist: NewJeans, genre: K-Pop}
        ---
        -- content/diary/2026-04-02.md --
        ---
        tracks: [{title: Spring, artist: 10cm}]
        ---
        """

    static func hours(_ pairs: [Int: Int]) -> [Int] {
        (0..<24).map { pairs[$0] ?? 0 }
    }

    static func day(_ iso: String, _ songs: [PlayedSong], hours: [Int: Int]) -> ListeningDay {
        ListeningDay(date: CalendarDate(iso: iso)!, songs: songs, hours: Self.hours(hours))
    }

    /// The built pages of `files` with `listening` as its log, by path.
    static func pages(_ files: String, listening: Listening) throws -> [String: String] {
        let journal = try TestJournal(files)
        let loaded = journal.load()
        var value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        value.listening = listening
        let renderer = SiteRenderer(journal: value, analysis: Analysis(journal: value, parallel: false), theme: try #require(loaded.theme))
        var pages: [String: String] = [:]
        for job in renderer.plan().jobs where job.page != nil && job.path.hasSuffix(".html") {
            pages[job.path] = String(decoding: try renderer.render(job), as: UTF8.self)
        }
        return pages
    }

    /// The text from `start` through the first `end` after it.
    static func element(_ html: String, from start: String, to end: String) -> String? {
        guard let open = html.range(of: start), let close = html.range(of: end, range: open.upperBound..<html.endIndex) else { return nil }
        return String(html[open.lowerBound..<close.upperBound])
    }

    /// Whether every element of `html` but the void ones is closed, in order (`<a><b></a></b>`
    /// and a missing `</span>` are not).
    static func isBalanced(_ html: String) -> Bool {
        let void: Set<String> = ["br", "img", "input", "meta", "link", "source", "hr", "wbr"]
        var open: [String] = []
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return false }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("/") {
                guard open.popLast() == String(tag.dropFirst()).lowercased() else { return false }
            } else if !tag.hasPrefix("!") && !tag.hasSuffix("/") {
                let name = String(tag.prefix { !$0.isWhitespace }).lowercased()
                if !void.contains(name) { open.append(name) }
            }
        }
        return open.isEmpty
    }

    /// The `<details>` of a day's songs: the text of each `<li>`, in order.
    static func listedSongs(_ html: String) -> [String] {
        guard let start = html.range(of: "<details class=\"day-listening-songs\">"),
            let end = html.range(of: "</details>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "<li").dropFirst().map { visibleText("<li" + $0) }
    }

    @Test func aDayPageSaysWhatWasPlayedAndListsItMostPlayedFirst() throws {
        let listening = Listening(days: [
            Self.day(
                "2026-03-10",
                [
                    PlayedSong(artist: "아이유", title: "밤편지", plays: 2, seconds: 0, unrecorded: 2),
                    PlayedSong(artist: "NewJeans", title: "Hype Boy", plays: 5, seconds: 900),
                    PlayedSong(artist: "Someone <b>", title: "Tom & Jerry", plays: 3, seconds: 600),
                ], hours: [8: 4, 22: 6])
        ])
        let pages = try Self.pages(Self.diary, listening: listening)
        let page = try #require(pages["2026/03/10/index.html"])
        #expect(visibleText(page).contains("The day's listening 3 songs played · 10 plays · 25 min · 2 plays of unknown length"))
        #expect(page.contains("<details class=\"day-listening-songs\">"), "closed by default")
        #expect(
            Self.listedSongs(page) == [
                "1 Hype Boy — NewJeans in the diary 5 plays",
                "2 Tom & Jerry — Someone &lt;b&gt; 3 plays",
                "3 밤편지 — 아이유 2 plays",
            ])
        #expect(!page.contains("Someone <b>"), "escaped")
        let section = try #require(Self.element(page, from: "<section class=\"day-listening\"", to: "</section>"))
        #expect(Self.isBalanced(section), "every element closed in order: \(section)")
        // A day the log has no plays on says nothing of listening.
        #expect(!(try #require(pages["2026/04/02/index.html"])).contains("day-listening"))
    }

    @Test func aDayOfOnlyScrobblesSaysItsLengthIsNotRecorded() throws {
        let listening = Listening(days: [
            Self.day("2026-03-10", [PlayedSong(artist: "NewJeans", title: "Hype Boy", plays: 4, seconds: 0, unrecorded: 4)], hours: [9: 4])
        ])
        let page = try #require(try Self.pages(Self.diary, listening: listening)["2026/03/10/index.html"])
        #expect(visibleText(page).contains("1 song played · 4 plays · length not recorded"))
        #expect(!visibleText(page).contains("0 min"))
    }

    @Test func aScrobblesLengthIsItsSongsAndOnlySongsOfUnknownLengthAreSaidToBe() throws {
        let diary = """
            -- journal.yaml --
            title: Heard
            -- content/diary/2026-03-10.md --
            ---
            tracks:
              - {title: Hype Boy, artist: NewJeans, duration: "3:00"}
            ---
            """
        let listening = Listening(days: [
            Self.day(
                "2026-03-10",
                [
                    PlayedSong(artist: "NewJeans", title: "Hype Boy", plays: 4, seconds: 0, unrecorded: 4),
                    PlayedSong(artist: "NewJeans", title: "Ditto", plays: 2, seconds: 480),
                    PlayedSong(artist: "아이유", title: "밤편지", plays: 1, seconds: 0, unrecorded: 1),
                ], hours: [9: 7])
        ])
        let page = try #require(try Self.pages(diary, listening: listening)["2026/03/10/index.html"])
        // 4 × 3:00 estimated and 8 min recorded; 밤편지's length is known nowhere.
        #expect(visibleText(page).contains("3 songs played · 7 plays · about 20 min · 1 play of unknown length"), "\(visibleText(page))")
        // Scrobbles only, of a song whose length is known: an estimate, not "length not recorded".
        let scrobbles = Listening(days: [
            Self.day("2026-03-10", [PlayedSong(artist: "NewJeans", title: "Hype Boy", plays: 4, seconds: 0, unrecorded: 4)], hours: [9: 4])
        ])
        let only = try #require(try Self.pages(diary, listening: scrobbles)["2026/03/10/index.html"])
        #expect(visibleText(only).contains("1 song played · 4 plays · about 12 min"), "\(visibleText(only))")
        #expect(!visibleText(only).contains("unknown length") && !visibleText(only).contains("not recorded"))
    }

    @Test func aDayOfThreeHundredSongsStaysUnderAHundredKilobytes() throws {
        let songs = (1...300).map { number in
            PlayedSong(
                artist: "A rather long artist name, with a guest or two, number \(number) feat. Somebody Else & Their Orchestra",
                title: "A long song title to fill the page (Extended Version, Remastered 2011), take \(number)",
                album: "Album \(number)", plays: number <= 50 ? 2 : 1, seconds: 200, firstMinute: number)
        }
        let listening = Listening(days: [Self.day("2026-03-10", songs, hours: [12: 350])])
        let page = try #require(try Self.pages(Self.diary, listening: listening)["2026/03/10/index.html"])
        #expect(page.utf8.count < 100_000, "\(page.utf8.count) bytes")
        print("dayview: a day of 300 songs, 350 plays: \(page.utf8.count) bytes")
        let listed = Self.listedSongs(page)
        #expect(listed.count == 100)
        #expect(listed.first?.hasPrefix("1 A long song title to fill the page (Extended Version, Remastered 2011), take 1 —") == true)
        #expect(visibleText(page).contains("300 songs played · 350 plays · 16 h 40 min"))
        #expect(visibleText(page).contains("and 200 more songs · 200 plays"))
    }

    @Test func monthYearAndReviewShowPlaysByHourSummedOverTheirDays() throws {
        let song = PlayedSong(artist: "NewJeans", title: "Hype Boy", plays: 1, seconds: 180)
        let listening = Listening(days: [
            Self.day("2026-03-10", [song], hours: [0: 1, 8: 3, 23: 2]),
            Self.day("2026-03-11", [song], hours: [8: 4, 13: 1]),
            // A day without a diary page still counts in its month and year.
            Self.day("2026-04-20", [song], hours: [8: 10]),
        ])
        let pages = try Self.pages(Self.diary, listening: listening)
        func hourRows(_ html: String) -> [Int] {
            guard let start = html.range(of: "<div class=\"chart-figure hour-figure\">"),
                let end = html.range(of: "</tbody>", range: start.upperBound..<html.endIndex)
            else { return [] }
            return html[start.upperBound..<end.lowerBound].components(separatedBy: "<tr><th scope=\"row\">").dropFirst().compactMap { row in
                row.components(separatedBy: "<td>").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
            }
        }
        let march = try #require(pages["2026/03/index.html"])
        #expect(hourRows(march) == Self.hours([0: 1, 8: 7, 13: 1, 23: 2]))
        #expect(march.contains("<th scope=\"row\">08:00–09:00</th><td>7</td>"))
        #expect(visibleText(march).contains("Total 11 plays"))
        // The figure (the hint, the SVG, the table) is well-formed, its table headed.
        let figure = try #require(Self.element(march, from: "<div class=\"chart-figure hour-figure\">", to: "</details>")) + "</div>"
        #expect(Self.isBalanced(figure), "every element closed in order: \(figure)")
        #expect(figure.contains("<caption>March 2026 · Listening by hour</caption>"))
        let year = try #require(pages["2026/index.html"])
        #expect(hourRows(year) == Self.hours([0: 1, 8: 17, 13: 1, 23: 2]))
        let review = try #require(pages["2026/review/index.html"])
        #expect(hourRows(review) == Self.hours([0: 1, 8: 17, 13: 1, 23: 2]))
        // No listening, no chart.
        let quiet = try Self.pages(Self.diary, listening: Listening())
        for path in ["2026/03/index.html", "2026/index.html", "2026/review/index.html"] {
            #expect(!(try #require(quiet[path])).contains("hour-figure"), "\(path)")
        }
    }

    @Test func theHourChartIsAnImageNamedWithATitlePerHour() throws {
        let chart = HourChart(hours: Self.hours([8: 3, 22: 5]), title: "March 2026 · Listening by hour <&>", l10n: Localization(.en))
        let svg = chart.svg()
        #expect(svg == chart.svg(), "deterministic")
        let root = try #require(try XMLDocument(xmlString: svg, options: []).rootElement())
        #expect(root.attribute(forName: "role")?.stringValue == "img")
        #expect(root.attribute(forName: "aria-label")?.stringValue == "March 2026 · Listening by hour <&>")
        let titles = try root.nodes(forXPath: "//*[local-name()='title']").map { $0.stringValue ?? "" }
        try #require(titles.count == 24)
        #expect(titles[8] == "08:00–09:00 · 3 plays")
        #expect(titles[23] == "23:00–24:00 · 0 plays")
        // The busiest hour is marked, and only it.
        #expect(svg.components(separatedBy: "column-marked").count == 2)
    }

    @Test func aPlayedSongIsPickedByItsTitleAndItsCreditsFirstArtist() {
        func track(_ title: String, _ artists: [String]) -> Track { Track(title: title, artists: artists) }
        let song = { (artist: String, title: String) in PlayedSong(artist: artist, title: title, plays: 1, seconds: 1) }
        let names = ArtistNames(known: ["Simon & Garfunkel"])
        func isPicked(_ played: PlayedSong, as logged: Track) -> Bool { SiteRenderer.isPicked(played, as: logged, names: names) }
        #expect(isPicked(song("NewJeans", "hype boy"), as: track("Hype Boy", ["NewJeans"])))
        #expect(isPicked(song("Sematary & Ghost Mountain", "Rainbow"), as: track("Rainbow", ["Sematary"])))
        #expect(isPicked(song("A, B", "X"), as: track("X", ["A", "B"])))
        #expect(!isPicked(song("IUxyz", "X"), as: track("X", ["IU"])))
        #expect(!isPicked(song("NewJeans", "Ditto"), as: track("Hype Boy", ["NewJeans"])))
        #expect(isPicked(song("IU ft. SUGA", "eight"), as: track("eight", ["IU"])))
        // Wrong before, by a prefix of the lowercased credit: a spelling of the same artist (the
        // diary's "Jay-Z", the log's "JAY Z"); a known name that only starts like the diary's
        // artist ("Simon & Garfunkel" is not Simon's); a name running on after a hyphen.
        #expect(isPicked(song("JAY Z", "Empire State of Mind"), as: track("Empire State of Mind", ["Jay-Z", "Alicia Keys"])))
        #expect(!isPicked(song("Simon & Garfunkel", "The Boxer"), as: track("The Boxer", ["Simon"])))
        #expect(!isPicked(song("IU-Band", "X"), as: track("X", ["IU"])))
    }
}
