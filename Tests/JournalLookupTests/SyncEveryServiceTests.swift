import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// What every service's sync must do alike, against a stub answering in each service's shape: a
/// 429 waited out, a connection dropped mid-page, late scrobbles, Ctrl-C. (Each service's own
/// paging is in its own suite.)
@Suite struct SyncEveryServiceTests {
    static let d = SyncTestJournal.day26

    /// A service as these tests drive it: journal.yaml's entry, its secrets, where its listens
    /// are asked, and a one-page answer holding `listens` (seconds, title).
    struct Service: Sendable, CustomStringConvertible {
        var name: String
        var sync: String
        var secrets: [String: String] = [:]
        var path: String
        /// Routes answered with anything sensible, for counts.
        var counts: [(path: String, answer: StubServer.Answer)] = []
        var page: @Sendable ([(Int64, String)]) -> StubServer.Answer

        var description: String { name }
    }

    static let services: [Service] = [
        Service(
            name: "listenbrainz", sync: "  service: listenbrainz\n  user: jiwoo", path: "/1/user/jiwoo/listens",
            counts: [("/1/user/jiwoo/listen-count", ListenBrainzBody.count(2))],
            page: { listens in ListenBrainzBody.page(listens.sorted { $0.0 < $1.0 }.map { ListenBrainzBody.listen($0.0, $0.1, "X") }, latest: 1) }),
        Service(
            name: "lastfm", sync: "  service: lastfm\n  user: rj", secrets: ["LASTFM_API_KEY": "k"], path: "/2.0/",
            page: { listens in
                LastFMBody.page(listens.sorted { $0.0 > $1.0 }.map { LastFMBody.scrobble($0.0, $0.1, "X") }, page: 1, pages: 1, total: listens.count)
            }),
        Service(
            name: "maloja", sync: "  service: maloja\n  url: https://music.example.org", path: MalojaScrobbles.path,
            counts: [(MalojaScrobbles.countPath, .json(#"{"status": "ok", "amount": 2}"#))],
            page: { listens in MalojaBody.page(listens.sorted { $0.0 < $1.0 }.map { MalojaBody.scrobble($0.0, $0.1, "X") }, next: false) }),
        Service(
            name: "koito", sync: "  service: koito\n  url: https://koito.example.org", path: KoitoListens.path,
            page: { listens in KoitoBody.page(listens.map { KoitoBody.listen($0.0, $0.1, "X") }, total: listens.count, more: false) }),
    ]

    func journal(_ service: Service) async throws -> SyncTestJournal {
        let journal = try await SyncTestJournal.make(sync: service.sync)
        for count in service.counts { journal.stub.answer("GET", count.path, query: nil, with: count.answer) }
        return journal
    }

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test(arguments: services) func a429WithRetryAfterIsWaitedOutAndTheSyncCompletes(_ service: Service) async throws {
        let journal = try await journal(service)
        defer { Task { await journal.remove() } }
        journal.stub.answer(
            "GET", service.path, query: nil, with: .status(429, headers: ["Retry-After": "1"]), service.page([(Self.d + 10, "A"), (Self.d + 20, "B")]))

        let report = try #require((await journal.sync(secrets: service.secrets)).sources.first)

        #expect(report.failure == nil, "\(String(describing: report.failure))")
        #expect(report.added == 2)
        let times = journal.stub.times(pathPrefix: service.path)
        try #require(times.count >= 2)
        #expect(seconds(times[1] - times[0]) >= 0.95)
    }

    @Test(arguments: services) func aConnectionDroppedMidPageIsCompletedByTheNextRunWithNothingDoubled(_ service: Service) async throws {
        let journal = try await journal(service)
        defer { Task { await journal.remove() } }
        let whole = service.page([(Self.d + 10, "A"), (Self.d + 20, "B")])
        let cut = StubServer.Answer(status: 200, body: whole.body.prefix(whole.body.count / 2), headers: ["Content-Length": String(whole.body.count)])
        journal.stub.answer("GET", service.path, query: nil, with: cut)

        let first = try #require((await journal.sync(secrets: service.secrets)).sources.first)

        guard case .unreachable = first.failure else {
            Issue.record("\(service): \(String(describing: first.failure))")
            return
        }
        #expect(journal.read("listening/2026/2026-11.tsv") == nil)

        journal.stub.answer("GET", service.path, query: nil, with: whole)
        let second = try #require((await journal.sync(secrets: service.secrets)).sources.first)
        #expect(second.failure == nil && second.added == 2, "\(String(describing: second.failure))")
        let third = try #require((await journal.sync(secrets: service.secrets)).sources.first)
        #expect(third.failure == nil && third.added == 0 && third.alreadyLogged == 2)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 2)
    }

    @Test(arguments: services) func lateScrobblesInsideTheLookBackAreAddedOnce(_ service: Service) async throws {
        let journal = try await journal(service)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", service.path, query: nil, with: service.page([(Self.d + 86_400, "A")]))
        #expect((await journal.sync(secrets: service.secrets)).sources.first?.added == 1)

        // Scrobbled offline two days before, it arrives now, with A again.
        journal.stub.answer("GET", service.path, query: nil, with: service.page([(Self.d - 86_400, "Late"), (Self.d + 86_400, "A")]))
        let report = try #require((await journal.sync(secrets: service.secrets)).sources.first)

        #expect(report.failure == nil)
        #expect(report.added == 1 && report.alreadyLogged == 1)
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 2)
    }

    @Test(arguments: services) func ctrlCBeforeAMonthIsWrittenLeavesItForTheNextRun(_ service: Service) async throws {
        let journal = try await journal(service)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", service.path, query: nil, with: service.page([(Self.d - 30 * 86_400, "October"), (Self.d + 10, "November")]))
        let interruption = SyncInterruption()

        let stopped = await journal.sync(secrets: service.secrets, interruption: interruption) { _ in _ = interruption.request() }

        #expect(stopped.interrupted)
        #expect(!FileManager.default.fileExists(atPath: journal.source + "/listening"))
        let resumed = try #require((await journal.sync(secrets: service.secrets)).sources.first)
        #expect(resumed.failure == nil && resumed.added == 2)
    }

    @Test func aSecondServiceHoldingTheSameListensDoesNotReadItsWholeHistoryAgain() async throws {
        let journal = try await SyncTestJournal.make(sync: "  - service: listenbrainz\n    user: jiwoo\n  - service: lastfm\n    user: rj")
        defer { Task { await journal.remove() } }
        let listens: [(Int64, String)] = [(Self.d + 10, "A"), (Self.d + 86_400, "B")]
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(2))
        journal.stub.answer("GET", "/1/user/jiwoo/listens", query: nil, with: Self.services[0].page(listens))
        journal.stub.answer("GET", "/2.0/", query: nil, with: Self.services[1].page(listens))

        let first = await journal.sync(secrets: ["LASTFM_API_KEY": "k"])
        #expect(first.sources.map(\.added) == [2, 0])
        #expect(first.sources.map(\.alreadyLogged) == [0, 2])

        // The log has no play under Last.fm's name, yet Last.fm is read from a week back.
        journal.stub.clearRequests()
        _ = await journal.sync(secrets: ["LASTFM_API_KEY": "k"])
        let from = journal.stub.requests.first { $0.path == "/2.0/" }?.value(of: "from")
        #expect(from == String(Self.d + 86_400 - 7 * 86_400 - 1))
    }
}
