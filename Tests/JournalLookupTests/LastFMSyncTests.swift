import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// `journal sync` from Last.fm, against a stub answering in the API's shape on 127.0.0.1.
@Suite struct LastFMSyncTests {
    static let sync = "  service: lastfm\n  user: rj"
    static let key = "0123456789abcdef0123456789abcdef"
    static let d = SyncTestJournal.day26

    /// The query of page `page` of a first sync (from 0 to a minute after "now").
    static func query(page: Int, from: Int64 = 0) -> [(String, String)] {
        [
            ("method", "user.getrecenttracks"), ("user", "rj"), ("api_key", key), ("format", "json"), ("limit", "2"), ("from", String(from)),
            ("to", String(Int64(SyncTestJournal.now.timeIntervalSince1970) + 60)), ("page", String(page)),
        ]
    }

    @Test func pagesAreReadOldestFirstTheOneNowPlayingIsPassedOverAndError29IsWaitedOut() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let page1 = LastFMBody.page(
            [
                LastFMBody.nowPlaying("Playing", "Now"), LastFMBody.scrobble(Self.d + 86_400 + 20, "D", "X"),
                LastFMBody.scrobble(Self.d + 86_400 + 10, "C", "X"),
            ],
            page: 1, pages: 2, total: 4)
        let page2 = LastFMBody.page([LastFMBody.scrobble(Self.d + 20, "B", "X"), LastFMBody.scrobble(Self.d + 10, "A", "X")], page: 2, pages: 2, total: 4)
        journal.stub.answer("GET", "/2.0/", query: Self.query(page: 1), with: page1)
        // Rate limit exceeded, as Last.fm may send it: its error body with a 200, then the page.
        journal.stub.answer("GET", "/2.0/", query: Self.query(page: 2), with: LastFMBody.error(29, "Rate Limit Exceeded", status: 200), page2)
        let seen = Reads()

        let report = try #require((await journal.sync(secrets: ["LASTFM_API_KEY": Self.key], pageSize: 2) { seen.add($0) }).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.requests.map { $0.value(of: "page") } == ["1", "2", "2"])
        #expect(report.read == 4)
        #expect(report.passedOver == ["now playing": 1])
        #expect(seen.totals.first == 4)
        let titles = journal.loggedPlays("listening/2026/2026-11.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[4] }
        #expect(titles == ["A", "B", "C", "D"])
        #expect(journal.read("content/diary/2026/11/2026-11-26.md")?.contains("source: lastfm") == true)
        #expect(!report.lines.joined().contains(Self.key))
    }

    @Test func aScrobbleSentLateIntoTheRangeWhileTheSyncReadsIsNotLost() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        let d = Self.d
        let (a, b) = (LastFMBody.scrobble(d + 10, "A", "X"), LastFMBody.scrobble(d + 20, "B", "X"))
        let (c, e) = (LastFMBody.scrobble(d + 86_400 + 10, "C", "X"), LastFMBody.scrobble(d + 86_400 + 20, "D", "X"))
        let late = LastFMBody.scrobble(d + 5, "Late", "X")
        // Page 1 is read with 4 scrobbles; then "Late" arrives, and every older page moves on one place.
        journal.stub.answer(
            "GET", "/2.0/", query: Self.query(page: 1), with: LastFMBody.page([e, c], page: 1, pages: 2, total: 4),
            LastFMBody.page([e, c], page: 1, pages: 3, total: 5))
        journal.stub.answer("GET", "/2.0/", query: Self.query(page: 2), with: LastFMBody.page([b, a], page: 2, pages: 3, total: 5))
        journal.stub.answer("GET", "/2.0/", query: Self.query(page: 3), with: LastFMBody.page([late], page: 3, pages: 3, total: 5))

        let report = try #require((await journal.sync(secrets: ["LASTFM_API_KEY": Self.key], pageSize: 2)).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(journal.stub.unexpected.isEmpty, "\(journal.stub.unexpected)")
        #expect(journal.stub.requests.map { $0.value(of: "page") } == ["1", "2", "1", "3", "2"])
        let titles = journal.loggedPlays("listening/2026/2026-11.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[4] }
        #expect(titles == ["Late", "A", "B", "C", "D"])
    }

    @Test func withoutItsKeyLastFMIsNotAskedAndTheMessageSaysWhichVariable() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }

        let report = await journal.sync()

        #expect(report.failed)
        #expect(journal.stub.requests.isEmpty)
        #expect(report.sources.first?.failure?.description.contains("LASTFM_API_KEY is not set") == true)
    }

    @Test func aWrongKeyOrUserStopsWithLastFMsWordsAndNeverTheKey() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.sync)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/2.0/", query: nil, with: LastFMBody.error(10, "Invalid API key - You must be granted a valid key by last.fm", status: 403))

        let report = await journal.sync(secrets: ["LASTFM_API_KEY": Self.key])

        let failure = try #require(report.sources.first?.failure)
        #expect(failure.description.contains("check LASTFM_API_KEY"))
        #expect(failure.description.contains("Invalid API key"))
        #expect(!failure.description.contains(Self.key))
        #expect(journal.stub.requests.count == 1)
    }
}

/// The totals progress reported, in order.
final class Reads: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []

    func add(_ progress: JournalSync.Progress) { lock.withLock { if let total = progress.total { seen.append(total) } } }
    var totals: [Int] { lock.withLock { seen } }
}
