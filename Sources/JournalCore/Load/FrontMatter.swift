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
    /// inside a line.
    static func split(_ text: String, path: String) -> Result<FrontMatter, Diagnostic> {
        var lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, isDelimiter(first) else {
            return .failure(Diagnostic(.error, "missing front matter: the file must start with a line '---', then YAML, then a line '---'", path: path, line: 1, column: 1))
        }
        let rest: Substring = lines.count > 1 ? lines[1] : ""
        lines = []
        var lineNumber = 2
        var lineStart = rest.startIndex
        while lineStart < rest.endIndex || lineStart == rest.startIndex {
            let lineEnd = rest[lineStart...].firstIndex(of: "\n") ?? rest.endIndex
            if isDelimiter(rest[lineStart..<lineEnd]) {
                let bodyStart = lineEnd < rest.endIndex ? rest.index(after: lineEnd) : rest.endIndex
                return .success(FrontMatter(
                    yaml: String(rest[rest.startIndex..<lineStart]),
                    yamlFirstLine: 2,
                    body: String(rest[bodyStart...]),
                    bodyFirstLine: lineNumber + 1
                ))
            }
            if lineEnd == rest.endIndex { break }
            lineStart = rest.index(after: lineEnd)
            lineNumber += 1
        }
        return .failure(Diagnostic(.error, "unterminated front matter: no closing '---' line after the opening one", path: path, line: 1, column: 1))
    }

    private static func isDelimiter(_ line: Substring) -> Bool {
        guard line.hasPrefix("---") else { return false }
        return line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
