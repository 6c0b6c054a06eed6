/// A generated cover for a track without artwork: the genre's colour and the title's initials,
/// as inline SVG.
public enum CoverArt {
    public static func placeholder(title: String, artist: String, color: String) -> String {
        let label = Escape.xml("\(title) · \(artist)")
        let initials = Escape.xml(self.initials(of: title))
        let fontSize = initials.count > 1 ? 34 : 42
        return """
        <svg class="cover placeholder" viewBox="0 0 100 100" role="img" aria-label="\(label)"><rect width="100" height="100" fill="\(color)"/><circle cx="82" cy="18" r="46" fill="#fff" fill-opacity=".12"/><circle cx="14" cy="96" r="30" fill="#000" fill-opacity=".10"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-weight="700" font-size="\(fontSize)" fill="#fff">\(initials)</text></svg>
        """
    }

    /// Up to two initials of the first words; one character for CJK titles, whose syllables
    /// are words already. `♪` when the title has no letters.
    public static func initials(of title: String) -> String {
        var result = ""
        for word in title.split(whereSeparator: { $0.isWhitespace }) {
            guard let first = word.first(where: { $0.isLetter || $0.isNumber }) else { continue }
            if isWide(first) { return result.isEmpty ? String(first) : result }
            result += String(first).uppercased()
            if result.count == 2 { break }
        }
        return result.isEmpty ? "♪" : result
    }

    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF:
            return true
        default:
            return false
        }
    }
}
