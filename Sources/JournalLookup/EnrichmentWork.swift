import Foundation
import JournalCore

/// What `journal enrich` looks up: the songs of the chosen days that lack something, as their plays
/// know them, grouped by artist and album, most played artist first.
extension Enrichment {
    /// What a song of the journal lacks.
    public struct Needs: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let genre = Needs(rawValue: 1)
        public static let cover = Needs(rawValue: 2)
        public static let duration = Needs(rawValue: 4)
        public static let preview = Needs(rawValue: 8)
        public static let links = Needs(rawValue: 16)
        /// Filled when a song lacks them, but no reason to look a song up.
        public static let album = Needs(rawValue: 32)
        public static let released = Needs(rawValue: 64)
        /// What makes a song worth looking up.
        public static let lookedFor: Needs = [.genre, .cover, .duration, .preview, .links]
        public static let all: Needs = [.lookedFor, .album, .released]

        /// What `track`, as the journal knows it (its own values and its song's), lacks. A value
        /// the journal has is never looked up, so a lookup never puts another in front of it.
        public static func of(_ track: Track) -> Needs {
            var needs: Needs = []
            if track.genres.isEmpty { needs.insert(.genre) }
            if track.artwork == nil { needs.insert(.cover) }
            if track.duration == nil { needs.insert(.duration) }
            if track.preview == nil { needs.insert(.preview) }
            if track.links.allSatisfy({ $0.service == .musicbrainz || $0.service == .other }) { needs.insert(.links) }
            if track.album == nil { needs.insert(.album) }
            if track.released == nil { needs.insert(.released) }
            return needs
        }
    }

    /// A song of the journal that lacks something, as its plays know it.
    public struct Song: Sendable {
        public var artist: String
        public var title: String
        public var album: String?
        public var duration: Int?
        /// A MusicBrainz recording id, from an imported play's `links.musicbrainz`.
        public var recording: String?
        public var needs: Needs
        public var plays: Int
    }

    /// The songs of one artist that lack something, grouped by album (nil: songs with no album).
    public struct ArtistWork: Sendable {
        public var artist: String
        public var albums: [(album: String?, songs: [Song])]
        public var plays: Int
    }

    /// The work, most played artist first: every song of the chosen days that lacks a genre,
    /// a cover, a duration, a preview or links, once per song however often it was played. A
    /// song MusicBrainz credits (`credits`, by `creditKey` of its credit as written) is its main
    /// artist's.
    public func work(credits: [String: [String]] = [:]) -> [ArtistWork] {
        var songs: [String: Song] = [:]
        var order: [String] = []
        for day in journal.days where isChosen(day) {
            for track in day.tracks {
                let artist = track.credit.flatMap { credits[Self.creditKey($0, track.title)]?.first } ?? track.primaryArtist
                let key = SongKey.song(artist: artist, title: track.title)
                if var song = songs[key] {
                    song.plays += 1
                    songs[key] = song
                    continue
                }
                let needs = Needs.of(track)
                let recording = track.links.first { $0.service == .musicbrainz }.flatMap { Self.recordingID(in: $0.url.text) }
                songs[key] = Song(
                    artist: artist, title: track.title, album: track.album, duration: track.duration,
                    recording: recording, needs: needs, plays: 1)
                order.append(key)
            }
        }
        var byArtist: [String: ArtistWork] = [:]
        var artistOrder: [String] = []
        for key in order {
            guard let song = songs[key], !song.needs.isDisjoint(with: .lookedFor) else { continue }
            let artistKey = SongKey.fold(song.artist)
            var work = byArtist[artistKey] ?? ArtistWork(artist: song.artist, albums: [], plays: 0)
            if byArtist[artistKey] == nil { artistOrder.append(artistKey) }
            work.plays += song.plays
            let albumKey = song.album.map(SongKey.fold)
            if let index = work.albums.firstIndex(where: { $0.album.map(SongKey.fold) == albumKey && albumKey != nil }) {
                work.albums[index].songs.append(song)
            } else {
                work.albums.append((song.album, [song]))
            }
            byArtist[artistKey] = work
        }
        return artistOrder.compactMap { byArtist[$0] }.sorted { ($1.plays, $0.artist) < ($0.plays, $1.artist) }
    }

    /// Whether `day` is one of the run's: from `since` and up to `until`.
    func isChosen(_ day: Day) -> Bool {
        (since.map { day.date >= $0 } ?? true) && (until.map { day.date <= $0 } ?? true)
    }

    /// The id in `https://musicbrainz.org/recording/ID`.
    static func recordingID(in url: String) -> String? {
        guard let range = url.range(of: "musicbrainz.org/recording/") else { return nil }
        let id = url[range.upperBound...].prefix { $0.isHexDigit || $0 == "-" }
        return id.count == 36 ? id.lowercased() : nil
    }
}
