/// What an artist's page counts (docs/content-format.md, "Browsing"): each of the artist's tracks
/// and albums with its plays, the plays year by year, and the first and last day the artist was
/// played. Every play where the artist is credited counts, so the tracks' plays add up to the
/// plays listed, and each album's plays to those of the tracks shown on it.
public struct ArtistProfile: Sendable {
    /// A track or an album with its plays.
    public struct Count: Sendable, Equatable {
        public var title: String
        /// The album a track's plays count under; nil for albums and for tracks without one.
        public var album: String?
        public var plays: Int
        /// A track's primary artist on its first play (the artist itself, or the one it was
        /// featured by): whose track page it is. nil for albums.
        public var primaryArtist: String? = nil
    }

    /// The artist's plays in one calendar year, in date order.
    public struct Year: Sendable, Equatable {
        public var year: Int
        public var plays: [Play]

        /// The same plays a day at a time: at most one entry per day of the year, however many
        /// tracks a day holds.
        public var days: [[Play]] { plays.byDay }
    }

    /// A track is a title on an album, both without case; a play that names no album counts
    /// under the album its title is played from elsewhere, when that is exactly one album (the
    /// day that forgot the album field), else under none. Plays descending, then title
    /// (case-insensitively), then first played; each keeps the spelling of its first play.
    /// Where the artist has plays in the listening log, its songs and albums by those plays
    /// (`ListeningCounts`), else by songs logged (`count`).
    public let tracks: [Count]
    /// Ordered as `tracks`.
    public let albums: [Count]
    /// What `tracks` and `albums` count.
    public let count: PeriodCount
    /// Oldest first; only years with plays.
    public let years: [Year]
    public let firstPlayed: CalendarDate?
    public let lastPlayed: CalendarDate?

    public init(_ artist: Artist, journal: Journal, listened: ListeningCounts = .none) {
        let played = artist.plays.map { journal.days[$0.dayIndex].tracks[$0.trackIndex] }
        // The albums each title is played from, and each album's first spelling.
        var albumsOfTitle: [String: Set<String>] = [:]
        var albumSpelling: [String: String] = [:]
        for track in played {
            guard let album = track.album else { continue }
            albumsOfTitle[track.title.lowercased(), default: []].insert(album.lowercased())
            if albumSpelling[album.lowercased()] == nil { albumSpelling[album.lowercased()] = album }
        }
        var trackCounts: [String: (count: Count, first: Int)] = [:]
        var albumCounts: [String: (count: Count, first: Int)] = [:]
        for (order, track) in played.enumerated() {
            let title = track.title.lowercased()
            let known = albumsOfTitle[title, default: []]
            let albumKey = track.album?.lowercased() ?? (known.count == 1 ? known.first : nil)
            let album = albumKey.flatMap { albumSpelling[$0] }
            trackCounts[
                title + "\u{0}" + (albumKey.map { "\u{1}" + $0 } ?? ""),
                default: (Count(title: track.title, album: album, plays: 0, primaryArtist: track.primaryArtist), order)
            ].count.plays += 1
            if let albumKey, let album {
                albumCounts[albumKey, default: (Count(title: album, album: nil, plays: 0), order)].count.plays += 1
            }
        }
        func ordered(_ counts: [String: (count: Count, first: Int)]) -> [Count] {
            counts.values.sorted {
                ($1.count.plays, $0.count.title.lowercased(), $0.first) < ($0.count.plays, $1.count.title.lowercased(), $1.first)
            }.map(\.count)
        }
        if let log = listened.artists[artist.key], log.tally.plays > 0 {
            (tracks, albums, count) = (log.tracks, log.albums, .plays)
        } else {
            (tracks, albums, count) = (ordered(trackCounts), ordered(albumCounts), .songsLogged)
        }
        var years: [Year] = []
        for play in artist.plays {
            let year = journal.days[play.dayIndex].date.year
            if years.last?.year == year { years[years.count - 1].plays.append(play) } else { years.append(Year(year: year, plays: [play])) }
        }
        self.years = years
        firstPlayed = artist.plays.first.map { journal.days[$0.dayIndex].date }
        lastPlayed = artist.plays.last.map { journal.days[$0.dayIndex].date }
    }
}
