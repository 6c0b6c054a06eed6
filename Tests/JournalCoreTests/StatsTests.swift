import Foundation
import Testing

@testable import JournalCore

/// The aggregation rules (docs/content-format.md, "Statistics") on small inline journals.
@Suite struct StatsTests {
    /// A journal of `days` (date -> tracks written `title/artist/genre`), analysed.
    func stats(_ days: [String: [String]], config: String = "title: T") throws -> (Stats, Journal) {
        var files = "-- journal.yaml --\n\(config)\nmax_tracks_per_day: 0\n"
        for (date, tracks) in days {
            files += "-- content/diary/\(date).md --\n---\ntracks:\n"
            for track in tracks {
                let parts = track.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                files += "  - {title: \"\(parts[0])\", artist: \"\(parts[1])\"\(parts.count > 2 && !parts[2].isEmpty ? ", genre: \"\(parts[2])\"" : "")}\n"
            }
            files += "---\n"
        }
        let journal = try TestJournal(files)
        let loaded = journal.load()
        let value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        return (Stats(journal: value, catalog: GenreCatalog(journal: value)), value)
    }

    @Test func weeksStartOnTheConfiguredDay() throws {
        // 2026-11-22 is a Sunday.
        let (monday, _) = try stats(["2026-11-22": ["a/x/Jazz"], "2026-11-23": ["b/x/Jazz"]])
        #expect(monday.weeks.map(\.start.iso) == ["2026-11-16", "2026-11-23"])
        let (sunday, _) = try stats(["2026-11-22": ["a/x/Jazz"], "2026-11-23": ["b/x/Jazz"]], config: "title: T\nweek_start: sunday")
        #expect(sunday.weeks.map(\.start.iso) == ["2026-11-22"])
        #expect(sunday.weeks[0].end.iso == "2026-11-28")
        #expect(sunday.weeks[0].days.count == 7)
    }

    @Test func aWeekAcrossAMonthAndYearBoundaryIsOneWeek() throws {
        let (stats, _) = try stats(["2026-12-28": ["a/x/Jazz"], "2026-12-31": ["b/x/Jazz"], "2027-01-01": ["c/x/Rock"], "2027-01-03": ["d/x/Rock"]])
        #expect(stats.weeks.count == 1)
        let week = stats.weeks[0]
        #expect(week.start.iso == "2026-12-28")
        #expect(week.end.iso == "2027-01-03")
        #expect(week.plays == 4)
        #expect(week.days.map(\.total) == [1, 0, 0, 1, 1, 0, 1])
        // Months and years count only their own days.
        #expect(stats.months.map(\.start.iso) == ["2026-12-01", "2027-01-01"])
        #expect(stats.months.map(\.plays) == [2, 2])
        #expect(stats.years.map(\.plays) == [2, 2])
        #expect(stats.years.map(\.days.count) == [365, 365])
    }

    @Test func monthsHaveASlotForEveryDay() throws {
        let (stats, _) = try stats([
            "2026-02-10": ["a/x/Jazz"], "2028-02-29": ["b/x/Jazz"], "2026-04-30": ["c/x/Jazz"], "2026-05-31": ["d/x/Jazz"],
        ])
        #expect(stats.months.map(\.start.iso) == ["2026-02-01", "2026-04-01", "2026-05-01", "2028-02-01"])
        #expect(stats.months.map(\.days.count) == [28, 30, 31, 29])
        let leap = stats.months[3]
        #expect(leap.days.last?.date.iso == "2028-02-29")
        #expect(leap.days.last?.total == 1)
        #expect(leap.days.filter(\.isLogged).count == 1)
        #expect(stats.years.last?.days.count == 366)
    }

    @Test func genresFoldAliasAndGoToOtherAndNoGenreIsApart() throws {
        let (stats, _) = try stats(
            [
                "2026-11-01": ["a/x/K-Pop", "b/x/kpop", "c/x/k pop"],
                "2026-11-02": ["d/x/Hip Hop", "e/x/", "f/x/Jazz"],
                "2026-11-03": ["g/x/jazz", "h/x/Rock", "i/x/Folk"],
            ], config: "title: T\ngenres:\n  top: 2\n  aliases: {hiphop: Hip-Hop}")
        #expect(stats.chartGenres.map(\.name) == ["K-Pop", "Jazz", "Other", "No genre"])
        #expect(stats.chartGenres.map(\.kind) == [.genre, .genre, .other, .none])
        let month = try #require(stats.months.first)
        #expect(month.totals == [3, 2, 3, 1])
        #expect(month.days[1].counts == [0, 1, 1, 1])  // hip hop is Other; the genre-less track is no genre
        #expect(stats.catalog.genre(named: "HIP-HOP").name == "Hip-Hop")
        #expect(stats.catalog.genre(named: "").name == "")
        // No genre is never a genre: not in the catalog, not ranked, not counted as one.
        #expect(!stats.catalog.genres.contains { $0.name == "Unknown" || $0.name.isEmpty })
        #expect(month.genres.map(\.genre.name) == ["K-Pop", "Jazz", "Folk", "Hip-Hop", "Rock"])
        #expect(month.genreCount == 5)
        #expect(month.otherGenreCount == 3)
        #expect(month.noGenrePlays == 1)
    }

    @Test func periodTopsFollowThePeriodsOwnCountsNotTheSiteOrder() throws {
        // Site-wide, Jazz leads (5 plays) over Rock (4); in March, Rock leads 3 to 1, and
        // Ambient and Blues tie at 2, so they go by name.
        let (stats, _) = try stats(
            [
                "2026-02-01": ["a/x/Jazz", "b/x/Jazz", "c/x/Jazz", "d/x/Jazz"],
                "2026-02-02": ["e/x/Rock"],
                "2026-03-01": ["f/x/Rock", "g/x/Rock", "h/x/Rock"],
                "2026-03-02": ["i/x/Jazz", "j/x/Blues", "k/x/Ambient"],
                "2026-03-03": ["l/x/Blues", "m/x/Ambient"],
            ], config: "title: T\ngenres:\n  top: 2")
        #expect(stats.catalog.genres.prefix(2).map(\.name) == ["Jazz", "Rock"])
        let march = try #require(stats.months.last)
        #expect(march.genres.map(\.genre.name) == ["Rock", "Ambient", "Blues", "Jazz"])
        #expect(march.genres.map(\.plays) == [3, 2, 2, 1])
        // Four real genres, two of them drawn as Other: the count is of genres, not chart slots.
        #expect(march.genreCount == 4)
        #expect(march.otherGenreCount == 2)
        #expect(march.totals.filter { $0 > 0 }.count == 3)
        #expect(stats.years.first?.genreCount == 4)
    }

    @Test func daysLoggedCountAgainstTheDaysTheJournalHasCovered() throws {
        // The journal runs from 10 November to 20 November 2026.
        let (stats, _) = try stats(["2026-11-10": ["a/x/Jazz"], "2026-11-12": ["b/x/Jazz"], "2026-11-20": ["c/x/Jazz"]])
        let month = try #require(stats.months.first)
        #expect(month.days.count == 30)
        #expect(month.daysLogged == 3)
        #expect(month.coveredDays == 11)
        #expect(stats.years.first?.coveredDays == 11)
        // The week of 16–22 November ends two days after the last entry.
        #expect(stats.weeks.last?.coveredDays == 5)
        #expect(stats.weeks.first?.coveredDays == 6)  // 10–15 November of the week of 9 November
    }

    @Test func displayNameIsTheMostUsedSpellingTiesToTheFirstInOrder() throws {
        let (stats, _) = try stats(["2026-11-01": ["a/x/hip-hop", "b/x/Hip Hop", "c/x/Hip Hop"], "2026-11-02": ["d/x/indie", "e/x/Indie"]])
        #expect(stats.catalog.genre(named: "hiphop").name == "Hip Hop")
        #expect(stats.catalog.genre(named: "INDIE").name == "Indie")  // 1 each: "Indie" sorts first
    }

    @Test func tiesAreBrokenByNameInEveryRanking() throws {
        let (stats, _) = try stats([
            "2026-11-01": ["Zebra/beta/Jazz", "Apple/alpha/Rock"],
            "2026-11-02": ["Zebra/beta/Rock", "Apple/alpha/Jazz"],
            "2026-11-03": ["Mango/Gamma/Folk", "mango/gamma/Folk"],
        ])
        // Genres: Folk 2, Jazz 2, Rock 2: ties by name.
        #expect(stats.chartGenres.map(\.name) == ["Folk", "Jazz", "Rock"])
        let month = try #require(stats.months.first)
        // Artists matched case-insensitively: gamma 2, alpha 2, beta 2.
        #expect(month.topArtists.map(\.name) == ["alpha", "beta", "Gamma"])
        #expect(month.topArtists.map(\.plays) == [2, 2, 2])
        #expect(month.topTracks.map(\.name) == ["Apple", "Mango", "Zebra"])
    }

    @Test func streaksRunAcrossMonthAndYearBoundaries() throws {
        let (stats, _) = try stats([
            "2026-10-30": ["a/x"], "2026-10-31": ["a/x"], "2026-11-01": ["a/x"],  // 3, across a month
            "2026-12-30": ["a/x"], "2026-12-31": ["a/x"], "2027-01-01": ["a/x"], "2027-01-02": ["a/x"],  // 4, across a year
            "2027-01-10": ["a/x"], "2027-01-11": ["a/x"],  // current: 2
        ])
        #expect(stats.longestStreak == Streak(start: CalendarDate(iso: "2026-12-30")!, end: CalendarDate(iso: "2027-01-02")!))
        #expect(stats.currentStreak == Streak(start: CalendarDate(iso: "2027-01-10")!, end: CalendarDate(iso: "2027-01-11")!))
        #expect(stats.longestStreak?.length == 4)
        // Inside a year, a streak is cut at the year's edge.
        #expect(stats.years[0].longestStreak?.length == 3)
        #expect(stats.years[1].longestStreak?.length == 2)
    }

    @Test func emptyDaysKeepTheirSlot() throws {
        let (stats, _) = try stats(["2026-11-16": ["a/x/Jazz"], "2026-11-22": ["b/x/Jazz", "c/x/Jazz"]])
        let week = try #require(stats.weeks.first)
        #expect(week.days.map(\.isLogged) == [true, false, false, false, false, false, true])
        #expect(week.daysLogged == 2)
    }
}
