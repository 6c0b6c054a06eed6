import FlyingFox
import FlyingSocks
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

        public init(status: Int = 200, body: Data = Data(), headers: [String: String] = [:], delay: Double = 0) {
            self.status = status
            self.body = body
            self.headers = headers
            self.delay = delay
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
    private var server: HTTPServer?
    private var task: Task<Void, any Error>?

    /// `http://127.0.0.1:PORT`, without a trailing slash: what `JOURNAL_*_URL` are set to.
    public private(set) var baseURL = ""

    private init() {}

    /// Starts a stub on a free port of 127.0.0.1 and waits until it listens.
    public static func start() async throws -> StubServer {
        let stub = StubServer()
        let server = HTTPServer(config: .init(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled),
                                handler: Handler(stub: stub))
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port) = await server.listeningAddress else {
            await server.stop()
            task.cancel()
            throw StubError.noAddress
        }
        stub.lock.withLock {
            stub.server = server
            stub.task = task
            stub.baseURL = "http://127.0.0.1:\(port)"
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

    /// Stops listening and closes every connection (a delayed answer is abandoned after a moment).
    public func stop() async {
        let (server, task) = lock.withLock { (self.server, self.task) }
        await server?.stop(timeout: 0.5)
        task?.cancel()
        lock.withLock {
            self.server = nil
            self.task = nil
        }
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

    fileprivate func respond(to request: HTTPRequest) async -> HTTPResponse {
        let rawQuery = request.target.query(percentEncoded: true)
        let pairs: [Pair] = rawQuery.isEmpty ? [] : rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(halves[0]).removingPercentEncoding ?? String(halves[0])
            let value = halves.count > 1 ? (String(halves[1]).removingPercentEncoding ?? String(halves[1])) : ""
            return Pair(name, value)
        }
        var headers: [String: String] = [:]
        for (header, value) in request.headers { headers[header.rawValue.lowercased()] = value }
        let seen = Request(method: request.method.rawValue, path: request.target.path(percentEncoded: false), query: pairs,
                           headers: headers, time: ContinuousClock.now)
        let answer: Answer? = lock.withLock {
            received.append(seen)
            let exact = Route(method: seen.method, path: seen.path, query: Set(pairs))
            let any = Route(method: seen.method, path: seen.path, query: nil)
            guard let route = routes[exact] != nil ? exact : routes[any] != nil ? any : nil,
                  let answers = routes[route], !answers.isEmpty else {
                unexpectedRequests.append(seen)
                return nil
            }
            let index = min(served[route, default: 0], answers.count - 1)
            served[route, default: 0] += 1
            return answers[index]
        }
        guard let answer else {
            return HTTPResponse(statusCode: HTTPStatusCode(500, phrase: "Unexpected"), body: Data("the stub did not expect \(seen)".utf8))
        }
        if answer.delay > 0 { try? await Task.sleep(for: .seconds(answer.delay)) }
        var responseHeaders = HTTPHeaders()
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: "Stub"), headers: responseHeaders, body: answer.body)
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

private struct Handler: HTTPHandler {
    let stub: StubServer
    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse { await stub.respond(to: request) }
}
