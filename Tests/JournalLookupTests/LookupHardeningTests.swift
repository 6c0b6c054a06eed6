import Foundation
import LookupStub
import Testing

@testable import JournalLookup

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a hostile or broken service does to the client: it never crashes, never waits without
/// end, never keeps a bad answer, and never follows a cover onto this machine's network.
@Suite struct LookupHardeningTests {
    func client(_ environment: [String: String], cache: String? = nil, timeout: Double = 10) -> LookupClient {
        var policy = LookupPolicy.testing
        policy.timeout = timeout
        return LookupClient(cacheFolder: cache, environment: environment, policy: policy, userAgent: LookupClientTests.userAgent)
    }

    @Test(arguments: ["99999999999999999999", "inf", "1e400", "-5", "soon"])
    func anyRetryAfterIsSurvived(value: String) async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let request = ITunesSearch.request(term: "x")
        stub.answer(request, with: .status(429, headers: ["Retry-After": value]))
        guard case .refused = await client(stub.environment()).get(request) else {
            Issue.record("a service that keeps refusing is refused")
            return
        }
    }

    /// A Retry-After date is read on its bytes: Foundation's DateFormatter trapped on a day name
    /// with a combining mark (LookupFuzz). A date in the year 9999 waits a year, like a number.
    @Test func aRetryAfterDateIsReadWithoutFoundationsFormatter() throws {
        func wait(_ value: String) throws -> Double? {
            let url = try #require(URL(string: "https://example.org/"))
            let response = try #require(
                HTTPURLResponse(url: url, statusCode: 429, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": value]))
            return LookupClient.retryAfter(response)
        }
        #expect(try wait("Fr\u{301}Si, 31 Dec 9999 23:59:59 GMT") == nil)
        #expect(try wait("Fri, 31 Dec 9999 23:59:59 GMT") == 31_536_000)
        #expect(try wait("Sun, 06 Nov 1994 08:49:37 GMT") == 0)
        #expect(LookupClient.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(LookupClient.httpDate("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
        #expect(LookupClient.httpDate("Sun, 06 Nov 1994 24:49:37 GMT") == nil)
        #expect(LookupClient.httpDate("Sun, 06 Nov 1994 08:49:37 UTC") == nil)
        let soon = try #require(try wait(Self.httpDate(secondsFromNow: 120)))
        #expect(soon > 100 && soon <= 120)
    }

    static func httpDate(secondsFromNow: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(secondsFromNow))
    }

    @Test func aServiceThatKeepsRefusingIsNotAskedAgainInTheRun() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        stub.answer("GET", "/search", query: nil, with: .status(503))
        let lookup = client(stub.environment())
        guard case .refused = await lookup.get(ITunesSearch.request(term: "one")) else {
            Issue.record("refused")
            return
        }
        let asked = stub.requests.count
        #expect(asked == 3)  // the first try and LookupPolicy.testing's two retries
        guard case .refused = await lookup.get(ITunesSearch.request(term: "two")) else {
            Issue.record("still refused")
            return
        }
        #expect(stub.requests.count == asked)
        #expect(await lookup.isDown(.itunes))
    }

    @Test func aTrickleOfBytesIsCutOffAtTheTimeout() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let request = ITunesSearch.request(term: "slow")
        stub.answer(request, with: StubServer.Answer(status: 200, body: Data(repeating: UInt8(ascii: " "), count: 400), trickle: 0.05))
        // 400 bytes at one every 50 ms take 20 s; the client gives up after its 1 s.
        guard case .unreachable(let reason) = await client(stub.environment(), timeout: 1).get(request) else {
            Issue.record("a trickle is cut off: \(await client(stub.environment(), timeout: 1).get(request))")
            return
        }
        #expect(reason.contains("no answer in time"), "\(reason)")
    }

    @Test func anEndlessAnswerIsCutOffAtItsLimit() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let piece = Data(repeating: UInt8(ascii: "["), count: 1 << 16)
        stub.answer("GET", "/search", query: nil, with: StubServer.Answer(body: piece, endless: true))
        stub.answer("GET", "/endless.jpg", with: StubServer.Answer(body: piece, headers: ["Content-Type": "image/jpeg"], endless: true))
        let lookup = client(stub.environment(), timeout: 5)
        guard case .invalid(let reason) = await lookup.get(ITunesSearch.request(term: "x")) else {
            Issue.record("an endless answer is cut off")
            return
        }
        #expect(reason == "iTunes Search answered more than 4194304 bytes, more than a lookup ever needs")
        guard case .invalid(let cover) = await lookup.download(stub.baseURL + "/endless.jpg", maxBytes: 1 << 20) else {
            Issue.record("an endless cover is cut off")
            return
        }
        #expect(cover == "\(stub.baseURL)/endless.jpg is more than 1048576 bytes, more than a cover ever needs")
    }

    @Test func aLengthAnnouncedOverTheLimitIsRefusedBeforeTheBody() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        // It announces a terabyte, sends a few bytes and hangs up: only the announcement can be judged.
        stub.answer(
            "GET", "/huge.jpg",
            with: StubServer.Answer(body: StubServer.fixture("cover_minimal.jpg"), headers: ["Content-Length": "1000000000000"]))
        guard case .invalid(let reason) = await client(stub.environment()).download(stub.baseURL + "/huge.jpg", maxBytes: 1 << 20) else {
            Issue.record("a terabyte announced is refused")
            return
        }
        #expect(reason.hasSuffix("more than a cover ever needs (it announced 1000000000000)"), "\(reason)")
    }

    @Test func theStoresErrorMessageIsNotKept() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = ITunesSearch.request(term: "x")
        stub.answer(
            request, with: .json(#"{"errorMessage":"Invalid value(s) for key(s): [resultEntity]","queryParameters":{}}"#),
            .fixture("itunes_search_term_kitchen_entity-song.json"))
        guard case .invalid = await client(stub.environment(), cache: cache).get(request) else {
            Issue.record("invalid")
            return
        }
        // Asked again by the next run, which gets the answer.
        #expect(await client(stub.environment(), cache: cache).get(request).data != nil)
        #expect(stub.requests.count == 2)
    }

    @Test(arguments: [
        "http://169.254.169.254/latest/meta-data", "http://127.0.0.1:1/secret", "http://10.0.0.1/x.jpg",
        "http://[::1]/x.jpg", "http://localhost/x.jpg", "http://192.168.1.1/cover.jpg",
    ])
    func aCoverOnThisMachinesNetworkIsNotFollowed(address: String) async throws {
        guard case .invalid(let reason) = await client([:]).download(address, maxBytes: 1 << 20) else {
            Issue.record("\(address) must not be fetched")
            return
        }
        #expect(reason.contains("not a cover"))
    }

    @Test func aCoverAddressInCapitalsIsFetched() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        stub.answer("GET", "/a.jpg", query: nil, with: .fixture("cover_minimal.jpg"))
        let address = stub.baseURL.replacingOccurrences(of: "http://", with: "HTTP://") + "/a.jpg"
        #expect(await client(stub.environment()).download(address, maxBytes: 1 << 20).data != nil)
    }

    /// A body within the byte limit made of many small values (`{},{},…`) took a gigabyte once
    /// Foundation parsed it (a hostile test, issue 35): it is refused before anything parses it,
    /// and not kept, while every answer the services really give is far within the budget.
    @Test func anAnswerOfTooManyValuesIsRefusedBeforeItIsParsed() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let many = "{\"resultCount\":1,\"results\":[" + Array(repeating: "{}", count: 150_000).joined(separator: ",") + "]}"
        let request = ITunesSearch.request(term: "x")
        stub.answer(request, with: .json(many))
        let lookup = client(stub.environment(), cache: cache)
        guard case .invalid(let reason) = await lookup.get(request) else {
            Issue.record("an answer of 300,000 values is refused")
            return
        }
        #expect(reason == "iTunes Search answered more than 100000 values, more than a lookup ever needs")
        _ = await lookup.get(request)
        #expect(stub.count(path: "/search") == 2, "a refused answer is not kept")
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: StubServer.fixturesFolder).filter { $0.hasSuffix(".json") }
        #expect(fixtures.count >= 10)
        for name in fixtures { #expect(JSONBudget.problem(in: StubServer.fixture(name)) == nil, "\(name)") }
        // Values inside strings are text, not values.
        #expect(JSONBudget.problem(in: Data(("[\"" + String(repeating: ",{[", count: 200_000) + "\"]").utf8)) == nil)
    }

    /// A server or CDN that compresses its answers sends the compressed length: the body
    /// URLSession hands over is the longer, decompressed one, which fit in neither the buffer
    /// nor the message ("answered more than 16777216 bytes" for a 4 KB answer).
    @Test func aCompressedAnswerWithItsLengthIsRead() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let plain = StubServer.fixture("itunes_search_term_hype-boy_entity-song_country-us.json")
        let request = ITunesSearch.request(term: "hype boy")
        stub.answer(request, with: .fixture("itunes_search_term_hype-boy_entity-song_country-us.json.gz", headers: ["Content-Encoding": "gzip"]))
        let lookup = client(stub.environment())
        guard case .found(let data) = await lookup.get(request) else {
            Issue.record("a gzip answer with its Content-Length is read")
            return
        }
        #expect(data == plain)
        #expect(!ITunesSearch.songs(from: data).isEmpty)
    }
}
