import Testing

@testable import JournalCore

/// What Analyse counts for Render to format (a track's albums, a tag's plays, the covers a
/// period's card shows, the reviews and profiles), checked on small inline journals without HTML.
@Suite struct AnalysisTests {
    func analysed(_ files: String) throws -> (Analysis, Journal) {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\nmax_tracks_per_day: 0\n" + files)
        let loaded = journal.load()
        let value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        return (Analysis(journal: value, parallel: false), value)
    }

    @Test func aTracksAlbumsAreCountedWithoutCaseMostPlayedFirst() throws {
        let (analysis, _) = try analysed(
            """
            -- content/diary/2026-03-01.md --
            ---
            tracks: [{title: Ditto, artist: NewJeans, album: OMG}, {title: Ditto, artist: NewJeans, album: Ditto}, {title: Hype Boy, artist: NewJeans}]
            ---
            -- content/diary/2026-03-02.md --
            ---
            tracks: [{title: ditto, artist: NewJeans, album: omg}, {title: Hype Boy, artist: NewJeans}]
            ---
            """)
        let ditto = try #require(analysis.library.track(title: "Ditto", artist: "NewJeans"))
        // The first spelling names the album; a track played from none has none.
        #expect(ditto.albums == [AlbumPlays(name: "OMG", plays: 2), AlbumPlays(name: "Ditto", plays: 1)])
        #expect(analysis.library.track(title: "Hype Boy", artist: "NewJeans")?.albums == [])
    }

    @Test func aTracksPlaysAreCountedByYear() throws {
        let (analysis, _) = try analysed(
            """
            -- content/diary/2025-12-31.md --
            ---
            tracks: [{title: Ditto, artist: NewJeans}, {title: Ditto, artist: NewJeans}]
            ---
            -- content/diary/2026-01-01.md --
            ---
            tracks: [{title: ditto, artist: NewJeans}, {title: Once, artist: NewJeans}]
            ---
            """)
        #expect(analysis.library.track(title: "Ditto", artist: "NewJeans")?.playsByYear == [2025: 2, 2026: 1])
        // A track played once has no page to head with them.
        #expect(analysis.library.track(title: "Once", artist: "NewJeans")?.playsByYear == [:])
    }

    @Test func aTagsPlaysAreThePlaysOfItsDays() throws {
        let (analysis, _) = try analysed(
            """
            -- content/diary/2026-03-01.md --
            ---
            tags: [rain]
            tracks: [{title: A, artist: X}, {title: B, artist: X}]
            ---
            -- content/diary/2026-03-02.md --
            ---
            tags: [Rain, sun]
            tracks: [{title: C, artist: X}]
            ---
            -- content/diary/2026-03-03.md --
            ---
            tracks: [{title: D, artist: X}]
            ---
            """)
        #expect(analysis.library.tag(named: "rain")?.plays == 3)
        #expect(analysis.library.tag(named: "sun")?.plays == 1)
    }

    @Test func aPeriodShowsItsMostPlayedTracksCoversOncePerArtwork() throws {
        let (analysis, journal) = try analysed(
            """
            -- content/diary/2026-03-02.md --
            ---
            tracks:
              - {title: A, artist: X, artwork: "https://e.org/a.jpg"}
              - {title: A, artist: X}
              - {title: B, artist: X, artwork: "https://e.org/a.jpg"}
              - {title: B, artist: X}
              - {title: C, artist: Y, artwork: "https://e.org/c.jpg"}
              - {title: D, artist: Y}
              - {title: E, artist: Z}
              - {title: F, artist: Z}
            ---
            -- content/diary/2026-03-03.md --
            ---
            tracks: [{title: A, artist: X}, {title: B, artist: X}, {title: C, artist: Y}]
            ---
            """)
        let week = try #require(analysis.stats.weeks.first)
        let covers = analysis.covers.plays(of: week)
        // A (3 plays) by its first play; B (3) shares A's artwork; then C (2), and the tracks
        // played once by name, up to the limit.
        #expect(
            covers == [
                Play(dayIndex: 0, trackIndex: 0), Play(dayIndex: 0, trackIndex: 4),
                Play(dayIndex: 0, trackIndex: 5), Play(dayIndex: 0, trackIndex: 6),
            ])
        #expect(covers.map { $0.track(in: journal).title } == ["A", "C", "D", "E"])
        #expect(covers.count == PeriodCovers.limit)
        #expect(analysis.covers.plays(of: try #require(analysis.stats.years.first)) == covers)
    }

    @Test func reviewsAndProfilesFollowTheirLists() throws {
        let (analysis, _) = try analysed(
            """
            -- content/diary/2025-03-01.md --
            ---
            tracks: [{title: A, artist: X, genre: Jazz}, {title: B, artist: Y, genre: Rock}]
            ---
            -- content/diary/2026-03-02.md --
            ---
            tracks: [{title: A, artist: X, genre: Jazz}, {title: C, artist: X, genre: Jazz}]
            ---
            """)
        #expect(analysis.reviews.map(\.year) == [2025, 2026])
        #expect(analysis.library.artists.map(\.name) == ["X", "Y"])
        #expect(analysis.artistProfiles.map { $0.tracks.map(\.title) } == [["A", "C"], ["B"]])
        #expect(analysis.stats.catalog.playedGenres.map(\.name) == ["Jazz", "Rock"])
        #expect(analysis.genreProfiles.map(\.plays.count) == [3, 1])
    }
}
