import Foundation
import Testing

@testable import JournalCore

/// Numbers counted from the listening log where a period has one, and from the songs logged
/// where it has none (docs/content-format.md, "Statistics").
@Suite(.serialized) struct ListeningNumbersTests {
    /// Two diary days in March 2026 (Monday 2 and Tuesday 10): Song A by Alpha (Jazz, 180 s) and
    /// Song B by Beta (Rock by `genres.artists`, 200 s).
    static let diary = """
        -- journal.yaml --
        title: T
        genres:
          artists:
            Beta: Rock
        -- content/diary/2026-03-02.md --
        ---
        tracks:
          - {title: Song A, artist: Alpha, genre: Jazz, duration: 180}
        ---
        -- content/diary/2026-03-10.md --
        ---
        tracks:
          - {title: Song B, artist: Beta, duration: 200}
        ---
        """

    /// The log: Monday 2 March, Song A 5 plays (900 s) and Song B 2 (400 s); Tuesday 3, Song B 4
    /// scrobbles (no seconds: 4 x 200 s estimated); Thursday 5, Song C by Gamma (no genre) once, 100 s.
    static let log = Listening(days: [
        ListeningDay(
            date: CalendarDate(year: 2026, month: 3, day: 2)!,
            songs: [
                PlayedSong(artist: "Alpha", title: "Song A", plays: 5, seconds: 900),
                PlayedSong(artist: "Beta", title: "Song B", plays: 2, seconds: 400),
            ], hours: []),
        ListeningDay(
            date: CalendarDate(year: 2026, month: 3, day: 3)!,
            songs: [PlayedSong(artist: "Beta", title: "Song B", plays: 4, seconds: 0, unrecorded: 4)], hours: []),
        ListeningDay(
            date: CalendarDate(year: 2026, month: 3, day: 5)!,
            songs: [PlayedSong(artist: "Gamma", title: "Song C", plays: 1, seconds: 100)], hours: []),
    ])

    func journal(listening: Listening = Self.log) throws -> Journal {
        let test = try TestJournal(Self.diary)
        let loaded = test.load()
        var journal = try #require(loaded.journal, "\(test.lines(loaded.diagnostics))")
        journal.listening = listening
        return journal
    }

    @Test func aYearWithListeningCountsItsPlays() throws {
        let analysis = Analysis(journal: try journal(), parallel: false)
        let year = try #require(analysis.stats.years.first)
        #expect(year.count == .plays)
        #expect(year.plays == 12)
        #expect(year.topArtists.map(\.name) == ["Beta", "Alpha", "Gamma"])
        #expect(year.topArtists.map(\.plays) == [6, 5, 1])
        #expect(year.topTracks.map(\.name) == ["Song B", "Song A", "Song C"])
        // Genres as a diary track of the same song gets them: Song A's own, Beta's from journal.yaml.
        #expect(year.genres.map(\.genre.name) == ["Rock", "Jazz"])
        #expect(year.genres.map(\.plays) == [6, 5])
        #expect(year.noGenrePlays == 1)
        // Days with plays, not days logged: 2 and 3 March.
        #expect(year.longestStreak == Streak(start: CalendarDate(year: 2026, month: 3, day: 2)!, end: CalendarDate(year: 2026, month: 3, day: 3)!))
        #expect(year.daysLogged == 2)
        // Seconds played, and the scrobbles' length from the song's.
        #expect(year.listenedSeconds == 900 + 400 + 4 * 200 + 100)
        #expect(year.estimatedPlays == 4)
        // The heatmap's shades: 7, 4 and 1 plays; 10 March was logged but has no play.
        let march = year.days.filter { $0.date.month == 3 && (2...10).contains($0.date.day) }
        #expect(march.map(\.total) == [7, 4, 0, 1, 0, 0, 0, 0, 0])
        let maximum = year.days.map(\.total).max() ?? 0
        #expect(march.map { YearHeatmap.level(count: $0.total, maximum: maximum) } == [4, 3, 0, 1, 0, 0, 0, 0, 0])
        // The calendar of covers is the diary's.
        #expect(march.map(\.songsLogged) == [1, 0, 0, 0, 0, 0, 0, 0, 1])
        // The week of 9 March has no listening: it counts its song logged.
        let week = try #require(analysis.stats.weeks.last)
        #expect(week.start.iso == "2026-03-09")
        #expect(week.count == .songsLogged)
        #expect(week.plays == 1)
        #expect(week.topTracks.map(\.name) == ["Song B"])
    }

    @Test func aYearInReviewWithListeningCountsItsPlays() throws {
        let review = try #require(Analysis(journal: try journal(), parallel: false).reviews.first)
        #expect(review.totals.count == .plays)
        #expect(review.totals.plays == 12)
        #expect(review.totals.listenedSeconds == 2200)
        #expect(review.totals.estimatedPlays == 4)
        #expect(review.totals.tracks == 3)
        #expect(review.totals.artists == 3)
        #expect(review.totals.daysLogged == 2)
        #expect(review.topTracks.map(\.track.title) == ["Song B", "Song A", "Song C"])
        #expect(review.topTracks.map(\.plays) == [6, 5, 1])
        #expect(review.topArtists.map(\.name) == ["Beta", "Alpha", "Gamma"])
        #expect(review.weekdayPlays == [7, 4, 0, 1, 0, 0, 0])
        #expect(review.favouriteWeekday == 0)
        #expect(review.biggestDay?.plays == 7)
    }

    @Test func aJournalWithoutAListeningLogCountsSongsLogged() throws {
        let analysis = Analysis(journal: try journal(listening: Listening()), parallel: false)
        let year = try #require(analysis.stats.years.first)
        #expect(year.count == .songsLogged)
        #expect(year.plays == 2)
        #expect(year.topTracks.map(\.name) == ["Song A", "Song B"])
        #expect(year.days.map(\.total) == year.days.map(\.songsLogged))
        let review = try #require(analysis.reviews.first)
        #expect(review.totals.count == .songsLogged)
        #expect(review.totals.plays == 2)
        #expect(review.totals.listenedSeconds == 380)
        #expect(review.weekdayPlays == [1, 1, 0, 0, 0, 0, 0])
    }

    /// A week keeps only the top of its lists (memory: 2,600 weeks in 50 years), yet its covers
    /// and its count of artists are those of the whole week: 60 songs of the log by 60 artists,
    /// each played more than the diary's Song A, which is the week's only cover.
    @Test func aWeeksListsAreCutButItsCoverAndArtistCountAreWhole() throws {
        let monday = try #require(CalendarDate(year: 2026, month: 3, day: 2))
        let songs = (1...60).map { PlayedSong(artist: "Artist \($0)", title: "Tune \($0)", plays: 100 - $0, seconds: 60) }
        let listening = Listening(days: [
            ListeningDay(date: monday, songs: songs + [PlayedSong(artist: "Alpha", title: "Song A", plays: 1, seconds: 180)], hours: [])
        ])
        let journal = try journal(listening: listening)
        let analysis = Analysis(journal: journal, parallel: false)
        let week = try #require(analysis.stats.weeks.first { $0.start == monday })
        #expect(week.artistCount == 61)
        #expect(week.topArtists.count == Stats.weekMonthTop)
        #expect(week.topArtists.first == Ranked(name: "Artist 1", artist: nil, plays: 99))
        // The top 50, then the diary's song, ranked 61st.
        #expect(week.topTracks.count == Stats.weekMonthTop + 1)
        #expect(week.topTracks.last == Ranked(name: "Song A", artist: "Alpha", plays: 1))
        let covers = analysis.covers.plays(of: week)
        #expect(covers.map { $0.track(in: journal).title } == ["Song A"])
        // A year's lists are whole.
        #expect(try #require(analysis.stats.years.first).topTracks.count == 61)
        let renderer = SiteRenderer(journal: journal, analysis: analysis, theme: try #require(try TestJournal(Self.diary).load().theme))
        #expect(renderer.cardAlt(week).contains("61 artists"))
    }

    /// The period pages of `journal`, rendered: their text without tags, by path.
    func pages(_ journal: Journal) throws -> [String: String] {
        let test = try TestJournal(Self.diary)
        let theme = try #require(test.load().theme)
        let renderer = SiteRenderer(journal: journal, analysis: Analysis(journal: journal, parallel: false), theme: theme, parallel: false)
        var pages: [String: String] = [:]
        for job in renderer.plan().jobs where job.page != nil {
            guard ["2026/index.html", "2026/03/index.html", "2026/review/index.html", "archive/index.html"].contains(job.path) || job.path.hasPrefix("weeks/")
            else { continue }
            let html = String(decoding: try renderer.render(job), as: UTF8.self)
            pages[job.path] = html
        }
        return pages
    }

    @Test func aDiaryOnlyPeriodSaysSongsLoggedAndNeverPlays() throws {
        let pages = try pages(try journal(listening: Listening()))
        #expect(pages.count >= 4)
        for (path, html) in pages {
            #expect(html.contains("Songs logged"), "\(path)")
            for wrong in [" plays<", " plays ", " play<", ">Plays<", "· 1 play", " plays\""] {
                #expect(!html.contains(wrong), "\(path) says \(wrong)")
            }
        }
        #expect(pages["2026/03/index.html"]?.contains("2 songs logged") == true)
    }

    @Test func aPeriodWithListeningSaysPlaysAndItsTimePlayed() throws {
        let pages = try pages(try journal())
        let month = try #require(pages["2026/03/index.html"])
        #expect(month.contains("<dt>Plays</dt><dd>12</dd>"))
        // 2,200 s: 37 min, 800 s of it from the scrobbles' song length.
        #expect(month.contains("<dt>Time played</dt><dd class=\"wraps\">about 37 min</dd>"))
        #expect(month.contains("4 plays&#39; length estimated") || month.contains("4 plays’ length estimated") || month.contains("4 plays' length estimated"))
        #expect(month.contains("Genres · 12 plays"))
        // A day's segment: 2 March, Song B twice.
        #expect(month.contains("2 Mar 2026 · Rock · 2 plays"))
        #expect(!month.contains("Songs logged</dt>"))
        let review = try #require(pages["2026/review/index.html"])
        #expect(review.contains("Plays"))
        #expect(review.contains("Monday · 7 plays"))
        let year = try #require(pages["2026/index.html"])
        #expect(year.contains("<th scope=\"col\">Plays</th>"))
    }
}
