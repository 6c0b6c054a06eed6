import Foundation
import JournalCore
import JournalLookup
import LookupStub
import Testing

/// `journal sync` as a listener runs it: the built program, a stub of the services on 127.0.0.1,
/// secrets in the environment.
@Suite struct SyncCommandTests {
    static let key = "feedfacefeedfacefeedfacefeedface"
    /// 2026-09-01 00:00 UTC.
    static let september: Int64 = 1_788_220_800

    static func journal(_ sync: String) throws -> CommandLineTests.Folder {
        try CommandLineTests.Folder([
            "journal.yaml": "title: T\ntimezone: UTC\nsync:\n\(sync)\n",
            "content/diary/.keep": "",
        ])
    }

    static func listen(_ seconds: Int64, _ title: String) -> String {
        """
        {"listened_at": \(seconds), "recording_msid": "m-\(seconds)-\(title)", "track_metadata": {"artist_name": "X", "track_name": "\(title)"}}
        """
    }

    static func page(_ listens: [String]) -> StubServer.Answer {
        .json("{\"payload\": {\"count\": \(listens.count), \"latest_listen_ts\": 1, \"listens\": [\(listens.reversed().joined(separator: ","))]}}")
    }

    @Test func aSyncSaysWhatItAddedAndExitsZero() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let folder = try Self.journal("  service: listenbrainz\n  user: jiwoo")
        stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: .json("{\"payload\": {\"count\": 2}}"))
        stub.answer(
            "GET", "/1/user/jiwoo/listens", query: nil, with: Self.page([Self.listen(Self.september + 60, "A"), Self.listen(Self.september + 120, "B")]))

        let run = try await AddCommandTests.run(["sync", "--source", folder.path], environment: ["JOURNAL_LISTENBRAINZ_URL": stub.baseURL])

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains("ListenBrainz (jiwoo): 2 listens read in 2 requests."), "\(run.out)")
        #expect(run.out.contains("2 plays added to the listening log (1 month file), 0 already in it."), "\(run.out)")
        #expect(run.out.contains("1 day written, 0 already in the journal"), "\(run.out)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/09/2026-09-01.md"))
        #expect(stub.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("journal/") == true })
    }

    @Test func aRefusedKeyIsExitOneAndTheKeyIsNeverPrinted() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let folder = try Self.journal("  service: lastfm\n  user: rj")
        stub.answer("GET", "/2.0/", query: nil, with: .json("{\"error\": 10, \"message\": \"Invalid API key\"}", status: 403))

        let run = try await AddCommandTests.run(
            ["sync", "--source", folder.path], environment: ["JOURNAL_LASTFM_URL": stub.baseURL, "LASTFM_API_KEY": Self.key])

        #expect(run.status == 1)
        #expect(run.errors.contains("check LASTFM_API_KEY"), "\(run.errors)")
        #expect(stub.requests.first?.value(of: "api_key") == Self.key)
        #expect(!run.out.contains(Self.key) && !run.errors.contains(Self.key))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/listening"))
    }

    @Test func ctrlCWhileReadingEndsAtOnceAndKeepsTheMonthsWritten() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let folder = try Self.journal("  service: listenbrainz\n  user: jiwoo")
        // A full first page: 999 listens in September, one in October; the next page is slow.
        var first = (0..<999).map { Self.listen(Self.september + Int64($0) * 60, "S\($0)") }
        let october = Self.september + 30 * 86_400 + 60
        first.append(Self.listen(october, "O"))
        stub.answer("GET", "/1/user/jiwoo/listen-count", query: nil, with: .json("{\"payload\": {\"count\": 1001}}"))
        stub.answer("GET", "/1/user/jiwoo/listens", query: [("min_ts", "0"), ("count", "1000")], with: Self.page(first))
        var slow = Self.page([Self.listen(october + 60, "P")])
        slow.delay = 90
        stub.answer("GET", "/1/user/jiwoo/listens", query: [("min_ts", String(october - 1)), ("count", "1000")], with: slow)
        guard let binary = AddCommandTests.binary() else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["sync", "--source", folder.path]
        process.environment = ["JOURNAL_LISTENBRAINZ_URL": stub.baseURL, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the slow page is asked for: September is written by then. (A machine busy
        // with every other test may take a minute to get there.)
        let deadline = Date().addingTimeInterval(170)
        while stub.count(path: "/1/user/jiwoo/listens") < 2 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        guard stub.count(path: "/1/user/jiwoo/listens") >= 2 else {
            process.terminate()
            Issue.record("the sync never asked for its second page")
            return
        }
        let started = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        // Well before the slow page's 90 s: the process ended at the signal.
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(process.terminationStatus == 130)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("Sync interrupted"), "\(said)")
        let log = (try? String(contentsOfFile: folder.path + "/listening/2026/2026-09.tsv", encoding: .utf8)) ?? ""
        #expect(log.split(separator: "\n").filter { $0.contains("\tS") }.count == 999)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/listening/2026/2026-10.tsv"))
    }

    @Test func aSecondSyncWhileOneRunsIsRefusedAndAsksNothing() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let folder = try Self.journal("  service: listenbrainz\n  user: jiwoo")
        // The first sync, as another process holds it.
        let held = try #require(try CatalogueLock.take(source: folder.path, file: "sync.lock").get())

        let run = try await AddCommandTests.run(["sync", "--source", folder.path], environment: ["JOURNAL_LISTENBRAINZ_URL": stub.baseURL])

        #expect(run.status == 1)
        #expect(run.errors.contains("another journal sync is running"), "\(run.errors)")
        #expect(stub.requests.isEmpty)
        withExtendedLifetime(held) {}
    }
}
