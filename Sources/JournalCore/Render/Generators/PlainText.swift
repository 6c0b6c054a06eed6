/// The words of rendered HTML without its markup, for searching: tags dropped (block ends
/// become spaces), comments, scripts and styles skipped, character references decoded, white
/// space collapsed. Markup is ASCII, so this walks UTF-8 bytes and copies the rest through.
enum PlainText {
    static func of(html: String) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        func space() { pendingSpace = !out.isEmpty }
        // `prefix` is lowercase ASCII; markup is matched without case.
        func starts(_ prefix: String, at position: Int) -> Bool {
            var at = position
            for byte in prefix.utf8 {
                guard at < bytes.count else { return false }
                let value = bytes[at]
                guard (0x41...0x5A).contains(value) ? value | 0x20 == byte : value == byte else { return false }
                at += 1
            }
            return true
        }
        func skip(past end: String, from position: Int) -> Int {
            var at = position
            while at < bytes.count, !starts(end, at: at) { at += 1 }
            return min(bytes.count, at + end.utf8.count)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if starts("<!--", at: index) {
                    index = skip(past: "-->", from: index + 4)
                    space()
                    continue
                }
                for element in ["script", "style"] where starts("<" + element, at: index) {
                    index = skip(past: "</\(element)>", from: index)
                }
                if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
                    let end = skip(past: ">", from: index)
                    let name = bytes[index + 1..<end].prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || (0x30...0x39).contains($0) || $0 == 0x2F }
                    let element = String(decoding: name.filter { $0 != 0x2F }.map { $0 | 0x20 }, as: UTF8.self)
                    if !inline.contains(element) { space() }
                    index = end
                } else {
                    space()
                }
            case UInt8(ascii: "&"):
                if let (decoded, length) = reference(in: bytes, at: index) {
                    if decoded.properties.isWhitespace {
                        space()
                    } else {
                        if pendingSpace {
                            out.append(0x20)
                            pendingSpace = false
                        }
                        out.append(contentsOf: String(decoded).utf8)
                    }
                    index += length
                } else {
                    if pendingSpace {
                        out.append(0x20)
                        pendingSpace = false
                    }
                    out.append(byte)
                    index += 1
                }
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                space()
                index += 1
            default:
                // A run of plain text, copied at once.
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                var end = index + 1
                while end < bytes.count, !Self.special[Int(bytes[end])] { end += 1 }
                out.append(contentsOf: bytes[index..<end])
                index = end
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes that end a run of plain text: markup, references and white space.
    private static let special: [Bool] = (0...255).map { [0x3C, 0x26, 0x20, 0x09, 0x0A, 0x0D, 0x0C].contains($0) }

    /// Elements that sit inside a line of text: no space where they start or end.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "cite", "code", "del", "em", "i", "ins", "kbd", "mark",
        "q", "s", "small", "span", "strong", "sub", "sup", "u",
    ]

    private static let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    /// `&amp;`, `&#233;`, `&#xE9;` and the few named references Markdown output holds.
    private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        guard let end = bytes[start..<min(bytes.count, start + 12)].firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = String(decoding: bytes[start + 1..<end], as: UTF8.self)
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { ($0, length) }
        }
        return named[body].map { ($0, length) }
    }
}
