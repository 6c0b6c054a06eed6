import Foundation
import Testing

@testable import JournalCore

/// journal.yaml's `sync:` (docs/content-format.md, "Syncing").
@Suite struct SyncSettingsTests {
    func decode(_ yaml: String) -> (SiteConfig?, [Diagnostic]) {
        ConfigLoading.decode("title: T\n" + yaml, path: "journal.yaml", overrides: ConfigOverrides())
    }

    @Test func oneServiceOrAListIsRead() throws {
        let (one, problems) = decode("sync:\n  service: listenbrainz\n  user: jiwoo\n")
        #expect(problems.isEmpty, "\(problems)")
        #expect(one?.sync == [SyncSource(service: .listenbrainz, user: "jiwoo")])

        let (list, listProblems) = decode(
            "sync:\n  - service: LastFM\n    user: rj_2024\n    look_back_days: 14\n  - service: maloja\n    url: https://home.example.org/maloja/\n")
        #expect(listProblems.isEmpty, "\(listProblems)")
        #expect(
            list?.sync == [
                SyncSource(service: .lastfm, user: "rj_2024", lookBackDays: 14),
                SyncSource(service: .maloja, server: "https://home.example.org/maloja"),
            ])
    }

    @Test func everyMistakeIsAnErrorAtItsPlace() {
        let cases: [(yaml: String, says: String, line: Int)] = [
            ("sync:\n  service: spotify\n  user: x\n", "'sync.service' must be one of listenbrainz, lastfm, maloja, koito", 3),
            ("sync:\n  service: listenbrainz\n", "missing required field 'user'", 3),
            ("sync:\n  service: koito\n  url: ftp://x.org\n", "'sync.url' must be the server's http(s) address", 4),
            ("sync:\n  service: lastfm\n  user: ../../etc\n", "'sync.user' must be the account's name", 4),
            ("sync:\n  service: listenbrainz\n  user: a\n  url: http://x.org\n", "'sync.url' is for maloja and koito", 5),
            ("sync:\n  service: maloja\n  url: http://x.org\n  user: a\n", "'sync.user' is for listenbrainz and lastfm", 5),
            ("sync:\n  service: listenbrainz\n  user: a\n  look_back_days: 400\n", "look_back_days", 5),
            ("sync: listenbrainz\n", "'sync' must be a mapping", 2),
        ]
        for example in cases {
            let (config, problems) = decode(example.yaml)
            let error = problems.first { $0.severity == .error }
            #expect(error?.message.contains(example.says) == true, "\(example.yaml): \(problems)")
            #expect(error?.line == example.line, "\(example.yaml): \(problems)")
            #expect(config?.sync.isEmpty == true || example.says == "look_back_days", "\(example.yaml)")
        }
    }
}

/// Where a sync from a date starts.
@Suite struct SyncStartTests {
    @Test func aDayStartsAtItsOwnMidnightOnTheDaySummerTimeEnds() throws {
        // Sydney leaves summer time (UTC+11 to +10) at 03:00 on 5 April 2026: the day began at
        // 00:00 +11, 13:00 UTC the day before.
        let sydney = try #require(TimeZone(identifier: "Australia/Sydney"))
        #expect(LoggedSource.start(of: try #require(CalendarDate(iso: "2026-04-05")), in: sydney) == 1_775_307_600)
        #expect(LoggedSource.start(of: try #require(CalendarDate(iso: "2026-11-28")), in: try #require(TimeZone(identifier: "UTC"))) == 1_795_824_000)
    }
}
