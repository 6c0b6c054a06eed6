/// One export file as `journal import` reads it: decoded to UTF-8 (`ExportText`), recognised
/// from its decoded text (or read as the format named), then read by its format.
enum ExportFile {
    /// The plays of a file and what reading it found. `format` is a name from
    /// `JournalImport.formats`, or nil to recognise the file.
    static func read(_ bytes: [UInt8], path: String, format: String?) -> ([ImportedPlay], ImportFileReport) {
        let decoded: ExportText.Decoded
        switch ExportText.decode(bytes) {
        case .failure(let problem):
            var report = ImportFileReport(path: path, format: format ?? "unknown")
            report.diagnostics.append(Diagnostic(.error, problem.message, path: path, line: problem.line, column: problem.column))
            return ([], report)
        case .success(let text):
            decoded = text
        }
        let head = Array(decoded.bytes.prefix(4096))
        guard
            let reader = format.flatMap({ name in JournalImport.readers.first { $0.name == name } })
                ?? JournalImport.readers.first(where: { $0.recognises(path: path, head: head) })
        else {
            var report = ImportFileReport(path: path, format: format ?? "unknown")
            report.diagnostics.append(
                Diagnostic(
                    .error, "not a listening history this knows: the formats are \(JournalImport.formats.joined(separator: ", "))",
                    path: path, line: 1, column: 1))
            return ([], report)
        }
        let (plays, read) = reader.read(decoded.bytes, path: path)
        var report = read
        if decoded.encoding != .utf8 { report.encoding = decoded.encoding.rawValue }
        if let notice = ExportText.notice(decoded, path: path) { report.diagnostics.insert(notice, at: 0) }
        return (plays, report)
    }
}
