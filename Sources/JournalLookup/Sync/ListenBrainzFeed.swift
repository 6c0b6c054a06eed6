import Foundation
import JournalCore

/// ListenBrainz's listens (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html):
/// `GET /1/user/NAME/listens?min_ts=T&count=1000` answers the 1,000 listens just after `T`
/// (exclusive), newest first, in `payload.listens`, each in the shape of the export's lines, with
/// `payload.latest_listen_ts`. So pages go forward: the next page starts one second before the
/// newest listen of the last one, and the listens of that second already delivered are skipped,
/// by identity (time, `recording_msid`, names), so that several listens of one second cross a
/// page boundary whole. `GET /1/user/NAME/listen-count` gives `payload.count`, for progress.
/// A token (`LISTENBRAINZ_TOKEN`) is optional and goes as `Authorization: Token …`.
struct ListenBrainzFeed: ListenFeed {
    let user: String
    let token: String?
    /// Listens a page asks for: the API's maximum (`MAX_ITEMS_PER_GET`).
    var pageSize = 1000

    var headers: [String: String] { token.map { ["Authorization": "Token \($0)"] } ?? [:] }

    func count(after: Int64, client: SyncClient) async -> Int? {
        guard let answer = try? await client.get("/1/user/\(user)/listen-count", query: [], headers: headers), answer.status == 200,
            let object = try? FeedJSON.object(answer.body, from: .listenbrainz),
            let count = FeedJSON.integer((object["payload"] as? [String: Any])?["count"]), count >= 0
        else { return nil }
        return Int(clamping: count)
    }

    func read(after: Int64, client: SyncClient, deliver: (FeedPage) async throws(SyncFailure) -> Bool) async throws(SyncFailure) {
        var minimum = after
        // The identities of the listens delivered at the newest second so far, with how often.
        var deliveredAtEdge: [String: Int] = [:]
        var edge: Int64?
        while true {
            let answer = try await client.get(
                "/1/user/\(user)/listens", query: [("min_ts", String(minimum)), ("count", String(pageSize))], headers: headers)
            try Self.check(answer, user: user)
            let object = try FeedJSON.object(answer.body, from: .listenbrainz)
            guard let payload = object["payload"] as? [String: Any], let listens = payload["listens"] as? [Any] else {
                throw .invalid("ListenBrainz answered without 'payload.listens'")
            }
            var page = FeedPage(plays: [], completeBefore: Int64.max)
            var entries: [(start: Int64, key: String, play: ImportedPlay)] = []
            for item in listens {
                guard let listen = item as? [String: Any] else {
                    page.passedOver["not a listen", default: 0] += 1
                    continue
                }
                switch ServiceListen.listenBrainz(listen) {
                case .success(let play):
                    entries.append((play.started, Self.identity(listen, play), play))
                case .failure:
                    page.passedOver["unreadable (no time, title or artist)", default: 0] += 1
                }
            }
            entries.sort { $0.start < $1.start }
            // The listens of the edge second the last page delivered come again: skipped once each.
            var repeated = deliveredAtEdge
            var fresh: [(start: Int64, key: String, play: ImportedPlay)] = []
            for entry in entries {
                if entry.start == edge, let left = repeated[entry.key], left > 0 {
                    repeated[entry.key] = left - 1
                    continue
                }
                fresh.append(entry)
            }
            let newest = entries.last?.start
            // A page is the last when it is short and reaches the newest listen the service has
            // (`latest_listen_ts`): a server that gives fewer than asked per page goes on.
            let latest = FeedJSON.integer(payload["latest_listen_ts"])
            let full = listens.count >= pageSize || (newest != nil && latest != nil && (newest ?? 0) < (latest ?? 0))
            // Every listen must be after the bound asked: a server that answers older ones again
            // would keep the sync going round.
            if let oldest = entries.first?.start, oldest <= minimum {
                throw .invalid("ListenBrainz answered listens from before the time asked for (min_ts \(minimum)): is JOURNAL_LISTENBRAINZ_URL a ListenBrainz?")
            }
            page.plays = fresh.map(\.play)
            if full, let newest {
                page.completeBefore = newest
                if newest != edge { deliveredAtEdge = [:] }
                for entry in fresh where entry.start == newest { deliveredAtEdge[entry.key, default: 0] += 1 }
                if newest - 1 > minimum {
                    minimum = newest - 1
                } else {
                    // A whole page of one second: the rest of that second cannot be asked for.
                    page.passedOver["over \(pageSize) listens in one second (left out)", default: 0] += 1
                    minimum = newest
                    deliveredAtEdge = [:]
                }
                edge = newest
            }
            guard try await deliver(page), full, newest != nil else { return }
        }
    }

    /// What two reads of one listen share: its second, its MessyBrainz id and its names.
    static func identity(_ listen: [String: Any], _ play: ImportedPlay) -> String {
        let msid =
            (listen["recording_msid"] as? String) ?? ((listen["track_metadata"] as? [String: Any])?["additional_info"] as? [String: Any])?["recording_msid"]
            as? String
        return [String(play.started), msid ?? "", play.title, play.artists.joined(separator: "\u{1}"), play.album ?? ""].joined(separator: "\u{0}")
    }

    /// A refusal ListenBrainz gives as a status, as a message.
    static func check(_ answer: SyncClient.Answer, user: String) throws(SyncFailure) {
        switch answer.status {
        case 200...299: return
        case 404: throw .refused("ListenBrainz has no user '\(user)' (check 'sync.user' in journal.yaml)")
        case 401, 403:
            throw .refused("ListenBrainz refused the token (\(answer.status)): check LISTENBRAINZ_TOKEN, or unset it: reading listens needs none")
        default:
            let said = (try? FeedJSON.object(answer.body, from: .listenbrainz))?["error"]
            throw .refused("ListenBrainz answered \(answer.status): \(FeedJSON.said(said))")
        }
    }
}
