/// The listening log's plays of one artist, track or genre over the whole journal
/// (docs/content-format.md, "Browsing"): what its page counts where the journal has a log.
public struct PlayTally: Sendable, Equatable {
    /// Every play where it is credited (an artist: first or not).
    public var plays = 0
    /// An artist's plays as the first name of the credit: what rankings count.
    public var primaryPlays = 0
    /// Seconds played: the recorded ones and the scrobbles' estimated from their song's `duration`.
    public var seconds = 0
    /// Scrobbles whose length was taken from their song's `duration`.
    public var estimatedPlays = 0
    /// Scrobbles of no known length: not in `seconds`.
    public var untimedPlays = 0
    public var first: CalendarDate?
    public var last: CalendarDate?
    /// Plays by month and chart slot (`Stats.chartSlot`), for charts: one entry for each month
    /// and slot with plays, in date order. One small array, not a table per song: a 50-year
    /// log has 200,000 songs.
    public var months: [MonthPlays] = []
    /// Days with a play.
    public var days = 0

    /// Plays as a guest: credited, but not first.
    public var guestPlays: Int { plays - primaryPlays }

    mutating func add(_ entry: PlayedTracks.Entry, on date: CalendarDate, slot: Int?, primary: Bool) {
        if last != date { days += 1 }
        plays += entry.plays
        if primary { primaryPlays += entry.plays }
        seconds += entry.seconds + entry.estimatedSeconds
        if entry.unrecorded > 0 {
            if entry.track.duration == nil { untimedPlays += entry.unrecorded } else { estimatedPlays += entry.unrecorded }
        }
        if first == nil { first = date }
        last = date
        guard let slot else { return }
        let month = Int32(clamping: date.year * 100 + date.month)
        // Days come in date order: the month's entries are the last ones.
        var index = months.count - 1
        while index >= 0, months[index].month == month {
            if months[index].slot == slot {
                months[index].plays += entry.plays
                return
            }
            index -= 1
        }
        months.append(MonthPlays(month: month, slot: Int32(clamping: slot), plays: entry.plays))
    }
}

/// Plays of one month (`year * 100 + month`) under one chart slot.
public struct MonthPlays: Sendable, Equatable {
    public var month: Int32
    public var slot: Int32
    public var plays: Int
}

/// The listening log's plays counted by artist, by track and by genre for the browsing pages
/// (docs/content-format.md, "Browsing"), from the same songs the periods count (`PlayedTracks`):
/// one counting, never a second.
public struct ListeningCounts: Sendable {
    /// One artist's plays, with its songs and albums most played first.
    public struct ArtistPlays: Sendable {
        /// The spelling of its first play.
        public var name: String
        public var tally = PlayTally()
        /// A song is a title without case; its album the one it was first played from.
        public var tracks: [ArtistProfile.Count] = []
        public var albums: [ArtistProfile.Count] = []
    }

    /// By artist name without case (as `Library` keys them).
    public let artists: [String: ArtistPlays]
    /// By `TrackSummary.key`: a title by its primary artist.
    public let tracks: [String: PlayTally]
    /// By genre key: plays under the song's primary genre.
    public let genres: [String: PlayTally]
    /// By genre key: primary artists by plays in the genre, most first.
    public let genreArtists: [String: [Ranked]]

    /// Nothing counted: a journal without a log.
    public static let none = ListeningCounts(artists: [:], tracks: [:], genres: [:], genreArtists: [:])

    private init(artists: [String: ArtistPlays], tracks: [String: PlayTally], genres: [String: PlayTally], genreArtists: [String: [Ranked]]) {
        self.artists = artists
        self.tracks = tracks
        self.genres = genres
        self.genreArtists = genreArtists
    }

    init(played: PlayedTracks, stats: Stats) {
        let catalog = stats.catalog
        var artists: [String: ArtistPlays] = [:]
        var trackCounts: [String: [String: (count: ArtistProfile.Count, first: Int)]] = [:]
        var albumCounts: [String: [String: (count: ArtistProfile.Count, first: Int)]] = [:]
        var tracks: [String: PlayTally] = [:]
        var genres: [String: PlayTally] = [:]
        var genreArtists: [String: [String: (name: String, plays: Int)]] = [:]
        var order = 0
        // Days in date order, so each tally's first and last are its first and last days.
        for dayNumber in played.days.keys.sorted() {
            let date = CalendarDate(dayNumber: dayNumber)
            for entry in played.days[dayNumber] ?? [] {
                order += 1
                let track = entry.track
                let slot = stats.chartSlot(of: track)
                let primaryKey = track.primaryArtist.lowercased()
                let title = track.title.lowercased()
                var credited = Set<String>()
                for (position, name) in track.artists.enumerated() {
                    let key = name.lowercased()
                    guard credited.insert(key).inserted else { continue }
                    artists[key, default: ArtistPlays(name: name)].tally.add(entry, on: date, slot: slot, primary: position == 0)
                    trackCounts[key, default: [:]][
                        title, default: (ArtistProfile.Count(title: track.title, album: track.album, plays: 0, primaryArtist: track.primaryArtist), order)
                    ].count.plays += entry.plays
                    if let album = track.album {
                        albumCounts[key, default: [:]][album.lowercased(), default: (ArtistProfile.Count(title: album, album: nil, plays: 0), order)].count
                            .plays += entry.plays
                    }
                }
                tracks[TrackSummary.key(title: track.title, artist: track.primaryArtist), default: PlayTally()]
                    .add(entry, on: date, slot: 0, primary: true)
                if let genre = catalog.primaryGenre(of: track) {
                    genres[genre.key, default: PlayTally()].add(entry, on: date, slot: 0, primary: true)
                    genreArtists[genre.key, default: [:]][primaryKey, default: (track.primaryArtist, 0)].plays += entry.plays
                }
            }
        }
        /// Plays descending, then title without case, then first played.
        func ordered(_ counts: [String: (count: ArtistProfile.Count, first: Int)]?) -> [ArtistProfile.Count] {
            (counts ?? [:]).values.sorted {
                ($1.count.plays, $0.count.title.lowercased(), $0.first) < ($0.count.plays, $1.count.title.lowercased(), $1.first)
            }.map(\.count)
        }
        for key in artists.keys {
            artists[key]?.tracks = ordered(trackCounts[key])
            artists[key]?.albums = ordered(albumCounts[key])
        }
        self.artists = artists
        self.tracks = tracks
        self.genres = genres
        self.genreArtists = genreArtists.mapValues { counts in
            Array(counts.values.map { Ranked(name: $0.name, artist: nil, plays: $0.plays) }.sorted(by: Stats.ranking).prefix(GenreProfile.topCount))
        }
    }
}
