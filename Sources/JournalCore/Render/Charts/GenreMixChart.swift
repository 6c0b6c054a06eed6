/// How a year's genre mix shifted: a column per month, each 100% tall, split by the month's
/// share of each chart genre (docs/content-format.md, "Year in review"). Inline SVG for the
/// year in review, styled by the site's stylesheet like the stacked bar chart; a `<title>` on
/// every segment (`March 2026 · K-Pop · 40% · 12 tracks`), each column linked to its month.
public struct GenreMixChart: Sendable {
    public struct Month: Sendable {
        /// `Mar`.
        public var label: String
        /// `March 2026`, for titles.
        public var name: String
        /// Plays by chart genre; all zero for a month without plays.
        public var counts: [Int]
        public var href: String?
    }

    /// The chart genres, bottom to top, named in the site's language.
    public var genres: [Genre]
    public var months: [Month]
    /// The accessible name.
    public var title: String
    public var l10n: Localization

    static let width = 520.0
    static let plotTop = 8.0
    static let plotHeight = 200.0
    static let left = 8.0
    static let right = 8.0

    public func svg() -> String {
        let f = SVGNumber.format
        let slot = (Self.width - Self.left - Self.right) / Double(max(months.count, 1))
        let barWidth = slot * 0.78
        let baseline = Self.plotTop + Self.plotHeight
        let height = baseline + 30
        let centres = months.indices.map { Self.left + Double($0) * slot + slot / 2 }
        let shown = StackedBarChart.shownLabels(months.map(\.label), at: centres, size: 18)
        var svg =
            "<svg class=\"chart mix-chart\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" \(ChartRole.attributes(title: title, linked: months.contains { $0.href != nil }))>"
        for (index, month) in months.enumerated() {
            let x = Self.left + Double(index) * slot + (slot - barWidth) / 2
            let total = month.counts.reduce(0, +)
            var bar = ""
            if total == 0 {
                bar =
                    "<rect class=\"chart-future\" x=\"\(f(x))\" y=\"\(f(Self.plotTop))\" width=\"\(f(barWidth))\" height=\"\(f(Self.plotHeight))\"><title>\(Escape.xml("\(month.name) · \(l10n.tracks(0))"))</title></rect>"
            } else {
                var y = baseline
                for (genre, count) in zip(genres, month.counts) where count > 0 {
                    let h = Self.plotHeight * Double(count) / Double(total)
                    y -= h
                    let label = "\(month.name) · \(genre.name) · \(Share.percent(count, of: total)) · \(l10n.tracks(count))"
                    bar +=
                        "<rect class=\"\(StackedBarChart.segmentClass(genre))\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(h))\" fill=\"\(genre.color)\"><title>\(Escape.xml(label))</title></rect>"
                }
            }
            if let href = month.href {
                svg += "<a href=\"\(Escape.xml(href))\" class=\"chart-bar\">\(bar)</a>"
            } else {
                svg += "<g class=\"chart-bar\">\(bar)</g>"
            }
            guard shown.contains(index) else { continue }
            svg += "<text class=\"chart-label\" x=\"\(f(x + barWidth / 2))\" y=\"\(f(baseline + 20))\" text-anchor=\"middle\">\(Escape.xml(month.label))</text>"
        }
        svg += "</svg>"
        return svg
    }
}
