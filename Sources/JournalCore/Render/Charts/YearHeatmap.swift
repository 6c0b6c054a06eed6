/// A year as a heatmap (docs/content-format.md, "Statistics"): a cell per day in week columns, five levels by tracks logged,
/// month labels, a legend, a `<title>` on every cell and logged days linked.
public struct YearHeatmap: Sendable {
    public struct Cell: Sendable {
        public var date: CalendarDate
        public var count: Int
        public var href: String?
    }

    public var year: Int
    /// One per day of the year, in order.
    public var cells: [Cell]
    public var weekStart: SiteConfig.WeekStart
    public var title: String
    public var l10n: Localization

    public init(year: Int, cells: [Cell], weekStart: SiteConfig.WeekStart, title: String, l10n: Localization) {
        self.year = year
        self.cells = cells
        self.weekStart = weekStart
        self.title = title
        self.l10n = l10n
    }

    static let cellSize = 11.0
    static let step = 13.0
    static let left = 30.0
    static let top = 20.0

    /// 0 for no tracks, else 1 to 4: the count itself when the busiest day has at most 4,
    /// otherwise the count's share of the busiest day in quarters.
    public static func level(count: Int, maximum: Int) -> Int {
        guard count > 0 else { return 0 }
        if maximum <= 4 { return min(count, 4) }
        return max(1, min(4, (count * 4 + maximum - 1) / maximum))
    }

    public func svg() -> String {
        let f = SVGNumber.format
        let maximum = cells.map(\.count).max() ?? 0
        guard let first = cells.first else { return "" }
        let firstRow = weekday(first.date)
        let columns = (firstRow + cells.count + 6) / 7
        let width = Self.left + Double(columns) * Self.step + 4
        let gridBottom = Self.top + 7 * Self.step
        let height = gridBottom + 30
        var svg = "<svg class=\"heatmap\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(Escape.xml(title))\">"
        // Weekday labels on rows 1, 3 and 5.
        for row in [0, 2, 4] {
            let date = cells.first { weekday($0.date) == row }?.date ?? first.date
            let y = Self.top + Double(row) * Self.step + Self.cellSize - 1.5
            svg += "<text class=\"chart-label small\" x=\"\(f(Self.left - 5))\" y=\"\(f(y))\" text-anchor=\"end\">\(Escape.xml(l10n.shortWeekday(date)))</text>"
        }
        for (index, cell) in cells.enumerated() {
            let position = firstRow + index
            let column = position / 7
            let row = position % 7
            let x = Self.left + Double(column) * Self.step
            let y = Self.top + Double(row) * Self.step
            if cell.date.day == 1 {
                svg += "<text class=\"chart-label small\" x=\"\(f(x))\" y=\"\(f(Self.top - 7))\">\(Escape.xml(l10n.shortMonth(cell.date.month)))</text>"
            }
            let level = Self.level(count: cell.count, maximum: maximum)
            let rect = "<rect class=\"heat heat-\(level)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(Self.cellSize))\" height=\"\(f(Self.cellSize))\" rx=\"2\" data-count=\"\(cell.count)\"><title>\(Escape.xml("\(l10n.shortDate(cell.date)) · \(l10n.tracks(cell.count))"))</title></rect>"
            if let href = cell.href {
                svg += "<a href=\"\(Escape.xml(href))\">\(rect)</a>"
            } else {
                svg += rect
            }
        }
        // Legend: less ... more.
        var x = width - 4 - 5 * Self.step - 40
        let y = gridBottom + 10
        svg += "<text class=\"chart-label small\" x=\"\(f(x - 5))\" y=\"\(f(y + 9.5))\" text-anchor=\"end\">\(Escape.xml(l10n.string("less")))</text>"
        for level in 0...4 {
            svg += "<rect class=\"heat heat-\(level)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(Self.cellSize))\" height=\"\(f(Self.cellSize))\" rx=\"2\"><title>\(Escape.xml(legendText(level, maximum: maximum)))</title></rect>"
            x += Self.step
        }
        svg += "<text class=\"chart-label small\" x=\"\(f(x + 3))\" y=\"\(f(y + 9.5))\">\(Escape.xml(l10n.string("more")))</text>"
        svg += "</svg>"
        return svg
    }

    /// Row of a date: 0 for the first day of the week.
    private func weekday(_ date: CalendarDate) -> Int {
        date.weekdayOffset(weekStart: weekStart)
    }

    private func legendText(_ level: Int, maximum: Int) -> String {
        if level == 0 { return l10n.tracks(0) }
        if maximum <= 4 { return level == 4 ? "4+" : l10n.tracks(level) }
        let low = (level - 1) * maximum / 4 + 1
        let high = level * maximum / 4
        return low >= high ? l10n.tracks(high) : "\(low)–\(l10n.tracks(high))"
    }
}
