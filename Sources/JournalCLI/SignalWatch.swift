import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C, SIGTERM and the like, heard on a thread of their own while a command works, instead of
/// ending the process wherever it is; what they did before comes back with `stop`.
///
/// The handler only writes the signal's number into a pipe (about all a signal handler may safely
/// do); a thread of this type's reads it and calls `handler`. Not Dispatch's signal sources: they
/// run on its shared worker threads, which a build under way keeps busy for seconds.
final class SignalWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Int32?
    private let numbers: [Int32]
    private var previous: [Int32: sighandler_t?] = [:]
    private let handler: @Sendable (Int32) -> Void

    /// The first signal that came, if any: heard, or still in the pipe when the watch stopped.
    var received: Int32? {
        lock.withLock { first } ?? (signalLastCaught > 0 && signalLastCaught != signalCaughtBefore ? signalLastCaught : nil)
    }
    /// What `signalLastCaught` was when the watch began.
    private var signalCaughtBefore: Int32 = 0

    /// Nil when the pipe cannot be made (out of file descriptors).
    init?(_ numbers: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        self.handler = handler
        signalCaughtBefore = signalLastCaught
        guard SignalPipe.serve(self) else { return nil }
        var numbersSet = sigset_t()
        sigemptyset(&numbersSet)
        for number in numbers {
            previous[number] = signal(number) { number in
                signalLastCaught = number
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigaddset(&numbersSet, number)
        }
        // A process can be started with them blocked (a parent's mask is inherited: a test
        // runner's is), and they would then wait forever; this thread, and those it starts, take them.
        pthread_sigmask(SIG_UNBLOCK, &numbersSet, nil)
    }

    /// Gives each signal back what it did before (its default action, or ignored as `nohup` leaves it).
    func stop() {
        for number in numbers { signal(number, previous[number] ?? SIG_DFL) }
        previous = [:]
        SignalPipe.release(self)
    }

    fileprivate func heard(_ number: Int32) {
        lock.withLock { if first == nil { first = number } }
        handler(number)
    }

    /// Ends the process at once, as a shell expects of a command a signal stopped (128 + the
    /// signal's number), after saying why on standard error.
    static func end(_ signal: Int32, saying message: String) -> Never {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(128 + signal)
    }
}

/// Where the signal handler writes; a C signal handler can reach only a global. -1 until made.
/// Never blocks: a full pipe (thousands of signals unread) drops the byte, not the process.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// The last signal the handler caught, also when its byte was not read before the watch stopped.
nonisolated(unsafe) private var signalLastCaught: Int32 = 0

/// The one pipe and reading thread of the process, made on first use, and the watch they serve.
private enum SignalPipe {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var current: SignalWatch?

    /// Makes the pipe and its reading thread the first time; false if the pipe cannot be made.
    static func serve(_ watch: SignalWatch) -> Bool {
        lock.withLock {
            if readEnd < 0 {
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { return false }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
                signalPipeWriteEnd = ends[1]
                readEnd = ends[0]
                let end = ends[0]
                let thread = Thread { read(from: end) }
                thread.name = "journal: signals"
                thread.start()
            }
            current = watch
            return true
        }
    }

    static func release(_ watch: SignalWatch) {
        lock.withLock { if current === watch { current = nil } }
    }

    private static func read(from readEnd: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(readEnd, &byte, 1)
            if count == 1 {
                lock.withLock { current }?.heard(Int32(byte))
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
