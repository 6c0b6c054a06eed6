import Foundation
import Testing

@testable import JournalCore

/// The archive and the ways between period pages: any day of any year a few clicks from home.
@Suite struct ArchiveTests {
    /// Three years, a day logged every fourth day, weeks starting on Monday.
    static func threeYears() throws -> TestJournal {
        var files = "-- journal.yaml --\ntitle: T\n"
        var date = try #require(CalendarDate(iso: "2018-01-03"))
        var number = 0
        while date.year < 2021 {
            files +=
                "-- content/diary/\(date.iso).md --\n---\ntracks: [{title: Song \(number % 7), artist: Band \(number % 3), genre: Jazz}]\n---\nDay \(number).\n"
            date = date.adding(days: 4)
            number += 1
        }
        return try TestJournal(files)
    }

    /// Every site-internal `href` of a built page, as output paths.
    static func links(_ html: String) -> [String] {
        attributeValues("href", in: html).compactMap { href in
            guard href.hasPrefix("/"), !href.hasSuffix(".svg"), !href.hasSuffix(".xml"), !href.hasPrefix("/assets/") else { return nil }
            let path = String(href.dropFirst())
            return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
        }
    }

    @Test func anyDayOfAnyYearIsThreeClicksFromHome() throws {
        let journal = try Self.threeYears()
        #expect(journal.build().succeeded)
        // Breadth-first over the built pages' links, from the home page.
        var distance = ["index.html": 0]
        var queue = ["index.html"]
        while !queue.isEmpty {
            let page = queue.removeFirst()
            guard let html = journal.page(page), let clicks = distance[page], clicks < 4 else { continue }
            for target in Self.links(html) where distance[target] == nil {
                distance[target] = clicks + 1
                queue.append(target)
            }
        }
        #expect(distance["archive/index.html"] == 1)
        #expect(distance["2018/03/index.html"] == 2)
        // Every logged day, among them 2018-03-04 (3 January + 60 days): home → archive →
        // its month → the day, if no shorter way exists.
        let days = (0..<274).map { CalendarDate(dayNumber: CalendarDate(year: 2018, month: 1, day: 3)!.dayNumber + 4 * $0) }
        let far = days.filter { (distance["\(SiteURLs(basePath: "/", origin: nil).day($0))index.html"] ?? 99) > 3 }
        #expect(far.isEmpty, "\(far.map(\.iso).prefix(5))")
        #expect(distance["weeks/2018-02-26/index.html"].map { $0 <= 3 } == true)
    }

    @Test func theArchiveListsEveryYearNewestFirstWithItsMonths() throws {
        let journal = try Self.threeYears()
        #expect(journal.build().succeeded)
        let archive = try #require(journal.page("archive/index.html"))
        var seen = Set<String>()
        let years = Self.links(archive).filter { $0.count == "2018/index.html".count && $0.first == "2" && seen.insert($0).inserted }
        #expect(years == ["2020/index.html", "2019/index.html", "2018/index.html"])
        let months = Self.links(archive).filter { $0.hasPrefix("2018/") && $0.count == "2018/01/index.html".count }
        #expect(months.count == 12)
        // All-time totals: 274 days of one track each, over the 1,093 days from the first
        // (3 January 2018) to the last (30 December 2020); none after the last counts.
        let text = visibleText(archive)
        #expect(text.contains("Songs logged 274"), "\(text.prefix(300))")
        #expect(text.contains("Days logged 274 / 1,093"))
        #expect(text.contains("91 songs logged · 91 of 363 days logged · 1 genre"), "\(text)")  // 2018: from 3 January
        #expect(text.contains("92 songs logged · 92 of 365 days logged · 1 genre"))  // 2020: to 30 December
        // Every page has the archive in its menu; period pages mark it current.
        let week = try #require(journal.page("weeks/2018-02-26/index.html"))
        #expect(week.contains("aria-current=\"page\">Archive</a>"))
    }

    @Test func periodPagesLinkUpAndAcross() throws {
        let journal = try Self.threeYears()
        #expect(journal.build().succeeded)
        // The week of 30 April 2018 logs 3 May first (3 January + 120 days): its way up goes
        // through May, the month of its first logged day, not April.
        let week = try #require(journal.page("weeks/2018-04-30/index.html"))
        let start = try #require(week.range(of: "<nav class=\"breadcrumbs\""))
        let end = try #require(week[start.upperBound...].range(of: "</nav>"))
        let trail = " " + String(week[start.lowerBound..<end.upperBound])
        #expect(Array(Self.links(trail).prefix(3)) == ["archive/index.html", "2018/index.html", "2018/05/index.html"])
        #expect(visibleText(trail).hasPrefix("Archive 2018 May 2018 30 Apr – 6 May 2018"), "\(visibleText(trail))")
        // A month links every week that overlaps it.
        let march = try #require(journal.page("2018/03/index.html"))
        let marchWeeks = Self.links(march).filter { $0.hasPrefix("weeks/") }
        #expect(
            Set(marchWeeks) == [
                "weeks/2018-02-26/index.html", "weeks/2018-03-05/index.html", "weeks/2018-03-12/index.html",
                "weeks/2018-03-19/index.html", "weeks/2018-03-26/index.html",
            ])
        // A year lists each of its weeks once, under the month of its first logged day.
        let year = try #require(journal.page("2018/index.html"))
        let yearWeeks = Self.links(year).filter { $0.hasPrefix("weeks/") }
        #expect(yearWeeks.count == Set(yearWeeks).count)
        #expect(yearWeeks.count == 52)
        #expect(Self.links(year).filter { $0.hasPrefix("2018/") && $0.count == "2018/01/index.html".count }.count >= 12)
    }

    @Test func anEmptyJournalHasAnArchiveThatSaysSo() throws {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\n-- content/pages/about.md --\n---\ntitle: About\n---\nHi.\n")
        #expect(journal.build().succeeded)
        let archive = try #require(journal.page("archive/index.html"))
        #expect(visibleText(archive).contains("Nothing logged yet"))
    }
}
