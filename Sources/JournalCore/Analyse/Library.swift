/// One play: a track on a day.
public struct Play: Sendable, Equatable {
    /// Index into `Journal.days`.
    public var dayIndex: Int
    /// Position in the day's track list.
    public var trackIndex: Int
}

/// An artist of the journal: matched case-insensitively by name.
public struct Artist: Sendable {
    /// Lowercased name: what two spellings of one artist share.
    public var key: String
    /// The spelling used most often (ties: the first in sort order).
    public var name: String
    /// URL slug, unique among artists.
    public var slug: String
    /// Every play where this artist is credited, primary or not, in date order.
    public var plays: [Play]
    /// Plays as the primary artist: what rankings count.
    public var primaryPlays: Int
    /// Plays where the artist is credited but not first (a feature, a duet's second name).
    public var guestPlays: Int { plays.count - primaryPlays }
}

/// A tag of days and playlists.
public struct Tag: Sendable {
    public var name: String
    public var slug: String
    /// Indexes into `Journal.days`, in date order.
    public var days: [Int]
    /// Indexes into `Journal.playlists`.
    public var playlists: [Int]
    /// Days and playlists with the tag.
    public var itemCount: Int { days.count + playlists.count }
}

/// A track of the diary, however often played: a title by a primary artist, both matched
/// case-insensitively.
public struct TrackSummary: Sendable, Equatable {
    /// As written on its last play.
    public var title: String
    /// Every credited artist of its last play, joined with ", ".
    public var credit: String
    public var plays: Int
    public var lastPlayed: CalendarDate
}

/// Artists, genres' plays, tracks and tags: the browsing side of the journal, computed once.
public struct Library: Sendable {
    /// Sorted by primary plays, descending, ties by name.
    public let artists: [Artist]
    /// Sorted by name.
    public let tags: [Tag]
    /// Plays by genre key, in date order.
    public let genrePlays: [String: [Play]]
    /// Every track, in the order first played.
    public let tracks: [TrackSummary]

    private let artistIndex: [String: Int]
    private let tagIndex: [String: Int]

    public init(journal: Journal, catalog: GenreCatalog) {
        var plays: [String: [Play]] = [:]
        var primary: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        var genrePlays: [String: [Play]] = [:]
        for (dayIndex, day) in journal.days.enumerated() {
            for (trackIndex, track) in day.tracks.enumerated() {
                let play = Play(dayIndex: dayIndex, trackIndex: trackIndex)
                var credited = Set<String>()
                for (position, name) in track.artists.enumerated() {
                    let key = name.lowercased()
                    guard credited.insert(key).inserted else { continue }
                    plays[key, default: []].append(play)
                    spellings[key, default: [:]][name, default: 0] += 1
                    if position == 0 { primary[key, default: 0] += 1 }
                }
                if let genre = catalog.primaryGenre(of: track) { genrePlays[genre.key, default: []].append(play) }
            }
        }
        let unsorted: [(key: String, name: String)] = plays.keys.map { key in
            let name = spellings[key, default: [:]].max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? key
            return (key, name)
        }
        let ordered = unsorted.sorted {
            let (a, b) = (primary[$0.key, default: 0], primary[$1.key, default: 0])
            return a != b ? a > b : ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name)
        }
        // Slugs are handed out in name order, so adding plays never renumbers them.
        var slugs = SlugAllocator()
        var slugByKey: [String: String] = [:]
        for entry in unsorted.sorted(by: { ($0.key, $0.name) < ($1.key, $1.name) }) {
            slugByKey[entry.key] = slugs.allocate(Slug.make(entry.name))
        }
        artists = ordered.map { entry in
            Artist(key: entry.key, name: entry.name, slug: slugByKey[entry.key] ?? Slug.fallback,
                   plays: plays[entry.key] ?? [], primaryPlays: primary[entry.key, default: 0])
        }
        artistIndex = Dictionary(artists.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.genrePlays = genrePlays

        var trackIndex: [String: Int] = [:]
        var tracks: [TrackSummary] = []
        for day in journal.days {
            for track in day.tracks {
                let summary = TrackSummary(title: track.title, credit: track.artists.joined(separator: ", "), plays: 1, lastPlayed: day.date)
                let key = track.title.lowercased() + "\u{0}" + track.primaryArtist.lowercased()
                if let index = trackIndex[key] {
                    tracks[index] = TrackSummary(title: summary.title, credit: summary.credit, plays: tracks[index].plays + 1, lastPlayed: day.date)
                } else {
                    trackIndex[key] = tracks.count
                    tracks.append(summary)
                }
            }
        }
        self.tracks = tracks

        var tagDays: [String: [Int]] = [:]
        var tagPlaylists: [String: [Int]] = [:]
        var tagNames: [String: String] = [:]
        for (index, day) in journal.days.enumerated() {
            for tag in day.tags {
                let key = tag.lowercased()
                if tagNames[key] == nil { tagNames[key] = tag }
                tagDays[key, default: []].append(index)
            }
        }
        for (index, playlist) in journal.playlists.enumerated() {
            for tag in playlist.tags {
                let key = tag.lowercased()
                if tagNames[key] == nil { tagNames[key] = tag }
                tagPlaylists[key, default: []].append(index)
            }
        }
        var tagSlugs = SlugAllocator()
        tags = tagNames.sorted { ($0.key, $0.value) < ($1.key, $1.value) }.map { key, name in
            Tag(name: name, slug: tagSlugs.allocate(Slug.make(name)), days: tagDays[key] ?? [], playlists: tagPlaylists[key] ?? [])
        }
        tagIndex = Dictionary(tags.enumerated().map { ($1.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The artist page for a name, if the artist has plays.
    public func artist(named name: String) -> Artist? {
        artistIndex[name.lowercased()].map { artists[$0] }
    }

    public func tag(named name: String) -> Tag? {
        tagIndex[name.lowercased()].map { tags[$0] }
    }
}
