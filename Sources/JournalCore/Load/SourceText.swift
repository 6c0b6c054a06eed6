import Foundation

/// Turns a content file's bytes into text: UTF-8 only, a byte-order mark dropped, CRLF (and
/// lone CR) line endings read as LF (docs/content-format.md, "Files"). Line numbers are unchanged by either.
enum SourceText {
    static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let body = bytes[start...]
        guard var text = String(validating: body, as: UTF8.self) else { return .failure(invalidUTF8(body, path: path)) }
        // A lone CR (old Mac files) ends a line for YAML, Markdown and editors alike: read it as LF,
        // so every line number means the same line.
        if body.contains(UInt8(ascii: "\r")) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return .success(text)
    }

    /// Reports the first control character of `text` (`ControlCharacters`) at its line and
    /// column, and replaces all of them with U+FFFD so the rest of the file is still checked.
    static func removeControlCharacters(_ text: inout String, path: String) -> Diagnostic? {
        guard let found = ControlCharacters.first(in: text) else { return nil }
        text = ControlCharacters.replaced(in: text)
        let more = found.count > 1 ? " (and \(found.count - 1) more in this file)" : ""
        return Diagnostic(
            .error, "a control character (\(ControlCharacters.name(found.scalar))) is not allowed: no page or feed can show it; remove it\(more)",
            path: path, line: found.line, column: found.column)
    }

    /// Locates the first byte that is not UTF-8.
    private static func invalidUTF8(_ bytes: ArraySlice<UInt8>, path: String) -> Diagnostic {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                break loop
            case .error:
                break loop
            }
        }
        return Diagnostic(.error, "the file is not valid UTF-8 (save it as UTF-8)", path: path, line: line, column: column)
    }
}
