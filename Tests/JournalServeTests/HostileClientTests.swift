import FlyingFox
import FlyingSocks
import Foundation
import Testing

@testable import JournalServe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clients that would take the preview away from the writer: a header without an end,
/// a body, a trickle of bytes, connections left open. Each is answered or closed within its
/// limit (short ones here, `ServeLimits`), and the writer's pages are served all along.
@Suite(.serialized) struct HostileClientTests {
    static var shortLimits: ServeLimits {
        var limits = ServeLimits()
        limits.headSeconds = 1
        limits.idleSeconds = 1
        // Not short: on a busy machine a handler can wait seconds for one of Swift's threads.
        limits.writeSeconds = 30
        return limits
    }

    func serving(_ limits: ServeLimits = shortLimits, _ body: (ServeTests.Running, ServeTests.Journal) async throws -> Void) async throws {
        // A refused client's writes must not end the test process.
        signal(SIGPIPE, SIG_IGN)
        let journal = try ServeTests.Journal()
        let out = ServeTests.Lines()
        let errors = ServeTests.Lines()
        let server = JournalServer(ServeOptions(source: journal.path, port: 0, limits: limits), out: out.append, error: errors.append)
        try await server.start()
        let port = try #require(server.url.flatMap { URL(string: $0)?.port }.map { UInt16($0) })
        // The first build: on a 2-core machine running every suite it can take a minute.
        #expect(await eventually(120) { await HTTP.get(port, "/2026/11/21/").status == 200 }, "the first build: \(errors.all)")
        let running = ServeTests.Running(server: server, port: port, out: out, errors: errors)
        do { try await body(running, journal) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aHeaderLineWithoutAnEndIsRefusedAtOnceAndPagesAreStillServed() async throws {
        try await serving { running, _ in
            let port = running.port
            // 256 KiB of one header line, never ended: FlyingFox's reader spent a core on it for minutes.
            let clock = ContinuousClock()
            let start = clock.now
            let answer = await offThePool { () -> String in
                guard let descriptor = connectedSocket(port) else { return "no connection" }
                defer { close(descriptor) }
                send(descriptor, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
                let piece = String(repeating: "a", count: 16 * 1024)
                for _ in 0..<16 { send(descriptor, piece) }
                return readUntilClosed(descriptor, seconds: 10)
            }
            #expect(answer.hasPrefix("HTTP/1.1 431 "), "\(answer.prefix(200))")
            #expect(clock.now - start < .seconds(10))
            #expect(await HTTP.get(port, "/2026/11/21/").status == 200)

            // Many headers that add up to more than the limit are refused the same way.
            let many = (0..<400).map { "X-Header-\($0): \(String(repeating: "b", count: 60))\r\n" }.joined()
            #expect(await raw(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\(many)\r\n").hasPrefix("HTTP/1.1 431 "))
            #expect(await HTTP.get(port, "/2026/11/21/").status == 200)
        }
    }

    @Test func aRequestWithABodyOrBrokenFramingIsRefusedAndClosed() async throws {
        try await serving { running, _ in
            let port = running.port
            // A GET-only server reads no body: 413 for one on a GET, 405 for other methods, then closes.
            let withBody = await raw(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
            #expect(withBody.hasPrefix("HTTP/1.1 413 "), "\(withBody.prefix(100))")
            #expect(withBody.contains("Connection: close"))
            let post = await raw(port, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
            #expect(post.hasPrefix("HTTP/1.1 405 ") && post.contains("Allow: GET, HEAD"), "\(post.prefix(100))")
            // A body's bytes are never read as a second request (smuggling).
            let smuggled = await raw(
                port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /2026/11/21/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(smuggled.hasPrefix("HTTP/1.1 413 ") && !smuggled.contains("HTTP/1.1 200"), "\(smuggled.prefix(200))")
            for broken in [
                "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n folded\r\n\r\n",
                "GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "NOT HTTP\r\n\r\n",
            ] {
                let answer = await raw(port, broken)
                #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(broken.debugDescription): \(answer.prefix(100))")
            }
            #expect(await raw(port, "GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 505 "))
            // Two requests on one connection are both answered, in order.
            let two = await raw(
                port, "HEAD /2026/11/21/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /no/such/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(two.hasPrefix("HTTP/1.1 200 ") && two.contains("HTTP/1.1 404 "), "\(two.prefix(300))")
        }
    }

    @Test func aSlowHeadAndAnIdleConnectionAreClosedInTimeButEventStreamsStay() async throws {
        try await serving { running, journal in
            let port = running.port
            let clock = ContinuousClock()
            // Open a page's event stream first: it must outlive every limit below.
            let events = try await EventStream.ofPage("/2026/11/21/", port: port)
            defer { events.close() }
            #expect(await eventually { events.text.contains(": journal serve") })

            // A trickle: a byte every 200 ms, each in time, the whole head not (1 s): 408, closed.
            let start = clock.now
            let trickled = await offThePool { () -> String in
                guard let descriptor = connectedSocket(port) else { return "no connection" }
                defer { close(descriptor) }
                for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 {
                    if write(descriptor, [byte], 1) != 1 { break }
                    usleep(200_000)
                    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                    if poll(&fds, 1, 0) > 0 { break }
                }
                return readUntilClosed(descriptor, seconds: 10)
            }
            #expect(trickled.hasPrefix("HTTP/1.1 408 "), "\(trickled.prefix(100))")
            #expect(clock.now - start < .seconds(8), "\(clock.now - start)")

            // Connected, nothing sent: closed after the limit.
            let idleStart = clock.now
            let idle = await offThePool { () -> String in
                guard let descriptor = connectedSocket(port) else { return "no connection" }
                defer { close(descriptor) }
                return readUntilClosed(descriptor, seconds: 10)
            }
            #expect(idle.isEmpty && clock.now - idleStart < .seconds(8), "\(idle.prefix(100)) after \(clock.now - idleStart)")

            // Kept alive after an answer, then idle: closed after the limit.
            let keptStart = clock.now
            let kept = await offThePool { () -> String in
                guard let descriptor = connectedSocket(port) else { return "no connection" }
                defer { close(descriptor) }
                send(descriptor, "GET /2026/11/21/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return readUntilClosed(descriptor, seconds: 10)
            }
            #expect(kept.hasPrefix("HTTP/1.1 200 ") && clock.now - keptStart < .seconds(8), "\(kept.prefix(100)) after \(clock.now - keptStart)")

            // The page's event stream, open all this time, still hears of an edit.
            #expect(clock.now - start > .seconds(2))
            try journal.write(ServeTests.dayPath, ServeTests.day(title: "Still listening"))
            #expect(await eventually { events.text.contains("event: reload") }, "\(events.text)")
        }
    }

    @Test func eventStreamsBeyondTheirCapAreRefusedAndPagesStillServed() async throws {
        var limits = Self.shortLimits
        limits.eventStreams = 2
        try await serving(limits) { running, _ in
            let port = running.port
            let first = try EventStream(port: port, path: "/__journal/events")
            let second = try EventStream(port: port, path: "/__journal/events")
            defer {
                first.close()
                second.close()
            }
            #expect(await eventually { first.text.contains(": journal serve") && second.text.contains(": journal serve") })
            let third = await HTTP.get(port, "/__journal/events")
            #expect(third.status == 503, "\(third.status)")
            #expect(await HTTP.get(port, "/2026/11/21/").status == 200)
        }
    }
}

/// Sends `text` on a new connection and reads until the server closes it (at most 10 s).
func raw(_ port: UInt16, _ text: String) async -> String {
    await offThePool {
        guard let descriptor = connectedSocket(port) else { return "no connection" }
        defer { close(descriptor) }
        send(descriptor, text)
        return readUntilClosed(descriptor, seconds: 10)
    }
}

/// Everything the server sends until it closes the connection, or `seconds` pass.
func readUntilClosed(_ descriptor: Int32, seconds: Double) -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 100) >= 0 else { break }
        if fds[0].revents == 0 { continue }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
}

/// A process out of file descriptors (EMFILE) keeps listening: accepting waits and tries again,
/// and says so once (FlyingFox's accept loop ended for good on the first one).
@Suite struct AcceptBackoffTests {
    struct Answer: HTTPHandler {
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data("ok\n".utf8))
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var left: Int
        init(_ count: Int) { left = count }
        /// True (and one fewer left) while accepting is to fail.
        func take() -> Bool {
            lock.withLock {
                defer { left -= 1 }
                return left > 0
            }
        }
    }

    @Test func runningOutOfDescriptorsIsWaitedOutAndSaidOnce() async throws {
        let failures = Failures(5)
        let reports = ServeTests.Lines()
        let listener = try HTTPListener(
            address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), limits: ServeLimits(), handler: Answer(),
            report: reports.append
        ) { listening in
            if failures.take() {
                errno = EMFILE
                return -1
            }
            return SocketIO.accept(listening)
        }
        listener.start()
        defer { listener.stop() }
        let port = try #require(listener.port)
        // Retried: with every suite running, the handler can wait long for one of Swift's threads.
        #expect(await eventually(120) { await HTTP.get(port, "/").body == "ok\n" })
        #expect(reports.all.count == 1 && reports.all.first?.contains("Too many open files") == true, "\(reports.all)")
    }
}
