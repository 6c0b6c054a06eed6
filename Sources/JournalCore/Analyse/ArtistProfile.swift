/// What an artist's page counts: each of the artist's tracks and albums with its plays, and the
/// first and last day the artist was played. Every play where the artist is credited counts.
public struct ArtistProfile: Sendable {
    /// A track or an album with its plays.
    public struct Count: Sendable, Equatable {
        public var title: String
        /// The album a track was first played from; nil for albums and for tracks without one.
        public var album: String?
        public var plays: Int
    }

    /// Plays descending, then title (case-insensitively), then first played. A title counts once
    /// whatever its case; it keeps the spelling and album of its first play.
    public let tracks: [Count]
    /// Ordered as `tracks`.
    public let albums: [Count]
    public let firstPlayed: CalendarDate?
    public let lastPlayed: CalendarDate?

    public init(_ artist: Artist, journal: Journal) {
        var trackCounts: [String: (count: Count, first: Int)] = [:]
        var albumCounts: [String: (count: Count, first: Int)] = [:]
        for (order, play) in artist.plays.enumerated() {
            let track = journal.days[play.dayIndex].tracks[play.trackIndex]
            trackCounts[track.title.lowercased(), default: (Count(title: track.title, album: track.album, plays: 0), order)].count.plays += 1
            if let album = track.album {
                albumCounts[album.lowercased(), default: (Count(title: album, album: nil, plays: 0), order)].count.plays += 1
            }
        }
        func ordered(_ counts: [String: (count: Count, first: Int)]) -> [Count] {
            counts.values.sorted {
                ($1.count.plays, $0.count.title.lowercased(), $0.first) < ($0.count.plays, $1.count.title.lowercased(), $1.first)
            }.map(\.count)
        }
        tracks = ordered(trackCounts)
        albums = ordered(albumCounts)
        firstPlayed = artist.plays.first.map { journal.days[$0.dayIndex].date }
        lastPlayed = artist.plays.last.map { journal.days[$0.dayIndex].date }
    }
}
