// What genre pages show (the index with each genre's share, each genre's page and earlier
// years), as typed values ready to print (STYLE.md: templates get strings, never model objects).

struct GenreRow: Encodable {
    var name: String
    var color: String
    var href: String
    var plays: String
    var percent: String
    var width: String
    /// Drawn as Other in charts.
    var other: Bool
}

/// What the genres index says below its list: the plays with no genre, and what striped swatches mean.
struct GenreNotesView: Encodable {
    /// `No genre: 3 tracks`.
    var noGenre: String?
    var otherNote: String?
}

struct GenrePageView: Encodable {
    var name: String
    var color: String
    var isOther: Bool
    var summary: [SummaryItem]
    /// `Plays over time` or `Songs logged over time`.
    var chartHeading: String
    var chart: ChartView?
    var topArtists: [RankedItem]
    /// Every year it was played, newest first, when there are several.
    var years: [YearLink]
    /// The latest year's days.
    var latestYear: String
    var latestCount: String
    /// The latest year heading's fragment (`y2026`), which the chart's bars link to.
    var latestID: String
    var months: [MonthDays]
}

/// The days of a year before a genre's latest (`genre-year`).
struct GenreYearPageView: Encodable {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    var color: String
    var year: String
    var count: String
    var months: [MonthDays]
    var previous: PeriodLink?
    var next: PeriodLink?
}

/// A month's days, each a chip with its day of the month.
struct MonthDays: Encodable {
    /// `Jan`.
    var name: String
    var days: [DayChip]
}

struct DayChip: Encodable {
    var label: String
    var dateISO: String
    var href: String
}
