import Foundation

/// Ctrl-C or SIGTERM during `journal import`, as the import sees it: before anything is written
/// the process may end at once; while days are staged the import stops itself and removes them;
/// once its days are decided it finishes putting them in place (a second or two) first.
public final class ImportInterruption: @unchecked Sendable {
    public enum Phase: Sendable {
        case reading, staging, publishing, done
    }

    /// What the signal's handler does.
    public enum Answer: Sendable, Equatable {
        /// End the process now: nothing was or will be written.
        case endNothingWritten
        /// End the process now: the import was complete.
        case endFinished
        /// The import is writing: it stops (or finishes) by itself and says so.
        case wait
    }

    private let lock = NSLock()
    private var phase = Phase.reading
    private var stopped = false
    private var requested = false

    public init() {}

    /// A signal came.
    public func request() -> Answer {
        lock.lock()
        defer { lock.unlock() }
        requested = true
        switch phase {
        case .reading:
            // No writing starts after this answer.
            stopped = true
            return .endNothingWritten
        case .done:
            return .endFinished
        case .staging, .publishing:
            return .wait
        }
    }

    /// Whether a signal came.
    public var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    /// Moves to `next`; false (staying where it is) when a signal came before writing may start
    /// or, for `publishing`, before the import is decided.
    func enter(_ next: Phase) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return false }
        if requested && (next == .staging || next == .publishing) { return false }
        phase = next
        return true
    }
}
