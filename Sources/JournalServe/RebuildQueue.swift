import Foundation

/// Runs rebuilds one at a time on a thread of its own (a build keeps every core busy; it must not
/// hold one of Swift's few concurrency threads, which serve the pages). A request during a build
/// makes exactly one more build after it, however many requests came; the build under way can
/// ask `hasPending` to give way to it (a newer save supersedes the pass of an older one).
final class RebuildQueue: @unchecked Sendable {
    private let thread = StoppableThread(name: "journal serve: rebuild")
    /// Guarded by `thread`'s lock.
    private var requested = false

    init(_ rebuild: @escaping @Sendable () -> Void) {
        thread.start { [self] in
            while thread.wait(for: takeRequest) { rebuild() }
        }
    }

    /// Asks for a rebuild as soon as the one under way (if any) is done.
    func request() {
        thread.signal { requested = true }
    }

    /// Whether a build was asked for since the one under way started.
    var hasPending: Bool { thread.withLock { stopping in requested && !stopping } }

    /// Starts no build after the one under way; returns at once.
    func refuseMore() {
        thread.askToStop()
    }

    /// Ends the thread after the build under way, if any; returns when it has ended, or after
    /// `seconds` (the build then ends on its own).
    func stop(waiting seconds: Double = .infinity) {
        thread.stop(waiting: seconds)
    }

    /// A request, taken (under the thread's lock); false when there is none.
    private func takeRequest() -> Bool {
        guard requested else { return false }
        requested = false
        return true
    }
}
