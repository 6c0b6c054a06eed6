/// A genre after aliases and case folding (docs/content-format.md, "Statistics").
public struct Genre: Hashable, Sendable {
    /// Folded name: what two spellings of one genre share.
    public var key: String
    /// The name shown: the alias target, else the spelling used most often.
    public var name: String
    /// URL slug, unique among genres.
    public var slug: String
    /// `#rrggbb`.
    public var color: String
    /// Plays (diary tracks) over the whole journal with this as primary genre.
    public var plays: Int
    /// Charts draw it as itself (one of the top genres), not as `Other`.
    public var isTop: Bool
    /// What it stands for: a genre, the `Other` bucket of charts, or the plays of tracks with no genre.
    public var kind: Kind = .genre
    /// Plays in the listening log over the whole journal with this as primary genre.
    public var listened = 0

    /// Counted anywhere: as a diary track or as a play of the log.
    public var isPlayed: Bool { plays > 0 || listened > 0 }

    public enum Kind: String, Sendable {
        case genre, other, none
    }
}

/// The site-wide genre order and colours (docs/content-format.md, "Statistics"): by plays of the
/// listening log over the whole journal, then by songs logged, descending, ties by name; the first `genres.top`, and any genre journal.yaml gives a colour, keep a colour
/// of their own; the rest are drawn as `Other`, in its grey, everywhere a colour is drawn (in
/// lists, striped, with their own names).
/// A track with no genre is no genre: its plays are counted apart, never ranked among genres.
public struct GenreCatalog: Sendable {
    /// Every genre, in site-wide order.
    public let genres: [Genre]
    /// The bucket the genres beyond the top are drawn as.
    public let other: Genre
    private let byKey: [String: Int]
    /// Each spelling the journal uses, to its genre: folding is the costly part of a lookup.
    private let bySpelling: [String: Int]
    private let aliases: [String: String]

    /// Colour-blind-safe categorical palette, every colour at least 3:1 against white and
    /// against the dark theme's background (#17171c), so it reads in both schemes.
    public static let palette = [
        "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#b58a00",
        "#7c6fd9", "#5f8f1f", "#d14a62", "#1f9e89", "#b36b00",
    ]
    public static let otherColor = "#888888"
    /// Drawn translucent with a dashed outline, so it never reads as a genre's colour.
    public static let noGenreColor = "#8a8794"

    /// The plays of tracks with no genre, as charts draw them.
    public let noGenre: Genre

    /// Genres with at least one play, in site-wide order.
    public var playedGenres: [Genre] { genres.filter(\.isPlayed) }

    /// Plays over the whole journal: each counts under one genre.
    public var totalPlays: Int { genres.reduce(0) { $0 + $1.plays } }

    public init(journal: Journal) {
        self.init(journal: journal, played: PlayedTracks(journal: journal))
    }

    init(journal: Journal, played: PlayedTracks) {
        let config = journal.config
        aliases = config.genreAliases
        var plays: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        var aliasTargets: [String: String] = [:]
        var resolved: [String: (key: String, target: String?)] = [:]
        // Spellings a track only took from another play of its song or the catalogue: the name
        // shown is the one the writer writes most, and these decide only when nothing is written.
        var inheritedSpellings: [String: [String: Int]] = [:]
        func note(_ raw: String, play: Bool, inherited: Bool = false) {
            if resolved[raw] == nil { resolved[raw] = Self.resolve(raw, aliases: config.genreAliases) }
            guard let (key, target) = resolved[raw] else { return }
            if let target { aliasTargets[key] = target }
            if inherited { inheritedSpellings[key, default: [:]][raw, default: 0] += 1 } else { spellings[key, default: [:]][raw, default: 0] += 1 }
            if play { plays[key, default: 0] += 1 } else if plays[key] == nil { plays[key] = 0 }
        }
        var noGenrePlays = 0
        for day in journal.days {
            for track in day.tracks {
                if let primary = track.primaryGenre { note(primary, play: true, inherited: track.genresInherited) } else { noGenrePlays += 1 }
                for genre in track.genres.dropFirst() { note(genre, play: false, inherited: track.genresInherited) }
            }
        }
        // The log's plays count under their song's genre; its spellings decide a name only
        // where nothing is written, as an inherited genre's do.
        var listened: [String: Int] = [:]
        var noGenreListened = 0
        for entries in played.days.values {
            for entry in entries {
                if let primary = entry.track.primaryGenre {
                    note(primary, play: false, inherited: true)
                    if let key = resolved[primary]?.key { listened[key, default: 0] += entry.plays }
                } else {
                    noGenreListened += entry.plays
                }
            }
        }
        for playlist in journal.playlists {
            for track in playlist.tracks {
                for genre in track.genres { note(genre, play: false, inherited: track.genresInherited) }
            }
        }

        let named: [(key: String, name: String, plays: Int, listened: Int)] = plays.map { key, count in
            let name =
                aliasTargets[key] ?? (spellings[key] ?? inheritedSpellings[key] ?? [:])
                .max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? key
            return (key, name, count, listened[key] ?? 0)
        }
        let ordered = named.sorted { ($1.listened, $1.plays, $0.name, $0.key) < ($0.listened, $0.plays, $1.name, $1.key) }

        let configuredColors = config.genreColors
        var slugs = SlugAllocator(reserved: ["other"])
        // One colour per genre everywhere a colour is drawn (charts, calendars, lists, cards): a
        // top genre's own, and `Other`'s grey for the rest, as the charts draw them. A colour
        // given in journal.yaml makes its genre one that is drawn as itself; the palette's
        // colours go to the others in order, skipping those journal.yaml took.
        let taken = Set(configuredColors.values.map { $0.lowercased() })
        var free = Self.palette.filter { !taken.contains($0) }
        if free.isEmpty { free = Self.palette }
        var paletteIndex = 0
        var genres: [Genre] = []
        for (rank, entry) in ordered.enumerated() {
            let configured = configuredColors[entry.key]
            let isTop = rank < config.topGenres || configured != nil
            let color: String
            if let configured {
                color = configured
            } else if isTop {
                color = free[paletteIndex % free.count]
                paletteIndex += 1
            } else {
                color = Self.otherColor
            }
            genres.append(
                Genre(
                    key: entry.key, name: entry.name, slug: slugs.allocate(Slug.make(entry.name)),
                    color: color, plays: entry.plays, isTop: isTop, listened: entry.listened))
        }
        self.genres = genres
        var index: [String: Int] = [:]
        for (position, genre) in genres.enumerated() { index[genre.key] = position }
        byKey = index
        bySpelling = resolved.compactMapValues { index[$0.key] }
        let otherPlays = genres.filter { !$0.isTop }.reduce(0) { $0 + $1.plays }
        let otherListened = genres.filter { !$0.isTop }.reduce(0) { $0 + $1.listened }
        other = Genre(
            key: "\u{0}other", name: "Other", slug: "other", color: Self.otherColor, plays: otherPlays, isTop: false, kind: .other,
            listened: otherListened)
        noGenre = Genre(
            key: "\u{0}none", name: "No genre", slug: "", color: Self.noGenreColor, plays: noGenrePlays, isTop: false, kind: .none,
            listened: noGenreListened)
    }

    /// Genres beyond the top with plays: what `Other` stands for in charts.
    public var otherGenres: [Genre] { genres.filter { !$0.isTop && $0.isPlayed } }

    /// The folded key of a spelling after aliases, and the alias target if one applied.
    static func resolve(_ raw: String, aliases: [String: String]) -> (key: String, target: String?) {
        let folded = GenreKey.fold(raw)
        if let target = aliases[folded] { return (GenreKey.fold(target), target) }
        return (folded, nil)
    }

    /// The genre a spelling belongs to.
    public func genre(named raw: String) -> Genre {
        if let position = bySpelling[raw] { return genres[position] }
        let key = Self.resolve(raw, aliases: aliases).key
        if let position = byKey[key] { return genres[position] }
        return Genre(key: key, name: raw, slug: Slug.make(raw), color: Self.otherColor, plays: 0, isTop: false)
    }

    /// The primary genre of a track; nil for a track with no genre.
    public func primaryGenre(of track: Track) -> Genre? { track.primaryGenre.map { genre(named: $0) } }

    /// What a track is drawn as where a colour is needed: its primary genre, or `noGenre`.
    public func drawnGenre(of track: Track) -> Genre { primaryGenre(of: track) ?? noGenre }
}
