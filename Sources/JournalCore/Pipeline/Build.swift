/// What `journal build` was asked to do.
public struct BuildOptions: Sendable {
    public var source: String
    /// Overrides `output` of journal.yaml; relative paths are relative to the current folder.
    public var output: String?
    public var baseURL: String?
    public var drafts: Bool
    /// Warnings count as errors.
    public var strict: Bool
    /// The site is built to be looked at here (`journal serve`), not published: its base URL is
    /// the local server's, so nothing is said about it.
    public var servesLocally = false
    /// Load, render and write on one thread only (for comparing against the parallel build).
    public var singleThreaded = false
    /// Files decoded by earlier builds of the same journal, for a process that builds again and
    /// again (`journal serve`). The site is the same either way.
    public var cache: LoadCache?
    /// With a cache: called once the pages the changed files affect are in place in the output
    /// (`FirstPass`), with their paths, before the whole site is made; the site it ends with is
    /// the same.
    public var firstPass: (@Sendable ([String]) -> Void)?
    /// What draws share cards (`card.jpg`); tests count or replace it. Cards are kept in the
    /// journal's `.journal-cache/` (`CardCache`), so only new or changed ones are drawn.
    public var rasterizer = Rasterizer.librsvg
    /// After a successful build, remove the cached cards it did not use. `journal serve` keeps
    /// them: its cards show the local address, and the next `build` wants its own back.
    public var pruneCardCache = true
    /// The render work all pages together may take and make (`SiteRenderBudget`); tests lower them.
    public var maxRenderSteps = SiteRenderBudget.defaultMaxSteps
    public var maxRenderBytes = SiteRenderBudget.defaultMaxBytes
    /// Where Markdown is parsed, under its time budget (`MarkdownParseQueue`); tests give their own.
    public var parseQueue = MarkdownParseQueue.shared
    /// Asked before each stage, cover and page whether to stop (`journal serve` stopping, so a
    /// build under way does not keep the cores from it). Told yes, the build ends at once: it
    /// writes nothing more, its staging folder goes, the output stays as it was, and the report
    /// says it was stopped.
    public var stopRequested: @Sendable () -> Bool = { false }
    /// What today is: which period is "so far", which days are still to come, which streak is
    /// current (docs/content-format.md, "Statistics"). Taken once per build, in the journal's
    /// time zone; `journal build` reads `JOURNAL_TODAY` or `SOURCE_DATE_EPOCH` to fix it.
    public var today = BuildDay.clock

    public init(source: String = ".", output: String? = nil, baseURL: String? = nil, drafts: Bool = false, strict: Bool = false) {
        self.source = source
        self.output = output
        self.baseURL = baseURL
        self.drafts = drafts
        self.strict = strict
    }

    /// What the command line says over journal.yaml.
    var overrides: ConfigOverrides { ConfigOverrides(output: output, baseURL: baseURL) }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var pageCount = 0
    public var fileCount = 0
    /// Files the write stage actually wrote (new or changed) and removed.
    public var filesWritten = 0
    public var filesRemoved = 0
    /// It ended early because `BuildOptions.stopRequested` said so.
    public var stopped = false
    /// Share cards drawn by the rasteriser, and read from the cache instead.
    public var cardsDrawn = 0
    public var cardsReused = 0
    /// Days and playlists decoded from their files, and read from `.journal-cache` instead
    /// (`ContentCache`).
    public var contentDecoded = 0
    public var contentReused = 0
    /// Covers resized by libvips, and covers whose squares came from the cache instead.
    public var coversResized = 0
    public var coversReused = 0
    /// Wall time of each stage, in order, in seconds.
    public var stages: [(name: String, seconds: Double)] = []
    /// Where the site was written; nil if nothing was written.
    public var outputPath: String?

    /// Render steps and bytes of all pages together (`SiteRenderBudget`).
    public var renderWork: (steps: Int, bytes: Int) = (0, 0)
    /// Nothing changed since the last clean build, so nothing was built (`UpToDate`).
    public var upToDate = false
    /// Time summed over all threads for the work that overlaps in `generate`: render and write.
    public var workerSeconds: [(name: String, seconds: Double)] = []

    public var succeeded: Bool { outputPath != nil }
    public var totalSeconds: Double { stages.reduce(0) { $0 + $1.seconds } }
}

/// `journal build`: Load -> Analyse -> Render -> Write (STYLE.md), orchestrated and nothing
/// else. Render and Write overlap: each page is written as soon as it is rendered, on every
/// core, so memory stays flat however long the journal grows.
public enum Build {
    public static func run(_ options: BuildOptions) -> BuildReport {
        let timer = StageTimer()
        var stamping: (() -> Void)?
        var report = run(options, timer: timer, stamping: &stamping)
        // Stamped once the journal, its analysis and its plan are let go: listing the whole
        // output for the stamp is the last thing a build holds memory for.
        if let stamping {
            Platform.returnFreedMemory()
            timer.time("stamp", stamping)
        }
        report.stages = timer.stages
        return report
    }

    /// `stamping`: set to what marks the output as a clean build, when it is one.
    private static func run(_ options: BuildOptions, timer: StageTimer, stamping: inout (() -> Void)?) -> BuildReport {
        var report = BuildReport(diagnostics: [])

        // journal.yaml is read once: it says where the output is, and the loader gets it as read.
        let configFile = JournalLoader(source: options.source).readConfig(overrides: options.overrides)
        let choice = OutputChoice(options, config: configFile.config)
        // Today is read once: the stamp and the pages see the same date, even across midnight.
        let today = options.today.date(timezone: configFile.config?.timezone)
        let options = { () -> BuildOptions in
            var fixed = options
            fixed.today = .date(today)
            return fixed
        }()

        // Nothing changed since the last clean build (today included): the output already is the site.
        let stamp = timer.time("check") { () -> String? in
            guard let stamp = UpToDate.sourceStamp(options, today: today), configFile.config != nil || options.output != nil else { return nil }
            if let pages = UpToDate.currentPageCount(output: choice.path, sourceStamp: stamp) {
                report.upToDate = true
                report.pageCount = pages
                report.outputPath = choice.path
            }
            return stamp
        }
        if report.upToDate {
            // Said on every build, as the site it describes is still the one in the output.
            report.diagnostics = BaseURLAdvice.warning(config: configFile.config, options: options).map { [$0] } ?? []
            return report
        }

        // What earlier builds decoded is read instead of the files that did not change, and what
        // this one decoded is kept for the next, whether or not the site is made. serve reads it
        // for its first build only, then keeps its own (`LoadCache`).
        let stored = options.cache?.isEmpty ?? true ? ContentCache.read(source: options.source) : nil
        let prepared = Stages.prepare(options, config: configFile, output: choice, timer: timer, stored: stored) {
            // Kept as soon as the files are loaded, so the file's bytes are not held while the
            // journal is analysed and its pages rendered.
            guard let stored else { return }
            timer.time("keep") { ContentCacheWriter.keep(stored, source: options.source) }
            stored.release()
        }
        report.contentDecoded = stored?.decoded ?? 0
        report.contentReused = stored?.reused ?? 0
        report.diagnostics = prepared.diagnostics
        guard let site = prepared.site else { return report }
        let stopped = Diagnostic.error("the build was stopped before it ended; the output was left as it was", at: choice.location)
        guard !options.stopRequested() else {
            report.diagnostics.append(stopped)
            report.stopped = true
            return report
        }
        let renderer = site.renderer
        let plan = site.plan
        if let firstPass = options.firstPass, let changed = options.cache?.unbuilt {
            firstPass(
                timer.time("first") {
                    FirstPass.write(site, changed: changed, replaced: options.cache?.replaced ?? ([], []), source: options.source, output: choice.path)
                })
        }

        let clock = ContinuousClock()
        let cards = CardCache(source: options.source)
        let covers = CoverCache(source: options.source)
        if plan.jobs.contains(where: { $0.rasterSize != nil }) { options.rasterizer.prepare() }
        let written: Result<SiteWriter.Report, GenerateFailure> = timer.time("generate") {
            do throws(SiteWriter.Failure) {
                let writer = try SiteWriter(output: choice.path, source: options.source)
                // serve's next build (for a newer save) must not wait for a disk to remove the
                // previous site or a stopped build's staging folder.
                writer.removesInBackground = options.servesLocally
                // serve's folder is gone once it stops: a power loss has nothing of it to keep.
                writer.flushesToDisk = !options.servesLocally
                writer.put(OutputFile(path: SiteWriter.markerName, text: UpToDate.markerText(sourceStamp: stamp)))
                // Covers first: share cards show their squares.
                let covered = CoverStage.run(
                    renderer.coversShown(), resizing: CoverResizing(store: covers), source: options.source, writer: writer,
                    parallel: !options.singleThreaded, stop: (options.stopRequested, stopped))
                guard covered.failures.isEmpty else {
                    writer.discardStaging()
                    return .failure(.rendering(covered.failures))
                }
                // Cards are drawn from the squares just made, handed over whole: nothing fills them later.
                let drawing = CardDrawing(rasterizer: options.rasterizer, store: cards, squares: covered.squares)
                // The journal's static files are copied while pages render (the kernel copies
                // them: `SiteWriter.copy`), first, so a large one is never the last thing left.
                let copies = plan.staticCopies
                let results = ParallelMap.map(Array(0..<(copies.count + plan.jobs.count)), parallel: !options.singleThreaded) {
                    number -> (render: Double, write: Double, failure: Diagnostic?) in
                    if options.stopRequested() { return (0, 0, stopped) }
                    let start = clock.now
                    guard number >= copies.count else {
                        writer.copy(from: join(join(options.source, "static"), copies[number]), to: copies[number])
                        return (0, StageTimer.seconds(clock.now - start), nil)
                    }
                    let job = plan.jobs[number - copies.count]
                    var bytes: [UInt8]
                    var cached: String?
                    do throws(Diagnostic) {
                        bytes = try renderer.render(job)
                    } catch {
                        return (StageTimer.seconds(clock.now - start), 0, error)
                    }
                    if let size = job.rasterSize {
                        do throws(RasterFailure) {
                            let card = try drawing.card(svg: bytes, width: size.width, height: size.height)
                            (bytes, cached) = (card.bytes, card.file)
                        } catch {
                            return (StageTimer.seconds(clock.now - start), 0, .error("cannot draw /\(job.path): \(error.message)", at: choice.location))
                        }
                    }
                    let rendered = clock.now
                    writer.put(OutputFile(path: job.path, bytes: bytes), linkingFrom: cached)
                    return (StageTimer.seconds(rendered - start), StageTimer.seconds(clock.now - rendered), nil)
                }
                report.workerSeconds = [("render", results.reduce(0) { $0 + $1.render }), ("write", results.reduce(0) { $0 + $1.write })]
                report.renderWork = renderer.budget.spent
                // A template error fails every page that uses the template: report it once.
                let failures = Set(results.compactMap(\.failure))
                guard failures.isEmpty else {
                    writer.discardStaging()
                    return .failure(.rendering(Array(failures)))
                }
                guard !options.stopRequested() else {
                    writer.discardStaging()
                    return .failure(.rendering([stopped]))
                }
                return .success(try writer.commit())
            } catch {
                return .failure(.writing(error))
            }
        }
        switch written {
        case .failure(.rendering(let diagnostics)):
            report.diagnostics += diagnostics
            report.stopped = diagnostics.contains(stopped)
            return report
        case .failure(.writing(let failure)):
            report.diagnostics += failure.messages.map { .error($0, at: choice.location) }
            return report
        case .success(let changes):
            report.filesWritten = changes.written
            report.filesRemoved = changes.removed
        }
        // Every change loaded so far is in the site now (LoadCache.unbuilt).
        options.cache?.built()
        report.cardsDrawn = cards.drawn
        report.cardsReused = cards.reused
        report.coversResized = covers.resized
        report.coversReused = covers.reused
        if options.pruneCardCache { timer.time("prune") { cards.prune() } }
        covers.finish(index: site.coverIndex, prune: options.pruneCardCache)
        report.pageCount = plan.pageCount
        report.fileCount = plan.jobs.count + plan.staticCopies.count
        report.outputPath = choice.path
        // A build whose only word is the base URL advice is clean: the next one may skip the work.
        if let stamp, report.diagnostics.allSatisfy({ $0 == BaseURLAdvice.warning(config: site.journal.config, options: options) }) {
            let (path, pageCount) = (choice.path, plan.pageCount)
            stamping = {
                SiteWriter.replaceMarker(in: path, text: UpToDate.finishedMarkerText(output: path, sourceStamp: stamp, pageCount: pageCount))
            }
        }
        return report
    }

    /// Why generating the site stopped: pages that did not render, or the output that could not be written.
    enum GenerateFailure: Error {
        case rendering([Diagnostic])
        case writing(SiteWriter.Failure)
    }
}
