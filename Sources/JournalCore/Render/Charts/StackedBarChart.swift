/// A stacked bar chart as SVG (docs/content-format.md, "Statistics"): one slot per day (or month), segments stacked bottom to
/// top in the site-wide genre order, integer y ticks, thinned x labels, a `<title>` on every
/// segment and each bar linked to its page. Drawn by our own code, no JavaScript.
public struct StackedBarChart: Sendable {
    public struct Slot: Sendable {
        /// The x label, one or two short lines (`["M", "17"]`); empty when thinned.
        public var label: [String]
        /// How the slot is named in segment titles: `21 Nov 2026`, `November 2026`.
        public var name: String
        /// Plays by chart genre.
        public var counts: [Int]
        /// Where the bar links to; nil for an empty slot.
        public var href: String?
        /// The bar's height: every genre's plays.
        public var total: Int { counts.reduce(0, +) }

        public init(label: [String], name: String, counts: [Int], href: String?) {
            self.label = label
            self.name = name
            self.counts = counts
            self.href = href
        }
    }

    public var genres: [Genre]
    public var slots: [Slot]
    /// The accessible name of the chart.
    public var title: String
    public var l10n: Localization

    public init(genres: [Genre], slots: [Slot], title: String, l10n: Localization) {
        self.genres = genres
        self.slots = slots
        self.title = title
        self.l10n = l10n
    }

    // Geometry, in viewBox units.
    static let width = 560.0
    static let plotTop = 12.0
    static let plotHeight = 200.0
    static let left = 34.0
    static let right = 6.0

    /// The maximum of the y axis and the step between ticks: whole numbers, at most 6 ticks.
    public static func yScale(maximum: Int) -> (top: Int, step: Int) {
        let candidates = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000]
        let maximum = max(maximum, 1)
        var step = candidates.last ?? 10000
        for candidate in candidates where (maximum + candidate - 1) / candidate <= 5 {
            step = candidate
            break
        }
        while (maximum + step - 1) / step > 5 { step *= 10 }
        return ((maximum + step - 1) / step * step, step)
    }

    /// The chart as an `<svg>` element. `standalone` adds the XML namespace, its own styles for
    /// light and dark, a background and a legend, so the file reads on its own.
    public func svg(standalone: Bool = false) -> String {
        let maxTotal = slots.map { $0.counts.reduce(0, +) }.max() ?? 0
        let (top, step) = Self.yScale(maximum: maxTotal)
        let plotWidth = Self.width - Self.left - Self.right
        let slotWidth = plotWidth / Double(max(slots.count, 1))
        let barWidth = slotWidth * (slots.count <= 12 ? 0.62 : 0.72)
        let baseline = Self.plotTop + Self.plotHeight
        let labelLines = slots.map(\.label.count).max() ?? 1
        let axisHeight = 10.0 + 20.0 * Double(labelLines)
        let legendRows = standalone ? legendLayout() : []
        let legendHeight = legendRows.isEmpty ? 0 : 10.0 + 20.0 * Double(legendRows.count)
        let height = baseline + axisHeight + legendHeight
        let f = SVGNumber.format

        var svg = "<svg"
        if standalone { svg += " xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(Self.width))\" height=\"\(f(height))\"" }
        svg += " class=\"chart\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" role=\"img\" aria-label=\"\(Escape.xml(title))\">"
        if standalone {
            svg += "<title>\(Escape.xml(title))</title><style>\(Self.standaloneStyle)</style>"
            svg += "<rect class=\"chart-bg\" width=\"100%\" height=\"100%\"/>"
        }
        // Grid and y labels.
        var tick = 0
        while tick <= top {
            let y = baseline - Double(tick) / Double(top) * Self.plotHeight
            svg += "<line class=\"chart-grid\" x1=\"\(f(Self.left))\" x2=\"\(f(Self.width - Self.right))\" y1=\"\(f(y))\" y2=\"\(f(y))\"/>"
            svg += "<text class=\"chart-label\" x=\"\(f(Self.left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(tick)</text>"
            tick += step
        }
        // Bars.
        for (index, slot) in slots.enumerated() {
            let x = Self.left + Double(index) * slotWidth + (slotWidth - barWidth) / 2
            var bar = ""
            var y = baseline
            for (genreIndex, count) in slot.counts.enumerated() where count > 0 && genreIndex < genres.count {
                let genre = genres[genreIndex]
                let h = Double(count) / Double(top) * Self.plotHeight
                y -= h
                bar += "<rect class=\"\(Self.segmentClass(genre))\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(h))\" fill=\"\(genre.color)\" data-genre=\"\(Escape.xml(genre.name))\" data-count=\"\(count)\"><title>\(Escape.xml("\(slot.name) · \(genre.name) · \(l10n.tracks(count))"))</title></rect>"
            }
            if let href = slot.href, !bar.isEmpty {
                svg += "<a href=\"\(Escape.xml(href))\" class=\"chart-bar\">\(bar)</a>"
            } else {
                svg += "<g class=\"chart-bar\">\(bar)</g>"
            }
            // X label, centred under the slot.
            let cx = Self.left + (Double(index) + 0.5) * slotWidth
            for (line, text) in slot.label.enumerated() where !text.isEmpty {
                svg += "<text class=\"chart-label\" x=\"\(f(cx))\" y=\"\(f(baseline + 19 + 20 * Double(line)))\" text-anchor=\"middle\">\(Escape.xml(text))</text>"
            }
        }
        svg += "<line class=\"chart-axis\" x1=\"\(f(Self.left))\" x2=\"\(f(Self.width - Self.right))\" y1=\"\(f(baseline))\" y2=\"\(f(baseline))\"/>"
        // Legend (standalone only; pages show an HTML legend beside the chart).
        for (row, items) in legendRows.enumerated() {
            let y = baseline + axisHeight + 10 + 20 * Double(row)
            for item in items {
                svg += "<rect class=\"\(Self.segmentClass(item.genre))\" x=\"\(f(item.x))\" y=\"\(f(y))\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(item.genre.color)\"/>"
                svg += "<text class=\"chart-legend\" x=\"\(f(item.x + 17))\" y=\"\(f(y + 10.5))\">\(Escape.xml(item.genre.name))</text>"
            }
        }
        svg += "</svg>"
        return svg
    }

    /// Tracks with no genre are drawn translucent with a dashed outline, never as a genre.
    static func segmentClass(_ genre: Genre) -> String {
        genre.kind == .none ? "chart-seg chart-seg-none" : "chart-seg"
    }

    /// Genres that have plays in this chart, in site-wide order.
    public var presentGenres: [Genre] {
        genres.enumerated().filter { index, _ in slots.contains { index < $0.counts.count && $0.counts[index] > 0 } }.map(\.element)
    }

    private func legendLayout() -> [[(x: Double, genre: Genre)]] {
        var rows: [[(x: Double, genre: Genre)]] = []
        var row: [(x: Double, genre: Genre)] = []
        var x = Self.left
        for genre in presentGenres {
            let width = 17 + Self.textWidth(genre.name) + 16
            if x + width > Self.width - Self.right, !row.isEmpty {
                rows.append(row)
                row = []
                x = Self.left
            }
            row.append((x, genre))
            x += width
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// A generous estimate of a label's width at 12 px: wide for CJK, narrow otherwise.
    static func textWidth(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 12.5 : 7.2) }
    }

    static let standaloneStyle = """
    .chart-bg{fill:#ffffff}.chart-grid{stroke:#e4e0d8;stroke-width:1}.chart-axis{stroke:#8a8794;stroke-width:1}\
    .chart-label,.chart-legend{fill:#55535c;font:12px system-ui,-apple-system,'Segoe UI',sans-serif}\
    .chart-legend{fill:#1d1d22}.chart-seg{stroke:#ffffff;stroke-width:1}\
    .chart-seg-none{fill-opacity:.35;stroke:#8a8794;stroke-dasharray:3 2}\
    @media (prefers-color-scheme:dark){.chart-bg{fill:#17171c}.chart-grid{stroke:#34343e}.chart-axis{stroke:#6d6b78}\
    .chart-label{fill:#a9a7b3}.chart-legend{fill:#ecebf0}.chart-seg{stroke:#17171c}.chart-seg-none{stroke:#8a8794}}
    """
}
