/// The Analyse stage's result (STYLE.md): every count, rank and tally of the journal that Render
/// formats, computed once from the loaded journal, a pure function of it.
public struct Analysis: Sendable {
    public let stats: Stats
    public let library: Library
    /// The listening log's plays by artist, track and genre: what browsing pages count.
    public let listened: ListeningCounts
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
        let stats = Stats(journal: journal, catalog: catalog, played: played)
        // The browsing pages count the same plays the periods do (docs/content-format.md, "Browsing").
        let listened = ListeningCounts(played: played, stats: stats)
        let library = Library(journal: journal, catalog: catalog, listened: listened)
        self.stats = stats
        self.library = library
        self.listened = listened
        // Profiles, reviews and covers are independent of each other.
        (artistProfiles, (reviews, genreProfiles)) = ParallelMap.both(
            parallel: parallel,
            {
                ParallelMap.map(library.artists, parallel: parallel) { ArtistProfile($0, journal: journal, listened: listened) }
            },
            {
                (
                    YearReview.all(journal: journal, stats: stats, library: library, timeline: timeline),
                    catalog.playedGenres.map { GenreProfile($0, journal: journal, catalog: catalog, library: library, listened: listened) }
                )
            })
        covers = PeriodCovers(stats: stats, journal: journal, parallel: parallel)
    }
}
