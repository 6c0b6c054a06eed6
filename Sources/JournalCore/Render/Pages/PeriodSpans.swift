/// What a period page says about time (docs/content-format.md, "Statistics"): the days its
/// numbers cover when the journal's data starts or ends inside it, "so far" only for the period
/// holding today, and a streak as current only while it still goes on.
extension SiteRenderer {
    /// "In the journal: 1–24 Jan 2024", for a period whose data starts or ends inside it; none
    /// for a period the data covers whole.
    func spanSummary(_ period: PeriodStats) -> [SummaryItem] {
        guard let span = timeline.partialSpan(period.start, period.end) else { return [] }
        return [
            SummaryItem(
                label: l10n.string(.dataSpan), value: l10n.dateRange(span.lowerBound, span.upperBound), href: nil,
                hint: l10n.string(.dataSpanHint), wraps: true)
        ]
    }

    /// `2026 so far` for the year that holds today, else the year's name plainly.
    func yearTitle(_ year: PeriodStats) -> String {
        timeline.holdsToday(year.start, year.end) ? l10n.yearSoFar(year.start.year) : String(year.start.year)
    }

    /// Whether `review`'s year stopped early: its data ends before the year does, and the year
    /// does not hold today (an export that ended on 24 January). What it did not play after that
    /// is not known, so it has no forgotten favourites.
    func stoppedEarly(_ review: YearReview) -> Bool {
        guard let span = review.span, let end = CalendarDate(year: review.year, month: 12, day: 31) else { return false }
        return span.upperBound < end && !timeline.holdsToday(span.lowerBound, end)
    }

    /// The run of days ending on the last logged day, when it reaches today or yesterday.
    var currentStreak: Streak? { timeline.currentStreak(stats.currentStreak) }
}
