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
/// when nothing in it can be focused; when its marks are links, the `<svg>`'s own role (a
/// graphics document, named by its label), so the links stay reachable and are not inside an
/// image (axe-core's `nested-interactive`; the W3C checker takes no other role on `<svg>`).
enum ChartRole {
    static func attributes(title: String, linked: Bool) -> String {
        (linked ? "" : "role=\"img\" ") + "aria-label=\"\(Escape.xml(title))\""
    }
}
