/// JSON as the site and the command line write it, by hand: one escaping rule for every string.
public enum JSONText {
    /// A JSON string literal, on one line: quotes, backslashes, line breaks and control
    /// characters escaped, and `<` too, so it never closes a script element wherever it ends up;
    /// U+2028 and U+2029 as well, which JavaScript once read as line ends.
    public static func quoted(_ text: String) -> String {
        // Byte by byte over UTF-8: what must be escaped is ASCII, C1 controls (C2 80–C2 9F) and
        // U+2028/U+2029 (E2 80 A8/A9); every other byte is copied as it is.
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(text.utf8.count + 2)
        func escape(_ value: UInt32) {
            let hex = String(value, radix: 16)
            bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x3C: escape(0x3C)
            case 0x00..<0x20, 0x7F: escape(UInt32(byte))
            case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                escape(UInt32(utf8[index + 1]))
                index += 1
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 2
            default: bytes.append(byte)
            }
            index += 1
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
    }
}
