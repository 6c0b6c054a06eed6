import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// What a service (or something pretending to be one) may answer `journal sync`: nonsense,
/// silence, a way round, a redirect inside the network. Each stops the sync with a clear reason,
/// quickly, and writes nothing it should not.
@Suite struct SyncHostileTests {
    static let listenBrainz = "  service: listenbrainz\n  user: jiwoo"
    static let listens = "/1/user/jiwoo/listens"
    static let d = SyncTestJournal.day26

    @Test func nonsenseBodiesStopTheSyncAndWriteNothing() async throws {
        let bodies = [
            "<html>maintenance</html>", "{\"payload\": {\"listens\": \"none\"}}", "[1, 2, 3]", "{\"payload\": null}",
            String(repeating: "[", count: 100_000),
        ]
        for body in bodies {
            let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
            defer { Task { await journal.remove() } }
            journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(1))
            journal.stub.answer("GET", Self.listens, query: nil, with: .json(body))

            let report = await journal.sync()

            guard case .invalid = report.sources.first?.failure else {
                Issue.record("\(body.prefix(40)): \(String(describing: report.sources.first?.failure))")
                continue
            }
            #expect(!FileManager.default.fileExists(atPath: journal.source + "/listening"))
        }
    }

    @Test func listensThatAreNotListensArePassedOverAndCounted() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(4))
        let good = ListenBrainzBody.listen(Self.d + 60, "Good", "X")
        let listens = [
            good, "\"a string\"", "{\"listened_at\": \"soon\", \"track_metadata\": {\"artist_name\": \"X\", \"track_name\": \"Y\"}}",
            "{\"listened_at\": 99999999999999, \"track_metadata\": {\"artist_name\": \"X\", \"track_name\": \"Y\"}}",
            "{\"listened_at\": \(Self.d + 90), \"track_metadata\": {\"artist_name\": \"X\\u0000\\n\", \"track_name\": \"Tab\\there\"}}",
        ]
        journal.stub.answer(
            "GET", Self.listens, query: nil,
            with: .json("{\"payload\": {\"count\": 5, \"latest_listen_ts\": \(Self.d + 90), \"listens\": [\(listens.joined(separator: ","))]}}"))

        let report = try #require((await journal.sync()).sources.first)

        #expect(report.failure == nil)
        #expect(report.passedOver == ["not a listen": 1, "unreadable (no time, title or artist)": 2])
        #expect(report.added == 2)
        // A control character or a tab never reaches the log as one.
        let lines = journal.loggedPlays("listening/2026/2026-11.tsv")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 9 })
    }

    @Test func aServerThatAnswersTheSamePageAgainCannotKeepTheSyncGoingRound() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(2))
        journal.stub.answer(
            "GET", Self.listens, query: nil,
            with: ListenBrainzBody.page([ListenBrainzBody.listen(Self.d + 10, "A", "X"), ListenBrainzBody.listen(Self.d + 20, "B", "X")], latest: Self.d + 20))

        let report = try #require((await journal.sync(pageSize: 2)).sources.first)

        guard case .invalid(let reason) = report.failure else {
            Issue.record("\(String(describing: report.failure))")
            return
        }
        #expect(reason.contains("from before the time asked for"))
        #expect(journal.stub.count(path: Self.listens) == 2)
    }

    @Test func aSilentServerIsGivenUpOnAfterAFewTries() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(1))
        journal.stub.answer("GET", Self.listens, query: nil, with: .status(200, delay: 5))
        guard let config = journal.config else { return }
        var options = journal.options()
        options.timeout = 0.3

        let report = await JournalSync.run(source: journal.source, config: config, options: options)

        guard case .unreachable(let reason) = report.sources.first?.failure else {
            Issue.record("\(String(describing: report.sources.first?.failure))")
            return
        }
        #expect(reason.contains("no answer in time"))
        #expect(reason.contains("5 tries"))
    }

    @Test func aRedirectIntoThePrivateNetworkIsNotFollowed() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(1))
        journal.stub.answer("GET", Self.listens, query: nil, with: .status(302, headers: ["Location": "http://169.254.169.254/latest/meta-data/"]))

        let report = try #require((await journal.sync()).sources.first)

        guard case .invalid(let reason) = report.failure else {
            Issue.record("\(String(describing: report.failure))")
            return
        }
        #expect(reason.contains("redirected to http://169.254.169.254/latest/meta-data/"))
        #expect(reason.contains("not followed"))
    }

    @Test func lastFMNamingAMillionPagesIsRefused() async throws {
        let journal = try await SyncTestJournal.make(sync: "  service: lastfm\n  user: rj")
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/2.0/", query: nil, with: LastFMBody.page([], page: 1, pages: 1_000_000, total: 3))

        let report = try #require((await journal.sync(secrets: ["LASTFM_API_KEY": "k"])).sources.first)

        guard case .invalid = report.failure else {
            Issue.record("\(String(describing: report.failure))")
            return
        }
        #expect(journal.stub.requests.count == 1)
    }

    @Test func aListenDatedDaysAheadIsPassedOverNotLogged() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(2))
        let now = Int64(SyncTestJournal.now.timeIntervalSince1970)
        journal.stub.answer(
            "GET", Self.listens, query: nil,
            with: ListenBrainzBody.page(
                [ListenBrainzBody.listen(Self.d + 10, "A", "X"), ListenBrainzBody.listen(now + 3 * 86_400, "Tomorrow+2", "X")], latest: 1))

        let report = try #require((await journal.sync()).sources.first)

        #expect(report.failure == nil)
        #expect(report.passedOver == ["dated more than a day ahead": 1])
        #expect(journal.loggedPlays("listening/2026/2026-11.tsv").count == 1)
        #expect(journal.read("listening/2026/2026-12.tsv") == nil)
        #expect(report.lines.joined(separator: " ").contains("1 passed over (dated more than a day ahead)"))
    }

    @Test func aRateLimitResetOfAllTimeStopsTheSyncWithoutACrash() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(1))
        journal.stub.answer("GET", Self.listens, query: nil, with: .status(429, headers: ["X-RateLimit-Reset-In": "1e300"]))

        let report = try #require((await journal.sync()).sources.first)

        guard case .unreachable(let reason) = report.failure else {
            Issue.record("\(String(describing: report.failure))")
            return
        }
        #expect(reason.contains("asks to wait 31536000 s"))
    }

    @Test func aRedirectToAnotherServerIsNotFollowedSoTheTokenStaysHome() async throws {
        let journal = try await SyncTestJournal.make(sync: Self.listenBrainz)
        defer { Task { await journal.remove() } }
        journal.stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: ListenBrainzBody.count(1))
        let elsewhere = try await StubServer.start()
        defer { Task { await elsewhere.stop() } }
        elsewhere.answer("GET", Self.listens, query: nil, with: ListenBrainzBody.page([], latest: 1))
        journal.stub.answer("GET", Self.listens, query: nil, with: .status(302, headers: ["Location": elsewhere.baseURL + Self.listens]))

        let report = try #require((await journal.sync(secrets: ["LISTENBRAINZ_TOKEN": "t0ken-Abc"])).sources.first)

        guard case .invalid(let reason) = report.failure else {
            Issue.record("\(String(describing: report.failure))")
            return
        }
        #expect(reason.contains("another server than the one configured"))
        #expect(elsewhere.requests.isEmpty)
    }
}
