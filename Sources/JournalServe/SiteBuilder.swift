import Foundation
import JournalCore

/// What one rebuild of the served site gave.
struct RebuildOutcome: Sendable {
    /// Every problem the build reported (warnings too, when it succeeded).
    var diagnostics: [Diagnostic]
    var succeeded: Bool
    var pageCount: Int
    /// Wall time, in seconds.
    var seconds: Double
}

/// The one function that turns the journal into the served folder. Today a full build through
/// the ordinary pipeline (atomic: staged, then swapped in); an incremental rebuild replaces the
/// body of `rebuild()` and nothing else.
struct SiteBuilder: Sendable {
    var options: BuildOptions

    func rebuild() -> RebuildOutcome {
        let clock = ContinuousClock(), start = clock.now
        let report = Build.run(options)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RebuildOutcome(diagnostics: report.diagnostics.sortedForDisplay(), succeeded: report.succeeded,
                              pageCount: report.pageCount, seconds: seconds)
    }
}
