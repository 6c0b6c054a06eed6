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
        /// An empty slot after today (the build's date): drawn as not yet come, not as an empty day.
        public var isFuture: Bool
        /// The bar's height: every genre's plays.
        public var total: Int { counts.reduce(0, +) }

        public init(label: [String], name: String, counts: [Int], href: String?, isFuture: Bool = false) {
            self.label = label
            self.name = name
            self.counts = counts
            self.href = href
            self.isFuture = isFuture
        }
    }

    public var genres: [Genre]
    public var slots: [Slot]
    /// The accessible name of the chart.
    public var title: String
    public var l10n: Localization
    /// What the bars count: plays of the listening log, or songs logged (docs/content-format.md,
    /// "Statistics"); each segment's title says which.
    public var count: PeriodCount

    public init(genres: [Genre], slots: [Slot], title: String, l10n: Localization, count: PeriodCount = .songsLogged) {
        self.genres = genres
        self.slots = slots
        self.title = title
        self.l10n = l10n
        self.count = count
    }

    // Geometry, in viewBox units.
    static let width = 560.0
    static let plotTop = 12.0
    static let plotHeight = 200.0
    static let right = 6.0
    /// Label sizes in viewBox units: 12, and 18 where the theme scales a chart down to a phone's
    /// width (site.css). Margins are sized for the larger, so no label is ever clipped.
    static let labelSize = 12.0
    static let narrowLabelSize = 18.0

    /// The left margin: room for the widest y tick label at the larger size.
    static func left(top: Int) -> Double {
        max(28, (textWidth(DigitGrouping(separator: ",").format(top), size: narrowLabelSize) + 10).rounded(.up))
    }

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

    /// The height of the drawing: the plot and its x labels.
    public var height: Double {
        Self.plotTop + Self.plotHeight + 10 + 20 * Double(slots.map(\.label.count).max() ?? 1)
    }

    /// The chart as an `<svg>` element. `standalone`: for a file of its own (`EmbedFrame` adds
    /// the title, legend and colours): a width and height of its own, and x labels at one size.
    public func svg(standalone: Bool = false) -> String {
        let maxTotal = slots.map { $0.counts.reduce(0, +) }.max() ?? 0
        let (top, step) = Self.yScale(maximum: maxTotal)
        let left = Self.left(top: top)
        let plotWidth = Self.width - left - Self.right
        let slotWidth = plotWidth / Double(max(slots.count, 1))
        let barWidth = slotWidth * (slots.count <= 12 ? 0.62 : 0.72)
        let baseline = Self.plotTop + Self.plotHeight
        let labelLines = slots.map(\.label.count).max() ?? 1
        let height = self.height
        let f = SVGNumber.format

        var svg = "<svg"
        if standalone { svg += " width=\"\(f(Self.width))\" height=\"\(f(height))\"" }
        svg +=
            " class=\"chart\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" \(ChartRole.attributes(title: title, linked: slots.contains { $0.href != nil }))>"
        // Grid and y labels.
        var tick = 0
        while tick <= top {
            let y = baseline - Double(tick) / Double(top) * Self.plotHeight
            svg += "<line class=\"chart-grid\" x1=\"\(f(left))\" x2=\"\(f(Self.width - Self.right))\" y1=\"\(f(y))\" y2=\"\(f(y))\"/>"
            svg += "<text class=\"chart-label\" x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(Escape.xml(l10n.number(tick)))</text>"
            tick += step
        }
        // X labels sit under their slot, moved in where they would leave the chart at the larger
        // size (the smaller in a standalone file). Labels that would touch are thinned,
        // separately for each size: the page hides the other size's with CSS.
        let labelText = (0..<labelLines).map { line in slots.map { line < $0.label.count ? $0.label[line] : "" } }
        let clampSize = standalone ? Self.labelSize : Self.narrowLabelSize
        let labelX = labelText.map { texts in
            texts.indices.map { index in
                let half = Self.textWidth(texts[index], size: clampSize) / 2
                return min(max(left + (Double(index) + 0.5) * slotWidth, half), Self.width - half)
            }
        }
        let wide = labelText.indices.map { Self.shownLabels(labelText[$0], at: labelX[$0], size: Self.labelSize) }
        let narrow = labelText.indices.map { Self.shownLabels(labelText[$0], at: labelX[$0], size: Self.narrowLabelSize) }
        // Bars.
        for (index, slot) in slots.enumerated() {
            let x = left + Double(index) * slotWidth + (slotWidth - barWidth) / 2
            var bar = ""
            var y = baseline
            for (genreIndex, count) in slot.counts.enumerated() where count > 0 && genreIndex < genres.count {
                let genre = genres[genreIndex]
                let h = Double(count) / Double(top) * Self.plotHeight
                y -= h
                bar +=
                    "<rect class=\"\(Self.segmentClass(genre))\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"\(f(h))\" fill=\"\(genre.color)\" data-genre=\"\(Escape.xml(genre.name))\" data-count=\"\(count)\"><title>\(Escape.xml("\(slot.name) · \(genre.name) · \(self.count == .plays ? l10n.plays(count) : l10n.tracks(count))"))</title></rect>"
            }
            if slot.isFuture {
                // A faint band the slot's full width (neighbours merge into one) and a muted
                // label: a day not yet come, unlike an empty day.
                bar +=
                    "<rect class=\"chart-future\" x=\"\(f(left + Double(index) * slotWidth))\" y=\"\(f(Self.plotTop))\" width=\"\(f(slotWidth))\" height=\"\(f(Self.plotHeight))\"><title>\(Escape.xml("\(slot.name) · \(l10n.string(.notYet))"))</title></rect>"
            }
            if let href = slot.href, !bar.isEmpty {
                svg += "<a href=\"\(Escape.xml(href))\" class=\"chart-bar\">\(bar)</a>"
            } else {
                svg += "<g class=\"chart-bar\"\(slot.isFuture ? " data-future=\"true\"" : "")>\(bar)</g>"
            }
            for (line, text) in slot.label.enumerated() where !text.isEmpty {
                let inWide = wide[line].contains(index)
                let inNarrow = narrow[line].contains(index)
                guard standalone ? inWide : inWide || inNarrow else { continue }
                var classes = "chart-label"
                if slot.isFuture { classes += " future" }
                if !standalone && inWide != inNarrow { classes += inWide ? " wide-only" : " narrow-only" }
                svg +=
                    "<text class=\"\(classes)\" x=\"\(f(labelX[line][index]))\" y=\"\(f(baseline + 19 + 20 * Double(line)))\" text-anchor=\"middle\">\(Escape.xml(text))</text>"
            }
        }
        svg += "<line class=\"chart-axis\" x1=\"\(f(left))\" x2=\"\(f(Self.width - Self.right))\" y1=\"\(f(baseline))\" y2=\"\(f(baseline))\"/>"
        svg += "</svg>"
        return svg
    }

    /// Tracks with no genre are drawn translucent with a dashed outline, never as a genre.
    static func segmentClass(_ genre: Genre) -> String {
        genre.kind == .none ? "chart-seg chart-seg-none" : "chart-seg"
    }

    /// Which of a line of x labels (`""` for none), centred at `x`, to draw so that none touches
    /// its neighbour at `size`: all of them, or else every n-th, with n as small as keeps them apart.
    static func shownLabels(_ texts: [String], at x: [Double], size: Double, keepingLast: Bool = false) -> Set<Int> {
        let labelled = texts.indices.filter { !texts[$0].isEmpty }
        let gap = size / 3
        for every in 1...max(1, labelled.count) {
            // Counted from the last label when it is the one that must show (the newest decade).
            let kept = labelled.enumerated().filter { (keepingLast ? labelled.count - 1 - $0.offset : $0.offset) % every == 0 }.map(\.element)
            let apart = zip(kept, kept.dropFirst()).allSatisfy { a, b in
                x[b] - x[a] >= (textWidth(texts[a], size: size) + textWidth(texts[b], size: size)) / 2 + gap
            }
            if apart { return Set(kept) }
        }
        return Set(keepingLast ? labelled.suffix(1) : labelled.prefix(1))
    }

    /// Genres that have plays in this chart, in site-wide order.
    public var presentGenres: [Genre] {
        genres.enumerated().filter { index, _ in slots.contains { index < $0.counts.count && $0.counts[index] > 0 } }.map(\.element)
    }

    /// A generous estimate of a label's width at `size`: a full em and a little for CJK, 0.65 em
    /// otherwise (wider than the digits of common system fonts).
    static func textWidth(_ text: String, size: Double = 12) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 1.05 : 0.65) } * size
    }

    /// The chart's rules in a file of its own, for light and dark (`EmbedFrame` has the rest).
    static let standaloneStyle = """
        .chart-grid{stroke:#e4e0d8;stroke-width:1}.chart-axis{stroke:#8a8794;stroke-width:1}\
        .chart-label{fill:#55535c;font-size:12px}.chart-seg{stroke:#ffffff;stroke-width:1}\
        .chart-seg-none{fill-opacity:.35;stroke:#8a8794;stroke-dasharray:3 2}\
        .chart-future{fill:#e4e0d8;fill-opacity:.45}.chart-label.future{fill-opacity:.6;font-style:italic}\
        @media (prefers-color-scheme:dark){.chart-grid{stroke:#34343e}.chart-axis{stroke:#6d6b78}\
        .chart-label{fill:#a9a7b3}.chart-seg{stroke:#17171c}.chart-seg-none{stroke:#8a8794}.chart-future{fill:#34343e}}
        """
}
