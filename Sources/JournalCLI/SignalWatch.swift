import Dispatch
import Foundation

/// Ctrl-C and SIGTERM, handled on a queue of their own while a command writes, instead of ending
/// the process wherever it is; what they did before comes back with `stop`.
final class SignalWatch: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var first: Int32?
    private let numbers: [Int32]
    private var previous: [Int32: sighandler_t?] = [:]

    /// The first signal that came, if any.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    init(_ numbers: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        let queue = DispatchQueue(label: "journal.signals")
        for number in numbers {
            previous[number] = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                self?.lock.lock()
                if self?.first == nil { self?.first = number }
                self?.lock.unlock()
                handler(number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives each signal back what it did before (its default action, or ignored as `nohup` leaves it).
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        for number in numbers { signal(number, previous[number] ?? SIG_DFL) }
        previous = [:]
    }

    /// Ends the process at once, as a shell expects of a command a signal stopped (128 + the
    /// signal's number), after saying why on standard error.
    static func end(_ signal: Int32, saying message: String) -> Never {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(128 + signal)
    }
}
