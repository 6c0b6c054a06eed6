import Foundation

/// The last line of defence behind `MarkdownBounds` (work is bounded: docs/content-format.md, "Limits"): if one Markdown parse
/// still runs past a budget, the build is stopped with an error naming the file, instead of
/// hanging a CI job for an hour. A parse cannot be interrupted, so the process exits; nothing
/// has been written yet (parsing is part of Load), so the previous site is untouched.
///
/// Process-wide, like cmark-gfm's own parse lock, which makes parses one at a time: one watch
/// at a time is all there is to watch.
final class ParseWatchdog: @unchecked Sendable {
    static let shared = ParseWatchdog()

    /// Seconds; `JOURNAL_PARSE_BUDGET` in the environment changes it (for tests).
    let budget: Double
    private let lock = NSLock()
    private var current: (path: String, started: ContinuousClock.Instant)?
    private var started = false

    private init() {
        let configured = ProcessInfo.processInfo.environment["JOURNAL_PARSE_BUDGET"].flatMap(Double.init)
        budget = configured.map { max(0, $0) } ?? 10
    }

    /// Runs `parse` (one cmark-gfm parse of a file at `path`) under the watch.
    func watch<T>(_ path: String, _ parse: () -> T) -> T {
        lock.withLock {
            current = (path, ContinuousClock.now)
            if !started {
                started = true
                let thread = Thread { [self] in patrol() }
                thread.name = "journal parse watchdog"
                thread.start()
            }
        }
        defer { lock.withLock { current = nil } }
        return parse()
    }

    private func patrol() {
        let interval = min(0.25, max(0.001, budget / 4))
        while true {
            Thread.sleep(forTimeInterval: interval)
            guard let (path, since) = lock.withLock({ current }) else { continue }
            let elapsed = ContinuousClock.now - since
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            guard seconds > budget else { continue }
            let message = Diagnostic(.error, "the Markdown parser has run for over \(String(format: "%g", budget)) s on this file, where any file takes well under one; the build was stopped. Split the file, or simplify its longest table, list or quote, and please report it",
                                     path: path, line: 1, column: 1)
            FileHandle.standardError.write(Data((message.description + "\nBuild failed: the previous site was left as it was.\n").utf8))
            exit(1)
        }
    }
}
