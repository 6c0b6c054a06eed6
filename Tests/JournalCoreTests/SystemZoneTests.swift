import Foundation
import Testing

@testable import JournalCore

/// `journal init` writes the zone `TZ` names, read as POSIX reads it.
@Suite struct SystemZoneTests {
    @Test(arguments: [
        (":Asia/Seoul", "Asia/Seoul"), ("Asia/Seoul", "Asia/Seoul"), ("/usr/share/zoneinfo/Europe/Paris", "Europe/Paris"),
        (":/usr/share/zoneinfo/America/New_York", "America/New_York"), ("GMT+12", "Etc/GMT+12"), ("UTC-3", "Etc/GMT-3"),
        ("GMT0", "Etc/GMT"), ("UTC", "UTC"),
    ])
    func theZoneIsReadAsPOSIXDoes(tz: String, expected: String) {
        #expect(SystemZone.name(tz: tz) == expected)
        // What is written is a zone journal.yaml accepts.
        #expect(TimeZone(identifier: SystemZone.name(tz: tz)) != nil)
    }

    @Test func aZoneNobodyKnowsFallsBackToTheSystems() {
        #expect(SystemZone.name(tz: "Mars/Olympus") == TimeZone.current.identifier)
        #expect(SystemZone.name(tz: "GMT+99") == TimeZone.current.identifier)
        #expect(SystemZone.name(tz: nil) == TimeZone.current.identifier)
    }
}
