/// A request line and its headers, as `journal serve` reads them off a connection: bounded in
/// size, strict where a lax reading would let two programs disagree about where a request ends
/// (RFC 9112), and pure, so the fuzz target runs it without a socket. Depends on nothing but the
/// standard library.
struct RequestHead: Equatable, Sendable {
    var method: String
    /// The request target as sent (origin form: `/path?query`), still percent-encoded.
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// In the order sent; names as sent (compare them without case).
    var headers: [Field]
    /// Whether the client keeps the connection open after the response (HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool
    /// Whether a body follows (`Content-Length` over 0, or any `Transfer-Encoding`). The server
    /// reads none: it answers, then closes the connection.
    var declaresBody: Bool

    struct Field: Equatable, Sendable {
        var name: String
        var value: String
    }

    /// Why a head is refused, and the status that says so (the connection is closed after it).
    enum Refusal: Equatable, Sendable, Error {
        /// Over the size limit: 431.
        case tooLarge
        /// Not a request this server can read: 400, with a reason for the log.
        case malformed(String)
        /// An HTTP version other than 1.0 and 1.1: 505.
        case unsupportedVersion

        var status: Int {
            switch self {
            case .tooLarge: 431
            case .malformed: 400
            case .unsupportedVersion: 505
            }
        }
    }

    /// The value of the first header named `name` (any case).
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Where the head in `bytes` ends (just past its empty line), looking from `start` on (where
    /// an earlier look stopped, so a trickle of bytes is scanned once, not again per byte).
    /// Lines may end in CRLF or a bare LF. Nil while the empty line has not come. Empty lines
    /// before the request line must have been dropped (`droppingLeadingEmptyLines`).
    static func end(in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = max(start, bytes.startIndex + 1)
        while index < bytes.endIndex {
            if bytes[index] == lineFeed {
                let before = bytes[index - 1]
                if before == lineFeed { return index + 1 }
                if before == carriageReturn && index - 2 >= bytes.startIndex && bytes[index - 2] == lineFeed { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// How many CR and LF bytes open `bytes`: empty lines before a request line, which RFC 9112
    /// §2.2 lets a server skip.
    static func leadingEmptyLineBytes(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.prefix { $0 == carriageReturn || $0 == lineFeed }.count
    }

    /// Reads a whole head (`bytes` ends with its empty line, as `end(in:from:)` found it), at most
    /// `limit` bytes.
    static func parse(_ bytes: ArraySlice<UInt8>, limit: Int) -> Result<RequestHead, Refusal> {
        guard bytes.count <= limit else { return .failure(.tooLarge) }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == lineFeed {
            var line = bytes[lineStart..<index]
            if line.last == carriageReturn { line = line.dropLast() }
            lines.append(line)
            lineStart = index + 1
        }
        guard lineStart == bytes.endIndex else { return .failure(.malformed("the head does not end with an empty line")) }
        // Empty lines before the request line are allowed; the empty line after the headers ends it.
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first, lines.last?.isEmpty == true else {
            return .failure(.malformed("no request line"))
        }
        let fieldLines = lines.dropFirst().dropLast()

        let parts = requestLine.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("the request line is not 'METHOD target HTTP/1.1'")) }
        let method = parts[0]
        let target = parts[1]
        let version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { return .failure(.malformed("the method is not a token")) }
        // Origin form only (`/path`): the server never acts as a proxy, and an absolute URL
        // would name a host the Host check has not seen.
        guard target.first == slash, target.allSatisfy({ $0 > space && $0 < 0x7F }) else {
            return .failure(.malformed("the target is not a path of visible ASCII"))
        }
        let versionText = String(decoding: version, as: UTF8.self)
        guard versionText.hasPrefix("HTTP/"), versionText.count == 8 else { return .failure(.malformed("no HTTP version")) }
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else { return .failure(.unsupportedVersion) }

        var fields: [Field] = []
        for line in fieldLines {
            // A line that continues the one before (obsolete folding) is refused (RFC 9112 §5.2).
            guard let first = line.first, first != space, first != tab else {
                return .failure(.malformed("a header line starts with white space"))
            }
            guard let colonIndex = line.firstIndex(of: colon) else { return .failure(.malformed("a header line has no ':'")) }
            let name = line[line.startIndex..<colonIndex]
            // No white space between a name and its colon (RFC 9112 §5.1).
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .failure(.malformed("a header name is not a token")) }
            var value = line[(colonIndex + 1)...]
            while let first = value.first, first == space || first == tab { value = value.dropFirst() }
            while let last = value.last, last == space || last == tab { value = value.dropLast() }
            guard !value.contains(where: { ($0 < space && $0 != tab) || $0 == 0x7F }) else {
                return .failure(.malformed("a header value holds a control character"))
            }
            fields.append(Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
        }

        var head = RequestHead(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            version: versionText, headers: fields, keepAlive: false, declaresBody: false)
        let hosts = fields.filter { $0.name.lowercased() == "host" }
        guard hosts.count <= 1 else { return .failure(.malformed("more than one Host header")) }
        if versionText == "HTTP/1.1" && hosts.isEmpty { return .failure(.malformed("no Host header")) }

        // Framing: two readers must never disagree about where a body ends (request smuggling).
        let lengths = fields.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        let transferEncoding = fields.contains { $0.name.lowercased() == "transfer-encoding" }
        if transferEncoding && !lengths.isEmpty { return .failure(.malformed("both Content-Length and Transfer-Encoding")) }
        var declaredLengths = Set<Int>()
        for item in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = item.trimmingSpaces
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(.malformed("Content-Length is not a number"))
            }
            declaredLengths.insert(digits.count > 18 ? Int.max : Int(digits) ?? Int.max)
        }
        guard declaredLengths.count <= 1 else { return .failure(.malformed("Content-Length values differ")) }
        let declaredLength = declaredLengths.first ?? 0
        head.declaresBody = transferEncoding || declaredLength > 0

        let connection = (head.header("connection") ?? "").lowercased()
            .split(separator: ",").map { $0.trimmingSpaces }
        head.keepAlive = versionText == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        return .success(head)
    }

    /// The request target's path and query, split at the first `?`.
    var pathAndQuery: (path: String, query: String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    private static let lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09
    private static let colon: UInt8 = 0x3A, slash: UInt8 = 0x2F

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
