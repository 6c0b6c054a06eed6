import Foundation
import JournalLookup

/// A stand-in for the music services in tests: an HTTP server on 127.0.0.1 that answers only the
/// requests a test registered, records every request with its time, and answers anything else
/// 500 while recording it in `unexpected`, so a test can fail on it.
public final class StubServer: @unchecked Sendable {
    /// What the stub answers to one request.
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data
        public var headers: [String: String]
        /// Seconds to wait before answering (to play a slow service).
        public var delay: Double
        /// Seconds between the body's bytes, sent one at a time (a server that keeps a connection
        /// alive with a trickle).
        public var trickle: Double
        /// Sends `body` over and over without a `Content-Length` until the client hangs up (a
        /// service whose answer never ends).
        public var endless: Bool

        public init(
            status: Int = 200, body: Data = Data(), headers: [String: String] = [:], delay: Double = 0, trickle: Double = 0,
            endless: Bool = false
        ) {
            self.status = status
            self.body = body
            self.headers = headers
            self.delay = delay
            self.trickle = trickle
            self.endless = endless
        }

        /// A JSON body given as text.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:], delay: Double = 0) -> Answer {
            Answer(status: status, body: Data(text.utf8), headers: ["Content-Type": "application/json"].merging(headers) { $1 }, delay: delay)
        }

        /// A file of Tests/Fixtures/lookup/ as the body (JSON unless the name says otherwise).
        /// An empty body when the file is missing, which the test's assertions then catch.
        public static func fixture(_ name: String, status: Int = 200, headers: [String: String] = [:], delay: Double = 0) -> Answer {
            let type = name.hasSuffix(".jpg") ? "image/jpeg" : name.hasSuffix(".png") ? "image/png" : "application/json"
            return Answer(status: status, body: StubServer.fixture(name), headers: ["Content-Type": type].merging(headers) { $1 }, delay: delay)
        }

        /// Bytes (an image) with their content type.
        public static func bytes(_ data: Data, contentType: String, status: Int = 200) -> Answer {
            Answer(status: status, body: data, headers: ["Content-Type": contentType])
        }

        /// A status with no body (404, or 429 with `Retry-After`).
        public static func status(_ status: Int, headers: [String: String] = [:], delay: Double = 0) -> Answer {
            Answer(status: status, headers: headers, delay: delay)
        }
    }

    /// A request the stub received.
    public struct Request: Sendable, CustomStringConvertible {
        public var method: String
        /// Decoded path, e.g. `/ws/2/recording`.
        public var path: String
        /// Decoded query pairs, in the order sent (`+` stays a plus: only percent-escapes are decoded).
        public var query: [Pair]
        /// Header names lowercased.
        public var headers: [String: String]
        /// When it arrived.
        public var time: ContinuousClock.Instant

        /// The value of the first query pair with that name.
        public func value(of name: String) -> String? { query.first { $0.name == name }?.value }

        public var description: String {
            "\(method) \(path)" + (query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
        }
    }

    /// A query pair, compared as decoded text.
    public struct Pair: Hashable, Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    private struct Route: Hashable {
        var method: String
        var path: String
        /// Nil: any query.
        var query: Set<Pair>?
    }

    private let lock = NSLock()
    private var routes: [Route: [Answer]] = [:]
    private var served: [Route: Int] = [:]
    private var received: [Request] = []
    private var unexpectedRequests: [Request] = []
    private var listener: SocketListener?

    /// `http://127.0.0.1:PORT`, without a trailing slash: what `JOURNAL_*_URL` are set to.
    public private(set) var baseURL = ""

    private init() {}

    /// Starts a stub on a free port of 127.0.0.1, listening when this returns. It answers on
    /// threads of its own, never Swift's shared ones, so tests that keep those busy (a build
    /// runs on them) cannot make it slow to answer.
    public static func start() async throws -> StubServer {
        let stub = StubServer()
        let listener = try SocketListener { request in stub.respond(to: request) }
        stub.lock.withLock {
            stub.listener = listener
            stub.baseURL = "http://127.0.0.1:\(listener.port)"
        }
        return stub
    }

    /// An address where nothing listens: a stub's, once stopped.
    public static func deadBaseURL() async throws -> String {
        let stub = try await start()
        let base = stub.baseURL
        await stub.stop()
        return base
    }

    /// Stops listening; a delayed answer still being written is abandoned.
    public func stop() async {
        let listener = lock.withLock { () -> SocketListener? in
            defer { self.listener = nil }
            return self.listener
        }
        listener?.stop()
    }

    /// The environment pointing `services` at this stub (`JOURNAL_ITUNES_URL=http://127.0.0.1:PORT`, ...).
    public func environment(for services: [LookupService] = LookupService.allCases) -> [String: String] {
        Dictionary(uniqueKeysWithValues: services.map { ($0.environmentVariable, baseURL) })
    }

    // MARK: Registering

    /// Answers `method path?query` (query compared as a set of decoded pairs; nil: any query)
    /// with `answers` in turn, the last one for every request after (e.g. 429 then 200).
    public func answer(_ method: String = "GET", _ path: String, query: [(String, String)]? = [], with answers: Answer...) {
        let route = Route(method: method, path: path, query: query.map { Set($0.map { Pair($0.0, $0.1) }) })
        lock.withLock {
            routes[route] = answers
            served[route] = 0
        }
    }

    /// Answers what a request builder makes (`ITunesSearch.request(term:)` ...), with `answers` in turn.
    public func answer(_ request: LookupRequest, with answers: Answer...) {
        let route = Route(method: "GET", path: request.path, query: Set(request.query.map { Pair($0.name, $0.value) }))
        lock.withLock {
            routes[route] = answers
            served[route] = 0
        }
    }

    // MARK: What was asked

    /// Every request received, in order.
    public var requests: [Request] { lock.withLock { received } }

    /// Requests no route matched (answered 500).
    public var unexpected: [Request] { lock.withLock { unexpectedRequests } }

    /// How many requests asked for `path`.
    public func count(path: String) -> Int { requests.filter { $0.path == path }.count }

    /// When each request whose path starts with `prefix` arrived, in order.
    public func times(pathPrefix prefix: String) -> [ContinuousClock.Instant] {
        requests.filter { $0.path.hasPrefix(prefix) }.map(\.time)
    }

    /// Forgets the requests received so far (the routes stay).
    public func clearRequests() {
        lock.withLock {
            received = []
            unexpectedRequests = []
        }
    }

    // MARK: Answering

    fileprivate func respond(to raw: RawRequest) -> Answer {
        let parts = raw.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? "/"
        let rawQuery = parts.count > 1 ? String(parts[1]) : ""
        let pairs: [Pair] =
            rawQuery.isEmpty
            ? []
            : rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { part in
                let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(halves[0]).removingPercentEncoding ?? String(halves[0])
                let value = halves.count > 1 ? (String(halves[1]).removingPercentEncoding ?? String(halves[1])) : ""
                return Pair(name, value)
            }
        let seen = Request(
            method: raw.method, path: rawPath.removingPercentEncoding ?? rawPath, query: pairs,
            headers: raw.headers, time: ContinuousClock.now)
        let answer: Answer? = lock.withLock {
            received.append(seen)
            let exact = Route(method: seen.method, path: seen.path, query: Set(pairs))
            let any = Route(method: seen.method, path: seen.path, query: nil)
            guard let route = routes[exact] != nil ? exact : routes[any] != nil ? any : nil,
                let answers = routes[route], !answers.isEmpty
            else {
                unexpectedRequests.append(seen)
                return nil
            }
            let index = min(served[route, default: 0], answers.count - 1)
            served[route, default: 0] += 1
            return answers[index]
        }
        return answer ?? Answer(status: 500, body: Data("the stub did not expect \(seen)".utf8))
    }

    /// The bytes of a file of Tests/Fixtures/lookup/, empty when missing.
    public static func fixture(_ name: String) -> Data {
        FileManager.default.contents(atPath: fixturesFolder + "/" + name) ?? Data()
    }

    /// Tests/Fixtures/lookup/, found from this file's place in the repository.
    public static var fixturesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/lookup").path
    }
}

public enum StubError: Error {
    case noAddress
}

/// A request as it came over the socket.
struct RawRequest {
    var method: String
    /// The request target, still percent-encoded: `/search?term=hype%20boy`.
    var target: String
    /// Header names lowercased.
    var headers: [String: String]
}

/// A plain HTTP/1.1 server on 127.0.0.1 with a thread for listening and one for each connection:
/// one request a connection, answered with `Connection: close`.
final class SocketListener: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32
    private let respond: @Sendable (RawRequest) -> StubServer.Answer
    private let lock = NSLock()
    private var stopped = false

    init(respond: @escaping @Sendable (RawRequest) -> StubServer.Answer) throws {
        self.respond = respond
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StubError.noAddress }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 64) == 0,
            withUnsafeMutablePointer(to: &address, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }) == 0
        else {
            close(descriptor)
            throw StubError.noAddress
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else {
                if isStopped { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 1 << 16 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes += buffer[0..<count]
            if bytes.count >= 4, (0...(bytes.count - 4)).contains(where: { Array(bytes[$0..<$0 + 4]) == end }) { break }
        }
        let head = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let answer = respond(RawRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers))
        if answer.delay > 0 { Thread.sleep(forTimeInterval: answer.delay) }
        if isStopped { return }
        // A `Content-Length` among the answer's headers replaces the body's own (an answer that
        // announces more than it sends).
        let announced = answer.headers.keys.contains { $0.lowercased() == "content-length" }
        var response = "HTTP/1.1 \(answer.status) Stub\r\nConnection: close\r\n"
        if !announced && !answer.endless { response += "Content-Length: \(answer.body.count)\r\n" }
        for (name, value) in answer.headers { response += "\(name): \(value)\r\n" }
        if answer.endless { return sendEndlessly(Array((response + "\r\n").utf8), answer.body, to: connection) }
        let out = Array((response + "\r\n").utf8) + Array(answer.body)
        let headLength = out.count - answer.body.count
        var sent = 0
        while sent < out.count {
            let chunk = answer.trickle <= 0 ? out.count - sent : sent < headLength ? headLength - sent : 1
            // A client that gave up has closed its end: `send` says so instead of raising SIGPIPE,
            // which would end the whole test process.
            let count = out[sent..<sent + chunk].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0, !isStopped else { return }
            sent += count
            if answer.trickle > 0, sent >= headLength { Thread.sleep(forTimeInterval: answer.trickle) }
        }
    }

    /// `head`, then `body` again and again until the client closes or the stub stops.
    private func sendEndlessly(_ head: [UInt8], _ body: Data, to connection: Int32) {
        var next = head
        while !isStopped {
            let count = next.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            next = count < next.count ? Array(next[count...]) : Array(body.isEmpty ? Data(" ".utf8) : body)
        }
    }
}
