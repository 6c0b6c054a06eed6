/// A strict JSON reader (RFC 8259) over UTF-8 bytes, one value at a time, for exports of hundreds
/// of megabytes: nothing is built but what the caller takes (a string's text, a number's digits),
/// so half a million plays are read without a tree of them all. Whatever RFC 8259 refuses (a
/// trailing comma, a leading zero, a control character inside a string, a lone surrogate, `NaN`,
/// text after the value) is a `SyntaxError` at its byte. Arrays and objects nest at most
/// `maxDepth` deep, and are read through without recursion.
struct JSONReader {
    /// What is wrong, at a byte of the text (0-based; the end of the text when it stops short).
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var reason: String
    }

    /// A value read. A string or number is its place in the bytes, read on demand (`text`,
    /// `number`); an array or object is read through, checked, and skipped.
    enum Value: Equatable {
        case null
        case bool(Bool)
        /// The number's characters.
        case number(Range<Int>)
        /// The characters between the quotes; `escaped` when they hold a backslash escape.
        case string(Range<Int>, escaped: Bool)
        case array
        case object
    }

    static let maxDepth = 512

    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// The byte at `offset`, or 0 past the end (0 is never valid where a byte is looked at).
    private func peek() -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    private func failure(_ reason: String, at place: Int? = nil) -> SyntaxError {
        SyntaxError(offset: min(place ?? offset, bytes.count), reason: offset >= bytes.count && place == nil ? "the text ends too soon" : reason)
    }

    mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Where the next value starts, past any space.
    mutating func nextStart() -> Int {
        skipSpace()
        return offset
    }

    /// Enters an array when the next value is one: true, past its `[`; false, with nothing read.
    mutating func enterArray() -> Bool {
        skipSpace()
        guard peek() == UInt8(ascii: "[") else { return false }
        offset += 1
        return true
    }

    /// Enters an object when the next value is one: true, past its `{`; false, with nothing read.
    mutating func enterObject() -> Bool {
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { return false }
        offset += 1
        return true
    }

    /// Whether an array entered has another element (`first` for the first call): false past its `]`.
    mutating func nextElement(first: Bool) throws(SyntaxError) -> Bool {
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return false
        }
        if !first {
            guard peek() == UInt8(ascii: ",") else { throw failure("expected ',' or ']' after an element of an array") }
            offset += 1
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw failure("a comma before ']' (a trailing comma)") }
        }
        return true
    }

    /// The next key of an object entered (`first` for the first call), past its `:`; nil past the
    /// object's `}`.
    mutating func nextKey(first: Bool) throws(SyntaxError) -> (range: Range<Int>, escaped: Bool)? {
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return nil
        }
        if !first {
            guard peek() == UInt8(ascii: ",") else { throw failure("expected ',' or '}' after a member of an object") }
            offset += 1
            skipSpace()
            if peek() == UInt8(ascii: "}") { throw failure("a comma before '}' (a trailing comma)") }
        }
        guard peek() == Self.quote else { throw failure("expected a key in double quotes") }
        let key = try string()
        skipSpace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
        offset += 1
        return key
    }

    /// Nothing but space is left.
    mutating func end() throws(SyntaxError) {
        skipSpace()
        guard offset == bytes.count else { throw failure("more text after the JSON value") }
    }

    /// The next value; an array or object is read through to its end.
    mutating func value() throws(SyntaxError) -> Value {
        skipSpace()
        switch peek() {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let kind: Value = peek() == UInt8(ascii: "[") ? .array : .object
            try skipContainer()
            return kind
        default:
            return try scalar()
        }
    }

    /// A string, number, `true`, `false` or `null` at `offset`.
    private mutating func scalar() throws(SyntaxError) -> Value {
        switch peek() {
        case Self.quote:
            let (range, escaped) = try string()
            return .string(range, escaped: escaped)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            throw failure("expected a value (a string, number, object, array, true, false or null)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let start = offset
        let count = word.utf8CodeUnitCount
        guard count <= bytes.count - offset else { throw failure("expected a value", at: start) }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
            throw failure("expected a value", at: start)
        }
        offset += count
    }

    /// A string at its `"`: the characters between the quotes, and whether any is escaped.
    private mutating func string() throws(SyntaxError) -> (Range<Int>, escaped: Bool) {
        let opening = offset
        offset += 1
        let start = offset
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == Self.quote {
                offset += 1
                return (start..<offset - 1, escaped)
            }
            if byte == Self.backslash {
                escaped = true
                try escape()
                continue
            }
            if byte < 0x20 { throw failure("a control character inside a string (JSON writes it as \\u00XX)") }
            offset += 1
        }
        throw failure("a string that is never closed", at: opening)
    }

    /// A backslash escape at its `\`.
    private mutating func escape() throws(SyntaxError) {
        let start = offset
        offset += 1
        switch peek() {
        case Self.quote, Self.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 1
        case UInt8(ascii: "u"):
            offset += 1
            guard let unit = Self.hex(bytes, at: offset) else { throw failure("\\u is followed by four hexadecimal digits", at: start) }
            offset += 4
            if (0xDC00...0xDFFF).contains(unit) { throw failure("a \\u escape that is the second half of a pair alone", at: start) }
            if (0xD800...0xDBFF).contains(unit) {
                guard peek() == Self.backslash, offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u"),
                    let low = Self.hex(bytes, at: offset + 2), (0xDC00...0xDFFF).contains(low)
                else { throw failure("a \\u escape that is the first half of a pair alone", at: start) }
                offset += 6
            }
        default:
            throw failure("an unknown escape (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u)", at: start)
        }
    }

    /// Four hexadecimal digits at `index`, or nil.
    private static func hex(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index >= 0, bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A number: `-`, then `0` or digits not starting with 0, then `.digits`, then `e±digits`.
    private mutating func number() throws(SyntaxError) -> Range<Int> {
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
            return offset - from
        }
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
            if peek() >= UInt8(ascii: "0") && peek() <= UInt8(ascii: "9") { throw failure("a number with a leading zero", at: start) }
        } else if digits() == 0 {
            throw failure("a number without digits", at: start)
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw failure("a number with no digits after its '.'", at: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw failure("a number with no digits in its exponent", at: start) }
        }
        return start..<offset
    }

    /// Reads an array or object at its `[` or `{` through to its end, every value in it checked.
    private mutating func skipContainer() throws(SyntaxError) {
        // What each open container is: `[` or `{`.
        var open: [UInt8] = []
        // Whether the next thing is a value (or, at the start of a container, its end).
        var wantValue = true
        var justOpened = false
        while true {
            skipSpace()
            if wantValue {
                let byte = peek()
                if justOpened {
                    justOpened = false
                    if let last = open.last, byte == (last == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                        offset += 1
                        open.removeLast()
                        wantValue = false
                        if open.isEmpty { return }
                        continue
                    }
                    if open.last == UInt8(ascii: "{") {
                        try key()
                        continue
                    }
                }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    guard open.count < Self.maxDepth else { throw failure("arrays and objects nested more than \(Self.maxDepth) deep") }
                    open.append(byte)
                    offset += 1
                    justOpened = true
                    continue
                }
                _ = try scalar()
                wantValue = false
                continue
            }
            guard let last = open.last else { return }
            let close = last == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            let byte = peek()
            if byte == close {
                offset += 1
                open.removeLast()
                if open.isEmpty { return }
                continue
            }
            guard byte == UInt8(ascii: ",") else {
                throw failure(
                    last == UInt8(ascii: "[") ? "expected ',' or ']' after an element of an array" : "expected ',' or '}' after a member of an object")
            }
            offset += 1
            skipSpace()
            if peek() == close { throw failure("a comma before '\(close == UInt8(ascii: "]") ? "]" : "}")' (a trailing comma)") }
            if last == UInt8(ascii: "{") { try key() }
            wantValue = true
        }
    }

    /// A key and its `:`, inside an object.
    private mutating func key() throws(SyntaxError) {
        skipSpace()
        guard peek() == Self.quote else { throw failure("expected a key in double quotes") }
        _ = try string()
        skipSpace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
        offset += 1
    }

    // MARK: Reading what was found

    /// Whether a key (as `nextKey` gives it) is `name`.
    func key(_ key: (range: Range<Int>, escaped: Bool), is name: StaticString) -> Bool {
        if key.escaped { return text(key.range, escaped: true) == name.description }
        guard key.range.count == name.utf8CodeUnitCount else { return false }
        var index = 0
        for position in key.range {
            if bytes[position] != name.utf8Start[index] { return false }
            index += 1
        }
        return true
    }

    /// A string's text, its escapes decoded. The reader checked them; anything else reads as
    /// U+FFFD rather than trapping.
    func text(_ range: Range<Int>, escaped: Bool) -> String {
        let range = range.clamped(to: 0..<bytes.count)
        guard escaped else { return String(decoding: bytes[range], as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var plain = range.lowerBound
        var index = range.lowerBound
        func flush(to end: Int) {
            if plain < end { scalars.append(contentsOf: String(decoding: bytes[plain..<end], as: UTF8.self).unicodeScalars) }
        }
        while index < range.upperBound {
            guard bytes[index] == Self.backslash, index + 1 < range.upperBound else {
                index += 1
                continue
            }
            flush(to: index)
            let kind = bytes[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = Self.hex(bytes, at: index).map { $0 } ?? 0xFFFD
                index += 4
                if (0xD800...0xDBFF).contains(value), index + 6 <= range.upperBound, bytes[index] == Self.backslash,
                    let low = Self.hex(bytes, at: index + 2), (0xDC00...0xDFFF).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(kind))
            }
            plain = min(index, range.upperBound)
            index = plain
        }
        flush(to: range.upperBound)
        return String(scalars)
    }

    /// A number's characters as a whole number (`ImportRange.Number`): exactly when they are an
    /// integer of 64 bits, else through its Double (`1.0e3` is 1000); anything else (a fraction,
    /// `1e30`) is invalid, as written.
    func number(_ range: Range<Int>) -> ImportRange.Number {
        let range = range.clamped(to: 0..<bytes.count)
        let written = String(decoding: bytes[range], as: UTF8.self)
        if let value = Int64(written) { return .value(value) }
        guard let double = Double(written), double.isFinite, double.rounded() == double, double >= -9.223372036854775808e18,
            double < 9.223372036854775808e18
        else { return .invalid(written) }
        return .value(Int64(double))
    }
}
