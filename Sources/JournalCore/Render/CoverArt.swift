/// A generated cover for a track without artwork: the genre's colour and the title's initials,
/// drawn by the theme's CSS (`.cover.placeholder`) so each one costs a line of HTML, not an SVG.
public enum CoverArt {
    public static func placeholder(title: String, artist: String, color: String) -> String {
        let label = Escape.xml(artist.isEmpty ? title : "\(title) · \(artist)")
        let initials = self.initials(of: title)
        // One letter or syllable is drawn larger than two.
        let size = initials.count > 1 ? "" : " class=\"single\""
        return
            "<span class=\"cover placeholder\" role=\"img\" aria-label=\"\(label)\" style=\"--cover: \(color)\"><span\(size) aria-hidden=\"true\">\(Escape.xml(initials))</span></span>"
    }

    /// Up to two initials of the first words; one character for CJK titles, whose syllables
    /// are words already. `♪` when the title has no letters.
    public static func initials(of title: String) -> String {
        var result = ""
        for word in title.split(whereSeparator: { $0.isWhitespace }) {
            guard let first = word.first(where: { $0.isLetter || $0.isNumber }) else { continue }
            if first.unicodeScalars.first.map(isWide) == true { return result.isEmpty ? String(first) : result }
            result += String(first).uppercased()
            if result.count == 2 { break }
        }
        return result.isEmpty ? "♪" : result
    }

    /// Hangul, kana and CJK ideographs: one is a word's worth, and drawn larger.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF:
            return true
        default:
            return false
        }
    }
}
