/// Characters that no page, feed or chart may carry: XML 1.0 forbids them (one makes a whole
/// feed unreadable), HTML calls them parse errors, and a terminal acts on them (an escape
/// sequence in a message can clear the screen). They are C0 controls other than tab, line feed
/// and carriage return, DEL, C1 controls, and the Unicode noncharacters (U+FDD0-U+FDEF and the
/// last two code points of every plane, U+FFFE and U+FFFF among them).
public enum ControlCharacters {
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// Whether `text` holds a forbidden character, read straight off its UTF-8 bytes: this runs
    /// on every file and every escaped value, and most text has none.
    public static func contains(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte < 0x20 ? byte != 0x09 && byte != 0x0A && byte != 0x0D : byte == 0x7F { return true }
                    index += 1
                    continue
                }
                let next = index + 1 < count ? bytes[index + 1] : 0
                switch byte {
                case 0xC2 where next < 0xA0: return true  // U+0080-U+009F
                case 0xEF where next == 0xB7 || next == 0xBF:  // U+FDD0-U+FDEF, U+FFFE, U+FFFF
                    let third = index + 2 < count ? bytes[index + 2] : 0
                    if next == 0xB7 ? (0x90...0xAF).contains(third) : third >= 0xBE { return true }
                case 0xF0...0xF4 where next & 0x0F == 0x0F:  // U+xFFFE, U+xFFFF of planes 1-16
                    if index + 3 < count, bytes[index + 2] == 0xBF, bytes[index + 3] >= 0xBE { return true }
                default: break
                }
                index += byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            }
            return false
        }
    }

    /// The first forbidden character in `text`, with its 1-based line and column (in Unicode
    /// scalars), and how many there are in all.
    static func first(in text: String) -> (scalar: Unicode.Scalar, line: Int, column: Int, count: Int)? {
        guard contains(text) else { return nil }
        var found: (scalar: Unicode.Scalar, line: Int, column: Int, count: Int)?
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) {
                if found == nil { found = (scalar, line, column, 0) }
                found?.count += 1
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return found
    }

    /// `text` with every forbidden character replaced by U+FFFD, the replacement character.
    static func replaced(in text: String) -> String {
        guard contains(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// `text` with every forbidden character, and line breaks (U+2028 and U+2029 too, which
    /// editors and CI logs break lines at), written as `\u{1B}`: safe to print on one line.
    public static func escaped(_ text: String) -> String {
        let utf8 = text.utf8
        let hasSeparator = utf8.contains(0xE2) && (text.contains("\u{2028}") || text.contains("\u{2029}"))
        guard contains(text) || hasSeparator || utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) || scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `U+001B`, the way messages name a character.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
