import Foundation
import Testing

@testable import JournalCore

/// "On this day": a day page and the home page show the same date 1, 5 and 10 years before,
/// where the journal logged it or the listening log played it.
@Suite struct OnThisDayTests {
    /// The newest day, 20 November 2026, and the same date 1, 5 and 10 years before; a day 2
    /// years before is not one of them.
    static let years =
        minimalConfig + """

            max_tracks_per_day: 4
            -- content/diary/2026/11/2026-11-20.md --
            ---
            title: Today
            tracks: [{title: Now Song, artist: Someone}]
            ---
            -- content/diary/2025/11/2025-11-20.md --
            ---
            title: "A <b>year</b> ago"
            tracks: [{title: Last Year Song, artist: Someone}]
            ---
            -- content/diary/2024/11/2024-11-20.md --
            ---
            tracks: [{title: Two Years Song, artist: Someone}]
            ---
            -- content/diary/2021/11/2021-11-20.md --
            ---
            tracks:
              - {title: Hype Boy, artist: NewJeans}
              - {title: 밤편지, artist: [아이유, Guest]}
              - {title: Third, artist: C}
              - {title: Fourth, artist: D}
            ---
            -- content/diary/2016/11/2016-11-20.md --
            ---
            title: Ten years
            tracks: [{title: Old Song, artist: Someone}]
            ---
            """

    /// The "On this day" section of a page, or nil.
    static func section(_ html: String) -> String? {
        guard let start = html.range(of: "<section class=\"on-this-day\""), let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aDayAndTheHomePageShowTheSameDate1And5And10YearsBefore() throws {
        let journal = try TestJournal(Self.years)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        for path in ["2026/11/20/index.html", "index.html"] {
            let html = try #require(journal.page(path))
            let section = try #require(Self.section(html), "\(path) has no On this day")
            let text = visibleText(section)
            #expect(text.contains("On this day · 20 Nov"), "\(path): \(text)")
            #expect(
                attributeValues("href", in: section) == ["/2025/11/20/", "/2021/11/20/", "/2016/11/20/"], "\(path): \(section)")
            for expected in [
                "1 year ago", "20 Nov 2025", "5 years ago", "20 Nov 2021", "Hype Boy — NewJeans, 밤편지 — 아이유, Guest, Third — C, …",
                "10 years ago", "20 Nov 2016", "Ten years",
            ] {
                #expect(text.contains(expected), "\(path) lacks \(expected): \(text)")
            }
            // A title is text, never markup; the day 2 years before is not shown.
            #expect(section.contains("A &lt;b&gt;year&lt;/b&gt; ago") && !section.contains("<b>"))
            #expect(!section.contains("2024") && !text.contains("Played most"))
            #expect(section.contains("<time datetime=\"2021-11-20\">"))
        }
        // Nearest first.
        let html = try #require(journal.page("2026/11/20/index.html"))
        let section = try #require(Self.section(html))
        let one = try #require(section.range(of: "1 year ago"))
        let ten = try #require(section.range(of: "10 years ago"))
        #expect(one.lowerBound < ten.lowerBound)
        // A day whose dates before the journal does not have shows none: 2024-11-20 looks back
        // to 2023, 2019 and 2014. 2025-11-20 sees 2024 only.
        #expect(Self.section(try #require(journal.page("2024/11/20/index.html"))) == nil)
        #expect(Self.section(try #require(journal.page("2025/11/20/index.html"))).map { attributeValues("href", in: $0) } == ["/2024/11/20/"])
        // The 2021 day sees 2016, five years before.
        #expect(Self.section(try #require(journal.page("2021/11/20/index.html"))).map(visibleText)?.contains("5 years ago") == true)
        // Korean words for it.
        let korean = try TestJournal(Self.years.replacingOccurrences(of: "title: Test Journal", with: "title: Test Journal\nlanguage: ko"))
        #expect(korean.build().succeeded)
        let koreanPage = try #require(korean.page("2026/11/20/index.html"))
        let koreanText = visibleText(try #require(Self.section(koreanPage)))
        #expect(koreanText.contains("지난 이날") && koreanText.contains("1년 전") && koreanText.contains("10년 전"), "\(koreanText)")
    }

    @Test func aJournalWithoutThoseDatesShowsNothing() throws {
        var files = minimalConfig + "\n"
        for date in ["2026-11-20", "2026-11-19", "2025-11-21", "2024-11-20", "2021-11-18", "2016-11-21"] {
            files += "-- content/diary/\(date).md --\n---\ntracks: [{title: Song \(date), artist: A}]\n---\n"
        }
        let journal = try TestJournal(files)
        #expect(journal.build().succeeded)
        for (path, data) in journal.tree() where path.hasSuffix(".html") {
            #expect(!String(decoding: data, as: UTF8.self).contains("on-this-day"), "\(path) shows On this day")
        }
    }

    /// With a listening log, the song played most that day, with its plays; a date only the log
    /// has is shown without a link.
    @Test func theSongPlayedMostThatDayIsShownFromTheListeningLog() throws {
        let journal = try TestJournal(Self.years)
        let loaded = journal.load()
        var value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        let hours = Array(repeating: 0, count: 24)
        value.listening = Listening(days: [
            ListeningDay(
                date: try #require(CalendarDate(iso: "2025-11-20")),
                songs: [
                    PlayedSong(artist: "IU", title: "Blueming", plays: 3, seconds: 600),
                    PlayedSong(artist: "NewJeans", title: "Ditto <3", plays: 12, seconds: 2_200),
                ], hours: hours),
            ListeningDay(
                date: try #require(CalendarDate(iso: "2023-11-20")), songs: [PlayedSong(artist: "A", title: "Three years", plays: 9, seconds: 900)],
                hours: hours),
            ListeningDay(
                date: try #require(CalendarDate(iso: "2011-11-20")), songs: [PlayedSong(artist: "IU", title: "Good Day", plays: 1, seconds: 230)],
                hours: hours),
        ])
        let renderer = SiteRenderer(journal: value, analysis: Analysis(journal: value, parallel: false), theme: try #require(loaded.theme))
        let jobs = renderer.plan().jobs
        func page(_ path: String) throws -> String {
            String(decoding: try renderer.render(try #require(jobs.first { $0.path == path })), as: UTF8.self)
        }
        for path in ["2026/11/20/index.html", "index.html"] {
            let section = try #require(Self.section(try page(path)))
            let text = visibleText(section)
            #expect(text.contains("Played most: Ditto &lt;3 — NewJeans · 12 plays") || text.contains("Played most: Ditto <3 — NewJeans · 12 plays"), "\(text)")
            #expect(section.contains("Ditto &lt;3") && !section.contains("Ditto <3"))
            // The day 3 years before is not one of them.
            #expect(!text.contains("Three years"))
        }
        // 2021-11-20 looks back 10 years to a date only the log has: shown, not linked.
        let section = try #require(Self.section(try page("2021/11/20/index.html")))
        #expect(visibleText(section).contains("10 years ago 20 Nov 2011"), "\(visibleText(section))")
        #expect(visibleText(section).contains("Played most: Good Day — IU · 1 play"))
        #expect(attributeValues("href", in: section) == ["/2016/11/20/"])
    }

    /// 29 February is a date of leap years only: it is never 1, 5 or 10 years before another
    /// day, and no day looks back to it on 28 February or 1 March.
    @Test func the29thOfFebruaryIsOnlyInLeapYears() throws {
        let days = ["2024-02-29", "2023-02-28", "2019-03-01", "2014-02-28"].compactMap { CalendarDate(iso: $0) }.map {
            Day(date: $0, tracks: [Track(title: "Song", artists: ["A"])])
        }
        let journal = Journal(config: SiteConfig(title: "T"), days: days)
        func years(_ date: String) -> [Int] { CalendarDate(iso: date).map { OnThisDay.memories(of: $0, in: journal).map(\.yearsAgo) } ?? [-1] }
        #expect(years("2024-02-29") == [])
        #expect(years("2025-02-28") == [])
        #expect(years("2025-03-01") == [])
        #expect(years("2024-02-28") == [1, 10])
        #expect(years("2024-03-01") == [5])
    }
}
