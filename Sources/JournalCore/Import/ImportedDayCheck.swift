/// The day files an import is about to write, read back as the build will read them: the size
/// limit, `SourceText`, `FrontMatter` and `ContentDecoding.day`, with the journal's settings. A
/// file the build would refuse is an error, and then nothing is written: whatever an export holds,
/// and whatever the importers miss, `import` never writes a day the build rejects.
enum ImportedDayCheck {
    /// The problems the build would find in these files (`relative` to the journal), each placed
    /// in the file as it would be written, `display`ed as the loader names it.
    static func problems(
        _ files: [(relative: String, text: String)], config: SiteConfig,
        display: @Sendable (String) -> String
    ) -> [Diagnostic] {
        let decoding = ContentDecoding(markdown: Markdown(unsafeHTML: config.unsafeHTML), maxTracksPerDay: config.maxTracksPerDay)
        let found = ParallelMap.map(files.map { ($0.relative, $0.text) }) { relative, text -> [Diagnostic] in
            problems(in: text, path: display(relative), name: relative, maxFileSize: config.maxFileSize, decoding: decoding)
        }
        return found.flatMap { $0 }
    }

    /// What the build would refuse in one day file; `name` is its path, whose file name gives its date.
    static func problems(in text: String, path: String, name: String, maxFileSize: Int, decoding: ContentDecoding) -> [Diagnostic] {
        func refused(_ found: [Diagnostic]) -> [Diagnostic] {
            found.filter { $0.severity == .error }.map {
                Diagnostic(
                    .error,
                    "journal import would write this day, and the build would refuse it: \($0.message) (an export's value the import does not check yet: "
                        + "please report it)", path: $0.path, line: $0.line, column: $0.column)
            }
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= maxFileSize else {
            return refused([Diagnostic(.error, "the file would be \(bytes.count) bytes, over limits.max_file_size (\(maxFileSize))", path: path)])
        }
        var diagnostics: [Diagnostic] = []
        let file: FrontMatter
        switch SourceText.decode(bytes, path: path) {
        case .failure(let problem):
            return refused([problem])
        case .success(var decoded):
            if let problem = SourceText.removeControlCharacters(&decoded, path: path) { diagnostics.append(problem) }
            switch FrontMatter.split(decoded, path: path) {
            case .failure(let problem): return refused(diagnostics + [problem])
            case .success(let split): file = split
            }
        }
        let stem = String(name.split(separator: "/").last?.dropLast(3) ?? "")
        diagnostics += decoding.day(file, path: path, nameDate: CalendarDate(iso: stem)).diagnostics
        return refused(diagnostics)
    }
}
