import Foundation

/// Where Markdown parses run: one at a time (cmark-gfm's parser is not thread-safe: finishing a
/// parse edits a process-global table), on a thread of their own, each under a budget, the last
/// line of defence behind `MarkdownBounds` (docs/content-format.md, "Limits").
///
/// A parse cannot be interrupted. So the file that asked for it stops waiting when the parse has
/// run past its budget, and gets an error at its path instead of a document; the parse goes on
/// to its end on this queue's thread and is thrown away, and files that ask meanwhile are told
/// the parser is still busy with it. Nothing ends the process: `build` and `check` report the
/// error like any other, and `journal serve` shows it over the page and keeps serving.
public final class MarkdownParseQueue: @unchecked Sendable {
    /// The queue every load uses unless it is given another (tests give their own).
    public static let shared = MarkdownParseQueue(budget: .seconds(10))

    /// How long one parse may run.
    public let budget: Duration

    /// Why a parse gave no document.
    enum Failure: Error, Equatable {
        /// This file's own parse ran past the budget.
        case overBudget
        /// Another file's parse, at `path`, ran past the budget and still holds the parser.
        case busy(path: String)
    }

    private final class Job: @unchecked Sendable {
        let path: String
        let work: () -> Any
        let discard: (Any) -> Void
        var started: ContinuousClock.Instant?
        var result: Any?
        var finished = false
        var abandoned = false

        init(path: String, work: @escaping () -> Any, discard: @escaping (Any) -> Void) {
            self.path = path
            self.work = work
            self.discard = discard
        }
    }

    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var running: Job?
    private var thread: Thread?

    public init(budget: Duration) {
        self.budget = budget
    }

    /// Runs `work` (one parse of the file at `path`) on the queue and returns its result, or
    /// why there is none. A result that comes after its caller stopped waiting is given to
    /// `discard`, to free what it holds.
    func run<Result>(_ path: String, _ work: @escaping () -> Result, discard: @escaping (Result) -> Void) -> Swift.Result<Result, Failure> {
        let job = Job(path: path, work: { work() }, discard: { value in (value as? Result).map(discard) })
        condition.lock()
        defer { condition.unlock() }
        startThreadIfNeeded()
        waiting.append(job)
        condition.broadcast()
        let clock = ContinuousClock()
        while !job.finished {
            _ = condition.wait(until: Date(timeIntervalSinceNow: Self.checkInterval(budget)))
            if job.finished { break }
            if let started = job.started {
                if clock.now - started > budget {
                    job.abandoned = true
                    return .failure(.overBudget)
                }
            } else if let other = running, let started = other.started, clock.now - started > budget {
                waiting.removeAll { $0 === job }
                return .failure(.busy(path: other.path))
            }
        }
        guard let result = job.result as? Result else { return .failure(.overBudget) }
        return .success(result)
    }

    /// How often a waiting file looks at the clock: often enough to stop near the budget, rarely
    /// enough to cost nothing (a parse normally ends well before, and wakes it).
    private static func checkInterval(_ budget: Duration) -> Double {
        let seconds = Double(budget.components.seconds) + Double(budget.components.attoseconds) / 1e18
        return min(0.25, max(0.001, seconds / 4))
    }

    /// Called with the lock held.
    private func startThreadIfNeeded() {
        guard thread == nil else { return }
        let thread = Thread { [self] in serve() }
        thread.name = "journal markdown parser"
        self.thread = thread
        thread.start()
    }

    private func serve() {
        let clock = ContinuousClock()
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            let job = waiting.removeFirst()
            job.started = clock.now
            running = job
            condition.unlock()

            let result = job.work()

            condition.lock()
            running = nil
            job.finished = true
            let abandoned = job.abandoned
            if !abandoned { job.result = result }
            condition.broadcast()
            condition.unlock()
            if abandoned { job.discard(result) }
        }
    }
}
