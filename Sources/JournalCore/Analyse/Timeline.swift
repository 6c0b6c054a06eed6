/// Where a build stands in time (docs/content-format.md, "Statistics"): today, the date of the
/// build in the journal's time zone, and the days the journal has data for. From them follow
/// which period is "so far", which days are still to come, which streak is current, and which
/// part of a period its numbers cover.
public struct Timeline: Sendable, Equatable {
    /// The date of the build in the journal's `timezone` (`BuildDay`).
    public var today: CalendarDate
    /// The first and the last day with data (`dataSpan(of:)`); nil for a journal without any.
    public var data: ClosedRange<CalendarDate>?

    public init(today: CalendarDate, data: ClosedRange<CalendarDate>?) {
        self.today = today
        self.data = data
    }

    /// The timeline of `journal` built on `today`; without a today (tests that do not care), the
    /// journal's last day with data stands for it.
    public init(journal: Journal, today: CalendarDate?) {
        let data = Self.dataSpan(of: journal)
        self.init(today: today ?? data?.upperBound ?? CalendarDate(dayNumber: 0), data: data)
    }

    /// The days a journal has data for: from its first diary day to its last, widened to the
    /// listening log's first and last day when it has one. The one place that says so: periods'
    /// spans, days covered and comparisons all take it from here.
    public static func dataSpan(of journal: Journal) -> ClosedRange<CalendarDate>? {
        let firsts = [journal.days.first?.date, journal.listening.first].compactMap { $0 }
        let lasts = [journal.days.last?.date, journal.listening.last].compactMap { $0 }
        guard let first = firsts.min(), let last = lasts.max() else { return nil }
        return first...last
    }

    /// Whether the period from `start` through `end` holds today: only that period is "so far".
    public func holdsToday(_ start: CalendarDate, _ end: CalendarDate) -> Bool {
        start <= today && today <= end
    }

    /// Whether an empty day is drawn as still to come: only a day after today is. A past
    /// period's days after the journal's last day are ordinary empty days.
    public func isStillToCome(_ date: CalendarDate) -> Bool { date > today }

    /// `latest` (the run of days ending on the last logged day) when it is still going: it ends
    /// today or yesterday (today's day may not be written yet). A run that ended before is only
    /// ever a longest streak.
    public func currentStreak(_ latest: Streak?) -> Streak? {
        guard let latest, latest.end >= today.adding(days: -1), latest.start <= today else { return nil }
        return latest
    }

    /// The part of the period from `start` through `end` the journal has data for, when the data
    /// starts or ends inside it; nil when the data covers the whole period or none of it.
    public func partialSpan(_ start: CalendarDate, _ end: CalendarDate) -> ClosedRange<CalendarDate>? {
        guard let data, data.lowerBound <= end, data.upperBound >= start else { return nil }
        let span = max(start, data.lowerBound)...min(end, data.upperBound)
        return span == start...end ? nil : span
    }

    /// Whether the journal has data on every day of `span` (it started on or before its first
    /// day and ends on or after its last): only then is a span fit to compare with.
    public func covers(_ span: ClosedRange<CalendarDate>) -> Bool {
        guard let data else { return false }
        return data.lowerBound <= span.lowerBound && data.upperBound >= span.upperBound
    }

    /// The same days of the year `years` before: 1–24 January 2024 is 1–24 January 2023, and
    /// 29 February becomes 28 February in a year without one.
    public static func sameDays(_ span: ClosedRange<CalendarDate>, yearsBefore years: Int) -> ClosedRange<CalendarDate>? {
        func shifted(_ date: CalendarDate) -> CalendarDate? {
            let year = date.year - years
            return CalendarDate(year: year, month: date.month, day: min(date.day, CalendarDate.daysIn(year: year, month: date.month)))
        }
        guard let start = shifted(span.lowerBound), let end = shifted(span.upperBound) else { return nil }
        return start...end
    }
}
