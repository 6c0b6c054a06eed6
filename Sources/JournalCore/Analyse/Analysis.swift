/// The Analyse stage's result (STYLE.md): every count, rank and tally of the journal that Render
/// formats, computed once from the loaded journal, a pure function of it.
public struct Analysis: Sendable {
    public let stats: Stats
    public let library: Library
    /// Every year's review, in the order of `stats.years`.
    public let reviews: [YearReview]
    /// Each artist's profile, in the order of `library.artists`.
    public let artistProfiles: [ArtistProfile]
    /// Each played genre's profile, in the order of `stats.catalog.playedGenres`.
    public let genreProfiles: [GenreProfile]
    /// The tracks whose covers stand for each week, month and year.
    public let covers: PeriodCovers
    /// Today and the days with data: which period is "so far", which streak is current.
    public let timeline: Timeline

    /// `today`: the date of the build in the journal's time zone (`BuildDay`); nil stands for
    /// the journal's last day with data. `parallel`: compute independent parts on every core
    /// (the result is the same either way).
    public init(journal: Journal, today: CalendarDate? = nil, parallel: Bool = true) {
        let timeline = Timeline(journal: journal, today: today)
        self.timeline = timeline
        let played = PlayedTracks(journal: journal)
        let catalog = GenreCatalog(journal: journal, played: played)
        let (stats, library) = ParallelMap.both(
            parallel: parallel,
            { Stats(journal: journal, catalog: catalog, played: played) },
            { Library(journal: journal, catalog: catalog) })
        self.stats = stats
        self.library = library
        // Profiles, reviews and covers are independent of each other.
        (artistProfiles, (reviews, genreProfiles)) = ParallelMap.both(
            parallel: parallel,
            {
                ParallelMap.map(library.artists, parallel: parallel) { ArtistProfile($0, journal: journal) }
            },
            {
                (
                    YearReview.all(journal: journal, stats: stats, library: library, timeline: timeline),
                    catalog.playedGenres.map { GenreProfile($0, journal: journal, catalog: catalog, library: library) }
                )
            })
        covers = PeriodCovers(stats: stats, journal: journal, parallel: parallel)
    }
}
