import Foundation
import Testing

@testable import JournalCore

/// YouTube Music's history from Google Takeout (`watch-history.json`), on fixtures written here.
@Suite struct YouTubeMusicImportTests {
    /// One entry of the history, as Takeout writes it.
    static func entry(
        _ title: String, header: String = "YouTube Music", url: String? = "https://music.youtube.com/watch?v=11cta61wi0g",
        channel: String? = "NewJeans - Topic", time: String = "2023-01-24T09:42:11.123Z"
    ) -> String {
        let link = url.map { #""titleUrl": "\#($0)", "# } ?? ""
        let subtitles = channel.map { #""subtitles": [{"name": "\#($0)", "url": "https://www.youtube.com/channel/UCMEiyV8N2J93GdPNltPYM6w"}], "# } ?? ""
        return
            #"{"header": "\#(header)", "title": "\#(title)", \#(link)\#(subtitles)"time": "\#(time)", "products": ["YouTube"], "activityControls": ["YouTube watch history"]}"#
    }

    /// A history, one entry a line after the opening bracket: entry N is on line N + 1.
    static func history(_ entries: [String]) -> [UInt8] { Array(("[\n" + entries.joined(separator: ",\n") + "\n]\n").utf8) }

    @Test func musicEntriesBecomePlaysAndTheRestAreSkippedWithAReason() {
        let bytes = Self.history([
            Self.entry("Watched Hype Boy", url: "https://www.youtube.com/watch?v=11cta61wi0g"),
            Self.entry("Watched Cat compilation", header: "YouTube", url: "https://www.youtube.com/watch?v=abcdefghijk", channel: "Cats"),
            Self.entry("Watched https://music.youtube.com/watch?v=zzzzzzzzzzz", url: "https://music.youtube.com/watch?v=zzzzzzzzzzz", channel: nil),
            Self.entry("Ditto을(를) 시청했습니다.", url: "https://music.youtube.com/watch?v=pSUydWEqKwE", channel: "NewJeans", time: "2023-01-24T23:50:00Z"),
            Self.entry("Watched Watched You", url: "http://music.youtube.com/watch?v=pSUydWEqKwE", channel: "Band - Topic - Topic"),
            Self.entry("Watched Elsewhere", url: "https://music.youtube.com.example/watch?v=pSUydWEqKwE"),
            Self.entry("Watched Buy Now", channel: "Brand").replacingOccurrences(
                of: #""products""#, with: #""details": [{"name": "From Google Ads"}], "products""#),
        ])
        #expect(ImportTests.recognised(bytes) == "youtubemusic")
        let (plays, report) = YouTubeMusicHistory.read(bytes, path: "watch-history.json")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 7)
        #expect(report.skipped == ["not YouTube Music": 1, "no artist (a removed video)": 1, "ad": 1])
        #expect(plays.map(\.title) == ["Hype Boy", "Ditto", "Watched You", "Elsewhere"])
        #expect(plays.map(\.artists) == [["NewJeans"], ["NewJeans"], ["Band - Topic"], ["NewJeans"]])
        #expect(plays.first?.started == ImportTests.utc("2023-01-24T09:42:11"))
        // A watch link on YouTube becomes YouTube Music's; one over http or on another host is no link.
        #expect(plays.map { $0.links.map(\.service) } == [["youtube_music"], ["youtube_music"], [], []])
        #expect(
            plays.prefix(2).map { $0.links.map(\.url) } == [
                ["https://music.youtube.com/watch?v=11cta61wi0g"], ["https://music.youtube.com/watch?v=pSUydWEqKwE"],
            ])
        #expect(plays.allSatisfy { $0.format == "youtubemusic" && $0.album == nil && $0.genre == nil })
        // `time` is the start, in UTC: 23:50 UTC is the next morning in Seoul.
        #expect(ImportTests.planner("Asia/Seoul").plan([plays[1]]).days.map(\.date.iso) == ["2023-01-25"])
        // A byte-order mark before the array is no problem.
        let marked = [0xEF, 0xBB, 0xBF] + Self.history([Self.entry("Watched Hype Boy")])
        #expect(ImportTests.recognised(marked) == "youtubemusic")
        #expect(YouTubeMusicHistory.read(marked, path: "watch-history.json").0.map(\.title) == ["Hype Boy"])
    }

    @Test func onlyKnownFormsOfWatchedAreTakenOff() {
        #expect(YouTubeMusicHistory.songTitle("Watched Hype Boy") == "Hype Boy")
        #expect(YouTubeMusicHistory.songTitle("Hype Boy을(를) 시청했습니다.") == "Hype Boy")
        #expect(YouTubeMusicHistory.songTitle("I Watched It") == "I Watched It")
        #expect(YouTubeMusicHistory.songTitle("Hype Boy 시청했습니다") == "Hype Boy 시청했습니다")
        #expect(YouTubeMusicHistory.songTitle("Watched ") == nil)
        #expect(YouTubeMusicHistory.artistName("NewJeans - Topic") == "NewJeans")
        #expect(YouTubeMusicHistory.artistName("Topic") == "Topic")
    }

    @Test func aBadEntryIsAnErrorAtItsLine() {
        let (_, report) = YouTubeMusicHistory.read(
            Self.history([
                Self.entry("Watched Hype Boy"),
                "\"not an entry\"",
                Self.entry("Watched Ditto", time: "yesterday"),
                Self.entry("Watched Cat compilation", header: "YouTube", time: "whenever"),
            ]), path: "Takeout/YouTube and YouTube Music/history/watch-history.json")
        #expect(
            report.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == [
                "3:1: entry 2 is not a JSON object", "4:1: entry 3 has no readable 'time' (like 2023-01-24T09:42:11.123Z)",
            ])
        #expect(report.diagnostics.allSatisfy { $0.path == "Takeout/YouTube and YouTube Music/history/watch-history.json" })
        let (_, broken) = YouTubeMusicHistory.read(Array("[\n{\"header\": \"YouTube Music\",\n \"time\": }]".utf8), path: "watch-history.json")
        #expect(broken.diagnostics.first?.line == 3, "\(broken.diagnostics)")
        let (_, object) = YouTubeMusicHistory.read(Array("{\"header\": \"YouTube Music\"}".utf8), path: "watch-history.json")
        #expect(object.diagnostics.map(\.message) == ["expected a JSON array of watched videos (Google Takeout's watch-history.json)"])
    }

    @Test func theLinesOfAnArraysElementsAreFound() {
        #expect(ImportJSON.elementLines(Array("[{\"a\": \"],[{\\\"\"},\n 2, \"x,\"\n\n,[1,\n2], {}]".utf8)) == [1, 2, 2, 4, 5])
        #expect(ImportJSON.elementLines(Array("[]".utf8)).isEmpty)
    }
}
