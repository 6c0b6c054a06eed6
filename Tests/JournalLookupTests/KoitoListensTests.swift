import Foundation
import JournalCore
import Testing

@testable import JournalLookup

/// Koito's listens, read from bodies in the shapes its source builds (Tests/Fixtures/sync/).
@Suite struct KoitoListensTests {
    func plays(_ data: Data) -> KoitoListens.Page? {
        switch KoitoListens.page(data) {
        case .success(let page): return page
        case .failure(let problem):
            Issue.record("not read: \(problem.message)")
            return nil
        }
    }

    func problem(_ data: Data) -> String? {
        if case .failure(let problem) = KoitoListens.page(data) { return problem.message }
        return nil
    }

    @Test func aPageSaysWhetherMoreFollowAndHowManyThereAre() throws {
        let page = try #require(plays(syncFixture("koito_listens_page1.json")))
        #expect(page.more)
        #expect(page.total == 3)
        #expect(page.passedOver.isEmpty)
        #expect(page.plays.map(\.title) == ["Glue", "Hikari"])
        // 2026-11-28T21:04:05.123456Z: the fraction is dropped.
        #expect(page.plays[0].started == 1_795_899_845)
        #expect(page.plays[1].started == 1_795_899_521)
        #expect(page.plays[1].artists == ["宇多田ヒカル"])
        #expect(page.plays.allSatisfy { $0.format == "koito" && $0.album == nil && $0.listened == nil && $0.duration == nil })
        let last = try #require(plays(syncFixture("koito_listens_page2.json")))
        #expect(!last.more && last.total == 3)
        #expect(last.plays.first?.artists == ["Daft Punk", "Pharrell Williams", "Nile Rodgers"])
    }

    @Test func theOlderFullTrackShapeReadsAlike() throws {
        let page = try #require(plays(syncFixture("koito_listens_v0_2_full_track.json")))
        #expect(!page.more)
        // 2026-03-02T18:30:15-05:00 is 23:30:15 UTC; the track's `duration` 0 is no length.
        #expect(page.plays.map(\.started) == [1_772_494_215, 1_772_493_962])
        #expect(page.plays[1].artists == ["College", "Electric Youth"])
        #expect(page.plays.allSatisfy { $0.duration == nil })
        let withLength = #"{"items":[{"time":"2026-03-02T18:30:15Z","track":{"title":"T","artists":[{"name":"A"}],"duration":245}}],"has_next_page":false}"#
        #expect(plays(Data(withLength.utf8))?.plays.first?.duration == 245)
    }

    @Test func theRequestAsksForTheRangeInUnixSeconds() {
        let request = KoitoListens.request(from: 1_795_507_092, until: 1_795_910_400, page: 0)
        #expect(request.path == "/apis/web/v1/listens")
        #expect(request.query.map(\.name) == ["from", "to", "period", "limit", "page"])
        #expect(request.value(of: "from") == "1795507092")
        #expect(request.value(of: "to") == "1795910400")
        // An older Koito reads only `period`: all of it rather than the last day.
        #expect(request.value(of: "period") == "all_time")
        #expect(request.value(of: "limit") == "500")
        // Koito counts pages from 1.
        #expect(request.value(of: "page") == "1")
        #expect(KoitoListens.request(from: 0, until: 10, page: 4).value(of: "from") == "-1")
        #expect(KoitoListens.request(from: 0, until: 10, page: 4).value(of: "page") == "5")
        #expect(KoitoListens.request(from: 50, until: 10, page: -1).value(of: "to") == "50")
        // Within the years a journal holds, which Koito's database can take; 500 at most a page.
        let everything = KoitoListens.request(from: Int64.min, until: Int64.max, page: 0, pageSize: 9000)
        #expect(everything.value(of: "from") == "-62135510400" && everything.value(of: "to") == "253402214399")
        #expect(everything.value(of: "limit") == "500")
        #expect(KoitoListens.request(from: 1, until: 2, page: 0, pageSize: 3).value(of: "limit") == "3")
    }

    @Test func theKeyGoesInAHeaderAndIsNeverShown() throws {
        #expect(KoitoListens.headers(key: nil) == .success([:]))
        #expect(KoitoListens.headers(key: "  ") == .success([:]))
        #expect(KoitoListens.headers(key: "k3y-AbC_123") == .success(["Authorization": "Token k3y-AbC_123"]))
        guard case .failure(let problem) = KoitoListens.headers(key: "secret\r\nX-Evil: 1") else {
            Issue.record("a key with a line break was taken")
            return
        }
        #expect(problem.message.contains("KOITO_API_KEY") && !problem.message.contains("secret"))
        #expect(KoitoListens.request(from: 1, until: 2, page: 0).query.allSatisfy { $0.name != "key" && $0.name != "token" })
    }

    @Test func errorsKoitoSendsAreTold() {
        let unauthorized = problem(syncFixture("koito_error_unauthorized.json"))
        #expect(unauthorized == "Koito answered 'unauthorized': the server has a login gate; set KOITO_API_KEY to an API key made in Koito's settings")
        // Koito does not escape its message: a quote inside leaves text that is not JSON.
        let unescaped = #"{"error":"failed to get listens: column "x" does not exist"}"# + "\n"
        #expect(problem(Data(unescaped.utf8)) == #"Koito answered an error: failed to get listens: column "x" does not exist"#)
        #expect(KoitoListens.error(in: syncFixture("koito_listens_page1.json")) == nil)
        #expect(problem(Data("404 page not found\n".utf8)) == "Koito's answer is not JSON")
    }

    @Test func listensThatCannotBePlaysArePassedOverAndCounted() throws {
        let body = #"""
            {"items":[
              {"time":"2026-11-28T21:04:05Z","track":{"title":"Kept","artists":[{"id":1,"name":"A"}]}},
              {"track":{"title":"No time","artists":[{"name":"A"}]}},
              {"time":1795899845,"track":{"title":"Seconds","artists":[{"name":"A"}]}},
              {"time":"2026-11-28 21:04","track":{"title":"Short","artists":[{"name":"A"}]}},
              {"time":"2026-02-30T21:04:05Z","track":{"title":"No such day","artists":[{"name":"A"}]}},
              {"time":"0000-01-01T00:00:00Z","track":{"title":"Year 0, which no calendar date has","artists":[{"name":"A"}]}},
              {"time":"0001-01-01T00:00:00Z","track":{"title":"Too early","artists":[{"name":"A"}]}},
              {"time":"2026-11-28T21:04:05Z","track":{"artists":[{"name":"A"}]}},
              {"time":"2026-11-28T21:04:05Z","track":{"title":"\u0000\u001f","artists":[{"name":"A"}]}},
              {"time":"2026-11-28T21:04:05Z","track":{"title":"Nobody","artists":[]}},
              {"time":"2026-11-28T21:04:05Z","track":{"title":"Nameless","artists":[{"id":3},{"name":4}]}},
              {"time":"2026-11-28T21:04:05Z","track":{"title":"No list","artists":null}},
              "a listen", 3, null,
              {"time":"2026-11-28T21:04:05.999999999+14:00","track":{"title":"Far\teast","artists":[{"name":"B\u2028C"}]}}
            ],"total_record_count":-5,"has_next_page":"yes"}
            """#
        let page = try #require(plays(Data(body.utf8)))
        #expect(page.plays.map(\.title) == ["Kept", "Far east"])
        #expect(page.plays[1].started == 1_795_899_845 - 14 * 3600 && page.plays[1].artists == ["B C"])
        #expect(page.total == nil)
        // `has_next_page` not a Boolean: only a full page has another after it.
        #expect(!page.more)
        #expect(
            page.passedOver == [
                "no time": 1, "a time that is not RFC 3339": 4, "a time out of range": 1, "no title": 2, "no artist": 3, "not a listen": 3,
            ])
    }

    @Test func rfc3339TimesAreReadExactly() {
        #expect(KoitoListens.unixSeconds(rfc3339: "1970-01-01T00:00:00Z") == 0)
        #expect(KoitoListens.unixSeconds(rfc3339: "1969-12-31T23:59:59.5Z") == -1)
        #expect(KoitoListens.unixSeconds(rfc3339: "2026-11-28T22:04:05+01:00") == 1_795_899_845)
        #expect(KoitoListens.unixSeconds(rfc3339: "2026-11-28t21:04:05z") == 1_795_899_845)
        for wrong in [
            "", "2026-11-28", "2026-11-28T21:04:05", "2026-11-28T21:04:05+0100", "2026-11-28T24:00:00Z", "2026-13-01T00:00:00Z",
            "2026-11-28T21:04:05.Z", "2026-11-28T21:04:05Zjunk", "２０２６-11-28T21:04:05Z", "2026-11-28T21:04:05+01:60",
        ] {
            #expect(KoitoListens.unixSeconds(rfc3339: wrong) == nil, "\(wrong)")
        }
    }

    @Test(arguments: [
        ("", "Koito's answer is an empty body"),
        ("<!DOCTYPE html><html></html>", "Koito's answer is an HTML page, not JSON"),
        ("[1,2]", "Koito's answer is JSON, but not an object"),
        (#"{"items":"none"}"#, "Koito's answer has no list of listens ('items'): is the address a Koito server's (it answers /apis/web/v1/listens)?"),
        (#"{"total_record_count":1}"#, "Koito's answer has no list of listens ('items'): is the address a Koito server's (it answers /apis/web/v1/listens)?"),
        (#"{"items":[{"time":"#, "Koito's answer is not JSON"),
    ])
    func nonsenseIsAProblem(body: String, message: String) {
        #expect(problem(Data(body.utf8)) == message)
    }

    @Test func emptyAndHugeBodies() throws {
        // Go writes a list it never filled as null: no listens, not a problem.
        let empty = try #require(plays(Data(#"{"items":null,"total_record_count":0,"items_per_page":500,"has_next_page":false,"current_page":1}"#.utf8)))
        #expect(empty.plays.isEmpty && !empty.more && empty.total == 0)
        let nested = Data(repeating: UInt8(ascii: "{"), count: 10 << 20)
        #expect(problem(nested)?.hasPrefix("Koito's answer holds more than 100000 values") == true)
        let huge = #"{"items":[],"total_record_count":1e400,"has_next_page":false}"#
        #expect(problem(Data(huge.utf8)) == "Koito's answer is not JSON")
    }
}
