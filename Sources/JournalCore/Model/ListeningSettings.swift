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

    /// Whether a play of this song is kept out of every number (and of the days import picks).
    public func ignores(artist: String, title: String, album: String?) -> Bool {
        guard !ignore.isEmpty else { return false }
        let folded = (GenreKey.fold(artist), GenreKey.fold(title), album.map(GenreKey.fold))
        return ignore.contains { $0.matches(artist: folded.0, title: folded.1, album: folded.2) }
    }
}

/// One entry of `listening.ignore`: an artist, an album or a track (any of `artist`, `album`,
/// `title`; every one given must match), names compared as genres are (case, spaces and hyphens
/// ignored).
public struct ListeningIgnore: Sendable, Equatable {
    /// Folded (`GenreKey.fold`).
    public var artist: String?
    public var album: String?
    public var title: String?

    public init(artist: String? = nil, album: String? = nil, title: String? = nil) {
        self.artist = artist.map(GenreKey.fold)
        self.album = album.map(GenreKey.fold)
        self.title = title.map(GenreKey.fold)
    }

    /// Every name given, folded, against a song's folded names. A play's credit matches an
    /// `artist` that is its whole credit or its first name.
    func matches(artist: String, title: String, album: String?) -> Bool {
        if let wanted = self.artist, wanted != artist, !artist.hasPrefix(wanted + ","), !artist.hasPrefix(wanted + "&"), !artist.hasPrefix(wanted + "feat") {
            return false
        }
        if let wanted = self.title, wanted != title { return false }
        if let wanted = self.album, wanted != album { return false }
        return true
    }
}
