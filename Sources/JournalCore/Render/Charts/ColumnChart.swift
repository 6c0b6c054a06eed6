/// A plain column chart of one series (plays by weekday, by release year): a column per
/// bucket, its value above it, labels below, thinned so none touch (the last one always kept),
/// one column marked as the highest. Inline SVG styled by the site's stylesheet; a `<title>` on every column.
public struct ColumnChart: Sendable {
    public struct Column: Sendable {
        public var label: String
        /// For the column's title: `Monday · 12 tracks`.
        public var name: String
        public var value: Int
        /// Drawn in the accent colour.
        public var isMarked = false
    }

    public var columns: [Column]
    /// The accessible name.
    public var title: String
    public var l10n: Localization
    /// What the values count: plays, or songs logged (said as tracks).
    public var count: PeriodCount = .songsLogged

    static let width = 520.0
    static let plotTop = 22.0
    static let plotHeight = 140.0

    public func svg() -> String {
        let f = SVGNumber.format
        let slot = (ColumnChart.width - 16) / Double(max(columns.count, 1))
        let barWidth = slot * (columns.count > 12 ? 0.8 : 0.62)
        let baseline = Self.plotTop + Self.plotHeight
        let height = baseline + 30
        let highest = max(columns.map(\.value).max() ?? 0, 1)
        let centres = columns.indices.map { 8 + Double($0) * slot + slot / 2 }
        // Thinned for the size labels have on a phone (site.css), the largest they are drawn at,
        // counting from the last column, so the newest (this decade, Sunday) is always named.
        let shown = StackedBarChart.shownLabels(columns.map(\.label), at: centres, size: 18, keepingLast: true)
        // Values above the columns only where they fit.
        let valuesFit = slot >= 34
        var svg = "<svg class=\"chart column-chart\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" role=\"img\" aria-label=\"\(Escape.xml(title))\">"
        for (index, column) in columns.enumerated() {
            let h = column.value == 0 ? 0 : max(2, Self.plotHeight * Double(column.value) / Double(highest))
            let x = centres[index] - barWidth / 2
            let y = baseline - h
            let label = "\(column.name) · \(count == .plays ? l10n.plays(column.value) : l10n.tracks(column.value))"
            svg += "<g class=\"column\(column.isMarked ? " column-marked" : "")\"><title>\(Escape.xml(label))</title>"
            svg +=
                "<rect class=\"column-slot\" x=\"\(f(centres[index] - slot / 2))\" y=\"\(f(Self.plotTop))\" width=\"\(f(slot))\" height=\"\(f(Self.plotHeight))\"/>"
            if h > 0 { svg += "<rect class=\"column-bar\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(h))\" rx=\"3\"/>" }
            if valuesFit && column.value > 0 {
                svg +=
                    "<text class=\"chart-label column-value\" x=\"\(f(centres[index]))\" y=\"\(f(y - 6))\" text-anchor=\"middle\">\(Escape.xml(l10n.number(column.value)))</text>"
            }
            svg += "</g>"
            if shown.contains(index) {
                svg +=
                    "<text class=\"chart-label\" x=\"\(f(centres[index]))\" y=\"\(f(baseline + 20))\" text-anchor=\"middle\">\(Escape.xml(column.label))</text>"
            }
        }
        svg += "<line class=\"chart-axis\" x1=\"8\" x2=\"\(f(Self.width - 8))\" y1=\"\(f(baseline))\" y2=\"\(f(baseline))\"/>"
        svg += "</svg>"
        return svg
    }
}
