/// A week, a month or a year (docs/content-format.md, "Statistics"), or the whole journal, from
/// its first logged day to its last.
public enum PeriodKind: String, Sendable {
    case week, month, year, all
}

/// What a period's numbers count (docs/content-format.md, "Statistics"): the plays of the
/// listening log where the period has any, else the songs the diary logged.
public enum PeriodCount: String, Sendable {
    case songsLogged, plays
}

/// The plays (or songs logged) of one calendar day, by chart genre, counted as its period counts.
public struct DayTally: Sendable, Equatable {
    public var date: CalendarDate
    /// By chart genre, indexed like `Stats.chartGenres`: plays where the period counts plays,
    /// else songs logged.
    public var counts: [Int]
    /// Index into `Journal.days`; nil for a day nothing was logged.
    public var dayIndex: Int?
    /// The songs the diary logged on the day, whatever the period counts: the calendar of
    /// covers is the diary's.
    public var songsLogged = 0
    /// The listening log has a play on the day.
    public var hasPlays = false

    public var total: Int { counts.reduce(0, +) }
    public var isLogged: Bool { dayIndex != nil }
    /// The day counts toward its period's streaks: it has plays where the period counts plays,
    /// else it was logged.
    func counts(as count: PeriodCount) -> Bool { count == .plays ? hasPlays : isLogged }
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

/// A run of consecutive days logged (or days with plays, where the period counts plays).
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
    /// Most played first. A week's or month's lists stop after `Stats.weekMonthTop` (pages show
    /// ten), except that its tracks go on with the ones its diary logged, in the same order:
    /// its covers are the most played of those (`PeriodCovers`). A year's and the whole
    /// journal's lists are whole.
    public var topArtists: [Ranked]
    public var topTracks: [Ranked]
    /// Artists played (or logged) in the period, all of them.
    public var artistCount = 0
    /// The longest run of logged days inside the period (of days with plays, where it counts plays).
    public var longestStreak: Streak?
    /// The period's days the journal has covered: from its first logged day to its last. A
    /// period's "days logged" counts against these, never against days still to come.
    public var coveredDays: Int
    /// Plays of the listening log where the period has any, else songs logged.
    public var count: PeriodCount = .songsLogged
    /// Where it counts plays: seconds played, the recorded ones and the estimated ones.
    public var listenedSeconds = 0
    /// Plays with no recorded seconds whose length was taken from their song's `duration`.
    public var estimatedPlays = 0
    /// Plays with no recorded seconds and no known length: not in `listenedSeconds`.
    public var untimedPlays = 0

    /// Plays where `count` is `.plays`, else songs logged: every number of the period counts one.
    public var plays: Int { totals.reduce(0, +) }
    public var countsPlays: Bool { count == .plays }
    public var daysLogged: Int { days.filter(\.isLogged).count }
    /// Genres played in the period: real genres, each counted once, whether charts draw it as
    /// itself or as `Other`. No genre is not a genre.
    public var genreCount: Int { genres.count }
    /// Genres played in the period that charts draw as `Other`.
    public var otherGenreCount: Int { genres.filter { !$0.genre.isTop }.count }
}
