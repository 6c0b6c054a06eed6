import Mustache

// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Charts and calendars

/// A chart as the page shows it: the inline SVG, an HTML legend and the same numbers as a table.
struct ChartView: Encodable {
    var svg: String
    var title: String
    var legend: [Swatch]
    /// The table's genre columns: the genres with plays in the chart.
    var columns: [Swatch]
    var rows: [ChartRow]
    var slotHeader: String
    /// The standalone `chart.svg`, for period pages.
    var svgHref: String?
}

struct Swatch: Encodable {
    var name: String
    var color: String
    /// A genre, `Other` or no genre: `kind` in templates is `genre`, `other` or `none`, so the
    /// theme can draw no genre apart (`swatch-none`).
    var kind: Genre.Kind = .genre
    /// The genre's page, in legends.
    var href: String? = nil
}

/// `genre`, `other` or `none` in templates.
extension Genre.Kind: Encodable {}

struct ChartRow: Encodable {
    /// A column's count.
    struct Cell: Encodable {
        var count: Int
    }

    var name: String
    /// One per column.
    var cells: [Cell]
    var total: Int
    var href: String?
    /// After the journal's last logged day: the row says "not yet" instead of its zeros.
    var future: Bool
    /// The cells that text spans: every column and the total.
    var span: Int

    init(name: String, counts: [Int], total: Int, href: String?, isFuture: Bool) {
        self.name = name
        cells = counts.map(Cell.init)
        self.total = total
        self.href = href
        future = isFuture
        span = counts.count + 1
    }
}

/// A month as weeks of seven cells.
struct CalendarView: Encodable {
    struct Week: Encodable {
        var cells: [CalendarCell]
    }

    var weeks: [Week]
    var headers: [WeekdayHeader]
    var title: String
    var href: String
}

struct CalendarCell: Encodable {
    /// Before the first or after the last day of the month.
    var blank: Bool
    var day: Int
    var dateISO: String
    /// Logged days only, as the next four.
    var href: String? = nil
    var count: Int? = nil
    var label: String? = nil
    var artwork: String? = nil
    /// The cover's resized squares as WebP (`CoverImage`), when it has them.
    var artworkWebp: String? = nil
    /// The first track's genre colour when it has no artwork.
    var color: String? = nil
    /// After the journal's last logged day: not a skipped day, a day not yet come.
    var future = false

    static let blankCell = CalendarCell(blank: true, day: 0, dateISO: "")
}

struct WeekdayHeader: Encodable {
    var short: String
    var long: String
}

// MARK: Periods

/// A number at the top of a page.
struct SummaryItem: Encodable {
    var label: String
    var value: String
    var href: String?
    /// What the number counts, shown on hover.
    var hint: String? = nil
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
    var startHref: String
    var endHref: String
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
}

/// A month of the year heatmap's table: days logged and tracks.
struct HeatmapMonth: Encodable {
    var name: String
    /// The month's page, when it has one.
    var href: String?
    var days: Int
    var tracks: Int
}

