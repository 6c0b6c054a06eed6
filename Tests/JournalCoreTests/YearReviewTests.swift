import Foundation
import Testing

@testable import JournalCore

/// The year in review (docs/content-format.md, "Year in review") on a two-year journal whose
/// numbers are worked out by hand in the comments.
@Suite struct YearReviewTests {
    static let twoYears = """
        -- journal.yaml --
        title: T
        max_tracks_per_day: 0
        -- content/diary/2025-01-01.md --
        ---
        tracks:
          - {title: A1, artist: Alpha, genre: Rock, album: First, duration: 180, released: 1999}
          - {title: B1, artist: Beta, genre: Jazz, duration: 200, released: 2001}
        ---
        -- content/diary/2025-03-02.md --
        ---
        tracks:
          - {title: A1, artist: Alpha, genre: Rock, album: First, duration: 180, released: 1999}
        ---
        -- content/diary/2025-07-10.md --
        ---
        tracks:
          - {title: C1, artist: Gamma, genre: Pop}
        ---
        -- content/diary/2026-01-05.md --
        ---
        tracks:
          - {title: A2, artist: Alpha, genre: Rock, album: Second, duration: 240, released: 2026}
          - {title: D1, artist: [Delta, Alpha], genre: Pop, duration: 210, released: 1985}
        ---
        -- content/diary/2026-01-06.md --
        ---
        tracks:
          - {title: D1, artist: Delta, genre: Pop, duration: 210, released: 1985}
          - {title: E1, artist: Epsilon, genre: Jazz, released: 2026}
        ---
        -- content/diary/2026-02-02.md --
        ---
        tracks:
          - {title: D2, artist: Delta, genre: Pop, album: Dee, duration: 100}
          - {title: d1, artist: delta, genre: Pop, duration: 210, released: 1985}
        ---
        -- content/diary/2026-02-03.md --
        ---
        tracks:
          - {title: A2, artist: Alpha, genre: Rock, album: second, duration: 240, released: 2026}
          - {title: A3, artist: Alpha, genre: Rock, album: Second, duration: 200, released: 2026}
        ---
        -- content/diary/2026-06-13.md --
        ---
        tracks:
          - {title: E1, artist: Epsilon, genre: Jazz, released: 2026}
        ---
        """

    func reviews(_ files: String = twoYears) throws -> [YearReview] {
        let test = try TestJournal(files)
        let loaded = test.load()
        let journal = try #require(loaded.journal, "\(test.lines(loaded.diagnostics))")
        let catalog = GenreCatalog(journal: journal)
        let stats = Stats(journal: journal, catalog: catalog)
        return YearReview.all(journal: journal, stats: stats, library: Library(journal: journal, catalog: catalog))
    }

    @Test func totalsCountPlaysArtistsTracksAlbumsAndMinutes() throws {
        let review = try #require(try reviews().last)
        #expect(review.year == 2026)
        // 9 plays on 5 days; the journal covers 1 Jan to 13 Jun 2026 of the year: 164 days.
        // Artists by credit: Alpha (also a guest on D1), Delta, Epsilon. Tracks: A2, A3, D1 (d1 is
        // the same), D2, E1. Albums: Second (second is the same), Dee.
        // Seconds: A2 240 x2, A3 200, D1 210 x3, D2 100 = 1,410 = 23.5 minutes, rounded to 24;
        // E1's two plays have no duration.
        #expect(
            review.totals
                == .init(
                    plays: 9, daysLogged: 5, coveredDays: 164, artists: 3, tracks: 5, albums: 2,
                    listenedSeconds: 1410, untimedPlays: 2))
        #expect(review.totals.minutes == 24)
        // 2026's data ends on 13 June, so it is compared with 1 January to 13 June 2025 (164
        // days), not the whole year: 3 plays on 2 days (C1 of 10 July left out); A1 x2 and B1 timed.
        #expect(review.span == (try TimelineTests.date("2026-01-01"))...(try TimelineTests.date("2026-06-13")))
        #expect(review.comparedSpan == (try TimelineTests.date("2025-01-01"))...(try TimelineTests.date("2025-06-13")))
        #expect(
            review.previous
                == .init(
                    plays: 3, daysLogged: 2, coveredDays: 164, artists: 2, tracks: 2, albums: 1,
                    listenedSeconds: 560, untimedPlays: 0))
        #expect(try reviews().first?.previous == nil)
    }

    @Test func newArtistsAreThoseFirstCreditedThisYear() throws {
        let review = try #require(try reviews().last)
        // Alpha was played in 2025; Delta and Epsilon are new. Plays crediting one of them:
        // D1 x3, D2, E1 x2 = 6 of 9.
        #expect(review.newArtistCount == 2)
        #expect(review.newArtistPlays == 6)
        #expect(review.topNewArtists.map(\.name) == ["Delta", "Epsilon"])
        #expect(review.topNewArtists.map(\.plays) == [4, 2])
        #expect(review.topNewArtists.map(\.firstDate.iso) == ["2026-01-05", "2026-01-06"])
        #expect(review.topNewArtists.map(\.firstTrack) == ["D1", "E1"])
        // In a journal's first year every artist is new.
        #expect(try reviews().first?.newArtistCount == 3)
    }

    @Test func topArtistsHaveTheirPeakMonth() throws {
        let review = try #require(try reviews().last)
        // Primary plays: Delta 4 (2 in January, 2 in February: the earlier wins), Alpha 3 (1 in
        // January, 2 in February), Epsilon 2 (January and June).
        #expect(review.topArtists.map(\.name) == ["Delta", "Alpha", "Epsilon"])
        #expect(review.topArtists.map(\.peakMonth) == [1, 2, 1])
        #expect(review.topArtists.map(\.peakPlays) == [2, 2, 1])
        #expect(review.topArtists.map(\.slug) == ["delta", "alpha", "epsilon"])
        #expect(review.topTracks.map(\.track.title) == ["D1", "A2", "E1", "A3", "D2"])
        #expect(review.topTracks.map(\.plays) == [3, 2, 2, 1, 1])
        // The track as last played: D1's last play is spelled d1.
        #expect(review.topTracks.first?.lastPlayed.iso == "2026-02-02")
        #expect(review.topAlbums.map(\.name) == ["Second", "Dee"])
        #expect(review.topAlbums.map(\.plays) == [3, 1])
    }

    @Test func genrePhasesFollowEachMonthsLeader() throws {
        let review = try #require(try reviews().last)
        // January: Pop 2, Rock 1, Jazz 1. February: Pop 2, Rock 2 (a tie goes by name). June: Jazz 1.
        #expect(review.monthLeaders.map { $0?.genre.name } == ["Pop", "Pop", nil, nil, nil, "Jazz", nil, nil, nil, nil, nil, nil])
        #expect(review.phases.map { "\($0.firstMonth)-\($0.lastMonth) \($0.genre.name) \($0.plays)" } == ["1-2 Pop 4", "6-6 Jazz 1"])
    }

    @Test func weekdayStreakAndBiggestDay() throws {
        let review = try #require(try reviews().last)
        // Mondays 5 Jan and 2 Feb: 4 plays; Tuesdays 6 Jan and 3 Feb: 4; Saturday 13 Jun: 1.
        #expect(review.weekdayPlays == [4, 4, 0, 0, 0, 1, 0])
        #expect(review.favouriteWeekday == 0)
        #expect(review.longestStreak.map { "\($0.start.iso) \($0.length)" } == "2026-01-05 2")
        #expect(review.biggestDay == .init(date: CalendarDate(year: 2026, month: 1, day: 5)!, plays: 2, ties: 4))
    }

    @Test func releaseYearsGoByDecadeWhenTheySpanMoreThanThirtyYears() throws {
        let review = try #require(try reviews().last)
        // 1985 x3 and 2026 x5 span 42 years: decades, empty ones kept; D2 has no release year.
        #expect(
            review.releaseYears.map { "\($0.first)-\($0.last):\($0.plays)" } == ["1980-1989:3", "1990-1999:0", "2000-2009:0", "2010-2019:0", "2020-2029:5"])
        #expect(review.undatedPlays == 1)
        // 1999 x2 and 2001: a bucket per year.
        #expect(try reviews().first?.releaseYears.map { "\($0.first):\($0.plays)" } == ["1999:2", "2000:0", "2001:1"])
    }

    @Test func forgottenFavouritesAreLastYearsTopsNotPlayedThisYear() throws {
        let review = try #require(try reviews().last)
        // 2025's top artists: Alpha 2, Beta 1, Gamma 1; Alpha was played in 2026.
        #expect(review.forgottenArtists.map { "\($0.rank) \($0.name)" } == ["2 Beta", "3 Gamma"])
        #expect(review.forgottenTracks.map { "\($0.rank) \($0.name) \($0.artist ?? "")" } == ["1 A1 Alpha", "2 B1 Beta", "3 C1 Gamma"])
        #expect(try reviews().first?.forgottenArtists == [])
    }

    @Test func aYearAfterAGapHasNoPreviousYear() throws {
        let files = Self.twoYears.replacingOccurrences(of: "2025-", with: "2024-")
        let review = try #require(try reviews(files).last)
        #expect(review.previous == nil)
        #expect(review.forgottenArtists.isEmpty)
        // Alpha was still first played before 2026.
        #expect(review.newArtistCount == 2)
    }
}

/// The review's page, as a reader finds it.
@Suite struct YearReviewPageTests {
    @Test func theReviewPageShowsTheYearAgainstTheOneBefore() throws {
        let journal = try TestJournal(YearReviewTests.twoYears)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/review/index.html"))
        #expect(html.contains("<h1>2026 in review</h1>"))
        // Against the same days of 2025 (1 Jan – 13 Jun): plays 9 against 3, artists 3 against 2,
        // minutes 24 against 9.
        #expect(html.contains("2026 <span class=\"section-note\">· 1 Jan – 13 Jun 2026 · Compared with 1 Jan – 13 Jun 2025</span>"))
        #expect(html.contains("<span class=\"review-number\">9</span> <span class=\"delta delta-up\" title=\"Compared with 1 Jan – 13 Jun 2025: 3\">+6"))
        #expect(html.contains("<span class=\"review-number\">3</span> <span class=\"delta delta-up\" title=\"Compared with 1 Jan – 13 Jun 2025: 2\">+1"))
        #expect(html.contains("<span class=\"review-number\">24</span> <span class=\"delta delta-up\" title=\"Compared with 1 Jan – 13 Jun 2025: 9\">+15"))
        #expect(html.contains("2 songs or plays have no duration and are not counted."))
        // New artists: 6 of 9 plays.
        #expect(html.contains("<strong>2 new artists</strong> <span class=\"muted\">· 67% of the year&#39;s plays</span>"))
        #expect(html.contains("First played <a href=\"/2026/01/05/\"><time datetime=\"2026-01-05\">5 Jan 2026</time></a> · D1"))
        // Alpha peaked in February, linked to its month.
        #expect(html.contains("Most played in <a href=\"/2026/02/\">February 2026</a> · 2 songs logged"))
        #expect(html.contains("<span class=\"phase-months\">Jan – Feb</span><span class=\"phase-genre\"><a href=\"/genres/pop/\">Pop</a></span>"))
        #expect(html.contains("Monday · 4 songs logged"))
        #expect(html.contains("1 play has no release year."))
        #expect(html.contains("<a href=\"/artists/beta/\">Beta</a>"))
        // The year's playlist plays from the page.
        #expect(html.contains("data-queue"))
        #expect(html.contains("<span class=\"track-plays\">3 songs logged</span>"))
        #expect(html.contains("<a class=\"pager-prev\" rel=\"prev\" href=\"/2025/review/\">"))
        // Its Share block offers the year's heatmap to embed.
        #expect(html.contains("class=\"share\"") && html.contains("/2026/heatmap.svg"))
        // The year page and the archive lead to it.
        #expect(try #require(journal.page("2026/index.html")).contains("href=\"/2026/review/\""))
        #expect(try #require(journal.page("archive/index.html")).contains("href=\"/2025/review/\""))
        // The journal's first year: everyone is new, so nothing is said about new artists, and
        // nothing is compared.
        let first = try #require(journal.page("2025/review/index.html"))
        #expect(!first.contains("new artists"))
        #expect(!first.contains("delta"))
        #expect(!first.contains("Forgotten favourites"))
    }

    /// The review leads with the song and the artist of the year, with their covers, then a
    /// card per headline figure, the tops with covers, and each month's song (worked out by
    /// hand: D1 played 3 times; Delta 4 plays as primary artist, 2 in January and 2 in
    /// February, so January; February's four songs tie at one play and D2 came first).
    @Test func theReviewTellsTheYearAsAStory() throws {
        let journal = try TestJournal(YearReviewTests.twoYears)
        let recorder = CoverImageTests.Recorder()
        var options = journal.options(output: journal.output)
        options.rasterizer = recorder.rasterizer
        let report = Build.run(options)
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/review/index.html"))
        let text = visibleText(html)
        // Artists named as their pages name them, whatever one play wrote (the last wrote "delta").
        #expect(text.contains("Song of the year D1 Delta 3 songs logged"), "\(text)")
        #expect(text.contains("Artist of the year Delta 4 songs logged · Most played in January 2026"))
        let lead = try #require(html.range(of: "review-headlines"))
        let glance = try #require(html.range(of: "review-highlights"))
        let totals = try #require(html.range(of: "id=\"review-totals\""))
        #expect(lead.lowerBound < glance.lowerBound && glance.lowerBound < totals.lowerBound)
        // Each headline with its cover (drawn from initials: the journal has no artwork), the artist's round.
        let headlines = String(html[lead.lowerBound..<glance.lowerBound])
        #expect(headlines.components(separatedBy: "cover placeholder").count == 3)
        #expect(headlines.contains("review-headline-card is-artist"))
        #expect(text.contains("First song of the year A2 Alpha · 5 Jan 2026"))
        #expect(text.contains("Longest streak 2 days"))
        #expect(text.contains("The song of each month"))
        // Each month's song, with its cover (drawn from its initials here).
        let months = String(text[try #require(text.range(of: "The song of each month")).lowerBound...].prefix(260))
        #expect(
            months.contains("Jan D D1 — Delta 2 songs logged") && months.contains("Feb D D2 — Delta 1 song logged")
                && months.contains("Jun E E1 — Epsilon 1 song logged"),
            "[\(months)]")
        // Tops with covers.
        #expect(html.components(separatedBy: "class=\"ranked-art").count - 1 == 3 + 2 + 3, "3 artists, 2 albums, 3 months")
        // With no limit on a day's songs, the biggest day says something; under one it would not.
        #expect(text.contains("Biggest day"))
        let limited = try TestJournal(YearReviewTests.twoYears.replacingOccurrences(of: "max_tracks_per_day: 0\n", with: ""))
        #expect(limited.build().succeeded)
        #expect(!visibleText(try #require(limited.page("2026/review/index.html"))).contains("Biggest day"))

        // Both cards name the song and the artist of the year, each with its cover.
        let cards = recorder.svgs.filter { $0.contains(">Year in review<") && $0.contains(">2026<") }
        #expect(cards.count == 2, "\(recorder.svgs.count) cards drawn")
        for card in cards {
            #expect(card.contains(">Song of the year<") && card.contains(">D1<") && card.contains(">Artist of the year<") && card.contains(">Delta<"))
        }
        // The card's words say it too.
        #expect(html.contains("Song of the year: D1 (Delta). Artist of the year: Delta."))
        // The home page leads to the year so far and its review.
        let home = try #require(journal.page("index.html"))
        #expect(visibleText(home).contains("2026 so far"))
        #expect(attributeValues("href", in: home).contains("/2026/review/") && attributeValues("href", in: home).contains("/2026/"))
    }

    @Test func theReviewSpeaksKorean() throws {
        let journal = try TestJournal(YearReviewTests.twoYears.replacingOccurrences(of: "title: T\n", with: "title: T\nlanguage: ko\n"))
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/review/index.html"))
        #expect(html.contains("<h1>2026년 돌아보기</h1>"))
        #expect(html.contains("새로운 아티스트 2명"))
        #expect(html.contains("올해 재생의 67%"))
        #expect(html.contains("1980년대"))
        #expect(html.contains("올해의 노래") && html.contains("올해의 아티스트") && html.contains("달마다 가장 많이 들은 노래"))
        #expect(visibleText(try #require(journal.page("index.html"))).contains("2026년 지금까지"))
    }
}
