/// One play: a track on a day.
public struct Play: Sendable, Equatable {
    /// Index into `Journal.days`.
    public var dayIndex: Int
    /// Position in the day's track list.
    public var trackIndex: Int

    /// The track played.
    public func track(in journal: Journal) -> Track { journal.days[dayIndex].tracks[trackIndex] }
}

extension Sequence<Play> {
    /// The plays a day at a time, in their order: plays of one day next to each other share an
    /// entry, however many there are.
    public var byDay: [[Play]] {
        var days: [[Play]] = []
        for play in self {
            if days.last?.last?.dayIndex == play.dayIndex { days[days.count - 1].append(play) } else { days.append([play]) }
        }
        return days
    }
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
    /// The artist's plays in the listening log; none for an artist only the diary has.
    public var log = PlayTally()
    /// What its page counts (docs/content-format.md, "Browsing"): the log's plays where the
    /// artist has any, else the songs the diary logged.
    public var count: PeriodCount { log.plays > 0 ? .plays : .songsLogged }
    /// Its primary plays or songs logged, as `count` counts: what the index ranks.
    public var ranked: Int { log.plays > 0 ? log.primaryPlays : primaryPlays }
    /// Its guest plays or songs logged with others, as `count` counts.
    public var rankedGuest: Int { log.plays > 0 ? log.guestPlays : guestPlays }
}

/// A tag of days and playlists.
public struct Tag: Sendable {
    public var name: String
    public var slug: String
    /// Indexes into `Journal.days`, in date order.
    public var days: [Int]
    /// Indexes into `Journal.playlists`.
    public var playlists: [Int]
    /// The plays of its days: how it ranks, like a month.
    public var plays: Int
    /// Days and playlists with the tag.
    public var itemCount: Int { days.count + playlists.count }
}

/// A track of the diary, however often played: a title by a primary artist, both matched
/// case-insensitively (as rankings match them). Its page lives under its primary artist's.
public struct TrackSummary: Sendable, Equatable {
    /// As written on its last play.
    public var title: String
    /// Every credited artist of its last play, joined with ", ".
    public var credit: String
    /// Every play, in date order.
    public var history: [Play]
    public var lastPlayed: CalendarDate
    /// The primary artist's slug, and the track's, unique among that artist's tracks.
    public var artistSlug: String
    public var slug: String
    /// The playlists the track is on, indexes into `Journal.playlists` in their order.
    public var playlists: [Int] = []
    /// The albums its page lists (`AlbumPlays.tally`); none for a track without a page.
    public var albums: [AlbumPlays] = []
    /// Its plays in each year, by year number (its page heads each year with them); none for a
    /// track without a page.
    public var playsByYear: [Int: Int] = [:]
    /// Its plays in the listening log.
    public var log = PlayTally()

    /// Songs logged: the diary's days it is listed on, once a listing.
    public var plays: Int { history.count }
    /// What its page counts: the log's plays where it has any, else songs logged.
    public var count: PeriodCount { log.plays > 0 ? .plays : .songsLogged }
    /// Its plays or songs logged, as `count` counts.
    public var counted: Int { log.plays > 0 ? log.plays : history.count }

    /// A track played more than once has a page of its own; one played once is its card on that
    /// day (docs/content-format.md, "Browsing").
    public var hasPage: Bool { history.count > 1 }

    /// What two spellings of one track share: its title and primary artist without case.
    static func key(title: String, artist: String) -> String {
        title.lowercased() + "\u{0}" + artist.lowercased()
    }
}

/// Artists, genres' plays, tracks and tags: the browsing side of the journal, computed once.
public struct Library: Sendable {
    /// Every artist of the diary, and the artists only the listening log has that have at least
    /// `logOnlyMinimum` plays (at most `logOnlyLimit` of them, the most played): sorted by
    /// `Artist.ranked`, descending, ties by name.
    public let artists: [Artist]
    /// Artists only the listening log has that were left without a page: fewer plays than
    /// `logOnlyMinimum`, or beyond the `logOnlyLimit` most played.
    public let artistsLeftOut: Int

    /// An artist only the listening log has gets a page from this many plays (docs/content-format.md,
    /// "Browsing"): a 10-year log of 300,000 plays has thousands of artists heard once or twice.
    public static let logOnlyMinimum = 10
    /// At most this many artists only the log has get pages, the most played first.
    public static let logOnlyLimit = 5000
    /// Sorted by name.
    public let tags: [Tag]
    /// Plays by genre key, in date order.
    public let genrePlays: [String: [Play]]
    /// Every track, in the order first played.
    public let tracks: [TrackSummary]

    private let artistIndex: [String: Int]
    private let tagIndex: [String: Int]
    private let trackIndex: [String: Int]

    public init(journal: Journal, catalog: GenreCatalog, listened: ListeningCounts = .none) {
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
        // Artists only the log has: the most played, from `logOnlyMinimum` plays.
        let logOnly = listened.artists.filter { plays[$0.key] == nil }
        let kept = logOnly.filter { $0.value.tally.plays >= Self.logOnlyMinimum }
            .sorted { ($1.value.tally.plays, $0.key) < ($0.value.tally.plays, $1.key) }.prefix(Self.logOnlyLimit)
            .map { (key: $0.key, name: $0.value.name) }
        artistsLeftOut = logOnly.count - kept.count
        // Slugs are handed out in name order, the diary's artists first, so adding plays never
        // renumbers them.
        var slugs = SlugAllocator()
        var slugByKey: [String: String] = [:]
        for entry in unsorted.sorted(by: { ($0.key, $0.name) < ($1.key, $1.name) }) + kept.sorted(by: { ($0.key, $0.name) < ($1.key, $1.name) }) {
            slugByKey[entry.key] = slugs.allocate(Slug.make(entry.name))
        }
        artists = (unsorted + kept).map { entry in
            var artist = Artist(
                key: entry.key, name: entry.name, slug: slugByKey[entry.key] ?? Slug.fallback,
                plays: plays[entry.key] ?? [], primaryPlays: primary[entry.key, default: 0])
            artist.log = listened.artists[entry.key]?.tally ?? PlayTally()
            return artist
        }.sorted {
            // By the log's primary plays, then the diary's, then by name.
            ($1.log.primaryPlays, $1.primaryPlays, $0.name.lowercased(), $0.name) < ($0.log.primaryPlays, $0.primaryPlays, $1.name.lowercased(), $1.name)
        }
        artistIndex = Dictionary(artists.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.genrePlays = genrePlays

        var trackIndex: [String: Int] = [:]
        var tracks: [TrackSummary] = []
        var trackArtists: [String] = []
        for (dayIndex, day) in journal.days.enumerated() {
            for (position, track) in day.tracks.enumerated() {
                let play = Play(dayIndex: dayIndex, trackIndex: position)
                let key = TrackSummary.key(title: track.title, artist: track.primaryArtist)
                if let index = trackIndex[key] {
                    tracks[index].title = track.title
                    tracks[index].credit = track.artists.joined(separator: ", ")
                    tracks[index].history.append(play)
                    tracks[index].lastPlayed = day.date
                } else {
                    trackIndex[key] = tracks.count
                    trackArtists.append(track.primaryArtist.lowercased())
                    tracks.append(
                        TrackSummary(
                            title: track.title, credit: track.artists.joined(separator: ", "), history: [play],
                            lastPlayed: day.date, artistSlug: slugByKey[track.primaryArtist.lowercased()] ?? Slug.fallback, slug: ""))
                }
            }
        }
        // Slugs are handed out per artist in title order, so adding plays never renumbers them;
        // `page` is the folder of the artist's track list's later pages.
        var slugsByArtist: [String: SlugAllocator] = [:]
        for index in tracks.indices.sorted(by: {
            (trackArtists[$0], tracks[$0].title.lowercased(), tracks[$0].title) < (trackArtists[$1], tracks[$1].title.lowercased(), tracks[$1].title)
        }) {
            var slugs = slugsByArtist[trackArtists[index]] ?? SlugAllocator(reserved: ["page"])
            tracks[index].slug = slugs.allocate(Slug.make(tracks[index].title))
            slugsByArtist[trackArtists[index]] = slugs
        }
        for (index, playlist) in journal.playlists.enumerated() {
            for track in playlist.tracks {
                guard let position = trackIndex[TrackSummary.key(title: track.title, artist: track.primaryArtist)],
                    tracks[position].playlists.last != index
                else { continue }
                tracks[position].playlists.append(index)
            }
        }
        for (key, index) in trackIndex {
            if let log = listened.tracks[key] { tracks[index].log = log }
        }
        for index in tracks.indices where tracks[index].hasPage {
            tracks[index].albums = AlbumPlays.tally(tracks[index].history, in: journal)
            for play in tracks[index].history { tracks[index].playsByYear[journal.days[play.dayIndex].date.year, default: 0] += 1 }
        }
        self.tracks = tracks
        self.trackIndex = trackIndex

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
            let days = tagDays[key] ?? []
            return Tag(
                name: name, slug: tagSlugs.allocate(Slug.make(name)), days: days, playlists: tagPlaylists[key] ?? [],
                plays: days.reduce(0) { $0 + journal.days[$1].tracks.count })
        }
        tagIndex = Dictionary(tags.enumerated().map { ($1.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The artist page for a name, if the artist has plays.
    public func artist(named name: String) -> Artist? {
        artistIndex[name.lowercased()].map { artists[$0] }
    }

    /// The track a title by a primary artist is, matched as rankings match it.
    public func track(title: String, artist: String) -> TrackSummary? {
        trackIndex[TrackSummary.key(title: title, artist: artist)].map { tracks[$0] }
    }

    public func tag(named name: String) -> Tag? {
        tagIndex[name.lowercased()].map { tags[$0] }
    }
}
