import Mustache

/// The Render stage (STYLE.md): a pure function from the loaded journal, its statistics and the
/// theme to the files of the site. Reads nothing from disk and writes nothing. It formats what
/// Analyse counted; it counts nothing itself.
///
/// `plan()` (SitePlanning.swift) lists every file; each page family makes its view in its own
/// file under `Pages/`, the feed, sitemap and search index under `Generators/`.
public struct SiteRenderer: Sendable {
    public let journal: Journal
    public let stats: Stats
    public let library: Library
    public let theme: ThemeFiles
    /// Days per page of the home page and of a tag's days.
    public var daysPerPage = 10
    /// Cards per page of the playlists index.
    public var playlistsPerPage = 24
    /// Rows per page of the artists index and of an artist's tracks and albums.
    public var rowsPerPage = 100
    /// Rows of an artist's top tracks and albums, and of the index's most played.
    public var topCount = 10

    let urls: SiteURLs
    let l10n: Localization
    var catalog: GenreCatalog { stats.catalog }
    /// `Stats.chartGenres` as charts name them, in the site's language.
    let chartGenres: [Genre]
    /// Period lookups: week by its first day, month by `year * 100 + month`, year by number.
    let weekIndex: [CalendarDate: Int]
    let monthIndex: [Int: Int]
    let yearIndex: [Int: Int]
    /// The UI strings (`t` in templates), converted once for every page.
    let strings: TemplateValue
    /// Every day's card, by index in `journal.days`: converted once, since the home, week, tag
    /// and 404 pages list the same cards. Empty when the journal has more than
    /// `keptDayCardsLimit` days: each page then makes the cards it shows (`dayCard(_:)`).
    private(set) var dayCards: [Converted] = []
    /// The most days whose cards are kept for the whole build: 10,000 days (27 years) of cards
    /// hold about 50 MB. Making each card where it is shown costs a tenth more CPU at ten years,
    /// so smaller journals keep them; fifty years of kept cards would hold 95 MB (benchmarks/README.md).
    public static let keptDayCardsLimit = 10_000
    /// The site's values for each section's pages (`chrome`), converted once.
    private(set) var siteViews: [String: Converted] = [:]
    /// Make shared parts (day cards) on every core.
    let parallel: Bool
    /// Every year's review, in the order of `stats.years`.
    let reviews: [YearReview]
    /// Each artist's profile, in the order of `library.artists`.
    let artistProfiles: [ArtistProfile]
    /// Each played genre's profile, in the order of `catalog.playedGenres`.
    let genreProfiles: [GenreProfile]
    /// The tracks each period's card shows the covers of.
    let covers: PeriodCovers
    /// Today and the days with data: what is "so far", still to come, current.
    let timeline: Timeline
    /// Local artwork share cards may embed, as Load read it; none by default (covers are drawn).
    public var artwork = CardArtwork.none
    /// Cards show journal.yaml's own address, not the one the site is built for (`journal
    /// serve`'s local one), so serve's cards are `build`'s, drawn once for both.
    public var cardsShowWrittenAddress = false
    /// How pages show each resized cover, by its site path: made once, as a month or the home
    /// page shows the same covers again and again.
    let coverImages: [String: CoverImage]
    /// The render work of all pages together; a new renderer (a new build) starts a new one.
    public var budget = SiteRenderBudget()

    /// `analysis`: what Analyse counted of `journal`. `parallel`: make the shared day cards on
    /// every core (the result is the same either way). `keptDayCards`: the most days whose cards
    /// are kept (the site is the same either way).
    public init(journal: Journal, analysis: Analysis, theme: ThemeFiles, parallel: Bool = true, keptDayCards: Int = keptDayCardsLimit) {
        self.journal = journal
        stats = analysis.stats
        library = analysis.library
        reviews = analysis.reviews
        artistProfiles = analysis.artistProfiles
        genreProfiles = analysis.genreProfiles
        covers = analysis.covers
        timeline = analysis.timeline
        self.theme = theme
        self.parallel = parallel
        urls = SiteURLs(config: journal.config)
        coverImages = journal.covers.mapValues { [urls] cover in CoverImage(cover, urls: urls) }
        l10n = theme.localization
        weekIndex = Dictionary(stats.weeks.enumerated().map { ($1.start, $0) }, uniquingKeysWith: { first, _ in first })
        monthIndex = Dictionary(stats.months.enumerated().map { ($1.start.year * 100 + $1.start.month, $0) }, uniquingKeysWith: { first, _ in first })
        yearIndex = Dictionary(stats.years.enumerated().map { ($1.start.year, $0) }, uniquingKeysWith: { first, _ in first })
        strings = .object(l10n.strings.mapValues(TemplateValue.text))
        chartGenres = stats.chartGenres.map { [l10n] genre in
            var named = genre
            named.name = l10n.genreName(genre)
            return named
        }
        siteViews = sectionSiteViews
        if journal.days.count <= keptDayCards {
            dayCards = ParallelMap.map(Array(journal.days.indices), parallel: parallel) { [self] index in
                Converted(dayCardView(journal.days[index]))
            }
        }
    }

    /// Makes one file of the plan. Pure, so files can be made on every core in any order.
    /// A page whose template fails (a missing partial, a page over the render limits) is an
    /// error at the template's tag.
    public func render(_ job: FileJob) throws(Diagnostic) -> [UInt8] {
        switch job.content {
        case .page(_, let template, let data):
            do {
                return try theme.library.render(data(), template: template, options: RenderOptions(budget: budget))
            } catch {
                // An error no tag is to blame for points at the template as a whole.
                throw Diagnostic(.error, error.message, path: error.path, line: max(1, error.line), column: max(1, error.column))
            }
        case .bytes(let make):
            return make()
        case .raster(_, _, let svg):
            return svg()
        }
    }
}
