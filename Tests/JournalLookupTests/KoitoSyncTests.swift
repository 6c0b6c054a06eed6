import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// `journal sync` from a Koito server, against a stub answering in Koito's shapes on 127.0.0.1.
@Suite struct KoitoSyncTests {
    static let sync = "  service: koito\n  url: https://koito.example.org"
    static let listens = KoitoListens.path
    static let d = SyncTestJournal.day26
    static let end = "253402214399"

    static func query(from: Int64, to: String = end, page: Int, limit: Int = 500) -> [(String, String)] {
        [("from", String(from)), ("to", to), ("period", "all_time"), ("limit", String(limit)), ("page", String(page))]
    }

    @Test func aFirstSyncWritesTheLogAndTheDaysThatAreOverAndASecondAsksOnceAndAddsNothing() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let d = Self.d
        let all = [
            KoitoBody.listen(d + 3600, "Ditto", "NewJeans"), KoitoBody.listen(d + 7200, "Hype Boy", "NewJeans"),
            KoitoBody.listen(d + 86_400 + 3600, "Love wins all", "IU"), KoitoBody.listen(d + 2 * 86_400 + 3600, "Supernova", "aespa"),
        ]
        journal.stub.answer("GET", Self.listens, query: Self.query(from: 1, page: 1), with: KoitoBody.page(all, total: 4, more: false))
        let key = "k0ito-Secret-Key-987"

        let first = await journal.sync(secrets: ["KOITO_API_KEY": key])

        #expect(!first.failed, "\(first.diagnostics) \(first.sources.map(\.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.requests.count == 1)
        #expect(journal.stub.requests.first?.headers["authorization"] == "Token \(key)")
        #expect(!(journal.stub.requests.first?.description.contains(key) ?? true))
        let report = try #require(first.sources.first)
        #expect(report.read == 4 && report.added == 4)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 4)
        #expect(try #require(journal.read("content/diary/2026/11/2026-11-26.md")).contains("source: koito"))
        #expect(journal.read("content/diary/2026/11/2026-11-28.md") == nil)

        let log = journal.read("listening/2026/2026-11.tsv")
        journal.stub.clearRequests()
        let from = d + 2 * 86_400 + 3600 - 7 * 86_400
        journal.stub.answer("GET", Self.listens, query: Self.query(from: from, page: 1), with: KoitoBody.page(all, total: 4, more: false))
        let second = await journal.sync()
        #expect(!second.failed, "\(second.sources.map(\.failure))")
        #expect(journal.stub.requests.count == 1)
        #expect(journal.stub.requests.first?.headers["authorization"] == nil)
        #expect(second.sources.first?.added == 0)
        #expect(journal.read("listening/2026/2026-11.tsv") == log)
    }

    @Test func listensOfOneSecondAcrossAPageBoundaryAreAllKeptOnceAndOldestFirst() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let t = Self.d
        let a = KoitoBody.listen(t - 30 * 86_400, "A", "X")
        let b = KoitoBody.listen(t + 20, "B", "X")
        let c = KoitoBody.listen(t + 20, "C", "Y")
        let e = KoitoBody.listen(t + 30, "E", "X")
        // Newest first, pages of 2: [E, C] [B, A]. The boundary cuts the two listens of t + 20.
        journal.stub.answer("GET", Self.listens, query: Self.query(from: 1, page: 1, limit: 2), with: KoitoBody.page([c, e], total: 4, more: true))
        journal.stub.answer("GET", Self.listens, query: Self.query(from: 1, page: 2, limit: 2), with: KoitoBody.page([a, b], total: 4, more: false))
        // A is delivered; the range goes on from t + 20, whose last page holds that second only…
        journal.stub.answer("GET", Self.listens, query: Self.query(from: t + 20, page: 2, limit: 2), with: KoitoBody.page([b], total: 3, more: false))
        // …so that second is read alone, whole.
        journal.stub.answer(
            "GET", Self.listens, query: Self.query(from: t + 20, to: String(t + 21), page: 1, limit: 2), with: KoitoBody.page([c, b], total: 2, more: false))
        journal.stub.answer("GET", Self.listens, query: Self.query(from: t + 21, page: 1, limit: 2), with: KoitoBody.page([e], total: 1, more: false))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.count(path: Self.listens) == 5)
        #expect(report.read == 4 && report.added == 4)
        #expect(journal.loggedPlays("listening/2026/2026-10.tsv").count == 1)
        let titles = journal.loggedPlays("listening/2026/2026-11.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[4] }
        #expect(titles.sorted() == ["B", "C", "E"])
    }

    @Test func aLoginGateSaysWhichVariableToSetAndAWrongKeyIsNeverPrinted() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", Self.listens, query: nil, with: .json(#"{"error":"unauthorized"}"#, status: 401))

        let without = try #require((await journal.sync()).sources.first)
        #expect("\(String(describing: without.failure))".contains("set KOITO_API_KEY"))

        let key = "wr0ng-key-5555"
        let report = await journal.sync(secrets: ["KOITO_API_KEY": key])
        let said =
            report.sources.flatMap(\.lines).joined() + report.diagnostics.map(\.description).joined()
            + report.sources.map { "\(String(describing: $0.failure))" }.joined()
        #expect(report.failed)
        #expect(said.contains("KOITO_API_KEY"))
        #expect(!said.contains(key))
    }

    @Test func aCountThatChangedMeanwhileIsAskedAgainAndOneThatNeverMatchesStopsTheSync() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let t = Self.d
        let b = KoitoBody.listen(t + 20, "B", "X")
        let e = KoitoBody.listen(t + 30, "E", "X")
        // Three listens, then one is deleted before the last page is asked for: it comes empty.
        journal.stub.answer(
            "GET", Self.listens, query: Self.query(from: 1, page: 1, limit: 2),
            with: KoitoBody.page([b, e], total: 3, more: true), KoitoBody.page([b, e], total: 2, more: false))
        journal.stub.answer("GET", Self.listens, query: Self.query(from: 1, page: 2, limit: 2), with: KoitoBody.page([], total: 2, more: false))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(journal.stub.count(path: Self.listens) == 3)
        #expect(report.added == 2)

        // A server whose every page says another follows: asked a few times, then the sync stops.
        let other = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await other.remove() } }
        other.stub.answer("GET", Self.listens, query: nil, with: KoitoBody.page([b, e], total: 3, more: true))
        let stopped = try #require((await other.sync(pageSize: 2)).sources.first)
        guard case .invalid(let message) = stopped.failure else {
            Issue.record("expected the sync to stop, got \(String(describing: stopped.failure))")
            return
        }
        #expect(message.contains("did not match its pages"))
        #expect(other.stub.count(path: Self.listens) == KoitoFeed.replans)
        #expect(other.read("listening/2026/2026-11.tsv") == nil)
    }

    @Test func theLastPageIsAskedWithASizeThatFillsIt() {
        #expect(KoitoFeed.lastPage(of: 3, size: 500) == (1, 500))
        #expect(KoitoFeed.lastPage(of: 20_000, size: 500) == (40, 500))
        // 19,501 in pages of 500 would leave 1 on the last page; in pages of 488 it holds 469.
        #expect(KoitoFeed.lastPage(of: 19_501, size: 500) == (40, 488))
        #expect(KoitoFeed.lastPage(of: 501, size: 500) == (2, 251))
        #expect(KoitoFeed.lastPage(of: 4, size: 2) == (2, 2))
    }
}

/// Koito's answers, in the shapes its source builds (Tests/Fixtures/sync/README.md).
enum KoitoBody {
    static func listen(_ seconds: Int64, _ title: String, _ artist: String) -> (Int64, String) {
        let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let body = """
            {"time":"\(time)","track":{"id":\(abs(title.hashValue % 1000)),"title":"\(title)","artists":[{"id":1,"name":"\(artist)"}],\
            "image":{"xs":"","small":"","medium":"","large":"","xl":""}}}
            """
        return (seconds, body)
    }

    /// A page: `listens` in any order, sent newest first as Koito does.
    static func page(_ listens: [(Int64, String)], total: Int, more: Bool) -> StubServer.Answer {
        let items = listens.sorted { $0.0 > $1.0 }.map(\.1).joined(separator: ",")
        return .json(#"{"items":[\#(items)],"total_record_count":\#(total),"items_per_page":500,"has_next_page":\#(more),"current_page":1}"#)
    }
}
