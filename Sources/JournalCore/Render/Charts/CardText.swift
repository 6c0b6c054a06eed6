/// Text widths as Noto Sans draws them, estimated generously (SVG text is laid out by librsvg,
/// after the layout is decided), so text cut to a width never overflows it.
enum CardText {
    static func width(_ text: String, size: Double, weight: Int = 400) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20: ems += 0.27
            case 0x30...0x39: ems += 0.58
            case 0x41...0x5A: ems += 0.68
            case 0x69, 0x6A, 0x6C, 0x2E, 0x2C, 0x3A, 0x27, 0x7C: ems += 0.3
            case 0x6D, 0x77: ems += 0.88
            case 0x21...0x7E: ems += 0.56
            case 0x1100...: ems += 1.0
            default: ems += 0.62
            }
        }
        return ems * size * (weight >= 600 ? 1.07 : 1.0)
    }

    /// `text`, cut at a character boundary with `…` so it fits `maxWidth`.
    static func truncated(_ text: String, size: Double, weight: Int = 400, maxWidth: Double) -> String {
        guard width(text, size: size, weight: weight) > maxWidth else { return text }
        let room = maxWidth - width("…", size: size, weight: weight)
        var kept = ""
        var used = 0.0
        for character in text {
            let next = width(String(character), size: size, weight: weight)
            if used + next > room { break }
            kept.append(character)
            used += next
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept.isEmpty ? "" : kept + "…"
    }
}
