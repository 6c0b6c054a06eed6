/// A content file split into its front matter and its body.
struct FrontMatter {
    /// The YAML between the two `---` lines.
    var yaml: String
    /// File line number of the YAML's first line.
    var yamlFirstLine: Int
    /// The Markdown after the closing `---` line.
    var body: String
    /// File line number of the body's first line.
    var bodyFirstLine: Int

    /// Splits on lines that are exactly `---` (trailing spaces allowed), never on a `---`
    /// inside a line. Scans UTF-8 bytes: `-`, space, tab and line feed are ASCII, so they never
    /// occur inside a multi-byte character.
    static func split(_ text: String, path: String) -> Result<FrontMatter, Diagnostic> {
        let utf8 = text.utf8
        let newline = UInt8(ascii: "\n")
        let firstEnd = utf8.firstIndex(of: newline) ?? utf8.endIndex
        guard isDelimiter(utf8[utf8.startIndex..<firstEnd]) else {
            return .failure(
                Diagnostic(.error, "missing front matter: the file must start with a line '---', then YAML, then a line '---'", path: path, line: 1, column: 1))
        }
        guard firstEnd < utf8.endIndex else {
            return .failure(Diagnostic(.error, "unterminated front matter: no closing '---' line after the opening one", path: path, line: 1, column: 1))
        }
        let yamlStart = utf8.index(after: firstEnd)
        var lineNumber = 2
        var lineStart = yamlStart
        while true {
            let lineEnd = utf8[lineStart...].firstIndex(of: newline) ?? utf8.endIndex
            if isDelimiter(utf8[lineStart..<lineEnd]) {
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : utf8.endIndex
                return .success(
                    FrontMatter(
                        yaml: String(text[yamlStart..<lineStart]),
                        yamlFirstLine: 2,
                        body: String(text[bodyStart...]),
                        bodyFirstLine: lineNumber + 1
                    ))
            }
            if lineEnd == utf8.endIndex { break }
            lineStart = utf8.index(after: lineEnd)
            lineNumber += 1
        }
        return .failure(Diagnostic(.error, "unterminated front matter: no closing '---' line after the opening one", path: path, line: 1, column: 1))
    }

    private static func isDelimiter(_ line: Substring.UTF8View) -> Bool {
        var bytes = line.makeIterator()
        for _ in 0..<3 {
            guard bytes.next() == UInt8(ascii: "-") else { return false }
        }
        while let byte = bytes.next() {
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { return false }
        }
        return true
    }
}
