import Foundation
import JournalCore

/// A Maloja server's scrobbles as a feed (what it answers: `MalojaScrobbles`). Pages go oldest
/// first (`reverse=no`), `page` 0, 1, 2 … of the days from the one before `after` on, until a page
/// says no other follows. No two scrobbles share a second (the time is Maloja's key), so a page
/// completes every second up to its newest; a scrobble that comes again at the top of the next
/// page (one sent late, in the past, moves the pages by one) is skipped. Reading needs no key.
struct MalojaFeed: ListenFeed {
    /// Scrobbles a page asks for.
    var pageSize = MalojaScrobbles.pageSize
    /// Pages in a row with no scrobble later than the pages before before the read stops.
    static let stalePages = 3

    func count(after: Int64, client: SyncClient) async -> Int? {
        let request = MalojaScrobbles.countRequest(from: min(after, ServerListens.latest) + 1, until: ServerListens.latest)
        guard let answer = try? await client.get(request.path, query: request.pairs), answer.status == 200,
            case .success(let count) = MalojaScrobbles.count(answer.body)
        else { return nil }
        return count
    }

    func read(after: Int64, client: SyncClient, deliver: (FeedPage) async throws(SyncFailure) -> Bool) async throws(SyncFailure) {
        let from = min(after, ServerListens.latest) + 1
        var number = 0
        // The newest scrobble delivered: what a page gives again at or before it is skipped.
        var newest = after
        // The newest scrobble any page gave (before `from` too), and the pages in a row that gave
        // none newer: a server that does not read `page` gives the same one again and again.
        var seen = Int64.min
        var stale = 0
        while true {
            let request = MalojaScrobbles.request(from: from, until: ServerListens.latest, page: number, pageSize: pageSize)
            let answer = try await client.get(request.path, query: request.pairs)
            let page = try Self.page(answer, pageSize: max(1, pageSize))
            // A Maloja before v3.2.0 reads no `reverse` and pages newest first: its pages cannot
            // be read forward.
            if page.more, let first = page.plays.first, let last = page.plays.last, first.started > last.started {
                throw .invalid("this Maloja gives its scrobbles newest first (a version before 3.2, which reads no 'reverse'): update it to sync from it")
            }
            let pageNewest = page.plays.map(\.started).max() ?? Int64.min
            stale = page.more && pageNewest <= seen ? stale + 1 : 0
            guard stale < Self.stalePages else {
                throw .invalid("Maloja answered \(stale) pages in a row (to page \(number)) without a scrobble later than those before: does it read 'page'?")
            }
            seen = max(seen, pageNewest)
            let plays = page.plays(from: from, until: Int64.max).filter { $0.started > newest }.sorted { $0.started < $1.started }
            var delivered = FeedPage(plays: plays, passedOver: page.passedOver, completeBefore: Int64.max)
            if page.more {
                newest = max(newest, plays.last?.started ?? newest)
                delivered.completeBefore = newest + 1
                number += 1
            }
            guard try await deliver(delivered), page.more else { return }
        }
    }

    /// A page of scrobbles from an answer, or why there is none.
    static func page(_ answer: SyncClient.Answer, pageSize: Int) throws(SyncFailure) -> MalojaScrobbles.Page {
        let said = MalojaScrobbles.error(in: answer.body).map { ": \($0)" } ?? ""
        switch answer.status {
        case 200...299: break
        case 404:
            throw .refused(
                "Maloja answered 404 at \(MalojaScrobbles.path): is 'sync.url' in journal.yaml the Maloja server's address\(said.isEmpty ? "" : " (it said\(said))")?"
            )
        case 401, 403:
            throw .refused(
                "Maloja refused to show its scrobbles (\(answer.status))\(said): Maloja reads without a key; is a proxy in front of it asking for one?")
        default: throw .refused("Maloja answered \(answer.status)\(said)")
        }
        switch MalojaScrobbles.page(answer.body, pageSize: pageSize) {
        case .success(let page): return page
        case .failure(let problem): throw .invalid(problem.message)
        }
    }
}

extension ServerListens.Request {
    /// The query pairs as `SyncClient.get` takes them.
    var pairs: [(String, String)] { query.map { ($0.name, $0.value) } }
}
