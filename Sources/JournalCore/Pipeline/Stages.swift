/// A site ready to be generated: its files planned, every problem found.
struct PreparedSite {
    let journal: Journal
    let renderer: SiteRenderer
    let plan: SitePlan
    /// What the cache keeps about the covers read, for the next build (`CoverIndex`).
    let coverIndex: CoverIndex
}

/// Load, Analyse and Plan: the stages `build` and `check` share, so check finds exactly what a
/// build would refuse.
enum Stages {
    /// Every problem a build with `options` would report before writing, and the prepared site
    /// when there is none (warnings aside, unless `strict`).
    /// `journal` is the journal as loaded, when it loaded, whatever the later stages found.
    /// `stored`: what earlier builds decoded (`ContentCache`), to read instead of decoding again.
    /// `loaded`: called once the files are loaded, before anything else.
    static func prepare(
        _ options: BuildOptions, config: ConfigFile, output: OutputChoice, timer: StageTimer, stored: ContentCache? = nil, loaded afterLoad: () -> Void = {}
    )
        -> (site: PreparedSite?, journal: Journal?, diagnostics: [Diagnostic])
    {
        let loaded = timer.time("load") { () -> LoadResult in
            var loading = LoadOptions(drafts: options.drafts, overrides: options.overrides, parallel: !options.singleThreaded, cache: options.cache)
            loading.stored = stored
            loading.parseQueue = options.parseQueue
            return JournalLoader(source: options.source).load(loading, config: config)
        }
        afterLoad()
        var diagnostics = loaded.diagnostics
        // Found with the content's problems, so one run reports them all.
        if let problem = output.problem { diagnostics.append(problem) }
        if options.strict { diagnostics = diagnostics.map(\.asError) }
        // Whatever else is wrong, a journal that loaded is planned, so the problems only the plan
        // finds (two files for one path) are reported in the same run.
        guard let journal = loaded.journal, let theme = loaded.theme else { return (nil, loaded.journal, diagnostics) }

        // What loading the files took and freed (their text, the cache's bytes) is not kept
        // while the site is analysed and made, nor what analysing took and freed.
        Platform.returnFreedMemory()
        let today = options.today.date(timezone: journal.config.timezone)
        let analysis = timer.time("analyse") { Analysis(journal: journal, today: today, parallel: !options.singleThreaded) }
        Platform.returnFreedMemory()
        let (renderer, plan) = timer.time("plan") { () -> (SiteRenderer, SitePlan) in
            var renderer = SiteRenderer(journal: journal, analysis: analysis, theme: theme, parallel: !options.singleThreaded)
            renderer.artwork = loaded.artwork
            renderer.cardsShowWrittenAddress = options.servesLocally
            renderer.budget = SiteRenderBudget(maxSteps: options.maxRenderSteps, maxBytes: options.maxRenderBytes)
            return (renderer, renderer.plan())
        }
        diagnostics += options.strict ? plan.diagnostics.map(\.asError) : plan.diagnostics
        // Added after `--strict` made warnings errors: it is about where the site is published,
        // not about the journal (BaseURLAdvice).
        if let advice = BaseURLAdvice.warning(config: journal.config, options: options) { diagnostics.append(advice) }
        guard !diagnostics.hasErrors else { return (nil, journal, diagnostics) }
        return (PreparedSite(journal: journal, renderer: renderer, plan: plan, coverIndex: loaded.coverIndex), journal, diagnostics)
    }
}

/// Wall time of each stage, in order. One per run, used on the orchestrating thread only.
final class StageTimer {
    private(set) var stages: [(name: String, seconds: Double)] = []
    private let clock = ContinuousClock()

    func time<T>(_ name: String, _ work: () -> T) -> T {
        let start = clock.now
        let result = work()
        stages.append((name, Self.seconds(clock.now - start)))
        return result
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension Diagnostic {
    /// The same problem as an error (`--strict`: warnings count as errors).
    var asError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}
