import Foundation

/// What asking a service gave.
public enum LookupResult: Sendable, Equatable {
    /// The body of a successful answer (JSON for the APIs, image bytes for `download`).
    case found(Data)
    /// The service knows nothing by that name or id (HTTP 404, Deezer's error 800). Cached like `found`.
    case notFound
    /// The service would not answer (rate limit still in force after retries, 403, 5xx): try
    /// another run. Never cached.
    case refused(String)
    /// The service could not be reached (connection refused, name unknown, time out). The service
    /// is marked down for the rest of the client's life. Never cached.
    case unreachable(String)
    /// The request or the answer is wrong (bad base URL, bad link, a body that is not JSON, not an
    /// image or too large). Never cached.
    case invalid(String)

    /// The body, when found.
    public var data: Data? {
        if case .found(let data) = self { return data }
        return nil
    }
}

/// A request to a service: its path (the service's own, e.g. `/search`) and its query pairs
/// (unencoded, in order). Request builders return these; `LookupClient.get(_:)` sends them.
public struct LookupRequest: Sendable, Equatable, CustomStringConvertible {
    public var service: LookupService
    public var path: String
    public var query: [(name: String, value: String)]

    public init(_ service: LookupService, path: String, query: [(String, String)] = []) {
        self.service = service
        self.path = path
        self.query = query.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first query pair with that name.
    public func value(of name: String) -> String? { query.first { $0.name == name }?.value }

    public static func == (a: LookupRequest, b: LookupRequest) -> Bool {
        a.service == b.service && a.path == b.path
            && a.query.map(\.name) == b.query.map(\.name) && a.query.map(\.value) == b.query.map(\.value)
    }

    /// Path and encoded query, e.g. `/search?term=a%20b`.
    public var description: String { LookupURL.pathAndQuery(path: path, query: query.map { ($0.name, $0.value) }) }
}
