// What pages show of the listening log (docs/content-format.md, "The listening log"): a day's
// plays on its page, and plays by hour of the day on month, year and review pages, as typed
// values ready to print.

/// A day's listening on its page (`partials/day-listening`): what was played, for how long,
/// and every song of it, most played first.
struct DayListeningView: Encodable {
    /// `66 songs played`.
    var songs: String
    /// `104 plays`.
    var plays: String
    /// `4 h 10 min`, `about 4 h 10 min` when scrobbles' lengths are their songs' durations;
    /// nil when no play's length is known.
    var duration: String?
    /// `12 plays of unknown length` (scrobbles of songs whose length is not known), or `length
    /// not recorded` when no play's is.
    var untimed: String?
    /// Most played first, at most `DayListening.shownSongs`.
    var list: [PlayedSongView]
    /// `and 12 more songs`, with their plays, when the list leaves songs out.
    var more: String?
    var morePlays: String?
}

/// One song of a day's listening.
struct PlayedSongView: Encodable {
    var rank: Int
    var title: String
    var artist: String
    /// Its track page (or card) where the diary has it.
    var href: String?
    /// `3 plays`.
    var plays: String
    /// One of the songs the writer logged for the day.
    var picked: Bool
}

/// Plays by hour of the day (`partials/hour-chart`): the chart, and its numbers as a table.
struct HourChartView: Encodable {
    var svg: String
    var title: String
    var rows: [HourRow]
    /// `852 plays`.
    var total: String
}

struct HourRow: Encodable {
    /// `14:00–15:00`.
    var hour: String
    var plays: Int
}
