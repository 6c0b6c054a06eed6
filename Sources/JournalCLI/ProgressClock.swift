import Foundation

/// When a run's stage began, for its "left" estimate: set by the stage's first progress call.
final class ProgressClock: @unchecked Sendable {
    private let lock = NSLock()
    private var started = Date()

    func start() { lock.withLock { started = Date() } }
    func elapsed() -> TimeInterval { lock.withLock { Date().timeIntervalSince(started) } }
}
