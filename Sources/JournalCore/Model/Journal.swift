/// Everything Load produced: the checked, typed content of a journal. Drafts are already left
/// out unless the build asked for them.
public struct Journal: Sendable {
    public var config: SiteConfig
    /// Sorted by date, oldest first; one per date.
    public var days: [Day]
    /// Sorted by slug.
    public var playlists: [Playlist]
    /// Sorted by slug.
    public var pages: [Page]
    /// Files of the journal's `static/` folder, relative paths, sorted.
    public var staticFiles: [String]
    /// The covers of `static/` pages show resized, by path under `static/` (`CoverSources`).
    public var covers: [String: CoverSource] = [:]
    /// The listening log (docs/content-format.md, "The listening log"); empty for a journal
    /// written by hand only, whose numbers are songs logged.
    public var listening = Listening()
    /// Which names are one artist and how each is shown (docs/content-format.md, "A track"):
    /// `artistNames.artists(of:)` splits a credit as the diary's are split.
    public var artistNames = ArtistNames()

    public init(
        config: SiteConfig, days: [Day], playlists: [Playlist] = [], pages: [Page] = [],
        staticFiles: [String] = []
    ) {
        self.config = config
        self.days = days.sorted { $0.date < $1.date }
        self.playlists = playlists.sorted { $0.slug < $1.slug }
        self.pages = pages.sorted { $0.slug < $1.slug }
        self.staticFiles = staticFiles.sorted()
    }

    /// The newest logged day: the journal's "now". Charts and calendars draw the days after it as
    /// not yet come (docs/content-format.md, "Statistics"); the build's clock is never used, so
    /// the same journal always builds the same site.
    public var lastDate: CalendarDate? { days.last?.date }
}
