/// A week, a month or a year (docs/content-format.md, "Statistics"), or the whole journal, from
/// its first logged day to its last.
public enum PeriodKind: String, Sendable {
    case week, month, year, all
}

/// The plays of one calendar day, by chart genre.
public struct DayTally: Sendable, Equatable {
    public var date: CalendarDate
    /// Plays by chart genre, indexed like `Stats.chartGenres`.
    public var counts: [Int]
    /// Index into `Journal.days`; nil for a day nothing was logged.
    public var dayIndex: Int?

    public var total: Int { counts.reduce(0, +) }
    public var isLogged: Bool { dayIndex != nil }
}

/// A name with its number of plays, for top lists.
public struct Ranked: Sendable, Equatable {
    public var name: String
    /// The primary artist, for tracks.
    public var artist: String?
    public var plays: Int
}

/// A genre's plays in some span of days.
public struct GenrePlays: Sendable, Equatable {
    public var genre: Genre
    public var plays: Int
}

/// A run of consecutive logged days.
public struct Streak: Sendable, Equatable {
    public var start: CalendarDate
    public var end: CalendarDate
    public var length: Int { end.dayNumber - start.dayNumber + 1 }
}

/// Everything about one week, month or year. Every day of the period has its slot, logged or not.
public struct PeriodStats: Sendable {
    public var kind: PeriodKind
    public var start: CalendarDate
    /// Inclusive.
    public var end: CalendarDate
    /// One per calendar day from `start` to `end`.
    public var days: [DayTally]
    /// Plays by chart genre over the period.
    public var totals: [Int]
    /// The genres played in the period by the period's own plays, descending, ties by name: the
    /// period's top genres. Tracks with no genre are not among them (`noGenrePlays`).
    public var genres: [GenrePlays]
    /// Plays of tracks with no genre.
    public var noGenrePlays: Int
    public var topArtists: [Ranked]
    public var topTracks: [Ranked]
    /// The longest run of logged days inside the period.
    public var longestStreak: Streak?
    /// The period's days the journal has covered: from its first logged day to its last. A
    /// period's "days logged" counts against these, never against days still to come.
    public var coveredDays: Int

    public var plays: Int { totals.reduce(0, +) }
    public var daysLogged: Int { days.filter(\.isLogged).count }
    /// Genres played in the period: real genres, each counted once, whether charts draw it as
    /// itself or as `Other`. No genre is not a genre.
    public var genreCount: Int { genres.count }
    /// Genres played in the period that charts draw as `Other`.
    public var otherGenreCount: Int { genres.filter { !$0.genre.isTop }.count }
}
