/// What a genre's page counts: its plays, the days it was played, its rank among genres and the
/// artists played most in it. A play counts under its track's primary genre.
public struct GenreProfile: Sendable {
    /// In date order.
    public let plays: [Play]
    /// Indexes into `Journal.days` of the days with a play of the genre, in date order.
    public let days: [Int]
    /// The same days by year, in order.
    public let daysByYear: [(year: Int, days: [Int])]
    /// 1 for the genre with the most plays, in site-wide order.
    public let rank: Int
    /// Primary artists by plays in the genre (the order of `Stats.ranking`), at most `topCount`.
    public let topArtists: [Ranked]

    public static let topCount = 10

    public init(_ genre: Genre, journal: Journal, catalog: GenreCatalog, library: Library) {
        plays = library.genrePlays[genre.key] ?? []
        days = plays.map(\.dayIndex).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        var byYear: [(year: Int, days: [Int])] = []
        for index in days {
            let year = journal.days[index].date.year
            if byYear.last?.year == year { byYear[byYear.count - 1].days.append(index) } else { byYear.append((year, [index])) }
        }
        daysByYear = byYear
        rank = (catalog.playedGenres.firstIndex { $0.key == genre.key } ?? 0) + 1
        var artistCounts: [String: (name: String, plays: Int)] = [:]
        for play in plays {
            let artist = journal.days[play.dayIndex].tracks[play.trackIndex].primaryArtist
            artistCounts[artist.lowercased(), default: (artist, 0)].plays += 1
        }
        topArtists = Array(artistCounts.values.map { Ranked(name: $0.name, artist: nil, plays: $0.plays) }
            .sorted(by: Stats.ranking).prefix(Self.topCount))
    }
}
