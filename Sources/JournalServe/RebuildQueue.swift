import Foundation

/// Runs rebuilds one at a time on a thread of its own (a build keeps every core busy; it must not
/// hold one of Swift's few concurrency threads, which serve the pages). A request during a build
/// makes exactly one more build after it, however many requests came; the build under way can
/// ask `hasPending` to give way to it (a newer save supersedes the pass of an older one).
final class RebuildQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var requested = false
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(_ rebuild: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while let _ = next() { rebuild() }
            finished.signal()
        }
        thread.name = "journal serve: rebuild"
        thread.start()
    }

    /// Asks for a rebuild as soon as the one under way (if any) is done.
    func request() {
        condition.withLock {
            requested = true
            condition.signal()
        }
    }

    /// Whether a build was asked for since the one under way started.
    var hasPending: Bool { condition.withLock { requested && !stopping } }

    /// Starts no build after the one under way; returns at once.
    func refuseMore() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    /// Ends the thread after the build under way, if any; returns when it has ended, or after
    /// `seconds` (the build then ends on its own).
    func stop(waiting seconds: Double = .infinity) {
        refuseMore()
        if seconds.isFinite {
            _ = finished.wait(timeout: .now() + seconds)
        } else {
            finished.wait()
        }
    }

    /// Waits for a request; nil once stopping.
    private func next() -> Void? {
        condition.withLock {
            while !requested && !stopping { condition.wait() }
            if stopping { return nil }
            requested = false
            return ()
        }
    }
}
