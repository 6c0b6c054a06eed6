import Foundation

/// A thread of its own for work that waits (a watcher's next look, a queue's next request), whose
/// waits a `stop` ends at once. The lock it waits on also guards the owner's shared state
/// (`withLock`, `signal`), so a change and the wake-up it causes can never miss each other.
final class StoppableThread: @unchecked Sendable {
    private let name: String
    private let condition = NSCondition()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(name: String) {
        self.name = name
    }

    /// Runs `body` on a new thread; `stop` returns once it has returned.
    func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Runs `body` holding the lock; `stopping` says whether a stop was asked for.
    func withLock<Value>(_ body: (_ stopping: Bool) -> Value) -> Value {
        condition.withLock { body(stopping) }
    }

    /// Runs `change` holding the lock, then wakes the thread.
    func signal(_ change: () -> Void) {
        condition.withLock {
            change()
            condition.signal()
        }
    }

    /// On the thread: waits until `take` returns true (it runs holding the lock, and may change
    /// what it guards) or a stop is asked for; false once stopping.
    func wait(for take: () -> Bool) -> Bool {
        condition.withLock {
            while !stopping {
                if take() { return true }
                condition.wait()
            }
            return false
        }
    }

    /// On the thread: sleeps `seconds` unless stopped first; false once stopping.
    func sleep(_ seconds: Double) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !stopping && condition.wait(until: deadline) {}
            return !stopping
        }
    }

    var isStopping: Bool { withLock { $0 } }

    /// Asks the thread to stop and wakes it; returns at once.
    func askToStop() {
        signal { stopping = true }
    }

    /// Asks the thread to stop, then returns when it has ended, or after `seconds`.
    func stop(waiting seconds: Double = .infinity) {
        askToStop()
        if seconds.isFinite {
            _ = finished.wait(timeout: .now() + seconds)
        } else {
            finished.wait()
        }
    }
}
