/// Coordinates printed with at most two decimals, the same on every machine.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The accessible role of a chart's `<svg>`: a picture (`role="img"`, its marks presentational)
/// when nothing in it can be focused, and a labelled group when its marks are links, so the
/// links stay reachable and are not inside an image (axe-core's `nested-interactive`).
enum ChartRole {
    static func attributes(title: String, linked: Bool) -> String {
        "role=\"\(linked ? "group" : "img")\" aria-label=\"\(Escape.xml(title))\""
    }
}
