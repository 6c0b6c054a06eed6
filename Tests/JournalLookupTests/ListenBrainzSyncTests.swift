import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// `journal sync` from ListenBrainz, against a stub answering in the API's shape on 127.0.0.1.
@Suite struct ListenBrainzSyncTests {
    static let sync = "  service: listenbrainz\n  user: jiwoo"
    static let listens = "/1/user/jiwoo/listens"
    static let d = SyncTestJournal.day26

    /// Four listens: two on the 26th, one on the 27th, one today (the 28th).
    static let firstListens = [
        ListenBrainzBody.listen(d + 3600, "Ditto", "NewJeans"),
        ListenBrainzBody.listen(d + 7200, "Hype Boy", "NewJeans"),
        ListenBrainzBody.listen(d + 86_400 + 3600, "Love wins all", "IU"),
        ListenBrainzBody.listen(d + 2 * 86_400 + 3600, "Supernova", "aespa"),
    ]

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test func aFirstSyncWritesTheLogAndTheDaysThatAreOverAndASecondAsksOnceAndAddsNothing() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(4))
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", "0"), ("count", "1000")], with: ListenBrainzBody.page(Self.firstListens, latest: Self.d + 2 * 86_400 + 3600)
        )

        let first = await journal.sync()

        #expect(!first.failed, "\(first.diagnostics) \(first.sources.map(\.failure))")
        #expect(journal.stub.unexpected.isEmpty)
        let report = try #require(first.sources.first)
        #expect(report.read == 4)
        #expect(report.added == 4)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 4)
        // The 26th and the 27th are over: their days are written as import writes them.
        let day26 = try #require(journal.read("content/diary/2026/11/2026-11-26.md"))
        #expect(day26.contains("source: listenbrainz"))
        #expect(day26.contains("title: \"Ditto\"") || day26.contains("title: Ditto"))
        #expect(journal.read("content/diary/2026/11/2026-11-27.md") != nil)
        // Today is still under way: its play is in the log, its day waits.
        #expect(journal.read("content/diary/2026/11/2026-11-28.md") == nil)
        #expect(report.underWay == [CalendarDate(iso: "2026-11-28")!])

        // The second sync reads from 7 days before the newest play: one request, nothing added.
        let log = journal.read("listening/2026/2026-11.tsv")
        journal.stub.clearRequests()
        let lookBack = Self.d + 2 * 86_400 + 3600 - 7 * 86_400 - 1
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", String(lookBack)), ("count", "1000")],
            with: ListenBrainzBody.page(Self.firstListens, latest: Self.d + 2 * 86_400 + 3600))
        let second = await journal.sync()
        #expect(!second.failed)
        #expect(journal.stub.requests.count == 1)
        #expect(journal.stub.unexpected.isEmpty)
        #expect(second.sources.first?.added == 0)
        #expect(second.sources.first?.alreadyLogged == 4)
        #expect(journal.read("listening/2026/2026-11.tsv") == log)
    }

    @Test func lateScrobblesInsideTheLookBackAreAddedAndTheWritersDayIsNeverTouched() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        // The writer wrote the 25th; the log has a play of the 27th.
        let written = "---\nmood: calm\ntracks:\n  - title: Mine\n    artist: Me\n---\nMy own words.\n"
        try FileManager.default.createDirectory(atPath: journal.source + "/content/diary/2026/11", withIntermediateDirectories: true)
        try written.write(toFile: journal.source + "/content/diary/2026/11/2026-11-25.md", atomically: true, encoding: .utf8)
        journal.stub.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page([Self.firstListens[2]], latest: Self.d + 86_400 + 3600))
        #expect(!(await journal.sync(since: CalendarDate(iso: "2026-11-27"))).failed)

        // A listen of the 25th, scrobbled offline, arrives late, with the 27th's again.
        let late = ListenBrainzBody.listen(Self.d - 86_400 + 600, "Late", "Offline Band")
        journal.stub.clearRequests()
        journal.stub.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page([late, Self.firstListens[2]], latest: Self.d + 86_400 + 3600))
        let report = try #require((await journal.sync()).sources.first)

        #expect(journal.stub.requests.first?.value(of: "min_ts") == String(Self.d + 86_400 + 3600 - 7 * 86_400 - 1))
        #expect(report.added == 1)
        #expect(report.alreadyLogged == 1)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").contains { $0.contains("\tLate\t") })
        #expect(journal.read("content/diary/2026/11/2026-11-25.md") == written)
        // The 25th (the writer's) and the 27th (written by the first sync) are left as they are.
        #expect(report.present == 2)
    }

    @Test func listensOfOneSecondAcrossAPageBoundaryAreAllKeptOnce() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        let t = Self.d
        // Pages of 3: the boundary cuts the two listens of second t + 20.
        let a = ListenBrainzBody.listen(t + 10, "A", "X")
        let b = ListenBrainzBody.listen(t + 20, "B", "X")
        let c = ListenBrainzBody.listen(t + 20, "C", "Y", msid: "11111111-1111-4111-8111-111111111111")
        let e = ListenBrainzBody.listen(t + 30, "E", "X")
        let f = ListenBrainzBody.listen(t + 40, "F", "X")
        journal.stub.answer("GET", Self.listens, query: [("min_ts", "0"), ("count", "3")], with: ListenBrainzBody.page([a, b], latest: t + 40))
        journal.stub.answer("GET", Self.listens, query: [("min_ts", "0"), ("count", "3")], with: ListenBrainzBody.page([a, b, c], latest: t + 40))
        journal.stub.answer("GET", Self.listens, query: [("min_ts", String(t + 19)), ("count", "3")], with: ListenBrainzBody.page([b, c, e], latest: t + 40))
        journal.stub.answer("GET", Self.listens, query: [("min_ts", String(t + 29)), ("count", "3")], with: ListenBrainzBody.page([e, f], latest: t + 40))

        let report = try #require((await journal.sync(pageSize: 3)).sources.first)

        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.count(path: Self.listens) == 3)
        #expect(report.read == 5)
        #expect(report.added == 5)
        let titles = journal.loggedPlays("listening/2026/2026-11.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[4] }
        #expect(titles == ["A", "B", "C", "E", "F"])
    }

    @Test func aRateLimitIsWaitedOutBetweenPagesAndA429WithRetryAfterIsAskedAgain() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        let t = Self.d
        let page1 = ListenBrainzBody.page([ListenBrainzBody.listen(t + 10, "A", "X"), ListenBrainzBody.listen(t + 20, "B", "X")], latest: t + 30)
        var limited = page1
        limited.headers["X-RateLimit-Remaining"] = "0"
        limited.headers["X-RateLimit-Reset-In"] = "1"
        journal.stub.answer("GET", Self.listens, query: [("min_ts", "0"), ("count", "2")], with: limited)
        journal.stub.answer(
            "GET",
            Self.listens, query: [("min_ts", String(t + 19)), ("count", "2")],
            with: .status(429, headers: ["Retry-After": "1"]), ListenBrainzBody.page([ListenBrainzBody.listen(t + 30, "C", "X")], latest: t + 30))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        #expect(report.failure == nil)
        #expect(report.added == 3)
        let times = journal.stub.times(pathPrefix: Self.listens)
        try #require(times.count == 3)
        // The reset, then the Retry-After: each at least a second.
        #expect(seconds(times[1] - times[0]) >= 0.95)
        #expect(seconds(times[2] - times[1]) >= 0.95)
        // The count, for progress, and the three pages.
        #expect(report.requests == 4)
        #expect(journal.stub.requests.allSatisfy { $0.headers["user-agent"] == "journal/test ( tests )" })
    }

    @Test func aConnectionDroppedMidPageStopsTheSyncAndTheNextRunCompletesItWithNothingDoubled() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        let t = Self.d
        // October is read whole, then November's page is cut off, every time it is asked.
        let october = ListenBrainzBody.listen(t - 30 * 86_400, "October", "X")
        let novemberA = ListenBrainzBody.listen(t + 10, "A", "X")
        let novemberB = ListenBrainzBody.listen(t + 20, "B", "X")
        journal.stub.answer("GET", Self.listens, query: [("min_ts", "0"), ("count", "2")], with: ListenBrainzBody.page([october, novemberA], latest: t + 20))
        let whole = ListenBrainzBody.page([novemberA, novemberB], latest: t + 20)
        let cut = StubServer.Answer(status: 200, body: whole.body.prefix(whole.body.count / 2), headers: ["Content-Length": String(whole.body.count)])
        journal.stub.answer("GET", Self.listens, query: [("min_ts", String(t + 9)), ("count", "2")], with: cut)

        let first = await journal.sync(pageSize: 2)

        let report = try #require(first.sources.first)
        #expect(first.failed)
        guard case .unreachable = report.failure else {
            Issue.record("expected the sync to stop as unreachable, got \(String(describing: report.failure))")
            return
        }
        // October was over before November's page: it is written whole; November waits.
        #expect(journal.loggedPlays("listening/2026/2026-10.tsv").count == 1)
        #expect(journal.read("listening/2026/2026-11.tsv") == nil)

        // The next run reads from a week before October's play, and completes November.
        journal.stub.clearRequests()
        journal.stub.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page([october, novemberA, novemberB], latest: t + 20))
        let second = try #require((await journal.sync()).sources.first)
        #expect(second.failure == nil)
        #expect(second.added == 2)
        #expect(journal.loggedPlays("listening/2026/2026-10.tsv").count == 1)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 2)
    }

    @Test func ctrlCMidSyncKeepsTheMonthsWrittenAndTheNextRunGoesOnWithoutLossOrDouble() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        let t = Self.d
        let september = ListenBrainzBody.listen(t - 60 * 86_400, "September", "X")
        let october = ListenBrainzBody.listen(t - 30 * 86_400, "October", "X")
        let november = ListenBrainzBody.listen(t + 10, "November", "X")
        journal.stub.answer("GET", Self.listens, query: [("min_ts", "0"), ("count", "1")], with: ListenBrainzBody.page([september], latest: t + 10))
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", String(t - 60 * 86_400 - 1)), ("count", "1")], with: ListenBrainzBody.page([october], latest: t + 10))
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", String(t - 30 * 86_400 - 1)), ("count", "1")], with: ListenBrainzBody.page([november], latest: t + 10))
        journal.stub.answer("GET", Self.listens, query: [("min_ts", String(t + 9)), ("count", "1")], with: ListenBrainzBody.page([], latest: t + 10))
        let interruption = SyncInterruption()
        // Ctrl-C as the third page (November) arrives: September was written when October's came.
        let report = await journal.sync(pageSize: 1, interruption: interruption) { progress in
            if progress.read == 3 { _ = interruption.request() }
        }

        #expect(report.interrupted)
        #expect(journal.loggedPlays("listening/2026/2026-09.tsv").count == 1)
        #expect(journal.read("listening/2026/2026-10.tsv") == nil)
        #expect(journal.read("listening/2026/2026-11.tsv") == nil)

        // Resumed: from a week before September's play, on to the end.
        journal.stub.clearRequests()
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", String(t - 67 * 86_400 - 1)), ("count", "1")], with: ListenBrainzBody.page([september], latest: t + 10))
        let resumed = await journal.sync(pageSize: 1)
        #expect(!resumed.failed, "\(resumed.sources.map(\.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.loggedPlays("listening/2026/2026-09.tsv").count == 1)
        #expect(journal.loggedPlays("listening/2026/2026-10.tsv").count == 1)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 1)
    }

    @Test func theTokenGoesInAHeaderAndIsNeverInAMessage() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(5))
        let token = "d3adb33f-secret-token-1234"
        journal.stub.answer("GET", Self.listens, query: nil, with: .json("{\"code\": 401, \"error\": \"Invalid authorization token.\"}", status: 401))

        let report = await journal.sync(secrets: ["LISTENBRAINZ_TOKEN": token])

        #expect(journal.stub.requests.first?.headers["authorization"] == "Token \(token)")
        #expect(report.failed)
        let said =
            report.sources.flatMap(\.lines).joined() + report.diagnostics.map(\.description).joined()
            + report.sources.map { "\(String(describing: $0.failure))" }.joined()
        #expect(!said.contains(token))
        #expect(said.contains("LISTENBRAINZ_TOKEN"))
    }

    @Test func aLogOfDaysTakesADayOnlyOnceItIsOverSoItIsNeverCut() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync, extra: "listening:\n  detail: days\n")
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(4))
        journal.stub.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page(Self.firstListens, latest: Self.d + 2 * 86_400 + 3600))

        let first = try #require((await journal.sync()).sources.first)

        let days = journal.loggedPlays("listening/2026/2026-11.tsv").map { String($0.prefix(10)) }
        #expect(Set(days) == ["2026-11-26", "2026-11-27"])
        #expect(first.underWay == [CalendarDate(iso: "2026-11-28")!])

        // The next day, with one more play on the 28th: the 28th is over and goes in whole.
        let more = ListenBrainzBody.listen(Self.d + 2 * 86_400 + 7200, "Whiplash", "aespa")
        journal.stub.answer(
            "GET", Self.listens, query: nil, with: ListenBrainzBody.page(Array(Self.firstListens[1...]) + [more], latest: Self.d + 2 * 86_400 + 7200))
        let second = try #require((await journal.sync(now: SyncTestJournal.now.addingTimeInterval(86_400))).sources.first)

        #expect(second.failure == nil)
        let the28th = journal.loggedPlays("listening/2026/2026-11.tsv").filter { $0.hasPrefix("2026-11-28\t") && !$0.contains("\thours\t") }
        #expect(the28th.count == 2)
        #expect(journal.read("content/diary/2026/11/2026-11-28.md")?.contains("source: listenbrainz") == true)
    }

    @Test func withNoLookBackTheNewestPlaysDayIsStillReadWhole() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync + "\n  look_back_days: 0")
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(4))
        journal.stub.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page(Self.firstListens, latest: Self.d + 2 * 86_400 + 3600))
        #expect(!(await journal.sync()).failed)

        journal.stub.clearRequests()
        _ = await journal.sync(now: SyncTestJournal.now.addingTimeInterval(86_400))

        // From the start of the 28th (the newest play's day), not from its 01:00 play.
        #expect(journal.stub.requests.first?.value(of: "min_ts") == String(Self.d + 2 * 86_400 - 1))
    }

    @Test func aServerThatGivesFewerThanAskedPerPageIsReadToItsLatestListen() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", with: ListenBrainzBody.count(4))
        let latest = Self.d + 2 * 86_400 + 3600
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", "0"), ("count", "1000")], with: ListenBrainzBody.page(Array(Self.firstListens[0...1]), latest: latest))
        journal.stub.answer(
            "GET", Self.listens, query: [("min_ts", String(Self.d + 7199)), ("count", "1000")],
            with: ListenBrainzBody.page(Array(Self.firstListens[1...]), latest: latest))

        let report = try #require((await journal.sync()).sources.first)

        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(report.added == 4)
    }
}
