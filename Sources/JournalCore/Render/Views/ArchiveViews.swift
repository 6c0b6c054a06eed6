// The archive (every year and month, all-time totals) and the ways up and across between
// period pages: breadcrumbs, a month's weeks, a year's months with their weeks.

/// One step of the way up from a page: `Archive › 2020 › December 2020`. The last names the page
/// itself and has no link.
struct Crumb: Encodable {
    var name: String
    var href: String?
}

/// A week listed on its month's or year's page.
struct WeekLink: Encodable {
    /// `2 Mar`: the week's first day.
    var name: String
    /// `Week of 2 Mar 2026 · 12 tracks`.
    var label: String
    var href: String
}

/// A month of a year: on the year page with its weeks, in the archive as one cell of a strip.
struct MonthCell: Encodable {
    /// `Mar`.
    var short: String
    /// `March 2018 · 32 tracks`, or the month's name alone when nothing was logged.
    var label: String
    /// The month's page; nil when nothing was logged that month.
    var href: String?
    var plays: Int
    /// `2,547 plays` or `12 songs logged`: the count with its unit, as the year page lists it.
    var count: String = ""
    /// 0 for a month with no page, then 1–4 by plays against the journal's busiest month.
    var level: Int
    var weeks: [WeekLink]
}

/// A year in the archive.
struct ArchiveYear: Encodable {
    var name: String
    var href: String
    /// `1,204 tracks · 315 of 365 days · 12 genres`.
    var totals: String
    var months: [MonthCell]
    /// The year in review.
    var reviewHref: String
}

struct ArchivePageView: Encodable {
    var summary: [SummaryItem]
    var chart: ChartView
    var genres: [GenreShare]
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    var longestStreak: StreakView?
    var currentStreak: StreakView?
    /// Newest first.
    var years: [ArchiveYear]
}
