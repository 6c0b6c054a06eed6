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
        #expect(TimeZone(identifier: SystemZone.name(tz: tz) ?? "") != nil)
    }

    @Test func noTZIsTheSystemsZoneAndATZNobodyKnowsIsNone() {
        #expect(SystemZone.name(tz: nil) == TimeZone.current.identifier)
        #expect(SystemZone.name(tz: "") == TimeZone.current.identifier)
        // Not told rather than told wrong: init then writes no timezone and asks for one.
        #expect(SystemZone.name(tz: "Mars/Olympus") == nil)
        #expect(SystemZone.name(tz: "GMT+99") == nil)
    }

    /// `/etc/localtime` and the like: the zone of the database the file leads to, else the
    /// system's; an old name of the database (`Japan`) is its own zone, an abbreviation
    /// Foundation would take (`IST`: India, Ireland or Israel) is none, and a rule naming one is
    /// matched by its offsets.
    @Test func aFileOrAnOldNameIsTheZoneItLeadsToAndAnAbbreviationIsNone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/localtime", withDestinationPath: "/usr/share/zoneinfo/Asia/Seoul")
        #expect(SystemZone.name(tz: ":" + folder + "/localtime") == "Asia/Seoul")
        #expect(SystemZone.name(tz: folder + "/localtime") == "Asia/Seoul")
        // A copy of a zone's file, as some containers have: the system's zone.
        #expect(FileManager.default.createFile(atPath: folder + "/copy", contents: Data("TZif".utf8)))
        #expect(SystemZone.name(tz: ":" + folder + "/copy") == TimeZone.current.identifier)
        #expect(SystemZone.name(tz: "Japan") == "Japan")
        #expect(SystemZone.name(tz: "IST") == nil)
        #expect(SystemZone.name(tz: "IST-5:30", now: Self.now) == "Asia/Kolkata")
    }

    /// 2026-11-28, so that the zones are compared over 2026-2030.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// The offset of `zone` at `iso` (UTC, `2027-03-28T00:59:59Z`).
    func offset(_ zone: String?, _ iso: String) -> Int? {
        guard let zone, let timeZone = TimeZone(identifier: zone), let date = ISO8601DateFormatter().date(from: iso) else { return nil }
        return timeZone.secondsFromGMT(for: date) / 60
    }

    /// POSIX rules (issue 35: each was written as Etc/UTC) name a zone with the same offsets.
    @Test func aPOSIXRuleIsTheZoneWithItsOffsetsAndChanges() {
        // A whole number of hours: Etc's zone of that offset, whose sign is POSIX's.
        #expect(SystemZone.name(tz: "JST-9", now: Self.now) == "Etc/GMT-9")
        #expect(SystemZone.name(tz: "<-12>12", now: Self.now) == "Etc/GMT+12")
        #expect(SystemZone.name(tz: "<+14>-14", now: Self.now) == "Etc/GMT-14")
        // Half an hour: a place's zone. India's has kept it since 1945, Sri Lanka's since 2006.
        #expect(SystemZone.name(tz: "<+0530>-5:30", now: Self.now) == "Asia/Kolkata")
        #expect(SystemZone.name(tz: "<+0545>-5:45", now: Self.now) == "Asia/Kathmandu")
        // Central European time: one hour, two in summer, changing at 01:00 UTC on the last
        // Sundays of March and October.
        let central = SystemZone.name(tz: "CET-1CEST,M3.5.0,M10.5.0/3", now: Self.now)
        #expect(central != nil && central?.hasPrefix("Etc/") == false, "\(String(describing: central))")
        // The zone the rule names, where the database has it: what the writer chose, not the
        // first city that keeps the same rule (Africa/Ceuta).
        #expect(central == "CET")
        #expect(offset(central, "2027-01-15T12:00:00Z") == 60)
        #expect(offset(central, "2027-03-28T00:59:59Z") == 60)
        #expect(offset(central, "2027-03-28T01:00:00Z") == 120)
        #expect(offset(central, "2027-10-31T00:59:59Z") == 120)
        #expect(offset(central, "2027-10-31T01:00:00Z") == 60)
        // The southern hemisphere: summer across the new year.
        let sydney = SystemZone.name(tz: "AEST-10AEDT,M10.1.0,M4.1.0/3", now: Self.now)
        #expect(offset(sydney, "2027-01-15T12:00:00Z") == 660)
        #expect(offset(sydney, "2027-07-15T12:00:00Z") == 600)
        #expect(offset(sydney, "2027-10-02T15:59:59Z") == 600)
        #expect(offset(sydney, "2027-10-02T16:00:00Z") == 660)
        // The United States' rule, taken when a rule names no dates, as glibc does.
        let eastern = SystemZone.name(tz: "EST5EDT", now: Self.now)
        #expect(eastern == "EST5EDT")
        #expect(offset(eastern, "2027-03-14T06:59:59Z") == -300)
        #expect(offset(eastern, "2027-03-14T07:00:00Z") == -240)
    }

    @Test(arguments: [
        "JST",  // no offset
        "CET-1CEST,M3.5.0",  // no end
        "<+0530-5:30",  // unclosed
        "JST-9x",  // something after it
        "CET-1CEST,M13.5.0,M10.5.0",  // month 13
        "AB-9",  // a name of two letters
        "XYZ-5:17",  // an offset no zone has
        "FOO-3BAR,M2.1.0,M9.1.0",  // changes no zone makes
    ])
    func aRuleThatIsNotOneOrThatNoZoneKeepsIsNone(tz: String) {
        #expect(SystemZone.name(tz: tz, now: Self.now) == nil)
    }
}
