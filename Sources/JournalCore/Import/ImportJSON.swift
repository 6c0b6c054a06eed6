import Foundation

/// Reading JSON exports: whole arrays, with the place of a syntax error.
enum ImportJSON {
    static func array(_ bytes: [UInt8], path: String) -> Result<[[String: Any]], Diagnostic> {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            return .failure(syntaxProblem(error, bytes: bytes, path: path))
        }
        guard let array = value as? [Any] else { return .failure(problem("expected a JSON array of plays", path: path)) }
        var objects: [[String: Any]] = []
        for (index, item) in array.enumerated() {
            guard let object = item as? [String: Any] else {
                return .failure(problem("play \(index + 1) is not a JSON object", path: path))
            }
            objects.append(object)
        }
        return .success(objects)
    }

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

    static func problem(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, path: path, line: 1, column: 1)
    }

    /// A non-empty string, trimmed.
    static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
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
