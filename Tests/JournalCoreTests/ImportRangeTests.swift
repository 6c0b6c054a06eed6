import Foundation
import Testing

@testable import JournalCore

/// Numbers an export should never hold, and does when it is damaged or hand-edited: at the 64-bit
/// edge, in year 0 or 10000, a duration of years, NaN. Each is an error at its place, reported
/// with the others; nothing is written, nothing traps, and no day the build refuses is written.
@Suite struct ImportRangeTests {
    static let edge = "9223372036854775807", below = "-9223372036854775808", past = "9223372036854775808"
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in Unix seconds.
    static let yearZero = "-62167219200", yearTenThousand = "253402300800"

    /// Imports `text` into an empty journal in Asia/Seoul (nine hours ahead of UTC, so a start at
    /// the edge moves past it): the problems as `line:column`, with their messages.
    static func problems(_ text: String, name: String = "export", config: String = "") throws -> [(place: String, message: String)] {
        let result = try ImportEncodingTests.importing(Array(text.utf8), name: name, zone: "Asia/Seoul", config: config)
        #expect(result.days.isEmpty, "\(name): wrote \(result.days)")
        #expect(!FileManager.default.fileExists(atPath: result.journal.path + "/content"), "\(name)")
        return result.summary.diagnostics.errors.map { ("\($0.line):\($0.column)", $0.message) }
    }

    @Test func theRangeIsTheBuildsYearsWithADayOfMargin() throws {
        #expect(ImportRange.earliest == Int64(try #require(CalendarDate(year: 1, month: 1, day: 2)).dayNumber) * 86_400)
        #expect(ImportRange.latest == Int64(try #require(CalendarDate(year: 9999, month: 12, day: 31)).dayNumber) * 86_400 - 1)
        #expect(ImportRange.number("12") == .value(12) && ImportRange.number(NSNumber(value: Int64.max)) == .value(Int64.max))
        for number in [Double.nan, .infinity, -.infinity, 1e30, 1.5, 9.223372036854775808e18] {
            guard case .invalid = ImportRange.number(NSNumber(value: number)) else {
                Issue.record("\(number) was taken")
                continue
            }
        }
        #expect(ImportRange.number(text: Self.past) == .invalid(Self.past))
        #expect(ImportRange.number(nil) == .missing && ImportRange.number(text: " ") == .missing)
    }

    @Test func spotify() throws {
        func row(_ ms: String, ts: String = "2025-11-21T10:04:00Z", title: String = "Song") -> String {
            #"{"ts": "\#(ts)", "ms_played": \#(ms), "master_metadata_track_name": "\#(title)", "master_metadata_album_artist_name": "A", "reason_end": "trackdone"}"#
        }
        let found = try Self.problems(
            "["
                + [
                    row("200000"),
                    row(Self.edge), row(Self.edge),
                    row(Self.below),
                    row("1e30"),
                    row("\"NaN\""),
                    row("-1"),
                    row("200000", ts: "9999-12-31T23:59:59Z"),
                    row("200000", ts: "0001-01-01T00:01:00Z"),
                ].joined(separator: ",\n") + "]")
        #expect(found.map(\.place) == ["2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"], "\(found)")
        #expect(
            found.first?.message
                == "play 2 'ms_played' is 9223372036854775807 milliseconds, over 24 days (2073600000 milliseconds), longer than any song or play")
        #expect(found[3].message.hasPrefix("play 5 'ms_played' is '") && found[3].message.hasSuffix("', not a whole number of milliseconds"), "\(found)")
        #expect(found[4].message == "play 6 'ms_played' is 'NaN', not a whole number of milliseconds")
        #expect(found[5].message == "play 7 'ms_played' is -1, less than nothing")
        #expect(
            found[6].message == "play 8 'ts' is 9999-12-31T23:59:59Z: a play must start between 0001-01-02 and 9999-12-30 (UTC), the years a journal can hold")
        // Account data too.
        let account = try Self.problems(#"[{"endTime": "2025-11-21 10:04", "artistName": "A", "trackName": "T", "msPlayed": \#(Self.past)}]"#)
        #expect(account.map(\.message) == ["play 1 'msPlayed' is '9223372036854775808', not a whole number of milliseconds"], "\(account)")
    }

    @Test func listenBrainz() throws {
        func listen(_ at: String, _ extra: String = "") -> String {
            #"{"listened_at": \#(at), "track_metadata": {"artist_name": "A", "track_name": "Song", "additional_info": {\#(extra)}}}"#
        }
        let found = try Self.problems(
            [
                listen("1763719200"), listen(Self.edge), listen(Self.below), listen(Self.yearZero), listen(Self.yearTenThousand),
                listen("1763719200000"), listen("1e30"),
                listen("1763719200", #""duration_ms": \#(Self.edge)"#), listen("1763719200", #""duration": \#(Self.past)"#),
                listen("1763719200", #""duration_ms": -5"#),
            ].joined(separator: "\n") + "\n", name: "listens.jsonl")
        #expect(found.map(\.place) == (2...10).map { "\($0):1" }, "\(found)")
        #expect(found[3].message == "'listened_at' is 253402300800: a play must start between 0001-01-02 and 9999-12-30 (UTC), the years a journal can hold")
        #expect(found[4].message.hasSuffix("; counted in milliseconds it would be 2025-11-21"), "\(found)")
        #expect(found[6].message == "'duration_ms' is 9223372036854775807 milliseconds, over 24 days (2073600000 milliseconds), longer than any song or play")
        #expect(found[8].message == "'duration_ms' is -5, less than nothing")
    }

    @Test func lastFM() throws {
        let csv = try Self.problems(
            "uts,artist,album,track\n1763719200,A,B,Song\n\(Self.edge),A,B,Song\n\(Self.below),A,B,Song\n"
                + "\(Self.yearZero),A,B,Song\n\(Self.yearTenThousand),A,B,Song\nNaN,A,B,Song\n\(Self.past),A,B,Song\n", name: "scrobbles.csv")
        #expect(csv.map(\.place) == (3...8).map { "\($0):1" }, "\(csv)")
        #expect(csv[4].message == "'uts' is 'NaN', not a whole number of seconds")
        let late = try Self.problems("utc_time,artist,track\n\"31 Dec 9999, 23:59\",A,Song\n", name: "late.csv")
        #expect(late.map(\.place) == ["2:1"] && late.first?.message.hasPrefix("'utc_time' is 31 Dec 9999, 23:59: a play must start") == true, "\(late)")
        let json = try Self.problems(
            ##"{"recenttracks": {"track": [{"artist": {"#text": "A"}, "name": "Song", "date": {"uts": "\##(Self.edge)"}}, {"artist": {"#text": "A"}, "name": "Song", "date": {"uts": \##(Self.yearZero)}}]}}"##,
            name: "pages.json")
        #expect(
            json.map(\.message) == [
                "track 1: 'date.uts' is 9223372036854775807: a play must start between 0001-01-02 and 9999-12-30 (UTC), the years a journal can hold",
                "track 2: 'date.uts' is -62167219200: a play must start between 0001-01-02 and 9999-12-30 (UTC), the years a journal can hold",
            ], "\(json)")
    }

    @Test func scrobblerLog() throws {
        func row(_ length: String, _ at: String) -> String { "A\tB\tSong\t1\t\(length)\tL\t\(at)" }
        let found = try Self.problems(
            "#AUDIOSCROBBLER/1.1\n#TZ/UTC\n#CLIENT/Rockbox\n"
                + [
                    row("240", "1763719200"), row("240", Self.edge), row("240", Self.yearZero), row("240", Self.yearTenThousand),
                    row("60000000", "1763719200"), row(Self.edge, "1763719200"), row("nan", "1763719200"), row("-3", "1763719200"),
                ].joined(separator: "\n") + "\n", name: ".scrobbler.log")
        // The timestamp is the 7th field (column 18 here), the length the 5th (column 12).
        #expect(found.map(\.place) == ["5:18", "6:18", "7:18", "8:12", "9:12", "10:12", "11:12"], "\(found)")
        #expect(found[3].message == "'length' is 60000000 seconds, over 24 days (2073600 seconds), longer than any song or play")
    }

    @Test func appleMusic() throws {
        let header = "Artist Name,Song Name,Event Type,Event Start Timestamp,Play Duration Milliseconds,Media Duration In Milliseconds\n"
        let found = try Self.problems(
            header
                + [
                    "A,Song,PLAY_END,2025-11-21T10:00:00.000Z,200000,200000",
                    "A,Song,PLAY_END,2025-11-21T10:10:00.000Z,\(Self.edge),200000",
                    "A,Song,PLAY_END,2025-11-21T10:20:00.000Z,200000,\(Self.edge)",
                    "A,Song,PLAY_END,2025-11-21T10:30:00.000Z,NaN,200000",
                    "A,Song,PLAY_END,9999-12-31T23:59:59.000Z,200000,200000",
                ].joined(separator: "\n") + "\n", name: "Apple Music Play Activity.csv")
        #expect(found.map(\.place) == ["3:42", "4:49", "5:42", "6:17"], "\(found)")
        #expect(found[2].message == "'Play Duration Milliseconds' is 'NaN', not a whole number of milliseconds")
        // A negative play duration, which Apple writes, is unknown, not an error.
        let result = try ImportEncodingTests.importing(Array((header + "A,Song,PLAY_END,2025-11-21T10:00:00.000Z,-1200,200000\n").utf8))
        #expect(result.summary.diagnostics.isEmpty && result.days.count == 1, "\(result.summary.diagnostics)")
    }

    @Test func youTubeMusic() throws {
        func entry(_ time: String) -> String {
            #"{"header": "YouTube Music", "title": "Watched Song", "subtitles": [{"name": "A - Topic"}], "time": "\#(time)"}"#
        }
        let found = try Self.problems(
            "[\n" + [entry("2025-11-21T10:00:00.000Z"), entry("9999-12-31T23:59:59Z"), entry("0001-01-01T00:00:00Z")].joined(separator: ",\n") + "\n]",
            name: "watch-history.json")
        #expect(found.map(\.place) == ["3:1", "4:1"], "\(found)")
        #expect(found.first?.message.hasPrefix("entry 2 'time' is 9999-12-31T23:59:59Z: a play must start") == true, "\(found)")
    }

    @Test func importNeverWritesADayTheBuildWouldRefuse() throws {
        // Thirty distinct tracks with long titles make a day over a small limits.max_file_size: the
        // day the import would write is checked as the build reads it, and refused whole.
        let rows = (1...30).map { "\(1_763_719_200 + $0 * 300),Artist,Album,\(String(repeating: "Long title ", count: 8))\($0)" }
        let found = try Self.problems(
            "uts,artist,album,track\n" + rows.joined(separator: "\n") + "\n", name: "scrobbles.csv",
            config: "max_tracks_per_day: 0\nlimits:\n  max_file_size: 2048\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.hasPrefix("journal import would write this day, and the build would refuse it: the file would be ") == true, "\(found)")
        // The same with the default limit writes a day the build reads.
        let result = try ImportEncodingTests.importing(
            Array(("uts,artist,album,track\n" + rows.joined(separator: "\n") + "\n").utf8), config: "max_tracks_per_day: 0\n")
        #expect(result.days.count == 1 && !result.journal.load().diagnostics.hasErrors, "\(result.summary.diagnostics)")
    }
}
