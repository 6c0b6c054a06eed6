/// A month as an SVG calendar, for a file of its own (`calendar.svg`): weekday headers from the
/// week's first day, a cell per day, blank cells outside the month. A logged day is filled with
/// its first track's genre colour (as charts draw it) and shows its number of tracks, with a
/// `<title>` and a link to its page. No artwork: an embedded SVG cannot load pictures from elsewhere.
public struct MonthCalendar: Sendable {
    public struct Cell: Sendable {
        /// Day of the month; nil for a blank cell before the 1st or after the last day.
        public var day: Int?
        /// Tracks logged; 0 for a day with none.
        public var count: Int
        /// The colour of a logged day and what it stands for.
        public var color: String?
        public var kind: Genre.Kind
        public var href: String?
        /// What the day is, for its `<title>`: `Saturday, 21 November 2026 · 2 tracks · K-Pop`.
        public var name: String
        /// An empty day after today (the build's date).
        public var isFuture: Bool

        public init(
            day: Int?, count: Int = 0, color: String? = nil, kind: Genre.Kind = .genre, href: String? = nil,
            name: String = "", isFuture: Bool = false
        ) {
            self.day = day
            self.count = count
            self.color = color
            self.kind = kind
            self.href = href
            self.name = name
            self.isFuture = isFuture
        }

        public static let blank = Cell(day: nil)
    }

    /// Seven short weekday names, from the week's first day.
    public var headers: [String]
    /// Whole weeks of seven cells, in order.
    public var cells: [Cell]
    public var title: String

    public init(headers: [String], cells: [Cell], title: String) {
        self.headers = headers
        self.cells = cells
        self.title = title
    }

    // Geometry, in viewBox units.
    static let cell = 56.0
    static let gap = 6.0
    static let headerHeight = 22.0

    var rows: Int { (cells.count + 6) / 7 }
    public var width: Double { 7 * Self.cell + 6 * Self.gap }
    public var height: Double { Self.headerHeight + Double(rows) * (Self.cell + Self.gap) - Self.gap }

    public func svg() -> String {
        let f = SVGNumber.format
        let step = Self.cell + Self.gap
        var svg =
            "<svg class=\"calendar\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" \(ChartRole.attributes(title: title, linked: cells.contains { $0.day != nil && $0.href != nil }))>"
        for (column, header) in headers.prefix(7).enumerated() {
            svg += "<text class=\"cal-head\" x=\"\(f(Double(column) * step + Self.cell / 2))\" y=\"14\" text-anchor=\"middle\">\(Escape.xml(header))</text>"
        }
        for (index, cell) in cells.enumerated() {
            guard let day = cell.day else { continue }
            let x = Double(index % 7) * step
            let y = Self.headerHeight + Double(index / 7) * step
            var mark = ""
            if let color = cell.color, cell.count > 0 {
                let kind = cell.kind == .none ? " chart-seg-none" : ""
                mark +=
                    "<rect class=\"cal-day cal-logged\(kind)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(Self.cell))\" height=\"\(f(Self.cell))\" rx=\"8\" fill=\"\(Escape.xml(color))\"/>"
                mark += "<text class=\"cal-number cal-on-colour\" x=\"\(f(x + 6))\" y=\"\(f(y + 15))\">\(day)</text>"
                let badge = String(cell.count)
                let badgeWidth = max(18, StackedBarChart.textWidth(badge, size: 12) + 8)
                mark +=
                    "<rect class=\"cal-badge\" x=\"\(f(x + Self.cell - 4 - badgeWidth))\" y=\"\(f(y + Self.cell - 22))\" width=\"\(f(badgeWidth))\" height=\"18\" rx=\"9\"/>"
                mark +=
                    "<text class=\"cal-count\" x=\"\(f(x + Self.cell - 4 - badgeWidth / 2))\" y=\"\(f(y + Self.cell - 9))\" text-anchor=\"middle\">\(badge)</text>"
            } else {
                let kind = cell.isFuture ? "cal-day cal-future" : "cal-day cal-empty"
                mark += "<rect class=\"\(kind)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(Self.cell))\" height=\"\(f(Self.cell))\" rx=\"8\"/>"
                mark += "<text class=\"cal-number\" x=\"\(f(x + 6))\" y=\"\(f(y + 15))\">\(day)</text>"
            }
            if !cell.name.isEmpty { mark += "<title>\(Escape.xml(cell.name))</title>" }
            if let href = cell.href {
                svg += "<a href=\"\(Escape.xml(href))\">\(mark)</a>"
            } else {
                svg += "<g>\(mark)</g>"
            }
        }
        svg += "</svg>"
        return svg
    }

    /// The calendar's rules in a file of its own, for light and dark.
    static let standaloneStyle = """
        .cal-head{fill:#55535c;font-size:12px;font-weight:600}.cal-number{fill:#55535c;font-size:13px}\
        .cal-empty{fill:#efece5}.cal-future{fill:none;stroke:#55535c;stroke-opacity:.45;stroke-dasharray:3 2}\
        .cal-logged{stroke:#1d1d22;stroke-opacity:.2;stroke-width:1}\
        .cal-logged.chart-seg-none{fill-opacity:.35;stroke:#8a8794;stroke-opacity:1;stroke-dasharray:3 2}\
        .cal-on-colour{fill:#ffffff;font-weight:700;stroke:#000000;stroke-opacity:.55;stroke-width:2.5px;paint-order:stroke;stroke-linejoin:round}\
        .cal-badge{fill:#000000;fill-opacity:.62}.cal-count{fill:#ffffff;font-size:12px;font-weight:700}\
        @media (prefers-color-scheme:dark){.cal-head,.cal-number{fill:#a9a7b3}.cal-empty{fill:#2a2a33}\
        .cal-future{stroke:#a9a7b3}.cal-logged{stroke:#ecebf0}.cal-on-colour{fill:#ffffff}}
        """
}
