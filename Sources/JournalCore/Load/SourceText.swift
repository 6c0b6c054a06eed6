/// Turns a content file's bytes into text: UTF-8 only, a byte-order mark dropped, CRLF line
/// endings read as LF (SPEC 2). Line numbers are unchanged by either.
enum SourceText {
    static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let body = bytes[start...]
        if let text = String(validating: body, as: UTF8.self) {
            guard body.contains(UInt8(ascii: "\r")) else { return .success(text) }
            return .success(text.replacingOccurrences(of: "\r\n", with: "\n"))
        }
        return .failure(invalidUTF8(body, path: path))
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

import Foundation
