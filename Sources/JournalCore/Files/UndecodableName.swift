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

    /// The name with each byte that is not part of valid UTF-8 written `\xE9`, and `\` and `'`
    /// as `\\` and `\'`: what a shell's `$'...'` reads back as the same bytes.
    var escaped: String {
        rendered(invalid: Self.hex) { scalar in
            if scalar == "\\" || scalar == "'" { return "\\" + String(scalar) }
            return scalar.value < 0x20 || scalar.value == 0x7F ? Self.hex(UInt8(scalar.value)) : String(scalar)
        }
    }

    /// The name with each byte that is not UTF-8 read as Latin-1, which is what such a name most
    /// often is (`caf\xE9.txt` is `café.txt`): the new name suggested; nil when that holds a
    /// control character.
    var suggested: String? {
        let name = rendered(invalid: { String(Unicode.Scalar($0)) }, valid: { String($0) })
        return name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? nil : name
    }

    /// What to tell the writer about the entry.
    var message: String {
        let suggestion = suggested.map { String($0.flatMap { $0 == "'" ? Array("'\\''") : [$0] }) } ?? "NEW-NAME"
        return "this name is not valid UTF-8 (shown with its other bytes as \\xNN), so no page or link can name it: "
            + "rename it in UTF-8, in its folder, like: mv $'\(escaped)' '\(suggestion)'"
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
