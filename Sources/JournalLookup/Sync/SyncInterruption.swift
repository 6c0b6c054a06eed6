import Foundation
import JournalCore

/// Ctrl-C or SIGTERM during `journal sync`. While it reads from a service nothing is half
/// written, so the process may end at once: the months written so far stay, and the next sync
/// goes on from them. While a month is being written, the import's own rule holds
/// (`ImportInterruption`): it is finished, or taken back whole.
public final class SyncInterruption: @unchecked Sendable {
    public enum Answer: Sendable, Equatable {
        /// End the process now: every month written is whole.
        case endNow
        /// A month is being written: the sync stops by itself once it is whole or taken back.
        case wait
    }

    private let lock = NSLock()
    private var requested = false
    private var writing: ImportInterruption?

    public init() {}

    /// A signal came.
    public func request() -> Answer {
        lock.withLock {
            requested = true
            guard let writing else { return .endNow }
            return writing.request() == .wait ? .wait : .endNow
        }
    }

    /// Whether a signal came.
    public var isRequested: Bool { lock.withLock { requested } }

    /// The interruption of one month's writing, which a signal from now on goes to.
    func beginWriting() -> ImportInterruption {
        let interruption = ImportInterruption()
        lock.withLock {
            if requested { _ = interruption.request() }
            writing = interruption
        }
        return interruption
    }

    func endWriting() {
        lock.withLock { writing = nil }
    }
}
