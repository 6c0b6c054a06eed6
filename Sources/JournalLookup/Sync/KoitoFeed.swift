import Foundation
import JournalCore

/// A Koito server's listens as a feed (what it answers: `KoitoListens`). Koito gives a range's
/// listens newest first, a page at a time, with how many the range holds; a feed gives them
/// oldest first. So each step asks for the range's **last** page (its oldest listens: page
/// ⌈count / size⌉ of the range from `from` on, with a size that fills it: `lastPage`), delivers the listens of every second before the
/// newest one on it, and starts the next range at that second. A last page of one second only
/// is completed by reading that second alone (`from=S&to=S+1`). Either way the listens of one
/// second are read in one answer, never cut by a page boundary (Koito orders by time alone, so
/// two answers may order a second's listens differently). A page that is not the last (a listen
/// arrived meanwhile) or is empty (the count fell) is asked again where the answer's own count
/// says. A sync with nothing new is one request.
struct KoitoFeed: ListenFeed {
    /// `KOITO_API_KEY`, sent as `Authorization: Token …` when set.
    let key: String?
    /// Listens a page asks for (500 at most: Koito reads more as 100).
    var pageSize = KoitoListens.pageSize
    /// Answers in a row that do not give the range's last page before the read stops.
    static let replans = 4

    func read(after: Int64, client: SyncClient, deliver: (FeedPage) async throws(SyncFailure) -> Bool) async throws(SyncFailure) {
        let headers: [String: String]
        switch KoitoListens.headers(key: key) {
        case .success(let found): headers = found
        case .failure(let problem): throw .configuration(problem.message)
        }
        let size = min(max(1, pageSize), KoitoListens.pageSize)
        let until = ServerListens.latest
        var from = min(after, until) + 1
        // How many listens the range from `from` on holds, as last said; unknown at first.
        var count: Int?
        var total: Int?
        var misses = 0
        while true {
            let (number, limit) = count.map { Self.lastPage(of: $0, size: size) } ?? (1, size)
            let page = try await fetch(from: from, until: until, page: number, size: limit, headers: headers, client: client)
            if total == nil { total = page.total }
            let plays = page.plays(from: from, until: Int64.max).sorted { $0.started < $1.started }
            // The range's last page: no page follows it and, unless the range is empty, it holds some.
            guard !page.more, number == 1 || !plays.isEmpty || !page.passedOver.isEmpty else {
                misses += 1
                guard misses < Self.replans, let said = page.total else {
                    throw .invalid("Koito's count of listens did not match its pages \(misses) times in a row: sync again later")
                }
                count = said
                continue
            }
            misses = 0
            var delivered = FeedPage(plays: plays, passedOver: page.passedOver, completeBefore: Int64.max, total: total)
            total = nil
            if number == 1 {
                // The whole range was on one page.
                _ = try await deliver(delivered)
                return
            }
            guard let top = plays.last?.started else {
                throw .invalid(
                    "Koito gave a page of \(page.passedOver.values.reduce(0, +)) listens none of which can be read (\(Self.reasons(page.passedOver)))")
            }
            delivered.plays = plays.filter { $0.started < top }
            if delivered.plays.isEmpty {
                // The page holds one second only: that second alone, in one range, all of it.
                let second = try await self.second(top, size: size, headers: headers, client: client)
                delivered.plays = second.plays
                delivered.passedOver.merge(second.passedOver, uniquingKeysWith: +)
                delivered.completeBefore = top + 1
                from = top + 1
            } else {
                delivered.completeBefore = top
                from = top
            }
            count = page.total.map { max(0, $0 - delivered.plays.count) }
            guard try await deliver(delivered) else { return }
        }
    }

    /// The last page of a range of `count` listens, and the page size (from half of `size` to
    /// `size`) that puts the most listens on it: a last page of a few would deliver a few a request.
    static func lastPage(of count: Int, size: Int) -> (page: Int, limit: Int) {
        guard count > size else { return (1, size) }
        var best = (page: (count - 1) / size + 1, limit: size, holds: (count - 1) % size + 1)
        for limit in stride(from: size - 1, through: max(1, size / 2), by: -1) where (count - 1) % limit + 1 > best.holds {
            best = ((count - 1) / limit + 1, limit, (count - 1) % limit + 1)
        }
        return (best.page, best.limit)
    }

    /// Every listen of the second `second`, oldest first (the range `second` to `second + 1`).
    private func second(_ second: Int64, size: Int, headers: [String: String], client: SyncClient) async throws(SyncFailure) -> KoitoListens.Page {
        var all = KoitoListens.Page()
        var number = 1
        while true {
            let page = try await fetch(from: second, until: second + 1, page: number, size: size, headers: headers, client: client)
            all.plays += page.plays(from: second, until: second + 1)
            all.passedOver.merge(page.passedOver, uniquingKeysWith: +)
            guard page.more, !page.plays.isEmpty, number < Self.replans else { break }
            // Pages of one second may order its listens differently from one answer to the next.
            all.passedOver["over \(size) listens in one second (some may be left out or doubled)", default: 0] += 1
            number += 1
        }
        all.plays.reverse()
        return all
    }

    private func fetch(
        from: Int64, until: Int64, page: Int, size: Int, headers: [String: String], client: SyncClient
    ) async throws(SyncFailure) -> KoitoListens.Page {
        let request = KoitoListens.request(from: from, until: until, page: page - 1, pageSize: size)
        let answer = try await client.get(request.path, query: request.pairs, headers: headers)
        return try Self.page(answer, pageSize: size, keySet: !headers.isEmpty)
    }

    /// A page of listens from an answer, or why there is none.
    static func page(_ answer: SyncClient.Answer, pageSize: Int, keySet: Bool) throws(SyncFailure) -> KoitoListens.Page {
        let said = KoitoListens.error(in: answer.body)
        switch answer.status {
        case 200...299: break
        case 401, 403:
            guard keySet else { throw .refused(KoitoListens.message(for: "unauthorized")) }
            throw .refused("Koito refused KOITO_API_KEY (\(answer.status)\(said.map { ": \($0)" } ?? "")): is the key still in Koito's settings?")
        case 404: throw .refused("Koito answered 404 at \(KoitoListens.path): is 'sync.url' in journal.yaml the Koito server's address?")
        default: throw .refused("Koito answered \(answer.status)" + (said.map { ": \($0)" } ?? ""))
        }
        switch KoitoListens.page(answer.body, pageSize: pageSize) {
        case .success(let page): return page
        case .failure(let problem): throw .invalid(problem.message)
        }
    }

    /// Reasons and counts, for a message: `no time: 3, no title: 1`.
    static func reasons(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
