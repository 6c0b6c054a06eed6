import Foundation
import Testing

@testable import JournalCore

/// Rockbox's `.scrobbler.log`, Apple Music's play activity CSV and the CSV reader under it,
/// checked on small fixtures written here.
@Suite struct ScrobblerAppleImportTests {
    static func utc(_ text: String) -> Int64 { ImportTests.utc(text) }

    static func log(_ zone: String, _ rows: [String], lineEnd: String = "\n") -> [UInt8] {
        Array((["#AUDIOSCROBBLER/1.1", "#TZ/\(zone)", "#CLIENT/Rockbox sansae200 $Revision$"] + rows).joined(separator: lineEnd).utf8)
    }

    // MARK: Scrobbler log

    @Test func scrobblerKeepsListenedRowsAndDropsSkippedOnes() {
        let (plays, report) = ScrobblerLog.read(
            Self.log(
                "UTC",
                [
                    "#ARTIST\t#ALBUM\t#TITLE\t#TRACKNUM\t#LENGTH\t#RATING\t#TIMESTAMP\t#MUSICBRAINZ_TRACKID",
                    "The Beatles\tAbbey Road\tCome Together\t1\t259\tL\t1577836800\td5e4fb56-e457-4684-aa31-63ce70ee5a8c",
                    "Kraftwerk\tThe Man·Machine\tThe Model\t4\t224\tS\t1577837100\t",
                    "IU\t\tBlueming\t0\t217\tL\t1577840400\t",
                    "<Untagged>\t\tUnknown Song.mp3\t0\t180\tL\t1577844000\t",
                    "",
                ], lineEnd: "\r\n"), path: ".scrobbler.log")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 4)
        #expect(report.skipped == ["rated S": 1, "no artist or title tag": 1])
        #expect(plays.map(\.title) == ["Come Together", "Blueming"])
        #expect(plays.map(\.album) == ["Abbey Road", nil])
        #expect(plays.map(\.duration) == [259, 217])
        #expect(plays.map { $0.links.map(\.url) } == [["https://musicbrainz.org/recording/d5e4fb56-e457-4684-aa31-63ce70ee5a8c"], []])
        #expect(plays.first?.started == 1_577_836_800 && plays.first?.wallClock == false)
        #expect(plays.allSatisfy { $0.format == "scrobbler" })
    }

    @Test func anUnknownZoneIsTheDevicesWallClockAndUTCIsAnInstant() {
        // 00:10 on New Year's Day, written as Unix seconds: in Los Angeles, the instant is still the 31st.
        let row = "Daft Punk\tDiscovery\tOne More Time\t1\t320\tL\t\(Self.utc("2027-01-01T00:10:00"))"
        let planner = ImportTests.planner("America/Los_Angeles")
        let (wall, _) = ScrobblerLog.read(Self.log("UNKNOWN", [row]), path: "a.log")
        let (instant, _) = ScrobblerLog.read(Self.log("UTC", [row]), path: "b.log")
        #expect(wall.map(\.wallClock) == [true] && instant.map(\.wallClock) == [false])
        #expect(planner.plan(wall).days.map(\.date.iso) == ["2027-01-01"])
        #expect(planner.plan(instant).days.map(\.date.iso) == ["2026-12-31"])
    }

    @Test func everyBadScrobblerRowIsAnErrorAtItsLine() {
        let (_, report) = ScrobblerLog.read(
            Self.log(
                "UNKNOWN",
                [
                    "A\tB\tGood\t1\t100\tL\t1577836800",
                    "A\tB\tToo few\t1\t100\tL",
                    "A\tB\tNot a time\t1\t100\tL\tyesterday",
                ]), path: "player/.scrobbler.log")
        #expect(report.diagnostics.map(\.line) == [5, 6], "\(report.diagnostics)")
        #expect(report.diagnostics.allSatisfy { $0.path == "player/.scrobbler.log" && $0.severity == .error })
        // A row of the wrong shape is placed at its start, a bad value at its field.
        #expect(report.diagnostics.map(\.column) == [1, 24])
        #expect(report.diagnostics.first?.message.hasPrefix("this row has 6 tab-separated fields") == true)
        #expect(report.diagnostics.last?.message.hasPrefix("the timestamp 'yesterday'") == true)

        let (_, many) = ScrobblerLog.read(Self.log("UTC", Array(repeating: "only\ttwo", count: 25)), path: "x.log")
        #expect(many.diagnostics.count == 21)
        #expect(many.diagnostics.last?.message == "and 5 more problems like these" && many.diagnostics.last?.line == 24)
    }

    @Test func aScrobblerLogIsRecognisedByItsFirstLine() {
        #expect(ScrobblerLog.recognises(path: "x", head: Self.log("UTC", [])))
        #expect(ScrobblerLog.recognises(path: "x", head: [0xEF, 0xBB, 0xBF] + Self.log("UTC", [])))
        #expect(!ScrobblerLog.recognises(path: ".scrobbler.log", head: Array("Artist\tAlbum".utf8)))
        #expect(JournalImport.formats.contains("scrobbler") && JournalImport.formats.contains("applemusic"))
    }

    // MARK: Apple Music

    /// Apple's column names, as the privacy export's `Apple Music Play Activity.csv` writes them.
    static let appleColumns = [
        "Apple Id Number", "Apple Music Subscription", "Artist Name", "Build Version", "Client IP Address", "Content Name", "Content Provider",
        "Device Identifier", "End Position In Milliseconds", "End Reason Type", "Event End Timestamp", "Event Reason Hint Type",
        "Event Received Timestamp", "Event Start Timestamp", "Event Timestamp", "Event Type", "Feature Name", "Genre", "Item Type",
        "Media Duration In Milliseconds", "Media Type", "Milliseconds Since Play", "Offline", "Play Duration Milliseconds",
        "Song Name", "Source Type", "Start Position In Milliseconds", "Store Country Name", "UTC Offset In Seconds",
        "Container Album Name", "Container Artist Name",
    ]

    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// A play activity file; each row gives only the columns that matter, the rest as Apple fills them.
    static func activity(_ rows: [[String: String]]) -> [UInt8] {
        let filler = [
            "Apple Id Number": "1234567890", "Apple Music Subscription": "true", "Build Version": "Music/1.3.5 iOS/15.4",
            "Client IP Address": "203.0.113.7", "Device Identifier": "4F2E0C1A", "Feature Name": "library / album-detail",
            "Genre": "K-Pop", "Item Type": "ORIGINAL_CONTENT", "Media Type": "AUDIO", "Offline": "false",
            "Source Type": "IPHONE", "Store Country Name": "Korea, Republic of", "UTC Offset In Seconds": "32400",
        ]
        let lines =
            [appleColumns.joined(separator: ",")]
            + rows.map { row in
                appleColumns.map { csvField(row[$0] ?? filler[$0] ?? "") }.joined(separator: ",")
            }
        return Array(("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    static func applePlay(
        _ song: String, start: String, played: Int, end: String = "NATURAL_END_OF_TRACK",
        type: String = "PLAY_END"
    ) -> [String: String] {
        [
            "Song Name": song, "Container Artist Name": "IU", "Container Album Name": "Palette, Deluxe \"Edition\"",
            "Event Start Timestamp": start, "Event Timestamp": "2021-03-04T23:59:59.000Z", "Event Type": type, "End Reason Type": end,
            "Play Duration Milliseconds": "\(played)", "Media Duration In Milliseconds": "217453",
        ]
    }

    @Test func applePlaysKeepWholeAndLongSkippedPlaysAndDropShortSkipsAndOtherEvents() {
        let (plays, report) = AppleMusicPlayActivity.read(
            Self.activity([
                Self.applePlay("Blueming", start: "2021-03-04T05:06:07.123Z", played: 217_453),
                Self.applePlay("Short skip", start: "2021-03-04T05:10:00.000Z", played: 12_000, end: "TRACK_SKIPPED_FORWARDS"),
                Self.applePlay("Back skip", start: "2021-03-04T05:11:00.000Z", played: 3_000, end: "TRACK_SKIPPED_BACKWARDS"),
                Self.applePlay("Long skip", start: "2021-03-04T05:12:00.000Z", played: 95_000, end: "TRACK_SKIPPED_FORWARDS"),
                Self.applePlay("Lyrics", start: "2021-03-04T05:20:00.000Z", played: 0, type: "LYRIC_DISPLAY"),
                Self.applePlay("Paused, then \"stopped\"", start: "2021-03-04T05:30:00.000Z", played: 40_000, end: "PLAYBACK_MANUALLY_PAUSED"),
            ]), path: "Apple Music Play Activity.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 6)
        #expect(report.skipped == ["under 30 s and skipped": 2, "not a play: LYRIC_DISPLAY": 1])
        #expect(plays.map(\.title) == ["Blueming", "Long skip", "Paused, then \"stopped\""])
        #expect(plays.first?.artists == ["IU"] && plays.first?.album == "Palette, Deluxe \"Edition\"")
        #expect(plays.first?.listened == 217_453 && plays.first?.duration == 217)
        #expect(plays.allSatisfy { $0.format == "applemusic" && !$0.wallClock })
    }

    @Test func anApplePlayStartsAtItsUTCStartWhateverTheOffsetSays() {
        // 23:30 UTC on the 4th; the device was in Seoul (UTC+9, where it was already the 5th).
        var row = Self.applePlay("Late", start: "2021-03-04T23:30:00.000Z", played: 200_000)
        row["UTC Offset In Seconds"] = "32400"
        row["Artist Name"] = "아이유"
        let (plays, _) = AppleMusicPlayActivity.read(Self.activity([row]), path: "a.csv")
        #expect(plays.first?.started == Self.utc("2021-03-04T23:30:00"))
        #expect(plays.first?.artists == ["아이유"])
        #expect(ImportTests.planner("UTC").plan(plays).days.map(\.date.iso) == ["2021-03-04"])
        #expect(ImportTests.planner("Asia/Seoul").plan(plays).days.map(\.date.iso) == ["2021-03-05"])
        // Without a start, the event's own timestamp.
        row["Event Start Timestamp"] = ""
        #expect(AppleMusicPlayActivity.read(Self.activity([row]), path: "a.csv").0.first?.started == Self.utc("2021-03-04T23:59:59"))
    }

    // MARK: Apple Music, as real files are

    @Test func appleMillisecondsWrittenAsWholeFractionsAreWholeNumbers() {
        var whole = Self.applePlay("Whole", start: "2021-03-04T05:06:07.123Z", played: 0)
        whole["Play Duration Milliseconds"] = "217453.0"
        whole["Media Duration In Milliseconds"] = "332486.0"
        var bare = Self.applePlay("Bare point", start: "2021-03-04T05:16:07.123Z", played: 0)
        bare["Play Duration Milliseconds"] = "95000."
        bare["Media Duration In Milliseconds"] = "-0.000"
        let (plays, report) = AppleMusicPlayActivity.read(Self.activity([whole, bare]), path: "a.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map(\.listened) == [217_453, 95_000])
        #expect(plays.map(\.duration) == [332, nil])
        // A real fraction is still an error at its field, and so is one with no whole part.
        var half = Self.applePlay("Half", start: "2021-03-04T05:06:07.123Z", played: 0)
        half["Media Duration In Milliseconds"] = "12.5"
        var point = Self.applePlay("Point", start: "2021-03-04T05:06:07.123Z", played: 0)
        point["Play Duration Milliseconds"] = ".0"
        let (none, refused) = AppleMusicPlayActivity.read(Self.activity([half, point]), path: "a.csv")
        #expect(none.isEmpty)
        #expect(
            refused.diagnostics.map { "\($0.line):\($0.message)" } == [
                "2:'Media Duration In Milliseconds' is '12.5', not a whole number of milliseconds",
                "3:'Play Duration Milliseconds' is '.0', not a whole number of milliseconds",
            ])
    }

    @Test func anAppleRowWithoutAStartStartsAtItsOtherTimes() {
        // No start: its end less the time played (200 s before 05:10:00).
        var ended = Self.applePlay("Ended", start: "", played: 200_000)
        ended["Event End Timestamp"] = "2021-03-04T05:10:00.000Z"
        // No start and no end: the event's own time.
        let event = Self.applePlay("Event", start: "", played: 200_000)
        // A start wins over every other time.
        var started = Self.applePlay("Started", start: "2021-03-04T06:00:00.000Z", played: 200_000)
        started["Event End Timestamp"] = "2021-03-04T07:00:00.000Z"
        // No time at all, or only when Apple received the event: passed over, counted.
        var timeless = Self.applePlay("Timeless", start: "", played: 200_000)
        timeless["Event Timestamp"] = ""
        var received = timeless
        received["Event Received Timestamp"] = "2021-03-09T10:00:00.000Z"
        let (plays, report) = AppleMusicPlayActivity.read(Self.activity([ended, event, started, timeless, received]), path: "a.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map(\.title) == ["Ended", "Event", "Started"])
        #expect(plays.map(\.started) == ["2021-03-04T05:06:40", "2021-03-04T23:59:59", "2021-03-04T06:00:00"].map(Self.utc))
        #expect(report.skipped == ["no time": 1, "no time but when Apple received it": 1])
        #expect(report.skippedLong == ["no time": 1, "no time but when Apple received it": 1])
        // An end that is not a time is an error at its field, as a start is.
        ended["Event End Timestamp"] = "later"
        let (_, bad) = AppleMusicPlayActivity.read(Self.activity([ended]), path: "a.csv")
        #expect(bad.diagnostics.map(\.message) == ["this play's 'Event End Timestamp' is 'later', not a time like 2021-03-04T05:06:07.123Z"])
        #expect(bad.diagnostics.first?.column == Self.column("Event End Timestamp", of: ended))
    }

    /// Where a field of a row written by `activity` starts on its line.
    static func column(_ name: String, of row: [String: String]) -> Int? {
        guard let index = appleColumns.firstIndex(of: name) else { return nil }
        return CSV.rows(activity([row])).rows.dropFirst().first?.column(index)
    }

    @Test func anAppleRowWithoutAnEventTypeIsAPlayWhenItSaysHowLongItPlayed() {
        let (plays, report) = AppleMusicPlayActivity.read(
            Self.activity([
                Self.applePlay("Untyped", start: "2016-01-04T05:06:07.000Z", played: 200_000, type: ""),
                Self.applePlay("Untyped short skip", start: "2016-01-04T05:10:00.000Z", played: 12_000, end: "TRACK_SKIPPED_FORWARDS", type: ""),
                Self.applePlay("Untyped short", start: "2016-01-04T05:11:00.000Z", played: 12_000, type: ""),
                Self.applePlay("Untyped zero", start: "2016-01-04T05:12:00.000Z", played: 0, type: ""),
                Self.applePlay("Untyped video", start: "2016-01-04T05:13:00.000Z", played: 60_000, type: "").merging(["Media Type": "VIDEO"]) { $1 },
                Self.applePlay("Start", start: "2016-01-04T05:14:00.000Z", played: 45_000, type: "PLAY_START"),
            ]), path: "a.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map(\.title) == ["Untyped", "Untyped short"])
        #expect(plays.map(\.listened) == [200_000, 12_000])
        #expect(
            report.skipped == [
                "under 30 s and skipped": 1, "not a play: no event type and no time played": 1, "not a song: VIDEO": 1, "not a play: PLAY_START": 1,
            ])
        #expect(report.skippedLong == ["not a song: VIDEO": 1, "not a play: PLAY_START": 1])
    }

    /// A file of every shape at once, counted row by row: 14 rows, 5 plays, 9 passed over, each
    /// by its reason, 3 of them plays of 30 s or more; and the summary says so.
    @Test func everyAppleRowIsAPlayOrCountedByItsReason() {
        var rows: [[String: String]] = []
        func add(_ song: String, played: Int, type: String = "PLAY_END", end: String = "NATURAL_END_OF_TRACK", _ changes: [String: String] = [:]) {
            let minute = String(format: "%02d", rows.count)
            rows.append(Self.applePlay(song, start: "2016-02-01T10:\(minute):00.000Z", played: played, end: end, type: type).merging(changes) { $1 })
        }
        add("Play", played: 200_000, ["Media Duration In Milliseconds": "217453.0"])
        add("Untyped", played: 180_000, type: "")
        add("No start", played: 100_000, ["Event Start Timestamp": "", "Event End Timestamp": "2016-02-01T11:00:00.000Z"])
        add("Long skip", played: 40_000, end: "TRACK_SKIPPED_FORWARDS")
        add("Negative", played: -1)
        add("Short skip", played: 3_000, end: "TRACK_SKIPPED_FORWARDS")
        add("Untyped nothing", played: 0, type: "")
        add("Lyrics", played: 0, type: "LYRIC_DISPLAY")
        add("Video", played: 90_000, ["Media Type": "VIDEO"])
        add("", played: 120_000)
        add("Nobody", played: 30_000, ["Container Artist Name": ""])
        add("Timeless", played: 10_000, ["Event Start Timestamp": "", "Event Timestamp": ""])
        // Not a play of a song, however long: play time added up, an advert.
        add("", played: 2_136_366, type: "", ["Item Type": "AGGREGATE_NON_CATALOG_PLAY_TIME", "Container Artist Name": ""])
        add("", played: 45_000, type: "", ["Item Type": "AD", "Container Artist Name": ""])
        let (plays, report) = AppleMusicPlayActivity.read(Self.activity(rows), path: "Apple Music Play Activity.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 14)
        #expect(plays.map(\.title) == ["Play", "Untyped", "No start", "Long skip", "Negative"])
        #expect(
            report.skipped == [
                "under 30 s and skipped": 1, "not a play: no event type and no time played": 1, "not a play: LYRIC_DISPLAY": 1,
                "not a song: VIDEO": 1, "no song name": 1, "no artist": 1, "no time": 1,
                "not a play: play time added up (AGGREGATE_NON_CATALOG_PLAY_TIME)": 1, "not a song: AD": 1,
            ])
        #expect(plays.count + report.skipped.values.reduce(0, +) == 14)
        #expect(report.skippedLong == ["not a song: VIDEO": 1, "no song name": 1, "no artist": 1])
        var summary = JournalImport.Summary()
        summary.files = [report]
        #expect(
            summary.lines.contains("3 of the rows passed over played 30 s or more: 1 (no artist), 1 (no song name), 1 (not a song: VIDEO)."), "\(summary.lines)"
        )
        // A file that passes over no long play says nothing of them.
        summary.files = [AppleMusicPlayActivity.read(Self.activity(Array(rows.prefix(8))), path: "a.csv").1]
        #expect(!summary.lines.contains { $0.contains("30 s or more") }, "\(summary.lines)")
    }

    @Test func aBrokenAppleRowIsAnErrorAtItsLine() {
        var bytes = Self.activity([Self.applePlay("Fine", start: "2021-03-04T05:06:07.123Z", played: 100_000)])
        bytes += Array("too,few,fields\r\n".utf8)
        var noTime = Self.applePlay("No time", start: "soon", played: 100_000)
        noTime["Event Timestamp"] = ""
        bytes += Self.activity([noTime]).split(separator: UInt8(ascii: "\n")).dropFirst().flatMap { Array($0) + [UInt8(ascii: "\n")] }
        let (_, report) = AppleMusicPlayActivity.read(bytes, path: "Apple Music Play Activity.csv")
        #expect(report.diagnostics.map(\.line) == [3, 4], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.message == "this row has 3 fields; the header names \(Self.appleColumns.count)")
    }

    /// The older file's columns, in an order of their own: the song is `Content Name`, and there is no `Song Name`.
    static let olderColumns = [
        "Event Type", "Genre", "Build Version", "Content Name", "Media Type", "Client IP Address", "Artist Name", "End Reason Type",
        "Apple ID Number", "Event Start Timestamp", "Container Album Name", "Play Duration Milliseconds", "UTC Offset In Seconds",
        "Media Duration In Milliseconds", "Offline", "Item Type", "Device Identifier", "Container Artist Name",
    ]

    /// An older play activity file; what a row does not give, Apple's filler.
    static func olderActivity(_ rows: [[String: String]]) -> [UInt8] {
        let filler = [
            "Event Type": "PLAY_END", "Genre": "K-Pop", "Build Version": "Music/1.0 iOS/12.1.4", "Media Type": "AUDIO",
            "Client IP Address": "203.0.113.7", "Artist Name": "NewJeans", "End Reason Type": "NATURAL_END_OF_TRACK",
            "Apple ID Number": "1234567890", "Container Album Name": "New Jeans", "Play Duration Milliseconds": "179000",
            "UTC Offset In Seconds": "32400", "Media Duration In Milliseconds": "179000", "Offline": "false",
            "Item Type": "ORIGINAL_CONTENT", "Device Identifier": "4F2E0C1A",
        ]
        let lines =
            [olderColumns.joined(separator: ",")]
            + rows.map { row in
                olderColumns.map { csvField(row[$0] ?? filler[$0] ?? "") }.joined(separator: ",")
            }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test func anOlderAppleFileIsReadByItsColumnNamesWithTheGenreItGives() {
        let bytes = Self.olderActivity([
            ["Content Name": "Hype Boy", "Event Start Timestamp": "2023-01-24T09:42:11.123Z"],
            ["Content Name": "Ditto (Official MV)", "Media Type": "VIDEO", "Event Start Timestamp": "2023-01-24T09:46:00.000Z"],
            ["Content Name": "", "Artist Name": "", "Container Album Name": "", "Event Start Timestamp": "2023-01-24T09:50:00.000Z"],
            [
                "Content Name": "Attention", "End Reason Type": "TRACK_SKIPPED_FORWARDS", "Play Duration Milliseconds": "8000",
                "Event Start Timestamp": "2023-01-24T09:51:00.000Z",
            ],
            ["Content Name": "OMG", "Event Type": "PLAY_START", "Event Start Timestamp": "2023-01-24T09:52:00.000Z"],
            [
                "Content Name": "Blueming", "Artist Name": "IU", "Genre": "", "Container Album Name": "Love poem",
                "Play Duration Milliseconds": "217453", "Media Duration In Milliseconds": "217453", "Event Start Timestamp": "2023-01-24T23:50:00.000Z",
            ],
            [
                "Content Name": "HUMBLE.", "Artist Name": "Kendrick Lamar", "Genre": "Hip-Hop/Rap", "Container Album Name": "DAMN.",
                "Event Start Timestamp": "2023-01-25T09:00:00.000Z",
            ],
        ])
        #expect(ImportTests.recognised(bytes) == "applemusic")
        let (plays, report) = AppleMusicPlayActivity.read(bytes, path: "Apple Music Play Activity.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 7)
        #expect(report.skipped == ["not a song: VIDEO": 1, "no song name": 1, "under 30 s and skipped": 1, "not a play: PLAY_START": 1])
        #expect(plays.map(\.title) == ["Hype Boy", "Blueming", "HUMBLE."])
        #expect(plays.map(\.artists) == [["NewJeans"], ["IU"], ["Kendrick Lamar"]])
        #expect(plays.map(\.album) == ["New Jeans", "Love poem", "DAMN."])
        // Apple's own genre names in the usual words, so they chart with what enrich finds.
        #expect(plays.map(\.genre) == ["K-Pop", nil, "Hip-Hop"])
        #expect(plays.prefix(2).map(\.started) == [Self.utc("2023-01-24T09:42:11"), Self.utc("2023-01-24T23:50:00")])
        #expect(plays.prefix(2).map(\.duration) == [179, 217] && plays.prefix(2).map(\.listened) == [179_000, 217_453])
        // Without a title column it is still Apple's file, and the error says which column it needs.
        let noTitle = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Content Name", with: "Contents").utf8)
        #expect(ImportTests.recognised(noTitle) == "applemusic")
        let (_, refused) = AppleMusicPlayActivity.read(noTitle, path: "a.csv")
        #expect(refused.diagnostics.map { "\($0.path):\($0.line): \($0.message)" } == ["a.csv:1: the header has no column 'Song Name' or 'Content Name'"])
    }

    @Test func anAppleGenreIsWrittenInTheDayFileAndReadBack() throws {
        let (plays, _) = AppleMusicPlayActivity.read(
            Self.olderActivity([
                ["Content Name": "Hype Boy", "Genre": "R&B: \"Neo\" #1", "Event Start Timestamp": "2023-01-24T09:42:11.123Z"],
                ["Content Name": "Blueming", "Artist Name": "IU", "Genre": "", "Event Start Timestamp": "2023-01-24T09:50:00.000Z"],
            ]), path: "a.csv")
        let days = ImportTests.planner("UTC", max: 0).plan(plays).days
        let file = JournalImport.dayFile(try #require(days.first), format: "applemusic")
        #expect(file.contains("    genre: \"R&B: \\\"Neo\\\" #1\"\n"), "\(file)")
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\n-- content/diary/2023-01-24.md --\n" + file)
        let loaded = journal.load()
        #expect(loaded.diagnostics.isEmpty, "\(journal.lines(loaded.diagnostics))")
        #expect(loaded.journal?.days.first?.tracks.map(\.genres) == [["R&B: \"Neo\" #1"], []])
    }

    @Test func applesFileIsRecognisedByItsHeader() {
        #expect(AppleMusicPlayActivity.recognises(path: "x.csv", head: Array(Self.activity([]).prefix(4096))))
        // Without a start column, an event type and a song's column are Apple's.
        #expect(AppleMusicPlayActivity.recognises(path: "x.csv", head: Array("Artist Name,Content Name,Event Timestamp,Event Type\n".utf8)))
        #expect(!AppleMusicPlayActivity.recognises(path: "x.csv", head: Array("Artist Name,Event Timestamp,Event Type\n".utf8)))
        #expect(!AppleMusicPlayActivity.recognises(path: "x.csv", head: Array("Artist,Track,Album,Time\n".utf8)))
        #expect(!ScrobblerLog.recognises(path: "x.csv", head: Self.activity([])))
    }
}
