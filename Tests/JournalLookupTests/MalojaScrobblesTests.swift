import Foundation
import JournalCore
import Testing

@testable import JournalLookup

/// Maloja's scrobbles, read from bodies in the shapes its source builds (Tests/Fixtures/sync/).
@Suite struct MalojaScrobblesTests {
    /// A page's plays, or a failure that names the problem.
    func plays(_ data: Data) -> MalojaScrobbles.Page? {
        switch MalojaScrobbles.page(data) {
        case .success(let page): return page
        case .failure(let problem):
            Issue.record("not read: \(problem.message)")
            return nil
        }
    }

    func problem(_ data: Data) -> String? {
        if case .failure(let problem) = MalojaScrobbles.page(data) { return problem.message }
        return nil
    }

    @Test func aFullPageSaysMoreFollow() throws {
        let page = try #require(plays(syncFixture("maloja_scrobbles_page1.json")))
        #expect(page.more)
        #expect(page.passedOver.isEmpty)
        #expect(page.total == nil)
        #expect(page.plays.count == 3)
        let first = page.plays[0]
        #expect(first.artists == ["Nujabes", "Shing02"])
        #expect(first.title == "Luv(sic) pt3")
        #expect(first.album == "Modal Soul")
        #expect(first.started == 1_795_507_092)
        #expect(first.duration == 331)
        // Maloja's `duration` is the time listened, in seconds; a play keeps milliseconds.
        #expect(first.listened == 329_000)
        #expect(first.format == "maloja")
        let second = page.plays[1]
        #expect(second.artists == ["宇多田ヒカル"])
        #expect(second.album == nil && second.duration == nil && second.listened == nil)
        #expect(page.plays[2].listened == 105_000)
    }

    @Test func theLastPageSaysNoneFollow() throws {
        let page = try #require(plays(syncFixture("maloja_scrobbles_page2.json")))
        #expect(!page.more)
        #expect(page.plays.map(\.title) == ["Glue", "MALAMENTE - Cap.1: Augurio"])
        #expect(page.plays[1].listened == nil && page.plays[1].duration == 150)
        // Before v3.2.0 Maloja sends no `pagination`: only a full page has another after it.
        let old = try #require(plays(syncFixture("maloja_scrobbles_before_3_2.json")))
        #expect(!old.more && old.plays.count == 2)
        let entry = #"{"time": 1795507092, "track": {"artists": ["A"], "title": "T"}}"#
        let full = "{\"status\": \"ok\", \"list\": [" + Array(repeating: entry, count: MalojaScrobbles.pageSize).joined(separator: ",") + "]}"
        #expect(plays(Data(full.utf8))?.more == true)
    }

    @Test func theRequestAsksForWholeDaysAroundTheRange() {
        // 2026-11-24T07:58:12Z to 2026-11-29T00:00:00Z.
        let request = MalojaScrobbles.request(from: 1_795_507_092, until: 1_795_910_400, page: 2)
        #expect(request.path == "/apis/mlj_1/scrobbles")
        #expect(request.query.map(\.name) == ["since", "to", "page", "perpage", "reverse"])
        // A day before the first and after the last, whatever the server's zone.
        #expect(request.value(of: "since") == "2026/11/23")
        #expect(request.value(of: "to") == "2026/11/29")
        #expect(request.value(of: "page") == "2")
        #expect(request.value(of: "perpage") == "1000")
        #expect(request.value(of: "reverse") == "no")
        // The very first and last instants stay a day inside the years Maloja's dates reach.
        let everything = MalojaScrobbles.request(from: Int64.min, until: Int64.max, page: -4)
        #expect(everything.value(of: "since") == "0001/01/02")
        #expect(everything.value(of: "to") == "9999/12/29")
        #expect(everything.value(of: "page") == "0")
        #expect(MalojaScrobbles.request(from: 5, until: Int64.min, page: 0).value(of: "to") == "1970/01/02")
        #expect(MalojaScrobbles.request(from: 0, until: 1, page: 0, pageSize: 0).value(of: "perpage") == "1")
        #expect(MalojaScrobbles.request(from: -1, until: 0, page: 0).value(of: "since") == "1969/12/30")
        let count = MalojaScrobbles.countRequest(from: 1_795_507_092, until: 1_795_910_400)
        #expect(count.path == "/apis/mlj_1/numscrobbles" && count.query.map(\.name) == ["since", "to"])
        #expect(MalojaScrobbles.count(syncFixture("maloja_numscrobbles.json")) == .success(5))
    }

    @Test func thePlaysOfTheRangeAreKept() throws {
        let page = try #require(plays(syncFixture("maloja_scrobbles_page1.json")))
        #expect(page.plays(from: 1_795_507_092, until: 1_795_507_681).map(\.started) == [1_795_507_092, 1_795_507_420])
    }

    @Test func scrobblesThatCannotBePlaysArePassedOverAndCounted() throws {
        let body = #"""
            {"status": "ok", "list": [
              {"time": 1795507092, "track": {"artists": ["Kept"], "title": "One"}},
              {"track": {"artists": ["A"], "title": "No time"}},
              {"time": null, "track": {"artists": ["A"], "title": "Null time"}},
              {"time": true, "track": {"artists": ["A"], "title": "Boolean time"}},
              {"time": "soon", "track": {"artists": ["A"], "title": "Word time"}},
              {"time": 1e300, "track": {"artists": ["A"], "title": "Far"}},
              {"time": -99999999999999999999, "track": {"artists": ["A"], "title": "Long ago"}},
              {"time": 1795507100, "track": {"artists": ["A"], "title": " \u0007 "}},
              {"time": 1795507100, "track": {"artists": ["A"]}},
              {"time": 1795507100, "track": "a track"},
              {"time": 1795507100, "track": {"artists": [], "title": "Nobody"}},
              {"time": 1795507100, "track": {"artists": "A", "title": "Artists as text"}},
              {"time": 1795507100, "track": {"artists": [1, null, "\u0000"], "title": "Nobody either"}},
              "a scrobble", 7, null, [],
              {"time": 1795507200.9, "track": {"artists": ["Kept\tToo"], "title": "Two\nLines", "album": {"albumtitle": 5},
               "length": 1e12}, "duration": -3}
            ], "pagination": {"next_page": null}}
            """#
        let page = try #require(plays(Data(body.utf8)))
        #expect(page.plays.map(\.title) == ["One", "Two Lines"])
        let last = try #require(page.plays.last)
        #expect(last.artists == ["Kept Too"] && last.started == 1_795_507_200)
        #expect(last.album == nil && last.duration == nil && last.listened == nil)
        #expect(
            page.passedOver == [
                "no time": 2, "a time that is not a number": 2, "a time out of range": 2, "no title": 3, "no artist": 3, "not a scrobble": 4,
            ])
    }

    @Test func errorsMalojaSendsAreTold() {
        let notReady = syncFixture("maloja_error_server_not_ready.json")
        #expect(problem(notReady) == "Maloja answered an error: The database is being upgraded. Please try again later. (server_not_ready)")
        #expect(MalojaScrobbles.error(in: notReady) == "The database is being upgraded. Please try again later. (server_not_ready)")
        #expect(MalojaScrobbles.error(in: syncFixture("maloja_scrobbles_page1.json")) == nil)
        #expect(problem(Data(#"{"status": "failure"}"#.utf8)) == "Maloja answered an error: an error without a message")
        let unknown =
            #"{"status":"failure","error":{"type":"unknown_error","value":"ValueError('year 0 is out of range')","desc":"The server has encountered an exception."}}"#
        #expect(problem(Data(unknown.utf8)) == "Maloja answered an error: The server has encountered an exception. (unknown_error)")
        #expect(
            MalojaScrobbles.count(Data(#"{"status": "ok", "amount": -1}"#.utf8))
                == .failure(MalojaScrobbles.Problem("Maloja's answer has no count of scrobbles ('amount')")))
    }

    @Test(arguments: [
        ("", "Maloja's answer is an empty body"),
        ("<html><body>502 Bad Gateway</body></html>", "Maloja's answer is an HTML page, not JSON"),
        ("[]", "Maloja's answer is JSON, but not an object"),
        ("null", "Maloja's answer is JSON, but not an object"),
        (#"{"status": "ok", "list": [{"time": 1, "#, "Maloja's answer is not JSON"),
        (#"{"status": "ok"}"#, "Maloja's answer has no list of scrobbles: is the address a Maloja server's (it answers /apis/mlj_1/scrobbles)?"),
        (
            #"{"status": "ok", "list": {"time": 1}}"#,
            "Maloja's answer has no list of scrobbles: is the address a Maloja server's (it answers /apis/mlj_1/scrobbles)?"
        ),
        ("{\"list\": [\"\u{1}\"]\u{0}}", "Maloja's answer is not JSON"),
    ])
    func nonsenseIsAProblem(body: String, message: String) {
        #expect(problem(Data(body.utf8)) == message)
    }

    @Test func deepOrHugeBodiesAreRefusedBeforeParsing() {
        let nested = Data(repeating: UInt8(ascii: "["), count: 10 << 20)
        #expect(problem(nested)?.hasPrefix("Maloja's answer holds more than 100000 values") == true)
        // Nesting within the budget is refused by the parser, without a crash.
        let deep = "{\"list\": " + String(repeating: "[", count: 90_000) + String(repeating: "]", count: 90_000) + "}"
        #expect(problem(Data(deep.utf8)) == "Maloja's answer is not JSON")
        let binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131) })
        #expect(problem(binary) != nil)
    }
}
