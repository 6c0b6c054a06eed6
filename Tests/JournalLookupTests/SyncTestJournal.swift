import Foundation
import JournalCore
import LookupStub

@testable import JournalLookup

/// A journal in a temporary folder with a `sync:` section, and the stub's answers in the shapes
/// of the services' APIs, for the tests of `journal sync`.
struct SyncTestJournal {
    let source: String
    let stub: StubServer

    /// 2026-11-28 12:00 UTC: "today" of these tests.
    static let now = Date(timeIntervalSince1970: 1_795_867_200)
    /// 2026-11-26 00:00 UTC.
    static let day26: Int64 = 1_795_651_200

    static func make(sync: String, timezone: String = "UTC", extra: String = "") async throws -> SyncTestJournal {
        let source = temporaryFolder()
        let yaml = "title: Test\ntimezone: \(timezone)\nmax_tracks_per_day: 3\n\(extra)sync:\n\(sync)\n"
        try yaml.write(toFile: source + "/journal.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: source + "/content/diary", withIntermediateDirectories: true)
        return SyncTestJournal(source: source, stub: try await StubServer.start())
    }

    var config: SiteConfig? { JournalLoader(source: source).readConfig(overrides: ConfigOverrides()).config }

    /// Options pointing every service at the stub, today fixed, retries quick.
    func options(secrets: [String: String] = [:], pageSize: Int? = nil, since: CalendarDate? = nil, dryRun: Bool = false) -> JournalSync.Options {
        var environment = secrets
        for service in SyncSource.Service.allCases { environment[service.environmentVariable] = stub.baseURL }
        var options = JournalSync.Options(
            environment: environment, userAgent: "journal/test ( tests )", now: Self.now, dryRun: dryRun, since: since)
        options.backoff = 0.05
        options.pageSize = pageSize
        return options
    }

    func sync(
        secrets: [String: String] = [:], pageSize: Int? = nil, since: CalendarDate? = nil, dryRun: Bool = false,
        interruption: SyncInterruption = SyncInterruption(), progress: @escaping @Sendable (JournalSync.Progress) -> Void = { _ in }
    ) async -> JournalSync.Report {
        guard let config else { return JournalSync.Report(diagnostics: [Diagnostic(.error, "journal.yaml did not load", path: "journal.yaml")]) }
        return await JournalSync.run(
            source: source, config: config, options: options(secrets: secrets, pageSize: pageSize, since: since, dryRun: dryRun),
            interruption: interruption, progress: progress)
    }

    func read(_ relative: String) -> String? { try? String(contentsOfFile: source + "/" + relative, encoding: .utf8) }

    /// The plays of a month file of the log: its lines that are not the comment or the header.
    func loggedPlays(_ relative: String) -> [String] {
        (read(relative) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix("utc\t") }
    }

    func remove() async {
        await stub.stop()
        try? FileManager.default.removeItem(atPath: source)
    }
}

/// ListenBrainz's answers, in the API's shape (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html).
enum ListenBrainzBody {
    static func listen(_ seconds: Int64, _ title: String, _ artist: String, msid: String? = nil) -> String {
        let id = msid ?? "00000000-0000-4000-8000-\(String(format: "%012d", seconds % 1_000_000_000_000))"
        return """
            {"inserted_at": \(seconds + 5), "listened_at": \(seconds), "recording_msid": "\(id)", "user_name": "jiwoo", \
            "track_metadata": {"artist_name": "\(artist)", "track_name": "\(title)", "release_name": "An Album", \
            "additional_info": {"duration_ms": 200000, "submission_client": "navidrome", "recording_msid": "\(id)"}, \
            "mbid_mapping": null}}
            """
    }

    /// A page: `listens` given oldest first, sent newest first as the service does.
    static func page(_ listens: [String], latest: Int64, oldest: Int64 = 1_700_000_000) -> StubServer.Answer {
        .json(
            """
            {"payload": {"count": \(listens.count), "latest_listen_ts": \(latest), "oldest_listen_ts": \(oldest), \
            "listens": [\(listens.reversed().joined(separator: ", "))], "user_id": "jiwoo"}}
            """)
    }

    static func count(_ count: Int) -> StubServer.Answer { .json("{\"payload\": {\"count\": \(count)}}") }
}
