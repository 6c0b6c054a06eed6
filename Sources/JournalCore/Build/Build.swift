import Foundation

/// What `journal build` was asked to do.
public struct BuildOptions: Sendable {
    public var source: String
    /// Overrides `output` of journal.yaml; relative paths are relative to the current folder.
    public var output: String?
    public var baseURL: String?
    public var drafts: Bool
    /// Warnings count as errors.
    public var strict: Bool
    /// Render on one thread only (for comparing against the parallel build).
    public var singleThreaded = false

    public init(source: String = ".", output: String? = nil, baseURL: String? = nil, drafts: Bool = false, strict: Bool = false) {
        self.source = source
        self.output = output
        self.baseURL = baseURL
        self.drafts = drafts
        self.strict = strict
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var pageCount = 0
    public var fileCount = 0
    /// Files the write stage actually wrote (new or changed) and removed.
    public var filesWritten = 0
    public var filesRemoved = 0
    /// Wall time of each stage, in order, in seconds.
    public var stages: [(name: String, seconds: Double)] = []
    /// Where the site was written; nil if nothing was written.
    public var outputPath: String?

    public var succeeded: Bool { outputPath != nil }
    public var totalSeconds: Double { stages.reduce(0) { $0 + $1.seconds } }
}

/// The whole pipeline: Load -> Analyse -> Render -> Write (STYLE.md).
public enum Build {
    public static func run(_ options: BuildOptions) -> BuildReport {
        var report = BuildReport(diagnostics: [])
        let clock = ContinuousClock()
        func timed<T>(_ name: String, _ work: () -> T) -> T {
            let start = clock.now
            let result = work()
            let elapsed = clock.now - start
            report.stages.append((name, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            return result
        }

        let loaded = timed("load") {
            JournalLoader(source: options.source).load(LoadOptions(
                drafts: options.drafts,
                overrides: ConfigOverrides(output: options.output, baseURL: options.baseURL)))
        }
        report.diagnostics = loaded.diagnostics
        if options.strict { report.diagnostics = report.diagnostics.map { var d = $0; d.severity = .error; return d } }
        guard let journal = loaded.journal, let theme = loaded.theme, !report.diagnostics.hasErrors else { return report }

        let (stats, library) = timed("analyse") { () -> (Stats, Library) in
            let catalog = GenreCatalog(journal: journal)
            return (Stats(journal: journal, catalog: catalog), Library(journal: journal, catalog: catalog))
        }
        let site = timed("render") { { () -> SiteOutput in
            var renderer = SiteRenderer(journal: journal, stats: stats, library: library, theme: theme)
            renderer.parallel = !options.singleThreaded
            return renderer.render()
        }() }
        report.diagnostics += site.diagnostics.map { var d = $0; if options.strict { d.severity = .error }; return d }
        guard !report.diagnostics.hasErrors else { return report }

        // A relative `output` in journal.yaml is relative to the journal; a flag, to the current folder.
        let outputPath = options.output ?? join(options.source, journal.config.output)
        let written: Result<SiteWriter.Report, SiteWriter.Failure> = timed("write") {
            do throws(SiteWriter.Failure) {
                return .success(try SiteWriter(output: outputPath, source: options.source).write(site))
            } catch {
                return .failure(error)
            }
        }
        switch written {
        case .failure(let failure):
            report.diagnostics.append(Diagnostic(.error, failure.message, path: outputPath, line: 1, column: 1))
            return report
        case .success(let changes):
            report.filesWritten = changes.written
            report.filesRemoved = changes.removed
        }
        report.pageCount = site.pageCount
        report.fileCount = site.files.count + site.staticCopies.count
        report.outputPath = outputPath
        return report
    }
}
