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
    /// What is known about every song, to complete the log's songs as the days' tracks are
    /// completed; nil for a journal not loaded from files (the days' own tracks are used then).
    var songBook: SongBook?
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

    /// The newest logged day. It is not "today": what is "so far" or still to come follows the
    /// build's date (`Timeline`, docs/content-format.md, "Statistics").
    public var lastDate: CalendarDate? { days.last?.date }
}
