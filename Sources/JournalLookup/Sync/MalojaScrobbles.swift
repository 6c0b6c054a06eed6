import Foundation
import JournalCore

/// What a Maloja server's scrobbles read as, for `journal sync`.
/// Read from Maloja's own source, krateng/maloja at commit
/// 52aae997fb6b8ad62c65498f4e91e7d65fbe242d (v3.2.6, 2026-08-13), not from a live server:
///
/// - `GET /apis/mlj_1/scrobbles` (maloja/apis/native_v1.py, `get_scrobbles_external`). Reading
///   needs no key: only `newscrobble` and the admin calls check one, and an API key "ONLY
///   permits scrobbling tracks" (maloja/apis/_apikeys.py). So `MALOJA_API_KEY` is never sent to
///   read, and never put in an address.
/// - The time range (maloja/malojauri.py, `uri_to_internal`; maloja/malojatime.py, `time_fix`):
///   `since` (also `from`, `start`) and `to` (also `until`, `end`) take **days**, `YYYY/MM/DD`
///   (or `YYYY/MM`, `YYYY`, `YYYY/W42`, `today` …), never Unix seconds (a number of seconds is
///   read as a year and fails with a 500). A day is the server's own (its `TIMEZONE` offset or
///   `LOCATION_TIMEZONE`, UTC unless set), and both days are included: `since` from its first
///   second, `to` to its last (`MTRangeGregorian.first_stamp`/`last_stamp`). So `request` asks
///   for a day more at each end than the UTC days of [from, until) (a zone is at most 14 hours
///   off UTC) and the caller keeps the plays inside the range.
/// - Paging (`uri_to_internal`, `add_pagination`; maloja/database/__init__.py, `get_scrobbles`):
///   `page` counts from 0, `perpage` has no maximum and the API gives every scrobble on one page
///   unless it is set. The answer's `pagination` (since v3.2.0) has `page`, `perpage`,
///   `next_page` (a link, or null when the page holds fewer than `perpage`) and `prev_page`.
/// - Order: newest first unless `reverse=no` (`get_scrobbles`' `reverse`, default True;
///   maloja/database/sqldb.py orders by `timestamp` only). `request` asks for oldest first, so
///   scrobbles arriving while a sync pages through do not shift the pages already read. A
///   scrobble's `timestamp` is the table's primary key: no two share one second.
/// - A scrobble (sqldb.py, `scrobbles_db_to_dict`, `ScrobbleDict`): `{"time": Unix seconds,
///   "track": {"artists": [names], "title": text, "album": {"albumtitle": text, "artists":
///   [names]} or null, "length": seconds or null}, "duration": seconds or null, "origin":
///   "client:…"}`. `duration` is the time actually listened ("Actual listened duration of the
///   scrobble in seconds", `post_scrobble`), `length` the track's length.
/// - Errors (`errors` and `catch_exceptions` in native_v1.py): an HTTP status and
///   `{"status": "error" or "failure", "error": {"type": …, "value": …, "desc": …}}`; a
///   database being upgraded is a 503 `server_not_ready`.
/// - `GET /apis/mlj_1/numscrobbles` takes the same range and answers `{"status": "ok", "amount": N}`.
public enum MalojaScrobbles {
    /// The scrobbles of the server: a path under the address the writer configured.
    public static let path = "/apis/mlj_1/scrobbles"
    /// How many scrobbles there are in a range.
    public static let countPath = "/apis/mlj_1/numscrobbles"

    /// Scrobbles a page. Maloja sets no maximum; this keeps a page's answer (some 15 JSON values
    /// a scrobble) far inside what a body may hold (`JSONBudget.maxValues`, 100,000).
    public static let pageSize = 1000

    /// The format plays are marked with (a day's `source`).
    public static let format = "maloja"

    public typealias Request = ServerListens.Request
    public typealias Page = ServerListens.Page
    public typealias Problem = ServerListens.Problem

    // MARK: Requests

    /// The scrobbles with a time in [`from`, `until`) (Unix seconds), page `page` (0 for the
    /// first), oldest first, `pageSize` a page. Maloja's range is in days of its own zone, so the
    /// days asked for start the UTC day before `from` and end the UTC day after the one `until`
    /// ends in; `Page.plays(from:until:)` keeps the range's own.
    public static func request(from: Int64, until: Int64, page: Int, pageSize: Int = pageSize) -> Request {
        Request(
            path: path,
            query: range(from: from, until: until) + [
                .init("page", String(max(0, page))), .init("perpage", String(max(1, pageSize))), .init("reverse", "no"),
            ])
    }

    /// How many scrobbles the days of `request(from:until:page:)` hold (for progress; more than
    /// the range's own by the two days added).
    public static func countRequest(from: Int64, until: Int64) -> Request {
        Request(path: countPath, query: range(from: from, until: until))
    }

    /// The first and last days asked for (days since 1970-01-01): 0001-01-02 and 9999-12-29 at
    /// most, since Maloja steps a day past each end of a range (`last_stamp` adds one to the
    /// last), and Python's dates end at 0001-01-01 and 9999-12-31.
    static let firstDay = -719_161
    static let lastDay = 2_932_894

    private static func range(from: Int64, until: Int64) -> [Request.Pair] {
        let first = min(max(day(of: from) - 1, firstDay), lastDay)
        let last = min(max(day(of: until > from ? until - 1 : from) + 1, first), lastDay)
        return [.init("since", slashed(first)), .init("to", slashed(last))]
    }

    /// The UTC day (days since 1970-01-01) an instant falls on.
    private static func day(of seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1)
    }

    /// `YYYY/MM/DD`, the form Maloja reads a day in.
    private static func slashed(_ dayNumber: Int) -> String {
        CalendarDate(dayNumber: dayNumber).iso.replacingOccurrences(of: "-", with: "/")
    }

    // MARK: Decoders

    /// The plays of one answer of `request`, whether more pages follow, and what was left out
    /// by why; or what is wrong with the answer (an error Maloja sent, or a body that is not its
    /// list of scrobbles). `pageSize` is the `perpage` asked for.
    public static func page(_ data: Data, pageSize: Int = pageSize) -> Result<Page, Problem> {
        let body: [String: Any]
        switch object(data) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): body = found
        }
        guard let list = body["list"] as? [Any] else {
            return .failure(Problem("Maloja's answer has no list of scrobbles: is the address a Maloja server's (it answers \(path))?"))
        }
        var page = Page()
        for entry in list {
            switch scrobble(entry) {
            case .success(let play): page.plays.append(play)
            case .failure(let reason): page.passedOver[reason.message, default: 0] += 1
            }
        }
        // `next_page` is a link while the page is full; a server before v3.2.0 sends no
        // `pagination`, and then only a full page can have another after it.
        if let pagination = body["pagination"] as? [String: Any] {
            page.more = pagination["next_page"] is String
        } else {
            page.more = list.count >= pageSize
        }
        return .success(page)
    }

    /// The number of scrobbles a `countRequest` answer gives, or what is wrong with it.
    public static func count(_ data: Data) -> Result<Int, Problem> {
        switch object(data) {
        case .failure(let problem): return .failure(problem)
        case .success(let body):
            guard let amount = JSONValue(body["amount"]).int, amount >= 0 else {
                return .failure(Problem("Maloja's answer has no count of scrobbles ('amount')"))
            }
            return .success(amount)
        }
    }

    /// The error a body carries (Maloja's `error.desc` and `error.type`, one line), nil when it
    /// carries none.
    public static func error(in data: Data) -> String? {
        guard JSONBudget.problem(in: data) == nil else { return nil }
        return error(in: JSONValue(data: data))
    }

    private static func error(in body: JSONValue) -> String? {
        let error = body["error"]
        let status = body["status"].string
        guard (error.raw != nil && !(error.raw is NSNull)) || status == "error" || status == "failure" else { return nil }
        let said = [ServerListens.text(error["desc"]) ?? ServerListens.text(error), ServerListens.text(error["type"]).map { "(\($0))" }]
            .compactMap { $0 }.joined(separator: " ")
        return said.isEmpty ? "an error without a message" : said
    }

    /// The body as a JSON object, or why it is not a Maloja answer (an error it sent, too many
    /// values, not JSON).
    private static func object(_ data: Data) -> Result<[String: Any], Problem> {
        switch ServerListens.object(data, server: "Maloja") {
        case .failure(let problem): return .failure(problem)
        case .success(let body):
            if let error = error(in: JSONValue(body)) { return .failure(Problem("Maloja answered an error: \(error)")) }
            return .success(body)
        }
    }

    /// One scrobble as a play, or why it is left out.
    static func scrobble(_ value: Any) -> Result<ImportedPlay, Problem> {
        guard let entry = value as? [String: Any] else { return .failure(Problem("not a scrobble")) }
        let started: Int64
        switch ServerListens.start(JSONValue(entry["time"])) {
        case .failure(let reason): return .failure(reason)
        case .success(let seconds): started = seconds
        }
        let track = JSONValue(entry["track"])
        guard let title = ServerListens.text(track["title"]) else { return .failure(Problem("no title")) }
        let artists = track["artists"].array.compactMap(ServerListens.text)
        guard !artists.isEmpty else { return .failure(Problem("no artist")) }
        var play = ImportedPlay(artists: artists, title: title, album: ServerListens.text(track["album"]["albumtitle"]), started: started)
        play.format = format
        play.duration = ServerListens.seconds(track["length"])
        // Seconds actually listened, which the play keeps in milliseconds.
        play.listened = ServerListens.seconds(JSONValue(entry["duration"])).map { $0 * 1000 }
        return .success(play)
    }
}
