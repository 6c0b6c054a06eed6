import FlyingFox
import Foundation

/// One client's connection, served on a thread of its own (never one of Swift's few concurrency
/// threads, so a slow client cannot starve the pages or the stop): reads request heads within
/// `ServeLimits`, hands each to the site's `HTTPHandler` (FlyingFox's request and response types,
/// so `FileHTTPHandler` still answers ranges), and writes the answer. A head too large, too slow,
/// malformed, or followed by a body is answered with its status and the connection closed; a
/// kept-alive connection that stays idle is closed. The event stream is written for as long as
/// the page stays open.
final class ClientConnection: @unchecked Sendable {
    let descriptor: Int32
    private let limits: ServeLimits
    private let handler: any HTTPHandler
    private let isStopping: @Sendable () -> Bool
    private var buffer: [UInt8] = []

    init(descriptor: Int32, limits: ServeLimits, handler: any HTTPHandler, isStopping: @escaping @Sendable () -> Bool) {
        self.descriptor = descriptor
        self.limits = limits
        self.handler = handler
        self.isStopping = isStopping
    }

    /// Serves requests until the client closes, a limit is reached or the server stops.
    func serve() {
        var first = true
        while !isStopping() {
            guard let head = readHead(first: first) else { return }
            first = false
            if head.declaresBody {
                // No body is read: answer, then close, so its bytes are never taken for a request.
                let isReading = head.method == "GET" || head.method == "HEAD"
                refuse(
                    isReading ? 413 : 405, isReading ? "Content Too Large" : "Method Not Allowed",
                    extra: isReading ? [] : ["Allow: GET, HEAD"])
                return
            }
            guard let response = answer(head) else { return }
            guard write(response, to: head) else { return }
            if !head.keepAlive { return }
        }
    }

    // MARK: Reading

    /// The next request head, or nil when the connection is to close (already answered if need be).
    private func readHead(first: Bool) -> RequestHead? {
        let clock = ContinuousClock()
        // Before a byte of the head: the head's own limit for a new connection, the idle one between requests.
        var deadline = clock.now + .seconds(first ? limits.headSeconds : limits.idleSeconds)
        var started = false
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let skip = RequestHead.leadingEmptyLineBytes(in: buffer[...])
            if skip > 0 {
                buffer.removeFirst(skip)
                scanned = 0
            }
            if !buffer.isEmpty && !started {
                started = true
                deadline = clock.now + .seconds(limits.headSeconds)
            }
            if let end = RequestHead.end(in: buffer[...], from: scanned) {
                let bytes = buffer[..<end]
                let parsed = RequestHead.parse(bytes, limit: limits.headBytes)
                buffer.removeFirst(end)
                switch parsed {
                case .success(let head): return head
                case .failure(let refusal):
                    refuse(refusal)
                    return nil
                }
            }
            scanned = buffer.count
            if buffer.count > limits.headBytes {
                refuse(.tooLarge)
                return nil
            }
            if isStopping() { return nil }
            switch SocketIO.read(descriptor, into: &chunk, until: deadline) {
            case .bytes(let count): buffer += chunk[0..<count]
            case .closed: return nil
            case .timedOut:
                // A head that began and did not end in time is told so; an idle connection just closes.
                if !buffer.isEmpty { refuse(408, "Request Timeout") }
                return nil
            }
        }
    }

    // MARK: Answering

    /// The handler's answer, or nil (and a 503 sent) when it gives none in time.
    private func answer(_ head: RequestHead) -> HTTPResponse? {
        let (path, query) = head.pathAndQuery
        var headers = HTTPHeaders()
        for field in head.headers { headers.addValue(field.value, for: HTTPHeader(field.name)) }
        let request = HTTPRequest(
            method: HTTPMethod(head.method), version: HTTPVersion(head.version),
            target: HTTPRequest.Target(path: path, query: query), headers: headers, body: HTTPBodySequence())
        let result = Waiting<HTTPResponse>()
        let handler = handler
        let task = Task {
            do { result.finish(try await handler.handleRequest(request)) } catch { result.finish(HTTPResponse(statusCode: .internalServerError)) }
        }
        guard let response = result.wait(seconds: limits.writeSeconds) else {
            task.cancel()
            refuse(503, "Service Unavailable")
            return nil
        }
        return response
    }

    /// Writes `response`; false when the connection is to close.
    private func write(_ response: HTTPResponse, to head: RequestHead) -> Bool {
        guard case .httpBody(let body) = response.payload else { return false }
        var headers = response.headers
        // 1xx, 204 and 304 have no body, nor a length that would describe one.
        let code = response.statusCode.code
        let hasNoBody = code < 200 || code == 204 || code == 304
        let sendsBody = head.method != "HEAD" && !hasNoBody
        if !hasNoBody, headers[.contentLength] == nil, let count = body.count, sendsBody || count > 0 {
            headers[.contentLength] = String(count)
        }
        let chunked = sendsBody && headers[.contentLength] == nil
        if chunked { headers[.transferEncoding] = "chunked" }
        headers[.connection] = head.keepAlive ? (head.version == "HTTP/1.0" ? "keep-alive" : nil) : "close"
        let status = "HTTP/1.1 \(response.statusCode.code) \(Self.clean(response.statusCode.phrase))\r\n"
        let lines = headers.map { "\(Self.clean($0.key.rawValue)): \(Self.clean($0.value))\r\n" }.sorted()
        guard send(Array((status + lines.joined() + "\r\n").utf8)) else { return false }
        guard sendsBody else { return true }

        let pump = BodyPump(body)
        defer { pump.cancel() }
        while true {
            // Waits for the next piece (an event stream waits as long as its page stays open).
            let next = Waiting<Data?>()
            pump.next(into: next)
            var piece: Data??
            while piece == nil {
                piece = next.wait(seconds: 1)
                if piece == nil && (isStopping() || SocketIO.peerHasGone(descriptor)) { return false }
            }
            // A body of unknown length comes chunk-encoded already (FlyingFox's encoder), its end included.
            guard let data = piece ?? nil else { return true }
            if !data.isEmpty && !send(data) { return false }
        }
    }

    private func send(_ bytes: some ContiguousBytes) -> Bool {
        SocketIO.write(descriptor, bytes, until: ContinuousClock.now + .seconds(limits.writeSeconds))
    }

    private func refuse(_ refusal: RequestHead.Refusal) {
        switch refusal {
        case .tooLarge: refuse(431, "Request Header Fields Too Large")
        case .malformed: refuse(400, "Bad Request")
        case .unsupportedVersion: refuse(505, "HTTP Version Not Supported")
        }
    }

    /// A short plain answer after which the connection closes.
    private func refuse(_ status: Int, _ phrase: String, extra: [String] = []) {
        let body = "\(status) \(phrase)\n"
        let head =
            ([
                "HTTP/1.1 \(status) \(phrase)", "Connection: close", "Content-Length: \(body.utf8.count)",
                "Content-Type: text/plain; charset=utf-8",
            ] + extra).joined(separator: "\r\n")
        guard SocketIO.write(descriptor, Array((head + "\r\n\r\n" + body).utf8), until: ContinuousClock.now + .seconds(min(limits.writeSeconds, 2))) else {
            return
        }
        SocketIO.linger(descriptor, seconds: 2, bytes: 1024 * 1024)
    }

    /// A header name or value as it may go out: no line break can split the response.
    private static func clean(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}

/// A value another thread's task hands over, waited for with a bound.
final class Waiting<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var value: Value?

    func finish(_ value: Value) {
        lock.withLock { self.value = value }
        done.signal()
    }

    /// The value, or nil if it has not come within `seconds`.
    func wait(seconds: Double) -> Value? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { value }
    }
}

/// A response body read one piece at a time from a thread: each piece is awaited by a task,
/// so a body that waits (the event stream) holds no thread while it does.
final class BodyPump: @unchecked Sendable {
    private var iterator: HTTPBodySequence.Iterator
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    init(_ body: HTTPBodySequence) { iterator = body.makeAsyncIterator() }

    /// Starts reading the next piece; `into` gets it (nil at the end or on an error).
    func next(into waiting: Waiting<Data?>) {
        let task = Task { [self] in
            let piece = try? await iterator.next()
            waiting.finish(piece ?? nil)
        }
        lock.withLock { self.task = task }
    }

    /// Cancels a piece still awaited (ending an event stream's subscription).
    func cancel() {
        lock.withLock { task }?.cancel()
    }
}
