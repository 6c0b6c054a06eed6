import Foundation
import Testing

@testable import JournalCore

/// Last.fm's exports (lastfm.ghan.nl JSON and CSV, benfoxall's CSV) and the CSV reader, on small
/// fixtures written here.
@Suite struct LastFMImportTests {
    static func read(_ text: String, path: String = "scrobbles") -> ([ImportedPlay], ImportFileReport) {
        LastFMHistory.read(Array(text.utf8), path: path)
    }

    static func recognised(_ text: String) -> String? {
        JournalImport.readers.first { $0.recognises(path: "export", head: Array(text.utf8.prefix(4096))) }?.name
    }

    // MARK: JSON

    @Test func jsonPagesGiveWhenEachScrobbleStartedAndSkipWhatIsNowPlaying() {
        let json = """
            [{"recenttracks": {"track": [
              {"artist": {"mbid": "", "#text": "IU"}, "name": "Now", "album": {"#text": ""}, "@attr": {"nowplaying": "true"}},
              {"artist": {"mbid": "", "#text": "Younha"}, "name": "Event Horizon", "album": {"mbid": "", "#text": "END THEORY"},
               "url": "https://www.last.fm/music/Younha/_/Event+Horizon",
               "image": [{"size": "small", "#text": "https://lastfm.freetls.fastly.net/i/u/34s/a.png"}, {"size": "extralarge", "#text": "https://lastfm.freetls.fastly.net/i/u/300x300/a.png"}],
               "date": {"uts": "1749775200", "#text": "13 Jun 2025, 00:40"}}
            ], "@attr": {"page": "1"}}},
            {"track": {"artist": {"name": "CHUU"}, "name": "Strawberry Rush", "image": [{"size": "extralarge", "#text": ""}, {"size": "large", "#text": "http://insecure/a.png"}],
                       "date": {"uts": 1749776100}}}]
            """
        #expect(Self.recognised(json) == "lastfm")
        let (plays, report) = Self.read(json, path: "recent.json")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 3)
        #expect(report.skipped == ["now playing": 1])
        #expect(plays.map(\.title) == ["Event Horizon", "Strawberry Rush"])
        #expect(plays.map(\.artists) == [["Younha"], ["CHUU"]])
        #expect(plays.map(\.album) == ["END THEORY", nil])
        #expect(plays[0].started == 1_749_775_200)
        #expect(plays[0].artwork == "https://lastfm.freetls.fastly.net/i/u/300x300/a.png")
        #expect(plays[0].links.map(\.service) == ["lastfm"] && plays[0].links.map(\.url) == ["https://www.last.fm/music/Younha/_/Event+Horizon"])
        #expect(plays[1].artwork == nil && plays[1].links.isEmpty)
        #expect(plays.allSatisfy { $0.format == "lastfm" })
    }

    @Test func aTracksMBIDBecomesItsMusicBrainzLinkAndAnythingElseIsDropped() {
        let json = """
            {"recenttracks": {"track": [
              {"artist": {"mbid": "b8a7c51f-362c-4dcb-a259-bc6e0095f0a6", "#text": "NewJeans"}, "name": "Hype Boy", "mbid": "C7D0BF6E-B2AA-4FFA-BDED-2448415B39B0",
               "album": {"mbid": "ab823aee-8f6e-4053-8a34-88858743e53c", "#text": "New Jeans"}, "url": "https://www.last.fm/music/NewJeans/_/Hype+Boy", "date": {"uts": "1674553320"}},
              {"artist": {"#text": "IU"}, "name": "Blueming", "mbid": "", "date": {"uts": "1674553620"}},
              {"artist": {"#text": "IU"}, "name": "Palette", "mbid": "c7d0bf6e-b2aa-4ffa-bded-2448415b39bg", "date": {"uts": "1674553920"}},
              {"artist": {"#text": "IU"}, "name": "Celebrity", "mbid": "c7d0bf6eb2aa-4ffa-bded-2448415b39b0-", "date": {"uts": "1674554220"}}
            ]}}
            """
        let (plays, report) = Self.read(json)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map { $0.links.map(\.service) } == [["lastfm", "musicbrainz"], [], [], []])
        #expect(plays.first?.links.last?.url == "https://musicbrainz.org/recording/c7d0bf6e-b2aa-4ffa-bded-2448415b39b0")
        // Full-width letters are hex digits to Swift, not to MusicBrainz.
        #expect(ImportedPlay.mbid("\u{FF43}7d0bf6e-b2aa-4ffa-bded-2448415b39b0") == nil)
        // lastfm.ghan.nl's CSV names it `track_mbid`.
        let (fromCSV, _) = Self.read(
            "uts,artist,album,track,track_mbid\n1674553320,NewJeans,New Jeans,Hype Boy,c7d0bf6e-b2aa-4ffa-bded-2448415b39b0\n1674553620,IU,,Blueming,\n")
        #expect(fromCSV.map { $0.links.map(\.url) } == [["https://musicbrainz.org/recording/c7d0bf6e-b2aa-4ffa-bded-2448415b39b0"], []])
    }

    @Test func scrobblesAreUTCAndLandOnTheJournalsDay() {
        // 2025-06-12 23:40 UTC is already the 13th in Seoul.
        let (plays, _) = Self.read(##"{"recenttracks": {"track": {"artist": {"#text": "IU"}, "name": "Late", "date": {"uts": "1749771600"}}}}"##)
        #expect(plays.first?.started == ImportTime.iso8601("2025-06-12T23:40:00Z"))
        let seoul = DayPlanner(timezone: TimeZone(identifier: "Asia/Seoul") ?? .gmt, maxTracksPerDay: 3)
        let utc = DayPlanner(timezone: .gmt, maxTracksPerDay: 3)
        #expect(seoul.plan(plays).days.map(\.date.iso) == ["2025-06-13"])
        #expect(utc.plan(plays).days.map(\.date.iso) == ["2025-06-12"])
    }

    @Test func aMalformedJSONExportSaysWhereAndGivesNoPlays() {
        let (plays, report) = Self.read("[{\"recenttracks\": {\"track\": [\n{\"name\": ,}]}}]", path: "broken.json")
        #expect(plays.isEmpty)
        #expect(report.diagnostics.first?.path == "broken.json" && report.diagnostics.first?.line == 2, "\(report.diagnostics)")
        let (_, undated) = Self.read(##"{"recenttracks": {"track": [{"artist": {"#text": "IU"}, "name": "No date"}]}}"##)
        #expect(undated.diagnostics.map(\.message) == ["track 1 has no readable 'date' with 'uts' (Unix seconds)"])
    }

    // MARK: CSV

    @Test func ghanCSVReadsColumnsByNameWithQuotedCommasAndCRLF() {
        let csv =
            "uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\r\n"
            + "1749775200,\"13 Jun 2025, 00:40\",Younha,,\"END THEORY, Final Edition\",,\"Event \"\"Horizon\"\"\",\r\n"
            + "1749776100,\"13 Jun 2025, 00:55\",\"Crush, Lee\",,,,\"Two\r\nLines\",\r\n"
        #expect(Self.recognised(csv) == "lastfm")
        let (plays, report) = Self.read(csv, path: "scrobbles.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 2)
        #expect(plays.map(\.title) == ["Event \"Horizon\"", "Two\nLines"])
        #expect(plays.map(\.artists) == [["Younha"], ["Crush, Lee"]])
        #expect(plays.map(\.album) == ["END THEORY, Final Edition", nil])
        #expect(plays.map(\.started) == [1_749_775_200, 1_749_776_100])
    }

    @Test func aUTCTimeCSVReadsQuotedTimesAsTheStartInUTC() {
        let csv =
            "utc_time,artist,album,track\n"
            + "\"24 Jan 2023, 09:42\",NewJeans,New Jeans,Hype Boy\n"
            + "\"24 Jan 2023, 23:50\",\"Crush, Lee\",,Rush Hour\n"
        #expect(Self.recognised(csv) == "lastfm")
        let (plays, report) = Self.read(csv, path: "scrobbles.csv")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map(\.title) == ["Hype Boy", "Rush Hour"])
        #expect(plays.map(\.artists) == [["NewJeans"], ["Crush, Lee"]])
        #expect(plays.map(\.album) == ["New Jeans", nil])
        #expect(plays.map(\.started) == [ImportTime.iso8601("2023-01-24T09:42:00Z"), ImportTime.iso8601("2023-01-24T23:50:00Z")])
        // 23:50 UTC is the next morning in Seoul.
        let seoul = DayPlanner(timezone: TimeZone(identifier: "Asia/Seoul") ?? .gmt, maxTracksPerDay: 3)
        #expect(seoul.plan(plays).days.map(\.date.iso) == ["2023-01-24", "2023-01-25"])

        // Columns by name, in any order; a time that is not one is an error at its field, and nothing is read.
        let (none, broken) = Self.read(
            "track,utc_time,artist\nHype Boy,\"24 Jan 2023, 09:42\",NewJeans\nDitto,\"2023-01-24 09:45\",NewJeans\n",
            path: "scrobbles.csv")
        #expect(none.isEmpty)
        #expect(broken.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["scrobbles.csv:3:7"])
        #expect(broken.diagnostics.first?.message == "'utc_time' is not like 24 Jan 2023, 09:42 (found '2023-01-24 09:45')")
    }

    @Test func benfoxallCSVHasNoHeaderAndDatesInUTC() {
        let csv = "Daft Punk,Random Access Memories,\"Get Lucky, Radio Edit\",27 Jan 2014 10:56\nIU,,Blueming,1 Feb 2014 09:05\n"
        #expect(Self.recognised(csv) == "lastfm")
        let (plays, report) = Self.read(csv)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays.map(\.title) == ["Get Lucky, Radio Edit", "Blueming"])
        #expect(plays.map(\.started) == [ImportTime.iso8601("2014-01-27T10:56:00Z"), ImportTime.iso8601("2014-02-01T09:05:00Z")])
        #expect(plays.map(\.album) == ["Random Access Memories", nil])
        // Libre.fm's CSV has a header of its own: not this format.
        #expect(Self.recognised("Artist,Track,Album,Time\nThe Horrors,New Ice Age,Primary Colours,1690347960\n") == nil)
    }

    @Test func everyMalformedCSVRowIsReportedAtItsLineAndNothingIsRead() {
        let csv =
            "uts,artist,album,track\n1749775200,IU,Palette,Blueming\n1749775300,IU,\"Pal\"ette,Bad quote\n"
            + "1749775400,IU,Palette\nsoon,IU,Palette,No time\n1749775500,IU,\"Palette,Never closed\n"
        let (plays, report) = Self.read(csv, path: "scrobbles.csv")
        #expect(plays.isEmpty)
        #expect(report.diagnostics.map(\.line) == [3, 6, 4, 5], "\(report.diagnostics)")
        #expect(report.diagnostics.allSatisfy { $0.path == "scrobbles.csv" })
        #expect(report.diagnostics.first?.message == "malformed CSV: text after a closing quote (a quote inside a quoted field is written \"\")")
        #expect(report.diagnostics.first?.column == 20)
        #expect(report.diagnostics.map(\.message).dropFirst(2) == ["this row has 3 fields, the first has 4", "'uts' is 'soon', not a whole number of seconds"])
    }

}
