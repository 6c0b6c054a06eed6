import Foundation
import Testing

@testable import JournalCore

/// Today as an input of the build, and what follows from it (docs/content-format.md,
/// "Statistics" and "Year in review"): "so far", days still to come and the current streak only
/// for the period that holds today; a partial year says its span and compares like with like.
@Suite struct TimelineTests {
    static func date(_ iso: String) throws -> CalendarDate { try #require(CalendarDate(iso: iso)) }

    /// 2023: 1 Jan (1 track), 20 Jan (2), 1 Jun (3); 2024: 2 Jan (1) and 24 Jan (2), where the
    /// export ends. 2024 is 1–24 January; 1–24 January 2023 holds 3 tracks on 2 days, the whole
    /// of 2023 holds 6 on 3.
    static let partialYear = """
        -- journal.yaml --
        title: T
        timezone: UTC
        -- content/diary/2023-01-01.md --
        ---
        tracks:
          - {title: A, artist: Alpha, genre: Rock}
        ---
        -- content/diary/2023-01-20.md --
        ---
        tracks:
          - {title: B, artist: Beta, genre: Rock}
          - {title: C, artist: Gamma, genre: Jazz}
        ---
        -- content/diary/2023-06-01.md --
        ---
        tracks:
          - {title: D, artist: Delta, genre: Pop}
          - {title: E, artist: Epsilon, genre: Pop}
          - {title: F, artist: Phi, genre: Pop}
        ---
        -- content/diary/2024-01-02.md --
        ---
        tracks:
          - {title: A, artist: Alpha, genre: Rock}
        ---
        -- content/diary/2024-01-24.md --
        ---
        tracks:
          - {title: B, artist: Beta, genre: Rock}
          - {title: G, artist: Eta, genre: Jazz}
        ---
        """

    /// A week of 2023 logged every day, 20 to 26 December, and nothing after.
    static let lastWeekOf2023: String = {
        var files = "-- journal.yaml --\ntitle: T\ntimezone: UTC\n"
        for day in 20...26 {
            files += "-- content/diary/2023-12-\(day).md --\n---\ntracks:\n  - {title: S\(day), artist: Alpha, genre: Rock}\n---\n"
        }
        return files
    }()

    func analysis(_ files: String, today: String, listening: Listening = Listening()) throws -> Analysis {
        let test = try TestJournal(files)
        let loaded = test.load()
        var journal = try #require(loaded.journal, "\(test.lines(loaded.diagnostics))")
        journal.listening = listening
        return Analysis(journal: journal, today: try Self.date(today), parallel: false)
    }

    // MARK: Partial periods

    @Test func aPartialYearCountsItsSpanAndComparesWithTheSameDaysOfTheYearBefore() throws {
        let review = try #require(try analysis(Self.partialYear, today: "2026-11-28").reviews.last)
        #expect(review.year == 2024)
        #expect(review.span == (try Self.date("2024-01-01"))...(try Self.date("2024-01-24")))
        #expect(review.comparedSpan == (try Self.date("2023-01-01"))...(try Self.date("2023-01-24")))
        #expect(review.totals.plays == 3 && review.totals.daysLogged == 2 && review.totals.coveredDays == 24)
        // 1–24 January 2023, not the whole year's 6 tracks on 3 days.
        let previous = try #require(review.previous)
        #expect(previous.plays == 3 && previous.daysLogged == 2 && previous.coveredDays == 24)
        #expect(previous.artists == 3)
    }

    @Test func aPartialYearWithoutDataTheSameDaysBeforeComparesWithNothing() throws {
        // The journal covers January 2023 (it began on 30 December 2022) but has nothing in it.
        let files = Self.partialYear
            .replacingOccurrences(of: "2023-01-01", with: "2022-12-30")
            .replacingOccurrences(of: "2023-01-20", with: "2023-06-02")
        let review = try #require(try analysis(files, today: "2026-11-28").reviews.last)
        #expect(review.span != nil)
        #expect(review.previous == nil && review.comparedSpan == nil)
        // A whole year is compared only with a whole year the journal covers: 2023 began on 30
        // December 2022, so 2023 is whole, but 2022 is not covered from 1 January.
        let reviews = try analysis(files, today: "2026-11-28").reviews
        #expect(reviews.map(\.year) == [2022, 2023, 2024])
        #expect(reviews[1].previous == nil)
    }

    @Test func theListeningLogWidensTheSpan() throws {
        let day = ListeningDay(
            date: try Self.date("2024-02-10"), songs: [PlayedSong(artist: "Alpha", title: "A", plays: 2, seconds: 400)],
            hours: [])
        let result = try analysis(Self.partialYear, today: "2026-11-28", listening: Listening(days: [day]))
        #expect(result.timeline.data == (try Self.date("2023-01-01"))...(try Self.date("2024-02-10")))
        let review = try #require(result.reviews.last)
        #expect(review.span == (try Self.date("2024-01-01"))...(try Self.date("2024-02-10")))
        #expect(review.comparedSpan == (try Self.date("2023-01-01"))...(try Self.date("2023-02-10")))
        #expect(result.stats.years.last?.coveredDays == 41)
    }

    @Test func theSameDaysAYearBeforeKeepTheirDatesAndLeap() throws {
        let leap = (try Self.date("2024-02-01"))...(try Self.date("2024-02-29"))
        #expect(Timeline.sameDays(leap, yearsBefore: 1) == (try Self.date("2023-02-01"))...(try Self.date("2023-02-28")))
    }

    // MARK: Today

    @Test func aStreakIsCurrentOnlyWhileItReachesTodayOrYesterday() throws {
        let streak = Streak(start: try Self.date("2023-12-20"), end: try Self.date("2023-12-26"))
        for (today, current) in [("2023-12-26", true), ("2023-12-27", true), ("2023-12-28", false), ("2026-11-28", false)] {
            let timeline = Timeline(today: try Self.date(today), data: nil)
            #expect((timeline.currentStreak(streak) != nil) == current, "today \(today)")
        }
    }

    @Test func aFixedInstantIsADateInTheJournalsZone() throws {
        // 2023-12-26T20:00:00Z is already the 27th in Seoul.
        let instant = BuildDay.instant(Date(timeIntervalSince1970: 1_703_620_800))
        #expect(instant.date(timezone: "UTC") == (try Self.date("2023-12-26")))
        #expect(instant.date(timezone: "Asia/Seoul") == (try Self.date("2023-12-27")))
    }

    @Test func theEnvironmentFixesTodayOrIsRefused() throws {
        #expect(BuildDay.from(environment: [:]) == .success(.clock))
        #expect(BuildDay.from(environment: ["JOURNAL_TODAY": "2023-12-26"]) == .success(.date(try Self.date("2023-12-26"))))
        #expect(
            BuildDay.from(environment: ["SOURCE_DATE_EPOCH": "1703620800", "JOURNAL_TODAY": ""])
                == .success(.instant(Date(timeIntervalSince1970: 1_703_620_800))))
        #expect(BuildDay.from(environment: ["JOURNAL_TODAY": "2023-12-26", "SOURCE_DATE_EPOCH": "0"]) == .success(.date(try Self.date("2023-12-26"))))
        for (name, value) in [
            ("JOURNAL_TODAY", "2023-02-30"), ("JOURNAL_TODAY", "today"), ("SOURCE_DATE_EPOCH", "-1"), ("SOURCE_DATE_EPOCH", "1.5e9"),
            ("SOURCE_DATE_EPOCH", "999999999999"),
        ] {
            guard case .failure(let refusal) = BuildDay.from(environment: [name: value]) else {
                Issue.record("\(name)=\(value) was taken")
                continue
            }
            #expect(refusal.message.hasPrefix("\(name) is \"\(value)\""))
        }
    }
}

/// The pages of a partial year, of a past year built later, and of the year that holds today.
@Suite struct TimelinePageTests {
    @Test func aPartialYearSaysItsSpanAndComparesLikeWithLike() throws {
        let journal = try TestJournal(TimelineTests.partialYear)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let review = try #require(journal.page("2024/review/index.html"))
        #expect(review.contains("2024 <span class=\"section-note\">· 1–24 Jan 2024 · Compared with 1–24 Jan 2023</span>"))
        // Tracks 3 against 3 (the whole of 2023 had 6), days 2 of 24 against 2.
        #expect(review.contains("<span class=\"review-number\">3</span> <span class=\"delta delta-same\" title=\"Compared with 1–24 Jan 2023: 3\">±0"))
        #expect(review.contains("<span class=\"review-number\">2 / 24</span> <span class=\"delta delta-same\" title=\"Compared with 1–24 Jan 2023: 2\">±0"))
        #expect(!review.contains("delta-down"))
        // The export stopped on 24 January: nothing can be called forgotten.
        #expect(!review.contains("Forgotten favourites"))
        let year = try #require(journal.page("2024/index.html"))
        #expect(year.contains("<dt>In the journal</dt><dd class=\"wraps\">1–24 Jan 2024</dd>"))
        #expect(!(try #require(journal.page("2023/index.html"))).contains("In the journal"))
        let home = try #require(journal.page("index.html"))
        #expect(home.contains("<a href=\"/2024/\">2024</a></h2>"))
        // Built on 25 January 2024, the year so far has its forgotten favourites.
        #expect(journal.build(today: .date(try TimelineTests.date("2024-01-25"))).succeeded)
        #expect(try #require(journal.page("2024/review/index.html")).contains("Forgotten favourites"))
    }

    @Test func aPastYearBuiltLaterIsComplete() throws {
        let journal = try TestJournal(TimelineTests.lastWeekOf2023)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let home = try #require(journal.page("index.html"))
        #expect(home.contains("<a href=\"/2023/\">2023</a></h2>"))
        #expect(!home.contains("so far"))
        let year = try #require(journal.page("2023/index.html"))
        #expect(!year.contains("not yet") && !year.contains("heat-future"))
        #expect(!year.contains("Current streak"))
        #expect(year.contains("Longest streak"))
        let month = try #require(journal.page("2023/12/index.html"))
        #expect(!month.contains("cal-cell future") && !month.contains("<tr class=\"future\">"))
        // The last week of December is drawn whole, its empty days plain.
        #expect(month.contains("<span class=\"cal-cell\"><span class=\"cal-day\">31</span></span>"))
        #expect(!(try #require(journal.page("archive/index.html"))).contains("Current streak"))
    }

    @Test func theYearHoldingTodayIsSoFar() throws {
        let journal = try TestJournal(TimelineTests.lastWeekOf2023)
        let today = try TimelineTests.date("2023-12-27")
        let report = journal.build(today: .date(today))
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let home = try #require(journal.page("index.html"))
        #expect(home.contains("<a href=\"/2023/\">2023 so far</a></h2>"))
        let year = try #require(journal.page("2023/index.html"))
        // 28 to 31 December are still to come; the 27th, today, is an empty day.
        #expect(year.contains("28 Dec · not yet") && year.contains("31 Dec · not yet"))
        #expect(!year.contains("27 Dec · not yet"))
        #expect(year.contains("Current streak"))
        let month = try #require(journal.page("2023/12/index.html"))
        #expect(month.contains("<span class=\"cal-cell future\"><span class=\"cal-day\">31</span>"))
    }

    @Test func anotherDayBuildsAgainTheSameDayIsUpToDate() throws {
        let journal = try TestJournal(TimelineTests.lastWeekOf2023)
        let day = try TimelineTests.date("2023-12-26")
        #expect(journal.build(today: .date(day)).succeeded)
        #expect(journal.build(today: .date(day)).upToDate)
        let later = journal.build(today: .date(day.adding(days: 2)))
        #expect(!later.upToDate)
        #expect(!(try #require(journal.page("2023/index.html"))).contains("Current streak"))
    }

    @Test func aBadTodayInTheEnvironmentIsAUsageError() throws {
        guard let binary = journalBinary() else { return }
        let journal = try TestJournal(TimelineTests.lastWeekOf2023)
        let refused = try runProcess(binary, ["build", "--source", journal.path], environment: ["JOURNAL_TODAY": "26/12/2023", "PATH": "/usr/bin:/bin"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("error: JOURNAL_TODAY is \"26/12/2023\", not a date written YYYY-MM-DD"))
        #expect(journal.page("index.html") == nil)
        let built = try runProcess(
            binary, ["build", "--source", journal.path, "--quiet"], environment: ["SOURCE_DATE_EPOCH": "1703620800", "PATH": "/usr/bin:/bin"])
        #expect(built.status == 0, "\(built.errors)")
        #expect(try #require(journal.page("index.html")).contains("2023 so far"))
    }
}
