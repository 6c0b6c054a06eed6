import Foundation

/// Reading JSON exports: the place of a syntax error, the lines elements start on, trimmed text.
enum ImportJSON {
    /// A JSON syntax error at its line and column, where Foundation names the byte.
    static func syntaxProblem(_ error: Error, bytes: [UInt8], path: String) -> Diagnostic {
        let text = "\(error)"
        var line = 1
        var column = 1
        if let range = text.range(of: #"(character|index) \d+"#, options: .regularExpression),
            let offset = Int(text[range].split(separator: " ").last ?? "")
        {
            let position = ExportText.position(ofByte: offset, in: bytes)
            return Diagnostic(.error, "invalid JSON at byte \(offset)", path: path, line: position.line, column: position.column)
        }
        if let range = text.range(of: #"line \d+, column \d+"#, options: .regularExpression) {
            let numbers = text[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 {
                line = numbers[0]
                column = numbers[1]
            }
        }
        return Diagnostic(.error, "invalid JSON", path: path, line: line, column: column)
    }

    /// The line (1-based) each element of a JSON text's top-level array starts on, in order.
    static func elementLines(_ bytes: [UInt8]) -> [Int] {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let comma = UInt8(ascii: ",")
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expecting = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == backslash { escaped = true } else if byte == quote { inString = false }
                continue
            }
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) { continue }
            if depth == 1 && expecting && byte != comma && byte != UInt8(ascii: "]") {
                lines.append(line)
                expecting = false
            }
            switch byte {
            case quote: inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expecting = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case comma where depth == 1: expecting = true
            default: break
            }
        }
        return lines
    }

    /// The line (1-based) of each byte offset, given in ascending order.
    static func lines(at offsets: [Int], in bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        lines.reserveCapacity(offsets.count)
        var line = 1
        var index = 0
        for offset in offsets {
            let end = min(max(offset, index), bytes.count)
            while index < end {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            lines.append(line)
        }
        return lines
    }

    /// An ASCII letter or digit, the characters of a service's id.
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }

    static func problem(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, path: path, line: 1, column: 1)
    }

    /// A non-empty string, trimmed.
    static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        return text(string)
    }

    /// A non-empty string, trimmed.
    static func text(_ string: String?) -> String? {
        guard let string else { return nil }
        // Most values start and end with a visible ASCII character: nothing to trim.
        if let first = string.utf8.first, let last = string.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return string }
        // Most values need no trimming: look at the ends before building a new string.
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last else { return nil }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return string }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A whole number, nil for anything else (`ImportRange.number` says what).
    static func int(_ value: Any?) -> Int? {
        guard case .value(let number) = ImportRange.number(value) else { return nil }
        return Int(exactly: number)
    }
}
