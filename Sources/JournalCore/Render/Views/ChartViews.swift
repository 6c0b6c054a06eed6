// Charts and calendars as pages show them beside their SVG: the table of counts, the legend's
// swatches, a month's weeks of cells, as typed values ready to print.

/// `genre`, `other` or `none` in templates.
extension Genre.Kind: Encodable {}

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
    /// An empty day after today (the build's date): the row says "not yet" instead of its zeros.
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
    /// An empty day after today (the build's date): not a skipped day, a day not yet come.
    var future = false

    static let blankCell = CalendarCell(blank: true, day: 0, dateISO: "")
}

struct WeekdayHeader: Encodable {
    var short: String
    var long: String
}
