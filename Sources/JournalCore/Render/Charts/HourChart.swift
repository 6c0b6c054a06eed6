/// Plays by hour of the day (docs/content-format.md, "The listening log"): 24 columns, midnight
/// to midnight in the journal's time zone, the busiest hour in the accent colour, ticks every six
/// hours at the hours' edges. Inline SVG styled by the site's stylesheet (the column chart's
/// classes, so light and dark follow the theme); a `<title>` on every column.
public struct HourChart: Sendable {
    /// Plays that started in each hour, 0 to 23; any other count draws an empty chart.
    public var hours: [Int]
    /// The accessible name.
    public var title: String
    public var l10n: Localization

    static let width = 520.0
    static let margin = 24.0
    static let plotTop = 12.0
    static let plotHeight = 120.0

    /// `14:00–15:00`, the span of hour `hour`.
    public static func span(_ hour: Int) -> String {
        "\(clock(hour))–\(clock(hour + 1))"
    }

    /// `06:00`, the start of hour `hour` (24 is the day's end).
    static func clock(_ hour: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):00"
    }

    public func svg() -> String {
        let f = SVGNumber.format
        let counts = hours.count == 24 ? hours : Array(repeating: 0, count: 24)
        let slot = (Self.width - 2 * Self.margin) / 24
        let barWidth = slot * 0.74
        let baseline = Self.plotTop + Self.plotHeight
        let height = baseline + 30
        let highest = counts.max() ?? 0
        var svg =
            "<svg class=\"chart column-chart hour-chart\" viewBox=\"0 0 \(f(Self.width)) \(f(height))\" \(ChartRole.attributes(title: title, linked: false))>"
        for (hour, count) in counts.enumerated() {
            let left = Self.margin + Double(hour) * slot
            let h = count == 0 || highest == 0 ? 0 : max(2, Self.plotHeight * Double(count) / Double(highest))
            let marked = count > 0 && count == highest
            svg += "<g class=\"column\(marked ? " column-marked" : "")\"><title>\(Escape.xml("\(Self.span(hour)) · \(l10n.plays(count))"))</title>"
            svg += "<rect class=\"column-slot\" x=\"\(f(left))\" y=\"\(f(Self.plotTop))\" width=\"\(f(slot))\" height=\"\(f(Self.plotHeight))\"/>"
            if h > 0 {
                svg +=
                    "<rect class=\"column-bar\" x=\"\(f(left + (slot - barWidth) / 2))\" y=\"\(f(baseline - h))\" width=\"\(f(barWidth))\" height=\"\(f(h))\" rx=\"2\"/>"
            }
            svg += "</g>"
        }
        svg += "<line class=\"chart-axis\" x1=\"\(f(Self.margin))\" x2=\"\(f(Self.width - Self.margin))\" y1=\"\(f(baseline))\" y2=\"\(f(baseline))\"/>"
        for hour in stride(from: 0, through: 24, by: 6) {
            let x = Self.margin + Double(hour) * slot
            svg += "<line class=\"chart-axis\" x1=\"\(f(x))\" x2=\"\(f(x))\" y1=\"\(f(baseline))\" y2=\"\(f(baseline + 5))\"/>"
            svg += "<text class=\"chart-label\" x=\"\(f(x))\" y=\"\(f(baseline + 22))\" text-anchor=\"middle\">\(Self.clock(hour))</text>"
        }
        svg += "</svg>"
        return svg
    }
}
