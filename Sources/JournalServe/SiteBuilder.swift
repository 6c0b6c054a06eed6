import Foundation
import JournalCore

/// What one rebuild of the served site gave.
struct RebuildOutcome: Sendable {
    /// Every problem the build reported (warnings too, when it succeeded).
    var diagnostics: [Diagnostic]
    var succeeded: Bool
    var pageCount: Int
    /// It ended early, told to stop (`BuildOptions.stopRequested`).
    var stopped: Bool
    /// Wall time, in seconds.
    var seconds: Double
}

/// The one function that turns the journal into the served folder: the ordinary pipeline
/// (atomic: staged, then swapped in), with a `LoadCache` so only the files that changed are read
/// again, and a first pass that puts the pages an edit affects in place before the rest of the
/// site is made (`onFirstPass` hears of them, so open pages can reload at once).
struct SiteBuilder: Sendable {
    var options: BuildOptions

    init(options: BuildOptions, onFirstPass: @escaping @Sendable ([String]) -> Void) {
        var options = options
        options.cache = LoadCache()
        options.firstPass = { paths in if !paths.isEmpty { onFirstPass(paths) } }
        self.options = options
    }

    func rebuild() -> RebuildOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let report = Build.run(options)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RebuildOutcome(
            diagnostics: report.diagnostics.sortedForDisplay(), succeeded: report.succeeded,
            pageCount: report.pageCount, stopped: report.stopped, seconds: seconds)
    }
}
