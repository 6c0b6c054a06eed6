/// What a genre's page counts: its plays, the days it was played, its rank among genres and the
/// artists played most in it. A play counts under its track's primary genre.
public struct GenreProfile: Sendable {
    /// In date order.
    public let plays: [Play]
    /// Indexes into `Journal.days` of the days with a play of the genre, in date order.
    public let days: [Int]
    /// The days of one calendar year with a play of the genre, and the genre's plays that year.
    public struct YearDays: Sendable, Equatable {
        public var year: Int
        /// Indexes into `Journal.days`, in date order.
        public var days: [Int]
        public var plays: Int

        /// The same days by month (1 to 12), in order; only months with plays.
        public func months(in journal: Journal) -> [(month: Int, days: [Int])] {
            var months: [(month: Int, days: [Int])] = []
            for index in days {
                let month = journal.days[index].date.month
                if months.last?.month == month { months[months.count - 1].days.append(index) } else { months.append((month, [index])) }
            }
            return months
        }
    }

    /// The same days by year, oldest first; only years with plays.
    public let daysByYear: [YearDays]
    /// 1 for the genre with the most plays, in site-wide order.
    public let rank: Int
    /// Primary artists by plays in the genre (the order of `Stats.ranking`), at most `topCount`.
    public let topArtists: [Ranked]

    /// The genre's plays in the listening log; none where the journal has no log.
    public let log: PlayTally
    /// What its page counts: the log's plays where the genre has any, else songs logged.
    public var count: PeriodCount { log.plays > 0 ? .plays : .songsLogged }

    public static let topCount = 10

    public init(_ genre: Genre, journal: Journal, catalog: GenreCatalog, library: Library, listened: ListeningCounts = .none) {
        log = listened.genres[genre.key] ?? PlayTally()
        plays = library.genrePlays[genre.key] ?? []
        days = plays.map(\.dayIndex).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        var byYear: [YearDays] = []
        for play in plays {
            let year = journal.days[play.dayIndex].date.year
            if byYear.last?.year != year { byYear.append(YearDays(year: year, days: [], plays: 0)) }
            byYear[byYear.count - 1].plays += 1
            if byYear[byYear.count - 1].days.last != play.dayIndex { byYear[byYear.count - 1].days.append(play.dayIndex) }
        }
        daysByYear = byYear
        rank = (catalog.playedGenres.firstIndex { $0.key == genre.key } ?? 0) + 1
        var artistCounts: [String: (name: String, plays: Int)] = [:]
        for play in plays {
            let artist = journal.days[play.dayIndex].tracks[play.trackIndex].primaryArtist
            artistCounts[artist.lowercased(), default: (artist, 0)].plays += 1
        }
        topArtists =
            log.plays > 0
            ? listened.genreArtists[genre.key] ?? []
            : Array(
                artistCounts.values.map { Ranked(name: $0.name, artist: nil, plays: $0.plays) }
                    .sorted(by: Stats.ranking).prefix(Self.topCount))
    }
}
