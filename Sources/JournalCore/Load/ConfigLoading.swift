import Foundation
import Yams

/// Command-line values that win over `journal.yaml` (flags override the file).
public struct ConfigOverrides: Sendable {
    public var output: String?
    public var baseURL: String?

    public init(output: String? = nil, baseURL: String? = nil) {
        self.output = output
        self.baseURL = baseURL
    }
}

/// Reads `journal.yaml` (docs/content-format.md, "`journal.yaml`").
enum ConfigLoading {
    static let topLevel = [
        "title", "description", "author", "base_url", "language", "timezone", "week_start",
        "max_tracks_per_day", "genres", "markdown", "limits", "output", "lookup",
        "listening", "sync",
    ]

    static func decode(_ text: String, path: String, overrides: ConfigOverrides) -> (SiteConfig?, [Diagnostic]) {
        var reader = YAMLFields(path: path, firstLine: 1)
        guard let root = reader.root(of: text, what: "journal.yaml") else { return (nil, reader.diagnostics) }
        let fields = reader.fields(of: root, known: topLevel, in: "journal.yaml")
        var config = SiteConfig(title: "")
        let title = reader.requiredString(fields, "title", in: "journal.yaml", owner: root)
        config.title = title ?? ""
        config.description = reader.string(fields["description"], field: "description") ?? ""
        config.author = reader.string(fields["author"], field: "author") ?? ""

        if let baseURL = overrides.baseURL {
            // journal.yaml's own is only looked at, never reported on: the command line's is used.
            if let written = fields["base_url"]?.scalar?.string { config.writtenBaseURL = SiteConfig.normalizedBaseURL(written) }
            if let normalized = SiteConfig.normalizedBaseURL(baseURL) {
                config.baseURL = normalized
            } else {
                reader.diagnostics.append(
                    Diagnostic(.error, "--base-url '\(baseURL)' must be an http(s) URL or a path starting with '/'", path: "command line", line: 1, column: 1))
            }
        } else if let baseURL = reader.string(fields["base_url"], field: "base_url") {
            if let normalized = SiteConfig.normalizedBaseURL(baseURL) {
                config.baseURL = normalized
                config.writtenBaseURL = normalized
                config.baseURLLocation = reader.location(of: fields["base_url"])
            } else {
                reader.error("'base_url' must be an http(s) URL like https://me.github.io/journal/ or a path starting with '/'", at: fields["base_url"])
            }
        }

        // Whether the theme has this language is known once the theme is read (LanguageLoading).
        if let language = reader.string(fields["language"], field: "language") {
            config.language = Language(rawValue: language)
            config.languageLocation = reader.location(of: fields["language"])
        }
        if let timezone = reader.string(fields["timezone"], field: "timezone") {
            if TimeZone(identifier: timezone) != nil {
                config.timezone = timezone
            } else {
                reader.error("unknown time zone '\(timezone)': use an IANA name like Asia/Seoul", at: fields["timezone"])
            }
        }
        if let weekStart = reader.string(fields["week_start"], field: "week_start") {
            if let value = SiteConfig.WeekStart(rawValue: weekStart.lowercased()) {
                config.weekStart = value
            } else {
                reader.error("'week_start' must be monday or sunday, found '\(weekStart)'", at: fields["week_start"])
            }
        }
        if let max = reader.integer(fields["max_tracks_per_day"], field: "max_tracks_per_day", range: 0...1000) {
            config.maxTracksPerDay = max
        }
        if let genres = fields["genres"], !reader.isMissing(genres) {
            decodeGenres(genres, into: &config, reader: &reader)
        }
        if let markdown = fields["markdown"], !reader.isMissing(markdown) {
            if markdown.mapping == nil {
                reader.error("'markdown' must be a mapping, found \(reader.describe(markdown))", at: markdown)
            } else {
                let markdownFields = reader.fields(of: markdown, known: ["unsafe_html"], in: "markdown")
                config.unsafeHTML = reader.bool(markdownFields["unsafe_html"], field: "markdown.unsafe_html") ?? false
            }
        }
        if let limits = fields["limits"], !reader.isMissing(limits) {
            if limits.mapping == nil {
                reader.error("'limits' must be a mapping, found \(reader.describe(limits))", at: limits)
            } else {
                let limitFields = reader.fields(of: limits, known: ["max_file_size"], in: "limits")
                if let size = reader.integer(limitFields["max_file_size"], field: "limits.max_file_size", range: 1...(64 << 20)) {
                    config.maxFileSize = size
                }
            }
        }
        if let lookup = fields["lookup"], !reader.isMissing(lookup) {
            if lookup.mapping == nil {
                reader.error("'lookup' must be a mapping, found \(reader.describe(lookup))", at: lookup)
            } else {
                let lookupFields = reader.fields(of: lookup, known: ["country"], in: "lookup")
                if let country = reader.string(lookupFields["country"], field: "lookup.country") {
                    if country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) {
                        config.lookupCountry = country.lowercased()
                    } else {
                        reader.error("'lookup.country' must be a two-letter country code like kr or us, found '\(country)'", at: lookupFields["country"])
                    }
                }
            }
        }
        if let listening = fields["listening"], !reader.isMissing(listening) {
            decodeListening(listening, into: &config, reader: &reader)
        }
        if let sync = fields["sync"], !reader.isMissing(sync) {
            config.sync = decodeSync(sync, reader: &reader)
        }
        if let output = overrides.output {
            config.output = output
        } else if let output = reader.string(fields["output"], field: "output") {
            config.output = output
            config.outputLocation = reader.location(of: fields["output"])
        }
        // A bad value is reported and its key keeps its default; every other key still applies,
        // so content is checked against the settings the user wrote.
        return (config, reader.diagnostics)
    }

    /// `sync:` (docs/content-format.md, "Syncing"): one mapping, or a list of them.
    private static func decodeSync(_ node: Node, reader: inout YAMLFields) -> [SyncSource] {
        let entries: [Node]
        if node.mapping != nil {
            entries = [node]
        } else if let sequence = node.sequence {
            entries = Array(sequence)
        } else {
            reader.error("'sync' must be a mapping like 'service: listenbrainz' and 'user: NAME' (or a list of them), found \(reader.describe(node))", at: node)
            return []
        }
        var sources: [SyncSource] = []
        for entry in entries {
            guard entry.mapping != nil else {
                reader.error("an entry of 'sync' must be a mapping like 'service: listenbrainz' and 'user: NAME', found \(reader.describe(entry))", at: entry)
                continue
            }
            let fields = reader.fields(of: entry, known: ["service", "user", "url", "look_back_days"], in: "sync")
            guard let name = reader.requiredString(fields, "service", in: "sync", owner: entry) else { continue }
            guard let service = SyncSource.Service(rawValue: name.lowercased()) else {
                let known = SyncSource.Service.allCases.map(\.rawValue).joined(separator: ", ")
                reader.error("'sync.service' must be one of \(known), found '\(name)'", at: fields["service"])
                continue
            }
            var source = SyncSource(service: service)
            if let days = reader.integer(fields["look_back_days"], field: "sync.look_back_days", range: 0...366) { source.lookBackDays = days }
            if service.needsServer {
                if fields["user"] != nil {
                    reader.error("'sync.user' is for listenbrainz and lastfm; \(service.rawValue) is named by its 'url'", at: fields["user"])
                    continue
                }
                guard let url = reader.requiredString(fields, "url", in: "sync (\(service.rawValue))", owner: entry) else { continue }
                guard let server = SyncSource.normalizedServer(url) else {
                    reader.error("'sync.url' must be the server's http(s) address, like https://music.example.org, found '\(url)'", at: fields["url"])
                    continue
                }
                source.server = server
            } else {
                if fields["url"] != nil {
                    reader.error(
                        "'sync.url' is for maloja and koito; \(service.rawValue) is named by its 'user' (JOURNAL_\(service.rawValue.uppercased())_URL replaces its address in tests)",
                        at: fields["url"])
                    continue
                }
                guard let user = reader.requiredString(fields, "user", in: "sync (\(service.rawValue))", owner: entry) else { continue }
                guard SyncSource.isUserName(user) else {
                    reader.error("'sync.user' must be the account's name (letters, digits, '-', '_' and '.'), found '\(user)'", at: fields["user"])
                    continue
                }
                source.user = user
            }
            sources.append(source)
        }
        return sources
    }

    /// `listening:` (docs/content-format.md, "The listening log").
    private static func decodeListening(_ node: Node, into config: inout SiteConfig, reader: inout YAMLFields) {
        guard node.mapping != nil else {
            reader.error("'listening' must be a mapping with 'detail' and 'ignore', found \(reader.describe(node))", at: node)
            return
        }
        let fields = reader.fields(of: node, known: ["detail", "ignore"], in: "listening")
        if let detail = reader.string(fields["detail"], field: "listening.detail") {
            if let value = ListeningSettings.Detail(rawValue: detail.lowercased()) {
                config.listening.detail = value
            } else {
                reader.error(
                    "'listening.detail' must be plays (every play with its time) or days (each day's songs and hours), found '\(detail)'", at: fields["detail"])
            }
        }
        guard let ignore = fields["ignore"], !reader.isMissing(ignore) else { return }
        guard let entries = ignore.sequence else {
            reader.error("'listening.ignore' must be a list of entries like '- artist: Rain Sounds', found \(reader.describe(ignore))", at: ignore)
            return
        }
        for entry in entries {
            guard entry.mapping != nil else {
                reader.error(
                    "an entry of 'listening.ignore' names an artist, an album or a title, like '- artist: Rain Sounds', found \(reader.describe(entry))",
                    at: entry)
                continue
            }
            let names = reader.fields(of: entry, known: ["artist", "album", "title"], in: "listening.ignore")
            let artist = reader.string(names["artist"], field: "listening.ignore.artist")
            let album = reader.string(names["album"], field: "listening.ignore.album")
            let title = reader.string(names["title"], field: "listening.ignore.title")
            guard artist != nil || album != nil || title != nil else {
                reader.error("this entry of 'listening.ignore' names no artist, album or title, so it would keep every play out", at: entry)
                continue
            }
            config.listening.ignore.append(ListeningIgnore(artist: artist, album: album, title: title))
        }
    }

    private static func decodeGenres(_ node: Node, into config: inout SiteConfig, reader: inout YAMLFields) {
        guard node.mapping != nil else {
            reader.error("'genres' must be a mapping with 'top', 'aliases', 'colors' and 'artists', found \(reader.describe(node))", at: node)
            return
        }
        let fields = reader.fields(of: node, known: ["top", "aliases", "colors", "artists"], in: "genres")
        if let top = reader.integer(fields["top"], field: "genres.top", range: 1...100) {
            config.topGenres = top
        }
        if let aliases = fields["aliases"], !reader.isMissing(aliases) {
            // Two spellings of one genre can both be listed: the first one wins, always.
            config.genreAliases = foldedNameMap(aliases, field: "genres.aliases", shape: "map a spelling to a genre, like 'kpop: K-Pop'", reader: &reader) {
                "'\($0.name)' is the same spelling as '\($1.name)' on line \($1.line), which already makes it \($1.value); this alias to \($0.value) is ignored"
            }
        }
        if let artists = fields["artists"], !reader.isMissing(artists) {
            config.artistGenres = foldedNameMap(artists, field: "genres.artists", shape: "map an artist to a genre, like 'IU: K-Pop'", reader: &reader) {
                "'\($0.name)' is the same artist as '\($1.name)' on line \($1.line), which already has the genre \($1.value); \($0.value) is ignored"
            }
        }
        if let colors = fields["colors"], !reader.isMissing(colors) {
            if let mapping = colors.mapping {
                // Keyed by the genre after folding and aliases; the first colour given wins, always.
                var seen: [String: (genre: String, color: String, line: Int)] = [:]
                for (key, value) in mapping {
                    if reader.isMissing(value) {
                        reader.error("no colour given for '\(key.scalar?.string ?? "")': quote it, like \"#d55e00\" (a bare # starts a YAML comment)", at: key)
                        continue
                    }
                    guard let genre = reader.string(key, field: "genres.colors"),
                        let color = reader.string(value, field: "genres.colors")
                    else { continue }
                    if isHexColor(color) {
                        let resolved = GenreCatalog.resolve(genre, aliases: config.genreAliases).key
                        if let earlier = seen[resolved] {
                            if earlier.color != color.lowercased() {
                                reader.warning(
                                    "'\(genre)' is the same genre as '\(earlier.genre)' on line \(earlier.line), which already has the colour \(earlier.color); \(color) is ignored",
                                    at: key)
                            }
                            continue
                        }
                        seen[resolved] = (genre, color.lowercased(), reader.location(of: key).line)
                        config.genreColors[resolved] = color.lowercased()
                    } else {
                        reader.error("colour '\(color)' for \(genre) must be written #rrggbb", at: value)
                    }
                }
            } else {
                reader.error("'genres.colors' must map a genre to a colour, like 'K-Pop: \"#d55e00\"'", at: colors)
            }
        }
    }

    /// A map from names to names (`genres.aliases`, `genres.artists`), keyed by the name folded
    /// like a genre. The first line for a name wins; a later one that says otherwise is a
    /// warning (`conflict` words it from the later entry and the earlier one, with its line).
    private static func foldedNameMap(
        _ node: Node, field: String, shape: String, reader: inout YAMLFields,
        conflict: ((name: String, value: String), (name: String, value: String, line: Int)) -> String
    ) -> [String: String] {
        guard let mapping = node.mapping else {
            reader.error("'\(field)' must \(shape)", at: node)
            return [:]
        }
        var result: [String: String] = [:]
        var seen: [String: (name: String, value: String, line: Int)] = [:]
        for (key, value) in mapping {
            guard let name = reader.string(key, field: field), let target = reader.string(value, field: field) else { continue }
            let folded = GenreKey.fold(name)
            if let earlier = seen[folded] {
                if GenreKey.fold(earlier.value) != GenreKey.fold(target) { reader.warning(conflict((name, target), earlier), at: key) }
                continue
            }
            seen[folded] = (name, target, reader.location(of: key).line)
            result[folded] = target
        }
        return result
    }

    static func isHexColor(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy { $0.isHexDigit }
    }
}
