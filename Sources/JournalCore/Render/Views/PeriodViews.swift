// What the week, month and year pages show (their numbers, genre shares, tops, streaks and the
// ways across), as typed values ready to print (STYLE.md: templates get strings, never model
// objects).

/// A number at the top of a page.
struct SummaryItem: Encodable {
    var label: String
    var value: String
    var href: String?
    /// What the number counts, shown on hover.
    var hint: String? = nil
    /// A value of several words (a duration: `1,383 h 17 min`) may wrap on a phone; a count stays
    /// on one line.
    var wraps = false
}

/// A genre's plays in a period, with its share.
struct GenreShare: Encodable {
    var name: String
    var color: String
    var plays: String
    /// `12.5%` of the period's plays.
    var percent: String
    /// The bar's width in percent of the largest genre's, a whole number.
    var width: String
    var href: String
    /// Beyond the site's top genres: charts draw it as `Other`, lists striped in its own colour.
    var minor: Bool
}

struct RankedItem: Encodable {
    var rank: Int
    var name: String
    var plays: String
    /// The primary artist, for tracks.
    var artist: String?
    /// The item's page, where it has one.
    var href: String?
    /// The primary artist's page, for tracks.
    var artistHref: String? = nil
}

struct StreakView: Encodable {
    var length: String
    var range: String
    /// Nil where the diary has no page for the day.
    var startHref: String?
    var endHref: String?
}

/// The previous or next week, month or year.
struct PeriodLink: Encodable {
    var href: String
    var label: String
    var name: String
}

struct WeekPageView: Encodable {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var range: String
    var summary: [SummaryItem]
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var days: [Converted]
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
}

struct MonthPageView: Encodable {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var summary: [SummaryItem]
    var calendar: CalendarView
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    /// The weeks that overlap the month.
    var weeks: [WeekLink]
    var yearHref: String
    var year: String
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
    /// Plays by hour of the day, when the period has listening (ListeningViews.swift).
    var hours: HourChartView? = nil
}

struct YearPageView: Encodable {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var summary: [SummaryItem]
    /// Inline SVG.
    var heatmap: String
    /// The heatmap's numbers, for the table beside it.
    var heatmapMonths: [HeatmapMonth]
    /// What the heatmap's table counts: `Plays` or `Songs logged`.
    var heatmapCount: String
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    /// The months with a page, each with the weeks that start in it.
    var months: [MonthCell]
    var longestStreak: StreakView?
    var currentStreak: StreakView?
    /// The year in review.
    var reviewHref: String
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
    /// Plays by hour of the day, when the period has listening (ListeningViews.swift).
    var hours: HourChartView? = nil
}

/// A month of the year heatmap's table: days logged and tracks.
struct HeatmapMonth: Encodable {
    var name: String
    /// The month's page, when it has one.
    var href: String?
    var days: Int
    var tracks: Int
}
