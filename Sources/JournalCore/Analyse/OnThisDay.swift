/// The same date one, five and ten years before a day: what the writer logged on it, and the
/// song played most on it where the listening log has it (docs/content-format.md, "Browsing").
/// The date is the same month and day: 29 February is in leap years only, so it is never one,
/// five or ten years before another day, and no day looks back to it.
struct OnThisDay: Sendable, Equatable {
    /// How many years back a day looks, nearest first.
    static let yearsBack = [1, 5, 10]

    /// One date before, with what the journal has on it.
    struct Memory: Sendable, Equatable {
        var yearsAgo: Int
        var date: CalendarDate
        /// Its index in `journal.days`, when the writer logged the date.
        var day: Int?
        /// The song played most that day, when the listening log has the date.
        var playedMost: PlayedSong?
    }

    /// The dates before `date` that the journal logged or the log played, nearest first.
    static func memories(of date: CalendarDate, in journal: Journal) -> [Memory] {
        yearsBack.compactMap { years in
            guard let before = CalendarDate(year: date.year - years, month: date.month, day: date.day) else { return nil }
            let day = index(of: before, in: journal.days)
            let playedMost = journal.listening.day(before)?.songs.first
            guard day != nil || playedMost != nil else { return nil }
            return Memory(yearsAgo: years, date: before, day: day, playedMost: playedMost)
        }
    }

    /// Where the day `date` is in `days` (sorted by date, one a date), by halving.
    static func index(of date: CalendarDate, in days: [Day]) -> Int? {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low].date == date ? low : nil
    }
}
