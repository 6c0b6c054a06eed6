/// A year as a heatmap (docs/content-format.md, "Statistics"): a row per month and a column per
/// day of the month, narrow enough to read on a phone without scrolling; five levels by plays
/// where the year has a listening log, else by songs logged (`count`), month and day labels, a
/// legend, a `<title>` on every cell and logged days linked.
/// Empty days after today (the build's date) are drawn as not yet come. The links are left out
/// of the tab order: the page has the same numbers as a table beside it.
public struct YearHeatmap: Sendable {
    public struct Cell: Sendable {
        public var date: CalendarDate
        public var count: Int
        /// The day's page, as a link from the page the heatmap is on (relative on a year page).
        public var href: String?
        /// An empty day after today (the build's date).
        public var isFuture: Bool

        public init(date: CalendarDate, count: Int, href: String?, isFuture: Bool = false) {
            self.date = date
            self.count = count
            self.href = href
            self.isFuture = isFuture
        }
    }

    public var year: Int
    /// One per day of the year, in order.
    public var cells: [Cell]
    public var title: String
    public var l10n: Localization
    /// What a cell's count counts: plays, or songs logged (said as tracks).
    public var count: PeriodCount

    public init(year: Int, cells: [Cell], title: String, l10n: Localization, count: PeriodCount = .songsLogged) {
        self.year = year
        self.cells = cells
        self.title = title
        self.l10n = l10n
        self.count = count
    }

    /// `5 plays` or `2 tracks`, as the heatmap counts.
    private func amount(_ value: Int) -> String { count == .plays ? l10n.plays(value) : l10n.tracks(value) }

    // Geometry, in viewBox units.
    static let cellWidth = 11.0
    static let cellHeight = 12.0
    static let step = 13.0
    /// Rows are further apart than columns: a month's label is taller than a cell.
    static let rowStep = 16.0
    /// The labels' size: the theme draws them smaller on wide screens (site.css), never larger,
    /// so room for this size is room enough.
    static let labelSize = 15.0
    static let top = labelSize + 8
    static let legendGap = 12.0

    /// 0 for no tracks, else 1 to 4: the count itself when the busiest day has at most 4,
    /// otherwise the count's share of the busiest day in quarters.
    public static func level(count: Int, maximum: Int) -> Int {
        guard count > 0 else { return 0 }
        if maximum <= 4 { return min(count, 4) }
        return max(1, min(4, (count * 4 + maximum - 1) / maximum))
    }

    /// The left margin: room for the widest month label.
    var left: Double {
        let widest = (1...12).map { StackedBarChart.textWidth(l10n.shortMonth($0), size: Self.labelSize) }.max() ?? 0
        return (widest + 8).rounded(.up)
    }

    /// The width of the viewBox.
    public var width: Double { left + 31 * Self.step + 6 }

    /// The cell shape's id: one heatmap per page.
    static let cellID = "heat-cell"

    static let gridBottom = top + 11 * rowStep + cellHeight

    /// The height of the viewBox: the grid and its legend.
    public var height: Double { Self.gridBottom + Self.legendGap + Self.labelSize + 4 }

    /// The heatmap as an `<svg>` element. `standalone`: for a file of its own (`EmbedFrame`),
    /// with a width and height of its own.
    public func svg(standalone: Bool = false) -> String {
        let f = SVGNumber.format
        let maximum = cells.map(\.count).max() ?? 0
        let left = self.left
        let width = self.width
        let gridBottom = Self.gridBottom
        let height = self.height
        var svg = "<svg class=\"heatmap\""
        if standalone { svg += " width=\"\(f(width))\" height=\"\(f(height))\"" }
        svg += " viewBox=\"0 0 \(f(width)) \(f(height))\" \(ChartRole.attributes(title: title, linked: cells.contains { $0.href != nil && !$0.isFuture }))>"
        // Day-of-month labels above the columns.
        for day in [1, 5, 10, 15, 20, 25, 31] {
            let x = left + Double(day - 1) * Self.step + Self.cellWidth / 2
            svg += "<text class=\"chart-label heat-label\" x=\"\(f(x))\" y=\"\(f(Self.top - 6))\" text-anchor=\"middle\">\(day)</text>"
        }
        for month in 1...12 {
            let y = Self.top + Double(month - 1) * Self.rowStep
            svg +=
                "<text class=\"chart-label heat-label\" x=\"\(f(left - 6))\" y=\"\(f(y + Self.cellHeight - 1))\" text-anchor=\"end\">\(Escape.xml(l10n.shortMonth(month)))</text>"
        }
        // Every cell is the one shape, placed by `<use>`: a year of cells stays about 40 KB, so a
        // year page keeps under the size a phone should have to load.
        svg += "<defs><rect id=\"\(Self.cellID)\" width=\"\(f(Self.cellWidth))\" height=\"\(f(Self.cellHeight))\" rx=\"2\"/></defs>"
        // A month's cells share a row (`<g>`), so each names only its column.
        var row: Int?
        for cell in cells {
            if row != cell.date.month {
                if row != nil { svg += "</g>" }
                row = cell.date.month
                svg += "<g transform=\"translate(0 \(f(Self.top + Double(cell.date.month - 1) * Self.rowStep)))\">"
            }
            let x = left + Double(cell.date.day - 1) * Self.step
            let level = cell.isFuture ? "future" : String(Self.level(count: cell.count, maximum: maximum))
            let what = cell.isFuture ? l10n.string(.notYet) : amount(cell.count)
            let rect =
                "<use href=\"#\(Self.cellID)\" class=\"heat heat-\(level)\" x=\"\(f(x))\"><title>\(Escape.xml("\(l10n.dayMonth(cell.date)) · \(what)"))</title></use>"
            if let href = cell.href, !cell.isFuture {
                svg += "<a href=\"\(Escape.xml(href))\" tabindex=\"-1\">\(rect)</a>"
            } else {
                svg += rect
            }
        }
        if row != nil { svg += "</g>" }
        // Legend: "not yet" on the left when the year has such days, less ... more on the right.
        let y = gridBottom + Self.legendGap
        let textY = y + Self.cellHeight - 1
        if cells.contains(where: \.isFuture) {
            svg += "<rect class=\"heat heat-future\" x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(Self.cellWidth))\" height=\"\(f(Self.cellHeight))\" rx=\"2\"/>"
            svg += "<text class=\"chart-label heat-label\" x=\"\(f(left + Self.step + 3))\" y=\"\(f(textY))\">\(Escape.xml(l10n.string(.notYet)))</text>"
        }
        let more = l10n.string(.more)
        var x = width - 2 - StackedBarChart.textWidth(more, size: Self.labelSize) - 5 - 5 * Self.step
        svg += "<text class=\"chart-label heat-label\" x=\"\(f(x - 5))\" y=\"\(f(textY))\" text-anchor=\"end\">\(Escape.xml(l10n.string(.less)))</text>"
        for level in 0...4 {
            svg +=
                "<rect class=\"heat heat-\(level)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(Self.cellWidth))\" height=\"\(f(Self.cellHeight))\" rx=\"2\"><title>\(Escape.xml(legendText(level, maximum: maximum)))</title></rect>"
            x += Self.step
        }
        svg += "<text class=\"chart-label heat-label\" x=\"\(f(x + 3))\" y=\"\(f(textY))\">\(Escape.xml(more))</text>"
        svg += "</svg>"
        return svg
    }

    private func legendText(_ level: Int, maximum: Int) -> String {
        if level == 0 { return amount(0) }
        if maximum <= 4 { return level == 4 ? "4+" : amount(level) }
        let low = (level - 1) * maximum / 4 + 1
        let high = level * maximum / 4
        return low >= high ? amount(high) : "\(low)–\(amount(high))"
    }

    /// The heatmap's rules in a file of its own, for light and dark (the theme's heat colours).
    static let standaloneStyle = """
        .chart-label{fill:#55535c}.heat-label{font-size:12px}\
        .heat{stroke:#1d1d22;stroke-opacity:.1;stroke-width:.5}.heat-0{fill:#efece5}\
        .heat-1{fill:#f8c594}.heat-2{fill:#f29a5a}.heat-3{fill:#d9631f}.heat-4{fill:#9a3412}\
        .heat-future{fill:none;stroke:#55535c;stroke-opacity:.5;stroke-width:.8;stroke-dasharray:2 1.6}\
        @media (prefers-color-scheme:dark){.chart-label{fill:#a9a7b3}.heat{stroke:#ecebf0}.heat-0{fill:#2a2a33}\
        .heat-1{fill:#5a2d12}.heat-2{fill:#934117}.heat-3{fill:#d9631f}.heat-4{fill:#fdba74}.heat-future{stroke:#a9a7b3}}
        """
}
