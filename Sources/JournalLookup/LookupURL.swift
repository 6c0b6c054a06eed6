import Foundation
import JournalCore

/// Builds the addresses the client asks: base + path + percent-encoded query.
enum LookupURL {
    /// Characters left as they are in a query name or value: RFC 3986's unreserved set. Everything
    /// else (`+`, `&`, `=`, quotes, spaces, Hangul) is percent-encoded, so no server reads `+` as a space.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// Characters left as they are in a path: RFC 3986's pchar and `/`.
    private static let pathCharacters = unreserved.union(CharacterSet(charactersIn: "/:@!$&'()*+,;="))

    static func encodeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static func encodePath(_ path: String) -> String {
        let rooted = path.hasPrefix("/") ? path : "/" + path
        return rooted.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? "/"
    }

    static func pathAndQuery(path: String, query: [(String, String)]) -> String {
        let encoded = encodePath(path)
        guard !query.isEmpty else { return encoded }
        return encoded + "?" + query.map { encodeQueryPart($0.0) + "=" + encodeQueryPart($0.1) }.joined(separator: "&")
    }

    /// The cache's name for a request: the SHA-256 of the path and the query sorted by name then
    /// value. The host is left out, so a stub and the real service share entries.
    static func cacheKey(path: String, query: [(String, String)]) -> String {
        let sorted = query.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var hash = SHA256()
        hash.add(pathAndQuery(path: path, query: sorted))
        return hash.hex()
    }

    /// The cache's name for a download that is not under a service's base: its whole address.
    static func cacheKey(url: String) -> String {
        var hash = SHA256()
        hash.add(url)
        return hash.hex()
    }
}
