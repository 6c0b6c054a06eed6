/// journal.yaml's `listening:` (docs/content-format.md, "The listening log"): how much of each
/// play the log keeps, and what stays out of every number.
public struct ListeningSettings: Sendable, Equatable {
    public enum Detail: String, Sendable {
        /// Every play with its time, to the second (the default).
        case plays
        /// Each day's songs with their plays and seconds, and the day's plays by hour: no play's
        /// time is kept.
        case days
    }

    public var detail: Detail = .plays
    public var ignore: [ListeningIgnore] = []

    public init(detail: Detail = .plays, ignore: [ListeningIgnore] = []) {
        self.detail = detail
        self.ignore = ignore
    }

    /// `listening.ignore` for the plays of a log or an import, credits split by `names` as the
    /// diary's are.
    func ignoring(names: ArtistNames) -> ListeningIgnoring {
        ListeningIgnoring(ignore: ignore, names: names)
    }
}

/// Whether a play is kept out of every number (and of the days import picks): `listening.ignore`
/// applied to many plays, each credit split once.
struct ListeningIgnoring {
    let ignore: [ListeningIgnore]
    let names: ArtistNames
    /// A credit's key whole, and its main artist's.
    private var credits: [String: (whole: String, main: String)] = [:]

    init(ignore: [ListeningIgnore], names: ArtistNames) {
        self.ignore = ignore
        self.names = names
    }

    mutating func ignores(artist: String, title: String, album: String?) -> Bool {
        guard !ignore.isEmpty else { return false }
        let credit: (whole: String, main: String)
        if let known = credits[artist] {
            credit = known
        } else {
            credit = (names.key(artist), names.mainKey(of: artist))
            credits[artist] = credit
        }
        let folded = (GenreKey.fold(title), album.map(GenreKey.fold))
        return ignore.contains { $0.matches(credit: credit, title: folded.0, album: folded.1, names: names) }
    }
}

/// One entry of `listening.ignore`: an artist, an album or a track (any of `artist`, `album`,
/// `title`; every one given must match). Titles and albums are compared as genres are (case,
/// spaces and hyphens ignored), an artist as the journal's artists are (`ArtistNames.key`).
public struct ListeningIgnore: Sendable, Equatable {
    /// As written.
    public var artist: String?
    /// Folded (`GenreKey.fold`).
    public var album: String?
    public var title: String?

    public init(artist: String? = nil, album: String? = nil, title: String? = nil) {
        self.artist = artist
        self.album = album.map(GenreKey.fold)
        self.title = title.map(GenreKey.fold)
    }

    /// Every name given against a song's: an `artist` matches a credit that is that artist
    /// whole, or whose main artist it is (`A feat. B`, `A & B`, `A, B`), split by `names`.
    func matches(credit: (whole: String, main: String), title: String, album: String?, names: ArtistNames) -> Bool {
        if let wanted = self.artist.map(names.key), wanted != credit.whole, wanted != credit.main { return false }
        if let wanted = self.title, wanted != title { return false }
        if let wanted = self.album, wanted != album { return false }
        return true
    }
}
