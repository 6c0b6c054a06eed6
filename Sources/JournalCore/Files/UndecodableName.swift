/// A file or folder name whose bytes are not UTF-8 (`caf\xE9.txt`, written by a Latin-1 system or
/// an old archive): no page, link or feed can name it, and as a Swift string it would be another
/// name, so it is reported by what it is, never read (docs/content-format.md, "Files").
struct UndecodableName {
    let bytes: [UInt8]

    /// The name when its bytes are UTF-8; nil makes `bytes` an `UndecodableName`.
    static func decoded(_ bytes: [UInt8]) -> String? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: return nil
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// The name with each byte that is not part of valid UTF-8 written `\xE9`, `\` and `'` as
    /// `\\` and `\'`, C0 controls and DEL as `\x01`, and C1 controls and bidi controls (which
    /// would reorder the message on a terminal) as `\u202E`: what a shell's `$'...'` reads back
    /// as the same bytes.
    var escaped: String {
        rendered(invalid: Self.hex) { scalar in
            if scalar == "\\" || scalar == "'" { return "\\" + String(scalar) }
            if scalar.value < 0x20 || scalar.value == 0x7F { return Self.hex(UInt8(scalar.value)) }
            return Self.isHidden(scalar) ? Self.unicodeEscape(scalar) : String(scalar)
        }
    }

    /// The name with each byte that is not UTF-8 read as Latin-1, which is what such a name most
    /// often is (`caf\xE9.txt` is `café.txt`): the new name suggested; nil when that holds a
    /// control character or a bidi control.
    var suggested: String? {
        let name = rendered(invalid: { String(Unicode.Scalar($0)) }, valid: { String($0) })
        return name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || Self.isHidden($0) } ? nil : name
    }

    /// What to tell the writer about the entry: `mv -n` never replaces a file of the new name,
    /// and `--` keeps a name that starts with `-` from being read as an option.
    var message: String {
        let suggestion = suggested.map { String($0.flatMap { $0 == "'" ? Array("'\\''") : [$0] }) } ?? "NEW-NAME"
        return "this name is not valid UTF-8 (shown with its other bytes as \\xNN), so no page or link can name it: "
            + "rename it in UTF-8, in its folder, like: mv -n -- $'\(escaped)' '\(suggestion)'"
    }

    /// C1 controls and the bidi embeddings, overrides and isolates (U+202A-U+202E,
    /// U+2066-U+2069): valid, but never to be printed as they are.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        (0x80...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func rendered(invalid: (UInt8) -> String, valid: (Unicode.Scalar) -> String) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result += valid(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { result += invalid(byte) }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
