/// An export's bytes as UTF-8, whatever they were saved as (docs/content-format.md, "Importing").
/// Every reader of `Import/` reads what this gives, and a format is recognised from it too:
/// - UTF-8, with or without a byte-order mark (the mark is dropped);
/// - UTF-16, little- or big-endian, with a byte-order mark (Excel's "Unicode Text"), or without
///   one when the text starts with two ASCII characters, as every export does (RFC 4627's rule
///   for JSON);
/// - otherwise, bytes that are not UTF-8 and hold no UTF-8 sequence at all are read as
///   Windows-1252 (Latin-1 with typographic quotes, the euro sign …), and a warning says so.
/// Bytes that are mostly UTF-8 but broken somewhere are an error at that place: reading the file
/// as Windows-1252 would garble every letter that was right.
/// A zip archive is passed as it is: its entries are text of their own.
enum ExportText {
    enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
        case windows1252 = "Windows-1252"
    }

    struct Decoded {
        /// UTF-8, without a byte-order mark.
        var bytes: [UInt8]
        var encoding: Encoding
        /// Where the first byte that is not UTF-8 was, when the file was read as Windows-1252.
        var guessedAt: (line: Int, column: Int, byte: UInt8)?
    }

    struct Problem: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    static func decode(_ bytes: [UInt8]) -> Result<Decoded, Problem> {
        if bytes.starts(with: zipMagic) { return .success(Decoded(bytes: bytes, encoding: .utf8)) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        // No mark: ASCII text never holds a NUL, so "x\0y\0" is UTF-16LE and "\0x\0y" UTF-16BE.
        if bytes.count >= 4 {
            if bytes[0] != 0, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 { return utf16(bytes[...], bigEndian: false) }
            if bytes[0] == 0, bytes[1] != 0, bytes[2] == 0, bytes[3] != 0 { return utf16(bytes[...], bigEndian: true) }
        }
        return utf8(bytes)
    }

    /// UTF-8 as it is; Windows-1252 when no byte of it is part of a UTF-8 sequence.
    private static func utf8(_ bytes: [UInt8]) -> Result<Decoded, Problem> {
        let scan = scanUTF8(bytes)
        guard let invalid = scan.firstInvalid else { return .success(Decoded(bytes: bytes, encoding: .utf8)) }
        let (line, column) = position(ofByte: invalid, in: bytes)
        let byte = bytes[invalid]
        if scan.multiByteSequences > 0 {
            return .failure(
                Problem(
                    line: line, column: column,
                    message: "the byte \(hex(byte)) here is not UTF-8, though the file's other letters are: "
                        + "the file is damaged or mixes two encodings; save it as UTF-8 and import it again"))
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                decoded.append(byte)
            } else {
                decoded += Unicode.Scalar(windows1252(byte)).map { Array(String($0).utf8) } ?? [0xEF, 0xBF, 0xBD]
            }
        }
        return .success(Decoded(bytes: decoded, encoding: .windows1252, guessedAt: (line, column, byte)))
    }

    /// UTF-16 code units (without the mark) as UTF-8; an unpaired surrogate or an odd last byte
    /// is an error at its place in the text.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<Decoded, Problem> {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        let encoding: Encoding = bigEndian ? .utf16BE : .utf16LE
        if failed || bytes.count % 2 == 1 {
            let (line, column) = position(ofByte: output.count, in: output)
            let what = failed ? "a UTF-16 surrogate without its pair" : "an odd number of bytes, which UTF-16 never has"
            return .failure(
                Problem(line: line, column: column, message: "the file reads as \(encoding.rawValue), but has \(what) here: save it again as UTF-8 or UTF-16"))
        }
        return .success(Decoded(bytes: output, encoding: encoding))
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence
    /// (shortest form, no surrogates, at most U+10FFFF), and how many sequences of two or more
    /// bytes the whole text has.
    static func scanUTF8(_ bytes: [UInt8]) -> (firstInvalid: Int?, multiByteSequences: Int) {
        var index = 0
        var sequences = 0
        var firstInvalid: Int?
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let low: UInt8
            let high: UInt8
            switch byte {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: (length, low, high) = (0, 0, 0)
            }
            guard length > 0, index + length <= count, (low...high).contains(bytes[index + 1]),
                bytes[(index + 2)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            else {
                if firstInvalid == nil { firstInvalid = index }
                index += 1
                continue
            }
            sequences += 1
            index += length
        }
        return (firstInvalid, sequences)
    }

    /// The 1-based line and column (in characters of the text before it) of a byte offset.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(min(offset, bytes.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The character a Windows-1252 byte (0x80 and up) stands for. The five bytes it leaves
    /// undefined are read as Latin-1 does, as C1 controls, which an imported day shows as U+FFFD.
    static func windows1252(_ byte: UInt8) -> UInt32 {
        guard (0x80...0x9F).contains(byte) else { return UInt32(byte) }
        let table: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        return table[Int(byte) - 0x80]
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    /// The warning a file read as Windows-1252 gets, at its first byte that is not UTF-8.
    static func notice(_ decoded: Decoded, path: String) -> Diagnostic? {
        guard decoded.encoding == .windows1252, let at = decoded.guessedAt else { return nil }
        let shown = Unicode.Scalar(windows1252(at.byte)).map { ControlCharacters.escaped(String($0)) } ?? "?"
        return Diagnostic(
            .warning,
            "not UTF-8: read as Windows-1252 (Latin-1), so the byte \(hex(at.byte)) here is '\(shown)'; "
                + "if letters look wrong in the days written, save the export as UTF-8 and import it again", path: path, line: at.line, column: at.column)
    }
}
