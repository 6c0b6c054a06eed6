import Testing

@testable import JournalServe

/// How `journal serve` reads a request head (RFC 9112, bounded): what a browser sends is read
/// whole; anything two readers could disagree on is refused with its status.
@Suite struct RequestHeadTests {
    static func parse(_ text: String, limit: Int = 16 * 1024) -> Result<RequestHead, RequestHead.Refusal> {
        let bytes = Array(text.utf8)
        let skip = RequestHead.leadingEmptyLineBytes(in: bytes[...])
        guard let end = RequestHead.end(in: bytes[skip...], from: skip) else { return .failure(.malformed("no end")) }
        return RequestHead.parse(bytes[skip..<end], limit: limit)
    }

    @Test func aBrowsersRequestIsReadWhole() throws {
        let head = try Self.parse("\r\nGET /2026/11/?a=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\nCookie: a\r\nCookie: b\r\n\r\n").get()
        #expect(head.method == "GET" && head.target == "/2026/11/?a=1" && head.version == "HTTP/1.1")
        #expect(head.pathAndQuery.path == "/2026/11/" && head.pathAndQuery.query == "a=1")
        #expect(head.header("ACCEPT") == "text/html")
        #expect(head.headers.filter { $0.name == "Cookie" }.map(\.value) == ["a", "b"])
        #expect(head.keepAlive && !head.declaresBody)
        // Bare line feeds, HTTP/1.0 (no Host needed, closes unless asked to keep alive).
        let old = try Self.parse("HEAD / HTTP/1.0\n\n").get()
        #expect(old.method == "HEAD" && !old.keepAlive)
        #expect(try Self.parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").get().keepAlive)
        #expect(try !Self.parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: TE, close\r\n\r\n").get().keepAlive)
    }

    @Test func aBodyIsDeclaredByItsLengthOrEncoding() throws {
        #expect(try !Self.parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").get().declaresBody)
        #expect(try Self.parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n").get().declaresBody)
        #expect(try Self.parse("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n").get().declaresBody)
        #expect(try Self.parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n").get().declaresBody)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", "no Host"),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "two Hosts"),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", "folded line"),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", "space before the colon"),
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", "no colon"),
        ("GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", "NUL in a value"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "lengths differ"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", "negative length"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", "both framings"),
        ("GET http://evil.example/ HTTP/1.1\r\nHost: a\r\n\r\n", "absolute form"),
        ("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", "four parts"),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", "double space"),
        ("GET /é HTTP/1.1\r\nHost: a\r\n\r\n", "raw non-ASCII target"),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", "method not a token"),
        ("GET / HTTP/1.1x\r\nHost: a\r\n\r\n", "not a version"),
    ])
    func whatReadersCouldDisagreeOnIsRefused(text: String, why: String) {
        guard case .failure(.malformed) = Self.parse(text) else {
            Issue.record("\(why): \(Self.parse(text))")
            return
        }
    }

    @Test func otherVersionsAndOversizedHeadsHaveTheirOwnStatus() {
        #expect(Self.parse("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == .failure(.unsupportedVersion))
        #expect(RequestHead.Refusal.unsupportedVersion.status == 505)
        let big = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 200) + "\r\n\r\n"
        #expect(Self.parse(big, limit: 100) == .failure(.tooLarge))
        #expect(RequestHead.Refusal.tooLarge.status == 431)
    }

    @Test func theEndIsFoundByteByByteAsAtOnce() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /next".utf8)
        let whole = RequestHead.end(in: bytes[...], from: 0)
        #expect(whole == 27)
        var found: Int?
        for available in 1...bytes.count where found == nil {
            found = RequestHead.end(in: bytes[..<available], from: available - 1)
        }
        #expect(found == whole)
        #expect(RequestHead.end(in: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)[...], from: 0) == nil)
    }
}
