import Foundation
import Testing
import ZIPFoundation

@testable import JournalCore

/// Damaged and odd exports ImportFuzz found (Fuzz/README.md): each once crashed `journal import`
/// or made it write a day the build refuses.
@Suite struct ImportDamageTests {
    static func listenZip() throws -> [UInt8] {
        let listen = #"{"listened_at": 1763719200, "track_metadata": {"artist_name": "A", "track_name": "Song"}}"# + "\n"
        return try ListenBrainzImportTests.zip([("user.json", #"{"user_id": 1}"#), ("listens/2025/11.jsonl", listen)])
    }

    @Test func aDamagedOrCutZipIsAnErrorNotACrash() throws {
        let zip = try Self.listenZip()
        #expect(ListenBrainzListens.read(zip, path: "export.zip").1.diagnostics.isEmpty)
        // The central directory said to be past the end (ZIPFoundation's reader trapped on it).
        let end = try #require((0...(zip.count - 22)).reversed().first { zip[$0..<$0 + 4].elementsEqual([0x50, 0x4B, 0x05, 0x06]) })
        var moved = zip
        moved[end + 16] = 0xFF
        moved[end + 17] = 0xFF
        let (plays, report) = ListenBrainzListens.read(moved, path: "export.zip")
        #expect(
            plays.isEmpty && report.diagnostics.map(\.message) == ["not a readable zip archive: it is damaged or cut short (is the download complete?)"],
            "\(report.diagnostics)")
        // A local header said to be past the end, and every cut of the file.
        var entry = zip
        let directory = Int(zip[end + 16]) | Int(zip[end + 17]) << 8
        entry[directory + 42] = 0xF0
        entry[directory + 45] = 0x7F
        #expect(ListenBrainzListens.read(entry, path: "export.zip").1.diagnostics.hasErrors)
        for length in stride(from: 4, to: zip.count, by: 7) {
            #expect(ListenBrainzListens.read(Array(zip.prefix(length)), path: "export.zip").1.diagnostics.hasErrors, "cut at \(length)")
        }
    }

    @Test func aLastFMLinkOrCoverWithALineBreakIsLeftOut() throws {
        let json =
            ##"{"recenttracks": {"track": [{"artist": {"#text": "A"}, "name": "Song", "url": "https://www.last.fm/music/A\n/_/Song", "image": [{"size": "extralarge", "#text": "https://img.example/a\tb.png"}], "date": {"uts": "1763719200"}}]}}"##
        let result = try ImportEncodingTests.importing(Array(json.utf8))
        #expect(result.summary.diagnostics.isEmpty, "\(result.summary.diagnostics)")
        #expect(result.days.count == 1 && result.days.first?.contains("links") == false && result.days.first?.contains("artwork") == false, "\(result.days)")
        #expect(!result.journal.load().diagnostics.hasErrors)
    }

    @Test func aScrobblerTagOfOnlyALineSeparatorIsNoTag() throws {
        let log = "#AUDIOSCROBBLER/1.1\n#TZ/UTC\n#CLIENT/Rockbox\nA\tB\t\u{2028}\t1\t240\tL\t1763719200\nA\tB\tSong\t1\t240\tL\t1763719300\n"
        let result = try ImportEncodingTests.importing(Array(log.utf8))
        #expect(result.summary.diagnostics.isEmpty, "\(result.summary.diagnostics)")
        #expect(result.summary.files.first?.skipped == ["no artist or title tag": 1])
        #expect(result.days.count == 1 && !result.journal.load().diagnostics.hasErrors)
    }
}
