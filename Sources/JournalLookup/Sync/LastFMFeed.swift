import Foundation
import JournalCore

/// Last.fm's scrobbles (https://www.last.fm/api/show/user.getRecentTracks):
/// `GET /2.0/?method=user.getrecenttracks&user=NAME&api_key=KEY&format=json&limit=200&from=T&to=U&page=P`
/// answers `recenttracks.track` (a list, or one object), newest first, and `recenttracks.@attr`
/// with `totalPages` and `total` (numbers written as strings). The first page says how many
/// pages there are; the others are read from the last (the oldest) back, so listens arrive oldest
/// first; `to` is fixed when the sync starts, so no new scrobble shifts a page while it reads, and
/// a late one sent into the range (the `total` changes) makes the read start again from where it
/// is. The entry now
/// playing has no date and is passed over. Error 29 (rate limit exceeded) and errors 8, 11 and 16
/// (try again later) are waited out; others stop the sync with Last.fm's own words. The API key
/// (`LASTFM_API_KEY`) travels in the query, so no address is ever shown.
struct LastFMFeed: ListenFeed {
    let user: String
    let key: String
    /// Scrobbles a page asks for: the API's maximum.
    var pageSize = 200
    /// The end of the range, fixed for the whole read.
    let until: Int64

    /// Errors that say "later": 8 (operation failed), 11 (service offline), 16 (temporarily
    /// unavailable), 29 (rate limit exceeded).
    static let temporary: Set<Int64> = [8, 11, 16, 29]

    /// Times the read starts again because the range changed under it, before it gives up.
    static let restarts = 5

    func read(after: Int64, client: SyncClient, deliver: (FeedPage) async throws(SyncFailure) -> Bool) async throws(SyncFailure) {
        var from = after
        // The newest scrobble delivered: where a read that starts again starts.
        var delivered = after
        var restarted = 0
        var told = false
        reading: while true {
            let first = try await page(1, after: from, client: client)
            var newest = first.page
            if !told { newest.total = first.total }
            // Read the oldest first; page 1 (the newest), already here, comes last.
            var number = first.pages
            while number > 1 {
                var older = try await page(number, after: from, client: client)
                // A scrobble sent late into the range moves every older one a place toward the
                // end: a page read now would miss one. The read starts again just before the
                // newest scrobble delivered (what comes twice is counted once).
                if older.total != first.total {
                    restarted += 1
                    guard restarted <= Self.restarts else {
                        throw .unreachable("Last.fm's scrobbles kept changing while they were read (\(Self.restarts) times): sync again later")
                    }
                    from = max(from, delivered - 1)
                    continue reading
                }
                if !told {
                    older.page.total = first.total
                    told = true
                }
                // A later page may hold more scrobbles of this page's newest second.
                older.page.completeBefore = older.page.plays.last?.started ?? from
                if let last = older.page.plays.last?.started { delivered = max(delivered, last) }
                guard try await deliver(older.page) else { return }
                number -= 1
            }
            newest.completeBefore = Int64.max
            _ = try await deliver(newest)
            return
        }
    }

    /// Page `number`: its plays oldest first, and what its `@attr` says.
    private func page(_ number: Int, after: Int64, client: SyncClient) async throws(SyncFailure) -> (page: FeedPage, pages: Int, total: Int?) {
        let query = [
            ("method", "user.getrecenttracks"), ("user", user), ("api_key", key), ("format", "json"), ("limit", String(pageSize)),
            ("from", String(max(0, after))), ("to", String(until)), ("page", String(number)),
        ]
        let answer = try await client.get("/2.0/", query: query, slowDown: { Self.isTemporary($0) })
        let object = try? FeedJSON.object(answer.body, from: .lastfm)
        if let code = FeedJSON.integer(object?["error"]) {
            throw Self.failure(code: code, message: FeedJSON.said(object?["message"]), user: user)
        }
        guard (200...299).contains(answer.status) else { throw .refused("Last.fm answered \(answer.status)") }
        guard let object, let recent = object["recenttracks"] as? [String: Any] else {
            throw .invalid("Last.fm answered without 'recenttracks'")
        }
        let attributes = recent["@attr"] as? [String: Any] ?? [:]
        let total = FeedJSON.integer(attributes["total"]).map { Int(clamping: max(0, $0)) }
        let pages = FeedJSON.integer(attributes["totalPages"]).map { Int(clamping: max(0, $0)) } ?? 1
        // Pages enough for the total, and no more: a server naming a million empty pages would
        // hold the sync for days.
        if pages > 1, pages > (total ?? 0) / pageSize + 2 {
            throw .invalid("Last.fm answered \(pages) pages for \(total ?? 0) scrobbles: is JOURNAL_LASTFM_URL Last.fm?")
        }
        let items: [Any]
        switch recent["track"] {
        case let list as [Any]: items = list
        case let one as [String: Any]: items = [one]
        case nil: items = []
        default: throw .invalid("Last.fm answered a 'recenttracks.track' that is not a list")
        }
        var page = FeedPage(plays: [], completeBefore: Int64.max)
        for item in items {
            guard let track = item as? [String: Any] else {
                page.passedOver["not a scrobble", default: 0] += 1
                continue
            }
            switch ServiceListen.lastFM(track) {
            case .play(let play): page.plays.append(play)
            case .passedOver(let reason): page.passedOver[reason, default: 0] += 1
            case .unreadable: page.passedOver["unreadable (no date, title or artist)", default: 0] += 1
            }
        }
        page.plays.sort { $0.started < $1.started }
        return (page, max(pages, 1), total)
    }

    static func isTemporary(_ answer: SyncClient.Answer) -> Bool {
        guard answer.body.count < 4096, let object = try? FeedJSON.object(answer.body, from: .lastfm),
            let code = FeedJSON.integer(object["error"])
        else { return false }
        return temporary.contains(code)
    }

    static func failure(code: Int64, message: String, user: String) -> SyncFailure {
        switch code {
        case 6: .refused("Last.fm has no user '\(user)' (check 'sync.user' in journal.yaml): \(message)")
        case 10, 26: .refused("Last.fm refused the API key (error \(code): \(message)): check LASTFM_API_KEY")
        case 17: .refused("Last.fm says \(user)'s recent listening is private (error 17): make it public in Last.fm's privacy settings")
        default:
            temporary.contains(code)
                ? .unreachable("Last.fm kept answering error \(code): \(message); sync again later") : .refused("Last.fm answered error \(code): \(message)")
        }
    }
}
