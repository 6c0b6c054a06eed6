import Foundation
import JournalCore

/// One service's listens, read oldest first, a page at a time: what `JournalSync` needs of every
/// service it syncs from (ListenBrainz, Last.fm, Maloja, Koito), each in a file of its own.
protocol ListenFeed: Sendable {
    /// How many listens the service holds from `after` on, for progress; nil when it cannot say
    /// without a request of its own (asked only for a long sync).
    func count(after: Int64, client: SyncClient) async -> Int?

    /// Reads every listen that started after `after` (Unix seconds, exclusive), oldest pages
    /// first, handing each to `deliver`, which answers false to stop. A page boundary never
    /// loses or doubles a listen; several listens of one second are all delivered.
    func read(after: Int64, client: SyncClient, deliver: (FeedPage) async throws(SyncFailure) -> Bool) async throws(SyncFailure)
}

/// One page of listens, as a feed delivers it.
struct FeedPage: Sendable {
    /// The listens, oldest first, with `format` set to the service's name.
    var plays: [ImportedPlay]
    /// Entries passed over, by reason (`now playing`).
    var passedOver: [String: Int] = [:]
    /// Every listen that started before this instant has now been delivered (a later page may
    /// still hold listens of this very second); `Int64.max` on the last page.
    var completeBefore: Int64
    /// How many listens the whole read will deliver, when the service said so on this page.
    var total: Int?
}

extension ListenFeed {
    func count(after: Int64, client: SyncClient) async -> Int? { nil }
}

/// A JSON answer's object, or why the body is not one (too deep, too large, not JSON).
enum FeedJSON {
    static func object(_ data: Data, from service: SyncSource.Service) throws(SyncFailure) -> [String: Any] {
        if let problem = JSONBudget.problem(in: data) { throw .invalid("\(service.displayName) answered \(problem)") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .invalid("\(service.displayName) answered something that is not a JSON object")
        }
        return object
    }

    /// A whole number, from a JSON number or a string of digits (Last.fm writes numbers as strings).
    static func integer(_ value: Any?) -> Int64? {
        guard let text = JSONValue(value).string, text.count <= 18 else { return nil }
        return Int64(text)
    }

    /// One clean line of a service's own words, for a message.
    static func said(_ value: Any?) -> String {
        guard let text = value as? String else { return "no message" }
        let line = FoundSong.clean(text)
        return line.isEmpty ? "no message" : String(line.prefix(200))
    }
}
