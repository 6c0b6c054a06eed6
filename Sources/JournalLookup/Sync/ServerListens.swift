import Foundation
import JournalCore

/// What the readers of the servers a writer runs (`MalojaScrobbles`, `KoitoListens`) share: the
/// request a page is, the page an answer reads as, and how a listen's values are checked.
public enum ServerListens {
    /// A request: the path under the server's address and its query pairs, unencoded, in order.
    public struct Request: Sendable, Equatable {
        public var path: String
        public var query: [Pair]

        public struct Pair: Sendable, Equatable {
            public var name: String
            public var value: String

            public init(_ name: String, _ value: String) {
                self.name = name
                self.value = value
            }
        }

        public init(path: String, query: [Pair]) {
            self.path = path
            self.query = query
        }

        /// The value of the first pair with that name.
        public func value(of name: String) -> String? { query.first { $0.name == name }?.value }
    }

    /// What one page of an answer read as.
    public struct Page: Sendable, Equatable {
        /// The plays, in the server's order, each marked with its server's format.
        public var plays: [ImportedPlay]
        /// Whether a next page is there to ask for.
        public var more: Bool
        /// Listens left out, by why (`no time`, `no title` …).
        public var passedOver: [String: Int]
        /// How many listens the whole range holds, where the server says.
        public var total: Int?

        public init(plays: [ImportedPlay] = [], more: Bool = false, passedOver: [String: Int] = [:], total: Int? = nil) {
            self.plays = plays
            self.more = more
            self.passedOver = passedOver
            self.total = total
        }

        /// The plays that started in [`from`, `until`) (Unix seconds): a server may answer a
        /// wider range than asked (Maloja's whole days).
        public func plays(from: Int64, until: Int64) -> [ImportedPlay] {
            plays.filter { $0.started >= from && $0.started < until }
        }
    }

    /// Why an answer cannot be read, or why one listen is left out, said for the writer.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String

        public init(_ message: String) { self.message = message }
    }

    /// The first and last instants a play may start at, as `journal import` takes them
    /// (docs/content-format.md, "Importing"): 0001-01-02T00:00:00Z and 9999-12-30T23:59:59Z, so
    /// that a play's date is within the years a journal holds in any zone.
    static let earliest: Int64 = -62_135_510_400
    static let latest: Int64 = 253_402_214_399

    /// The longest a track or a listen may last: 24 days, as `journal import` takes it.
    static let longestSeconds = 24 * 86_400

    /// A start in Unix seconds (a fraction is dropped toward the past), or why it is none.
    static func start(_ value: JSONValue) -> Result<Int64, Problem> {
        guard let raw = value.raw, !(raw is NSNull) else { return .failure(Problem("no time")) }
        guard let seconds = value.double else { return .failure(Problem("a time that is not a number")) }
        return start(seconds: seconds.rounded(.down))
    }

    /// A whole number of Unix seconds as a start, or why it cannot be one.
    static func start(seconds: Double) -> Result<Int64, Problem> {
        guard seconds >= Double(earliest), seconds <= Double(latest) else { return .failure(Problem("a time out of range")) }
        return .success(Int64(seconds))
    }

    /// Names and titles: service text made safe to store (`FoundSong.clean`: no control
    /// character, one line, 500 characters at most), nil when nothing is left.
    static func text(_ value: JSONValue) -> String? {
        guard let text = value.raw as? String else { return nil }
        let cleaned = FoundSong.clean(text).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// A length in seconds, nil when missing, 0 (no length said), or more than 24 days.
    static func seconds(_ value: JSONValue) -> Int? {
        guard let seconds = value.int, (1...longestSeconds).contains(seconds) else { return nil }
        return seconds
    }

    /// The body as a JSON object, or why it is not one: too many values to parse
    /// (`JSONBudget`), not JSON, or JSON of another shape. `server` names it in messages.
    static func object(_ data: Data, server: String) -> Result<[String: Any], Problem> {
        if let problem = JSONBudget.problem(in: data) { return .failure(Problem("\(server)'s answer holds \(problem)")) }
        if let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] { return .success(body) }
        return .failure(Problem("\(server)'s answer is \(LookupBody.problem(in: data) ?? "not JSON")"))
    }
}
