import Foundation
import JournalCore

/// What a Koito server's listens read as, for `journal sync`.
/// Read from Koito's own source, gabehf/Koito at commit
/// f7dc41cab868ec8585098d6567e9f23d9ead4a13 (v0.2.1 and 14 commits, 2026-05-21), and the first
/// public one (5537b6fb8922dc0dfa028120426146db4dd94dd2, 2025-06-18), not from a live server:
///
/// - `GET /apis/web/v1/listens` (engine/routes.go; engine/handlers/get_listens.go). It sits
///   behind `middleware.Authenticate(…, AuthModeLoginGate)` (engine/middleware/authenticate.go):
///   open unless the server sets `KOITO_LOGIN_GATE=true`, and then a session cookie or an API
///   key in the header `Authorization: Token KEY` (made in Koito's settings) lets a reader in.
///   Without one it answers 401 `{"error":"unauthorized"}`. So `KOITO_API_KEY`, when set, goes in
///   that header, never in the address.
/// - The time range (engine/handlers/handlers.go, `TimeframeFromRequest`;
///   internal/db/timeframe.go, `TimeframeToTimeRange`): `from` and `to` in Unix seconds, both
///   included (`listened_at BETWEEN $1 AND $2`, db/queries/listen.sql), since v0.1.0 (commit
///   d327729, 2026-01-01). A `from` of 0 counts as none given, and then `period`, `year`,
///   `month` or `week` decide; with none of them the range is empty. Servers before v0.1.0
///   read only `period` (`day`, the default, is the last 24 hours), `year`, `month` and
///   `week`: `request` also sends `period=all_time`, which a newer server passes over when
///   `from` is there, so an older one answers every listen rather than a day's.
/// - Paging (`OptsFromRequest`): `page` counts from 1; `limit` is 100 unless given, and a
///   `limit` over 500 is not cut to 500 but read as 100. The answer
///   (internal/db/types.go, `PaginatedResponse`) is `{"items": […], "total_record_count": N,
///   "items_per_page": N, "has_next_page": bool, "current_page": N}`; `has_next_page` is
///   whether listens lie past this page (internal/db/psql/listen.go).
/// - Order: newest first (`ORDER BY l.listened_at DESC`), by time alone: listens sharing a time
///   (the key is track and time) may come in either order, so one at a page boundary could be
///   read twice or not at all if it shares its time with another across the boundary.
/// - A listen (internal/models/listen.go): `{"time": RFC 3339 text, "track": {"id": N, "title":
///   text, "artists": [{"id": N, "name": text}], "image": …}}`. Go writes the time with the
///   server's offset and up to nine decimals (`2026-05-17T19:39:08.123456-04:00`). Before
///   2026-05-17 the track was the full track (also `musicbrainz_id`, `listen_count`,
///   `duration`, `album_id`, `time_listened`), but the listens query fills only its id, title
///   and artists, so the rest are zeros. No album and no time listened: a listen carries the
///   track, its artists and when.
/// - Errors (internal/utils/utils.go, `WriteError`): an HTTP status and `{"error":"…"}`, written
///   with `Sprintf`, so a message holding a quote is not valid JSON. A 400 is "failed to get
///   listens: …".
public enum KoitoListens {
    /// The listens of the server: a path under the address the writer configured.
    public static let path = "/apis/web/v1/listens"

    /// Listens a page: the most Koito gives (`maximumLimit`).
    public static let pageSize = 500

    /// The format plays are marked with (a day's `source`).
    public static let format = "koito"

    public typealias Request = ServerListens.Request
    public typealias Page = ServerListens.Page
    public typealias Problem = ServerListens.Problem

    // MARK: Requests

    /// The listens with a time in [`from`, `until`] (Unix seconds), page `page` (0 for the
    /// first), newest first, `pageSize` a page. Koito includes `until` itself, and a listen it
    /// keeps with a fraction of a second after `until - 1` too; `Page.plays(from:until:)` keeps
    /// the range's own.
    public static func request(from: Int64, until: Int64, page: Int, pageSize: Int = pageSize) -> Request {
        // Within the years a journal holds (Koito's database refuses times far out); and 0 is
        // "no `from`" to Koito: a second earlier is the same range to a journal.
        let clamped = min(max(from, ServerListens.earliest), ServerListens.latest)
        let first = clamped == 0 ? -1 : clamped
        let last = min(max(first, until), ServerListens.latest)
        return Request(
            path: path,
            query: [
                .init("from", String(first)), .init("to", String(last)), .init("period", "all_time"),
                .init("limit", String(min(max(1, pageSize), Self.pageSize))), .init("page", String(max(0, page) + 1)),
            ])
    }

    /// The header that lets a reader into a server with a login gate, for the key the writer
    /// made in Koito's settings (`KOITO_API_KEY`); nothing when no key is set. A key that cannot
    /// be a header's value is a problem whose message does not hold the key.
    public static func headers(key: String?) -> Result<[String: String], Problem> {
        guard let key = key?.trimmingCharacters(in: .whitespaces), !key.isEmpty else { return .success([:]) }
        guard key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            return .failure(
                Problem(
                    "KOITO_API_KEY holds a space, a line break or a character outside ASCII, which no Koito key has: copy the key again from Koito's settings"))
        }
        return .success(["Authorization": "Token \(key)"])
    }

    // MARK: Decoders

    /// The plays of one answer of `request`, whether more pages follow, how many listens the
    /// range holds, and what was left out by why; or what is wrong with the answer (an error
    /// Koito sent, or a body that is not its page of listens). `pageSize` is the `limit` asked for.
    public static func page(_ data: Data, pageSize: Int = pageSize) -> Result<Page, Problem> {
        let body: [String: Any]
        switch ServerListens.object(data, server: "Koito") {
        case .failure(let problem): return .failure(error(in: data).map { Problem(message(for: $0)) } ?? problem)
        case .success(let found): body = found
        }
        if let said = ServerListens.text(JSONValue(body["error"])) { return .failure(Problem(message(for: said))) }
        // Go writes a list it never filled as null.
        guard body["items"] is NSNull || body["items"] is [Any] else {
            return .failure(Problem("Koito's answer has no list of listens ('items'): is the address a Koito server's (it answers \(path))?"))
        }
        let items = body["items"] as? [Any] ?? []
        var page = Page()
        for item in items {
            switch listen(item) {
            case .success(let play): page.plays.append(play)
            case .failure(let reason): page.passedOver[reason.message, default: 0] += 1
            }
        }
        page.more = JSONValue(body["has_next_page"]).bool ?? (items.count >= pageSize)
        page.total = JSONValue(body["total_record_count"]).int.flatMap { $0 >= 0 ? $0 : nil }
        return .success(page)
    }

    /// The error a body carries (Koito's `error`, one line), nil when it carries none.
    public static func error(in data: Data) -> String? {
        guard JSONBudget.problem(in: data) == nil else { return nil }
        if let said = ServerListens.text(JSONValue(data: data)["error"]) { return said }
        // `WriteError` does not escape the message: a quote inside leaves text that is not JSON.
        let text = String(decoding: data.prefix(2048), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let opening = #"{"error":""#
        guard text.hasPrefix(opening), text.hasSuffix(#""}"#), text.count > opening.count + 2 else { return nil }
        return ServerListens.text(JSONValue(String(text.dropFirst(opening.count).dropLast(2))))
    }

    /// What to tell the writer of an error Koito sent.
    static func message(for error: String) -> String {
        if error == "unauthorized" {
            return "Koito answered 'unauthorized': the server has a login gate; set KOITO_API_KEY to an API key made in Koito's settings"
        }
        return "Koito answered an error: \(error)"
    }

    /// One listen as a play, or why it is left out.
    static func listen(_ value: Any) -> Result<ImportedPlay, Problem> {
        guard let entry = value as? [String: Any] else { return .failure(Problem("not a listen")) }
        let time = JSONValue(entry["time"])
        guard let raw = time.raw, !(raw is NSNull) else { return .failure(Problem("no time")) }
        guard let text = raw as? String, let seconds = unixSeconds(rfc3339: text) else { return .failure(Problem("a time that is not RFC 3339")) }
        let started: Int64
        switch ServerListens.start(seconds: Double(seconds)) {
        case .failure(let reason): return .failure(reason)
        case .success(let value): started = value
        }
        let track = JSONValue(entry["track"])
        guard let title = ServerListens.text(track["title"]) else { return .failure(Problem("no title")) }
        let artists = track["artists"].array.compactMap { ServerListens.text($0["name"]) }
        guard !artists.isEmpty else { return .failure(Problem("no artist")) }
        var play = ImportedPlay(artists: artists, title: title, started: started)
        play.format = format
        // Koito's listens give 0 (no length) today; a server that fills it gives seconds.
        play.duration = ServerListens.seconds(track["duration"])
        return .success(play)
    }

    /// The Unix seconds of an RFC 3339 time as Go writes it (`2026-05-17T19:39:08Z`,
    /// `…08.5-04:00`), a fraction dropped toward the past; nil for anything else.
    static func unixSeconds(rfc3339 text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is character: Character) -> Bool { index < bytes.count && bytes[index] == character.asciiValue }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"), let day = number(8, 2),
            byte(10, is: "T") || byte(10, is: "t") || byte(10, is: " "), let hour = number(11, 2), byte(13, is: ":"),
            let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2),
            let date = CalendarDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if byte(index, is: ".") {
            index += 1
            let digits = bytes[index...].prefix { (0x30...0x39).contains($0) }.count
            guard digits > 0 else { return nil }
            index += digits
        }
        let offset: Int
        if byte(index, is: "Z") || byte(index, is: "z") {
            offset = 0
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-"), let hours = number(index + 1, 2), byte(index + 3, is: ":"),
            let minutes = number(index + 4, 2), hours < 24, minutes < 60
        {
            offset = (byte(index, is: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        return Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }
}
