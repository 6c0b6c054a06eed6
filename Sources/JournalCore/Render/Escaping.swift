/// Escaping for text placed in HTML, XML and SVG by Swift code (templates escape on their own).
public enum Escape {
    /// `text` with `& < > " '` as character references. Works on UTF-8 bytes: the five are
    /// ASCII, so they never occur inside a multi-byte character.
    /// Control characters (`ControlCharacters`), which XML forbids, become U+FFFD: Load refuses
    /// them, but a Markdown character reference such as `&#1;` still makes one.
    public static func xml(_ text: String) -> String {
        let text = ControlCharacters.replaced(in: text)
        guard text.utf8.contains(where: isSpecial) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
