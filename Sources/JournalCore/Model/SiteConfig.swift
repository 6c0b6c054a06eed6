import Foundation

/// The settings of `journal.yaml` (docs/content-format.md, "`journal.yaml`"), after flags were applied.
public struct SiteConfig: Sendable {
    public enum WeekStart: String, Sendable {
        case monday, sunday

        /// The weekdays (0 Monday … 6 Sunday) in the order a week runs.
        public var weekdayOrder: [Int] { self == .monday ? Array(0..<7) : [6, 0, 1, 2, 3, 4, 5] }
    }

    public var title: String
    public var description: String
    public var author: String
    /// Always ends with `/`: `/`, `/journal/` or `https://me.github.io/journal/`.
    public var baseURL: String
    /// Where `base_url` is set in journal.yaml; nil when it is the default or comes from `--base-url`.
    public var baseURLLocation: SourceLocation?
    /// journal.yaml's own `base_url`, normalised, even when the command line gives another
    /// (`journal serve` gives its local address); nil when it has none or an invalid one. Share
    /// cards drawn by `serve` show it, so they are the cards `build` draws, from the same cache.
    public var writtenBaseURL: String?
    /// The theme language, which has a file `i18n/<code>.yaml` in the theme.
    public var language: Language
    /// Where `language` is set in journal.yaml, for the message when the theme lacks it.
    public var languageLocation: SourceLocation?
    /// An IANA time zone name; nil means the system's. Only for what "today" means.
    public var timezone: String?
    public var weekStart: WeekStart
    /// 0 means no limit.
    public var maxTracksPerDay: Int
    public var topGenres: Int
    /// Folded spelling -> canonical name.
    public var genreAliases: [String: String]
    /// Folded genre key, after aliases (`GenreCatalog.resolve`) -> `#rrggbb`.
    public var genreColors: [String: String]
    /// `genres.artists`: an artist's genre (keyed by `GenreKey.fold` of the artist), for the
    /// tracks of theirs that name none.
    public var artistGenres: [String: String] = [:]
    public var unsafeHTML: Bool
    /// `listening:`: the log's detail and what stays out of every number.
    public var listening = ListeningSettings()
    /// `sync:`: the services `journal sync` reads, in the order written.
    public var sync: [SyncSource] = []
    /// `lookup.country`: the storefront `journal add` and `journal enrich` search, a lowercase
    /// two-letter code; nil for the default of the language.
    public var lookupCountry: String?
    /// The storefront to search: `lookup.country`, else `kr` for a Korean journal, else `us`.
    public var storefront: String { lookupCountry ?? (language == .ko ? "kr" : "us") }
    /// Bytes.
    public var maxFileSize: Int
    public var output: String
    /// Where `output` is set in journal.yaml, for messages about the output folder; nil when
    /// it is the default or comes from `--output`.
    public var outputLocation: SourceLocation?

    public init(
        title: String, description: String = "", author: String = "", baseURL: String = "/",
        language: Language = .en, timezone: String? = nil, weekStart: WeekStart = .monday,
        maxTracksPerDay: Int = 3, topGenres: Int = 8, genreAliases: [String: String] = [:],
        genreColors: [String: String] = [:], unsafeHTML: Bool = false, maxFileSize: Int = 262_144,
        output: String = "public"
    ) {
        self.title = title
        self.description = description
        self.author = author
        self.baseURL = baseURL
        self.language = language
        self.timezone = timezone
        self.weekStart = weekStart
        self.maxTracksPerDay = maxTracksPerDay
        self.topGenres = topGenres
        self.genreAliases = genreAliases
        self.genreColors = genreColors
        self.unsafeHTML = unsafeHTML
        self.maxFileSize = maxFileSize
        self.output = output
    }

    /// The path part of `baseURL`, starting and ending with `/`.
    public var basePath: String {
        guard let range = baseURL.range(of: "://") else { return baseURL }
        let afterScheme = baseURL[range.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        return String(afterScheme[slash...])
    }

    /// `scheme://host` if `baseURL` is absolute.
    public var origin: String? {
        guard let range = baseURL.range(of: "://") else { return nil }
        let afterScheme = baseURL[range.upperBound...]
        let host = afterScheme.firstIndex(of: "/").map { afterScheme[..<$0] } ?? afterScheme
        return String(baseURL[..<range.upperBound]) + host
    }

    /// Normalises a base URL to end with `/`; nil if it is neither `http(s)://...` nor a path
    /// starting with `/`.
    public static func normalizedBaseURL(_ raw: String) -> String? {
        let text = raw.trimmed(.whitespaces)
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
            !text.contains("?"), !text.contains("#")
        else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let host = text.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first
            guard host != nil else { return nil }
        } else if !text.hasPrefix("/") || text.hasPrefix("//") {
            return nil
        }
        return text.hasSuffix("/") ? text : text + "/"
    }
}

/// The UI language of the site: a lowercase code like `en`, `ko` or `pt-br`, naming the theme's
/// language file `i18n/<code>.yaml`.
public struct Language: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    public static let en = Language(rawValue: "en")
    public static let ko = Language(rawValue: "ko")
}
