import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `journal serve`'s listening socket and accept loop, on a thread of its own, with a cap on open
/// connections (`ServeLimits.connections`): a connection over the cap is answered 503 and closed
/// at once, so a flood degrades the preview for its length and no longer. The listening socket is
/// never closed by an error: when the process is out of file descriptors (EMFILE), accepting
/// backs off and tries again, and says so once.
///
/// FlyingFox 0.27's own server has no bound on a header line (its line reader is quadratic), no
/// read timeout, no connection cap, and ends its accept loop for good on EMFILE; its request and
/// response types and handlers are kept, and the connections are served by `ClientConnection`.
final class HTTPListener: @unchecked Sendable {
    private let socket: Socket
    private let limits: ServeLimits
    private let handler: any HTTPHandler
    private let report: @Sendable (String) -> Void
    private let capacity: Int
    private let wakeRead: Int32, wakeWrite: Int32
    /// `SocketIO.accept`, or a stand-in that fails as a process out of descriptors does (tests).
    private let accept: @Sendable (Int32) -> Int32

    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var stopping = false
    private var started = false
    private let acceptEnded = DispatchSemaphore(value: 0)
    private var floodReported = false, descriptorsReported = false

    /// Binds and listens on `address`; throws FlyingSocks' `SocketError` (EADDRINUSE among them).
    init(
        address: some SocketAddress, limits: ServeLimits, handler: any HTTPHandler, report: @escaping @Sendable (String) -> Void,
        accept: @escaping @Sendable (Int32) -> Int32 = SocketIO.accept
    ) throws {
        let socket = try Socket(domain: Int32(type(of: address).family))
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            try? socket.close()
            throw SocketError.failed(type: "pipe", errno: errno, message: "cannot make a pipe")
        }
        self.socket = socket
        self.limits = limits
        self.handler = handler
        self.report = report
        self.accept = accept
        capacity = limits.effectiveConnections
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// The port listened on.
    var port: UInt16? {
        switch try? socket.sockname() {
        case .ip4(_, let port), .ip6(_, let port): port
        default: nil
        }
    }

    /// Connections open now.
    var openConnections: Int { lock.withLock { open.count } }

    func start() {
        lock.withLock { started = true }
        let thread = Thread { [self] in
            acceptLoop()
            acceptEnded.signal()
        }
        thread.name = "journal serve: accept"
        thread.start()
    }

    /// Stops accepting, closes the listening socket and ends every connection; returns once the
    /// connections have closed or `seconds` have passed.
    func stop(waiting seconds: Double = 1) {
        let (alreadyStopping, accepting) = lock.withLock {
            defer { stopping = true }
            return (stopping, started)
        }
        guard !alreadyStopping else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        if accepting { acceptEnded.wait() }
        try? socket.close()
        lock.withLock { for descriptor in open { SocketIO.shutDown(descriptor) } }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while openConnections > 0 && Date() < deadline { usleep(5_000) }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop() {
        let listening = socket.file.rawValue
        var backoff: UInt32 = 50_000
        while true {
            var fds = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if fds[1].revents != 0 || isStopping { return }
            if ready < 0 { continue }
            let descriptor = accept(listening)
            if descriptor < 0 {
                let code = errno
                switch code {
                case EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO: continue
                default:
                    // Out of descriptors or memory: wait and try again; the listening socket stays.
                    if !descriptorsReported {
                        descriptorsReported = true
                        report("journal serve: cannot accept a connection (\(String(cString: strerror(code)))); waiting for some to close")
                    }
                    usleep(backoff)
                    backoff = min(backoff * 2, 1_000_000)
                    continue
                }
            }
            backoff = 50_000
            descriptorsReported = false
            let (admitted, count) = lock.withLock {
                guard open.count < capacity, !stopping else { return (false, open.count) }
                open.insert(descriptor)
                return (true, open.count)
            }
            guard admitted else {
                refuseBusy(descriptor)
                continue
            }
            // A flood is over once half the places are free again: the next one is reported.
            if count < capacity / 2 { floodReported = false }
            let connection = ClientConnection(descriptor: descriptor, limits: limits, handler: handler, isStopping: { [weak self] in self?.isStopping ?? true })
            let thread = Thread { [self] in
                connection.serve()
                // Forgotten before it is closed: `stop` never shuts down a number reused since.
                lock.withLock {
                    open.remove(descriptor)
                    close(descriptor)
                }
            }
            thread.name = "journal serve: connection"
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// A connection over the cap: told to come back, and closed at once.
    private func refuseBusy(_ descriptor: Int32) {
        if !floodReported {
            floodReported = true
            report("journal serve: \(capacity) connections are open, the most it keeps; new ones are refused (503) until some close")
        }
        let answer = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n"
        _ = SocketIO.write(descriptor, Array(answer.utf8), until: ContinuousClock.now + .milliseconds(10))
        close(descriptor)
    }
}
