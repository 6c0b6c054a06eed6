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
    /// Load, render and write on one thread only (for comparing against the parallel build).
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

    /// Nothing changed since the last clean build, so nothing was built (`UpToDate`).
    public var upToDate = false
    /// Time summed over all threads for the work that overlaps in `generate`: render and write.
    public var workerSeconds: [(name: String, seconds: Double)] = []

    public var succeeded: Bool { outputPath != nil }
    public var totalSeconds: Double { stages.reduce(0) { $0 + $1.seconds } }
}

/// The whole pipeline: Load -> Analyse -> Render -> Write (STYLE.md). Render and Write overlap:
/// each page is written as soon as it is rendered, on every core, so memory stays flat however
/// long the journal grows.
public enum Build {
    public static func run(_ options: BuildOptions) -> BuildReport {
        var report = BuildReport(diagnostics: [])
        let clock = ContinuousClock()
        @Sendable func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        func timed<T>(_ name: String, _ work: () -> T) -> T {
            let start = clock.now
            let result = work()
            report.stages.append((name, seconds(clock.now - start)))
            return result
        }

        // Nothing changed since the last clean build: the output already is the site.
        let stamp = timed("check") { () -> String? in
            guard let stamp = UpToDate.sourceStamp(options), let output = outputFolder(options) else { return nil }
            if let pages = UpToDate.currentPageCount(output: output, sourceStamp: stamp) {
                report.upToDate = true
                report.pageCount = pages
                report.outputPath = output
            }
            return stamp
        }
        if report.upToDate { return report }

        let loaded = timed("load") {
            JournalLoader(source: options.source).load(LoadOptions(
                drafts: options.drafts,
                overrides: ConfigOverrides(output: options.output, baseURL: options.baseURL),
                parallel: !options.singleThreaded))
        }
        report.diagnostics = loaded.diagnostics
        // Found with the content's problems, so one run reports them all.
        if let problem = Self.outputProblem(options) { report.diagnostics.append(problem) }
        if options.strict { report.diagnostics = report.diagnostics.map { var d = $0; d.severity = .error; return d } }
        guard let journal = loaded.journal, let theme = loaded.theme, !report.diagnostics.hasErrors else { return report }

        let (stats, library) = timed("analyse") { () -> (Stats, Library) in
            let catalog = GenreCatalog(journal: journal)
            return ParallelMap.both(parallel: !options.singleThreaded,
                                    { Stats(journal: journal, catalog: catalog) },
                                    { Library(journal: journal, catalog: catalog) })
        }
        let (renderer, plan) = timed("plan") { () -> (SiteRenderer, SitePlan) in
            let renderer = SiteRenderer(journal: journal, stats: stats, library: library, theme: theme, parallel: !options.singleThreaded)
            return (renderer, renderer.plan())
        }
        report.diagnostics += plan.diagnostics.map { var d = $0; if options.strict { d.severity = .error }; return d }
        guard !report.diagnostics.hasErrors else { return report }

        let outputPath = Self.outputPath(options, config: journal.config)
        let written: Result<SiteWriter.Report, GenerateFailure> = timed("generate") {
            do throws(SiteWriter.Failure) {
                let writer = try SiteWriter(output: outputPath, source: options.source)
                writer.put(OutputFile(path: SiteWriter.markerName, text: UpToDate.markerText(sourceStamp: stamp)))
                let results = ParallelMap.map(plan.jobs, parallel: !options.singleThreaded) { job -> (render: Double, write: Double, failure: Diagnostic?) in
                    let start = clock.now
                    let bytes: [UInt8]
                    do throws(Diagnostic) {
                        bytes = try renderer.render(job)
                    } catch {
                        return (seconds(clock.now - start), 0, error)
                    }
                    let rendered = clock.now
                    writer.put(OutputFile(path: job.path, bytes: bytes))
                    return (seconds(rendered - start), seconds(clock.now - rendered), nil)
                }
                report.workerSeconds = [("render", results.reduce(0) { $0 + $1.render }), ("write", results.reduce(0) { $0 + $1.write })]
                // A template error fails every page that uses the template: report it once.
                let failures = Set(results.compactMap(\.failure))
                guard failures.isEmpty else {
                    writer.discardStaging()
                    return .failure(.rendering(Array(failures)))
                }
                for relative in plan.staticCopies {
                    writer.copy(from: join(join(options.source, "static"), relative), to: relative)
                }
                return .success(try writer.commit())
            } catch {
                return .failure(.writing(error))
            }
        }
        switch written {
        case .failure(.rendering(let diagnostics)):
            report.diagnostics += diagnostics
            return report
        case .failure(.writing(let failure)):
            let location = Self.outputLocation(options, config: journal.config)
            report.diagnostics += failure.messages.map { .error($0, at: location) }
            return report
        case .success(let changes):
            report.filesWritten = changes.written
            report.filesRemoved = changes.removed
        }
        report.pageCount = plan.pageCount
        report.fileCount = plan.jobs.count + plan.staticCopies.count
        report.outputPath = outputPath
        if let stamp, report.diagnostics.isEmpty {
            timed("stamp") { UpToDate.record(output: outputPath, sourceStamp: stamp, pageCount: plan.pageCount) }
        }
        return report
    }

    /// Why generating the site stopped: pages that did not render, or the output that could not be written.
    enum GenerateFailure: Error {
        case rendering([Diagnostic])
        case writing(SiteWriter.Failure)
    }

    /// A relative `output` in journal.yaml is relative to the journal; a flag, to the current folder.
    static func outputPath(_ options: BuildOptions, config: SiteConfig) -> String {
        options.output ?? join(options.source, config.output)
    }

    /// Where the output folder was chosen, for messages about it.
    static func outputLocation(_ options: BuildOptions, config: SiteConfig) -> SourceLocation {
        if options.output != nil { return SourceLocation(path: "--output", line: 1, column: 1) }
        return config.outputLocation ?? SourceLocation(path: join(options.source, "journal.yaml"), line: 1, column: 1)
    }

    /// Why a build with `options` may not write where it would (SPEC 8, Contained), or nil if
    /// it may. Asked by build and check alike, whatever else is wrong with the journal.
    static func outputProblem(_ options: BuildOptions) -> Diagnostic? {
        let config = configAlone(options) ?? SiteConfig(title: "")
        guard case .failure(let problem) = OutputFolder.resolve(outputPath(options, config: config), source: options.source) else { return nil }
        return .error(problem.message, at: outputLocation(options, config: config))
    }

    /// Where a build with `options` writes, read from journal.yaml without loading the journal;
    /// nil when journal.yaml cannot say (the build then reports why).
    static func outputFolder(_ options: BuildOptions) -> String? {
        if let output = options.output { return output }
        return configAlone(options).map { outputPath(options, config: $0) }
    }

    /// journal.yaml's settings, read without the rest of the journal; nil if it cannot be read.
    private static func configAlone(_ options: BuildOptions) -> SiteConfig? {
        let path = join(options.source, "journal.yaml")
        guard case .bytes(let bytes) = FileTree.read(path, limit: JournalLoader.maxConfigSize),
              case .success(let text) = SourceText.decode(bytes, path: path) else { return nil }
        return ConfigLoading.decode(text, path: path, overrides: ConfigOverrides()).0
    }
}
