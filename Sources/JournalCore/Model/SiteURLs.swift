/// Where each page lives (docs/content-format.md, "URLs") and how links to it are written under
/// `base_url`. Paths are relative to the site root without a leading `/`; `href` adds the base
/// path. Load asks it which top-level names the site keeps for itself, so the layout is written
/// down once.
public struct SiteURLs: Sendable {
    /// Starts and ends with `/`.
    public let basePath: String
    /// `https://host` when `base_url` is absolute.
    public let origin: String?

    public init(config: SiteConfig) {
        self.init(basePath: config.basePath, origin: config.origin)
    }

    init(basePath: String, origin: String?) {
        self.basePath = basePath
        self.origin = origin
    }

    // MARK: Paths (folders end with `/`)

    public func day(_ date: CalendarDate) -> String {
        "\(CalendarDate.pad(date.year, 4))/\(CalendarDate.pad(date.month, 2))/\(CalendarDate.pad(date.day, 2))/"
    }
    /// `weeks/2026-11-16/`: a week, named by its first day.
    public func week(_ start: CalendarDate) -> String { "weeks/\(start.iso)/" }
    public func month(year: Int, month: Int) -> String { "\(CalendarDate.pad(year, 4))/\(CalendarDate.pad(month, 2))/" }
    public func year(_ year: Int) -> String { "\(CalendarDate.pad(year, 4))/" }
    /// A year in review.
    public func review(_ year: Int) -> String { self.year(year) + "review/" }
    /// The standalone chart of a period page.
    public func chart(of page: String) -> String { page + "chart.svg" }
    /// `2026/11/calendar.svg`: a month's calendar as a file of its own, to embed elsewhere.
    public func calendar(year: Int, month: Int) -> String { self.month(year: year, month: month) + "calendar.svg" }
    /// `2026/heatmap.svg`: a year's heatmap as a file of its own, to embed elsewhere.
    public func heatmap(_ year: Int) -> String { self.year(year) + "heatmap.svg" }
    /// The share card of a page (`2026/11/card.jpg`): its `og:image`, 1200x630.
    public func card(of page: String) -> String { page + "card.jpg" }
    /// The portrait card of a page for stories (`2026/review/story.jpg`), 1080x1920.
    public func story(of page: String) -> String { page + "story.jpg" }
    public var artists: String { "artists/" }
    public func artist(_ slug: String) -> String { "artists/\(slug)/" }
    /// `artists/iu/2025/`: an artist's plays in a year before their latest.
    public func artistYear(_ slug: String, _ year: Int) -> String { artist(slug) + "\(CalendarDate.pad(year, 4))/" }
    /// Every track of an artist, and every album: first pages of lists `paged` goes on from.
    public func artistTracks(_ slug: String) -> String { artist(slug) + "tracks/" }
    public func artistAlbums(_ slug: String) -> String { artist(slug) + "albums/" }
    /// `artists/iu/tracks/palette/`: a track's page, under its primary artist (`TrackSummary`).
    public func track(_ track: TrackSummary) -> String { artistTracks(track.artistSlug) + "\(track.slug)/" }
    /// Where a track is linked: its page, or a track played once, its card on that day
    /// (`2026/11/21/#track-2`).
    public func trackLink(_ track: TrackSummary) -> String {
        guard !track.hasPage, let play = track.history.first else { return self.track(track) }
        return day(track.lastPlayed) + "#" + Self.trackAnchor(play.trackIndex + 1)
    }
    /// The fragment of a day's or a list's track card, numbered from 1.
    public static func trackAnchor(_ number: Int) -> String { "track-\(number)" }
    public var genres: String { "genres/" }
    public func genre(_ slug: String) -> String { "genres/\(slug)/" }
    /// `genres/jazz/2025/`: the days of a year before the genre's latest.
    public func genreYear(_ slug: String, _ year: Int) -> String { genre(slug) + "\(CalendarDate.pad(year, 4))/" }
    public var tags: String { "tags/" }
    public func tag(_ slug: String) -> String { "tags/\(slug)/" }
    public var search: String { "search/" }
    /// Every year and month, and the all-time totals.
    public var archive: String { "archive/" }
    public var searchIndex: String { "search-index.json" }
    /// Text the search page fetches when a query needs it: days from a month on, playlists' and pages' text.
    public func searchDays(year: Int, month: Int) -> String { "search/days-\(CalendarDate.pad(year, 4))-\(CalendarDate.pad(month, 2)).json" }
    public var searchWriting: String { "search/playlists-pages.json" }
    public func homePage(_ number: Int) -> String { paged("", number) }
    /// Page `number` (from 1) of the list at `path`: the first is `path` itself, the rest
    /// `path` + `page/2/`, as on the home page.
    public func paged(_ path: String, _ number: Int) -> String { number <= 1 ? path : path + "page/\(number)/" }
    public var playlists: String { "playlists/" }
    public func playlist(_ slug: String) -> String { "playlists/\(slug)/" }
    public func page(_ slug: String) -> String { "\(slug)/" }
    public var feed: String { "feed.xml" }
    public var sitemap: String { "sitemap.xml" }
    public var robots: String { "robots.txt" }
    public var notFound: String { "404.html" }
    /// The theme's own files (`assets/site.css`).
    public func asset(_ name: String) -> String { "assets/\(name)" }

    /// Top-level names the site's own pages and files take, which a page's slug may never be.
    /// (Years are numbers, and a page named with digits only is given `page-` in front.)
    public static let reservedTopLevelNames: Set<String> = {
        let urls = SiteURLs(basePath: "/", origin: nil)
        let paths = [
            urls.artists, urls.genres, urls.tags, urls.search, urls.searchIndex, urls.playlists, urls.archive,
            urls.week(CalendarDate(dayNumber: 0)), urls.homePage(2), urls.asset("site.css"),
            urls.feed, urls.sitemap, urls.robots, urls.notFound,
        ]
        return Set(paths.map { String($0.prefix(while: { $0 != "/" })) })
    }()

    /// The file a folder path is written to.
    public func file(for path: String) -> String { path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path }

    // MARK: Links

    /// A link from any page to a site path.
    public func href(_ path: String) -> String { basePath + path }

    /// The full URL when `base_url` is absolute, else the root-relative link.
    public func absolute(_ path: String) -> String { (origin ?? "") + basePath + path }

    /// The page's address as people write it, without the scheme (`example.org/2026/11/`);
    /// nil when `base_url` is a bare path and the host is not known.
    public func address(_ path: String) -> String? {
        guard let origin, let scheme = origin.range(of: "://") else { return nil }
        return origin[scheme.upperBound...] + basePath + path
    }

    /// A checked URL from content as it goes into an `href` or `src`: site paths are resolved
    /// against the base path (a path is relative to the site root).
    public func resolve(_ target: LinkTarget) -> String {
        switch target.kind {
        case .absolute: return target.text
        case .siteRoot: return basePath + target.text.drop(while: { $0 == "/" })
        case .relative: return basePath + (target.text.hasPrefix("./") ? String(target.text.dropFirst(2)) : target.text)
        }
    }
}
