import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// `journal sync` from a Maloja server, against a stub answering in Maloja's shapes on 127.0.0.1.
@Suite struct MalojaSyncTests {
    static let sync = "  service: maloja\n  url: https://music.example.org"
    static let scrobbles = MalojaScrobbles.path
    static let d = SyncTestJournal.day26

    static func query(since: String, page: Int, perpage: Int = 1000) -> [(String, String)] {
        [("since", since), ("to", "9999/12/29"), ("page", String(page)), ("perpage", String(perpage)), ("reverse", "no")]
    }

    @Test func aFirstSyncWritesTheLogAndTheDaysThatAreOverAndASecondAsksOnceAndAddsNothing() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let d = Self.d
        let listens = [
            MalojaBody.scrobble(d + 3600, "Ditto", "NewJeans", listened: 180), MalojaBody.scrobble(d + 7200, "Hype Boy", "NewJeans"),
            MalojaBody.scrobble(d + 86_400 + 3600, "Love wins all", "IU"), MalojaBody.scrobble(d + 2 * 86_400 + 3600, "Supernova", "aespa"),
        ]
        journal.stub.answer(
            "GET", MalojaScrobbles.countPath, query: [("since", "1969/12/31"), ("to", "9999/12/29")], with: .json(#"{"status": "ok", "amount": 4}"#))
        journal.stub.answer("GET", Self.scrobbles, query: Self.query(since: "1969/12/31", page: 0), with: MalojaBody.page(listens, next: false))

        let first = await journal.sync(secrets: ["MALOJA_API_KEY": "never-sent-1234"])

        #expect(!first.failed, "\(first.diagnostics) \(first.sources.map(\.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        // Reading needs no key: none is sent, in the address or a header.
        #expect(journal.stub.requests.allSatisfy { !$0.description.contains("never-sent") && $0.headers["authorization"] == nil })
        let report = try #require(first.sources.first)
        #expect(report.read == 4 && report.added == 4)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 4)
        let day26 = try #require(journal.read("content/diary/2026/11/2026-11-26.md"))
        #expect(day26.contains("source: maloja"))
        #expect(journal.read("content/diary/2026/11/2026-11-27.md") != nil)
        #expect(journal.read("content/diary/2026/11/2026-11-28.md") == nil)

        // The second sync reads from 7 days before the newest play: one request, nothing added.
        let log = journal.read("listening/2026/2026-11.tsv")
        journal.stub.clearRequests()
        journal.stub.answer("GET", Self.scrobbles, query: Self.query(since: "2026/11/20", page: 0), with: MalojaBody.page(listens, next: false))
        let second = await journal.sync()
        #expect(!second.failed, "\(second.sources.map(\.failure))")
        #expect(journal.stub.requests.count == 1)
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(second.sources.first?.added == 0)
        #expect(second.sources.first?.alreadyLogged == 4)
        #expect(journal.read("listening/2026/2026-11.tsv") == log)
    }

    @Test func pagesGoForwardAndAScrobbleThatComesAgainAtAPageBoundaryIsKeptOnce() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", MalojaScrobbles.countPath, query: nil, with: .json(#"{"status": "ok", "amount": 4}"#))
        let t = Self.d
        let a = MalojaBody.scrobble(t - 40 * 86_400, "A", "X")
        let b = MalojaBody.scrobble(t + 20, "B", "X")
        let c = MalojaBody.scrobble(t + 30, "C", "Y")
        let e = MalojaBody.scrobble(t + 40, "E", "X")
        // A scrobble sent late, in the past, moved the pages by one: B comes again on page 1.
        journal.stub.answer("GET", Self.scrobbles, query: Self.query(since: "1969/12/31", page: 0, perpage: 2), with: MalojaBody.page([a, b], next: true))
        journal.stub.answer("GET", Self.scrobbles, query: Self.query(since: "1969/12/31", page: 1, perpage: 2), with: MalojaBody.page([b, c], next: true))
        journal.stub.answer("GET", Self.scrobbles, query: Self.query(since: "1969/12/31", page: 2, perpage: 2), with: MalojaBody.page([e], next: false))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.count(path: Self.scrobbles) == 3)
        #expect(report.read == 4 && report.added == 4)
        #expect(journal.loggedPlays("listening/2026/2026-10.tsv").count == 1)
        let titles = journal.loggedPlays("listening/2026/2026-11.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[4] }
        #expect(titles == ["B", "C", "E"])
    }

    @Test func aMalojaThatPagesNewestFirstStopsTheSyncWithoutLosingAnything() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", MalojaScrobbles.countPath, query: nil, with: .json(#"{"status": "ok", "amount": 4}"#))
        let t = Self.d
        // A Maloja before 3.2 reads no `reverse` and sends no `pagination`.
        let newestFirst = #"{"status": "ok", "list": [\#(MalojaBody.scrobble(t + 40, "E", "X")), \#(MalojaBody.scrobble(t + 30, "C", "X"))]}"#
        journal.stub.answer("GET", Self.scrobbles, query: nil, with: .json(newestFirst))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        guard case .invalid(let message) = report.failure else {
            Issue.record("expected the sync to stop, got \(String(describing: report.failure))")
            return
        }
        #expect(message.contains("newest first"))
        #expect(journal.read("listening/2026/2026-11.tsv") == nil)
    }

    @Test func aServerThatGivesTheSamePageAgainStopsTheSyncInsteadOfAskingForever() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", MalojaScrobbles.countPath, query: nil, with: .json(#"{"status": "ok", "amount": 4}"#))
        let t = Self.d
        // Whatever page is asked for, the first, said to have another after it.
        let same = MalojaBody.page([MalojaBody.scrobble(t + 10, "A", "X"), MalojaBody.scrobble(t + 20, "B", "X")], next: true)
        journal.stub.answer("GET", Self.scrobbles, query: nil, with: same)

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        guard case .invalid(let message) = report.failure else {
            Issue.record("expected the sync to stop, got \(String(describing: report.failure))")
            return
        }
        #expect(message.contains("does it read 'page'"))
        #expect(journal.stub.count(path: Self.scrobbles) == 4)
        #expect(report.read == 2)
    }
}

/// Maloja's answers, in the shapes its source builds (Tests/Fixtures/sync/README.md).
enum MalojaBody {
    static func scrobble(_ seconds: Int64, _ title: String, _ artist: String, listened: Int? = nil) -> String {
        """
        {"time": \(seconds), "track": {"artists": ["\(artist)"], "title": "\(title)", "album": {"artists": ["\(artist)"], \
        "albumtitle": "An Album"}, "length": 200}, "duration": \(listened.map(String.init) ?? "null"), "origin": "client:test"}
        """
    }

    /// A page: `scrobbles` oldest first, as `reverse=no` asks; `next` says a page follows.
    static func page(_ scrobbles: [String], next: Bool) -> StubServer.Answer {
        .json(
            """
            {"status": "ok", "list": [\(scrobbles.joined(separator: ", "))], "pagination": {"page": 0, "perpage": 2, \
            "next_page": \(next ? "\"/apis/mlj_1/scrobbles?page=1\"" : "null"), "prev_page": null}}
            """)
    }
}
