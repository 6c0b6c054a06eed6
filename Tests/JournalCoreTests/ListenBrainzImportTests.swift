import Foundation
import Testing
import ZIPFoundation

@testable import JournalCore

/// ListenBrainz's listens, as `.jsonl` and as the export zip, checked on fixtures written here.
@Suite struct ListenBrainzImportTests {
    static let recording = "c7d0bf6e-b2aa-4ffa-bded-2448415b39b0"
    static let caaRelease = "ab823aee-8f6e-4053-8a34-88858743e53c"

    /// One listen a line, as ListenBrainz writes it.
    static func listen(_ title: String, at time: String, artists: [String] = ["IU"], extra: String = "") -> String {
        let started = ImportTests.utc(time)
        let names = artists.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            #"{"listened_at": \#(started), "track_metadata": {"track_name": "\#(title)", "artist_name": "\#(artists.joined(separator: " & "))", "release_name": "Palette", "additional_info": {"artist_names": [\#(names)], "duration_ms": 217400\#(extra)}}}"#
    }

    static let linked =
        #"{"listened_at": 1795276200, "track_metadata": {"track_name": "Golden Brown", "artist_name": "The Stranglers", "release_name": "La Folie", "mbid_mapping": {"recording_mbid": "\#(recording)", "release_mbid": "c6911b3b-135f-4b7b-a2cc-b90ea1e11ac9", "caa_release_mbid": "\#(caaRelease)", "artists": [{"artist_credit_name": "The Stranglers"}]}, "additional_info": {"spotify_id": "https://open.spotify.com/track/2AX5E86cn9n2dgioZEjirI", "duration": 207, "artist_names": ["The Stranglers"]}}}"#

    static func jsonl(_ lines: [String]) -> [UInt8] { Array(lines.joined(separator: "\n").utf8) }

    @Test func aListenStartsAtListenedAtAndLandsOnItsDateInTheJournalsZone() {
        let bytes = Self.jsonl([Self.listen("Late", at: "2026-12-31T23:50:00"), "", Self.listen("Early", at: "2027-01-01T07:30:00")])
        #expect(ListenBrainzListens.recognises(path: "listens.jsonl", head: Array(bytes.prefix(4096))))
        let (plays, report) = ListenBrainzListens.read(bytes, path: "listens.jsonl")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.playsRead == 2)
        #expect(plays.first?.started == ImportTests.utc("2026-12-31T23:50:00"))
        #expect(plays.first?.format == "listenbrainz")
        // 23:50 UTC is 08:50 the next morning in Seoul; 07:30 UTC is still the 31st in Los Angeles.
        #expect(ImportTests.planner("Asia/Seoul").plan([plays[0]]).days.map(\.date.iso) == ["2027-01-01"])
        #expect(ImportTests.planner("America/Los_Angeles").plan(plays).days.map(\.date.iso) == ["2026-12-31"])
        #expect(plays.first?.duration == 217)
        #expect(plays.first?.album == "Palette")
    }

    @Test func severalArtistsComeFromTheListOnlyWhenItHasMoreThanOne() {
        let (plays, _) = ListenBrainzListens.read(
            Self.jsonl([
                Self.listen("Duet", at: "2026-11-21T10:00:00", artists: ["IU", "SUGA"]),
                Self.listen("Solo", at: "2026-11-21T11:00:00", artists: ["IU"]),
                Self.linked,
            ]), path: "listens.jsonl")
        #expect(plays.map(\.artists) == [["IU", "SUGA"], ["IU"], ["The Stranglers"]])
    }

    @Test func linksAndArtworkComeFromSpotifyAndMusicBrainz() {
        let (plays, report) = ListenBrainzListens.read(
            Self.jsonl([
                Self.linked,
                Self.listen(
                    "Not a track link", at: "2026-11-21T10:00:00",
                    extra: #", "spotify_id": "https://open.spotify.com/album/3bosyDPGOYmLnwMNhU06Rx", "release_mbid": "20d0530f-2176-447f-abf4-a9307f7d1c3f""#),
            ]), path: "listens.jsonl")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plays[0].links.map(\.service) == ["spotify", "musicbrainz"])
        #expect(plays[0].links.map(\.url) == ["https://open.spotify.com/track/2AX5E86cn9n2dgioZEjirI", "https://musicbrainz.org/recording/\(Self.recording)"])
        #expect(plays[0].artwork == "https://coverartarchive.org/release/\(Self.caaRelease)/front-250")
        #expect(plays[0].duration == 207)
        // An album link is not a track's; without the mapping, the release of the listen gives the artwork.
        #expect(plays[1].links.isEmpty)
        #expect(plays[1].artwork == "https://coverartarchive.org/release/20d0530f-2176-447f-abf4-a9307f7d1c3f/front-250")
    }

    @Test func everyBadLineIsReportedAtItsLine() {
        let (plays, report) = ListenBrainzListens.read(
            Self.jsonl([
                Self.listen("Fine", at: "2026-11-21T10:00:00"), "{\"listened_at\": 17,", Self.linked, #"{"track_metadata": {}}"#,
            ]), path: "listens.jsonl")
        #expect(plays.count == 2)
        #expect(report.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["listens.jsonl:2:1", "listens.jsonl:4:1"])
        #expect(report.diagnostics.first?.message == "not a JSON object (a ListenBrainz listen a line)")
        #expect(report.diagnostics.last?.message == "the listen has no 'listened_at' (Unix seconds)")

        let (_, many) = ListenBrainzListens.read(Self.jsonl(Array(repeating: "nope", count: 25)), path: "bad.jsonl")
        #expect(many.diagnostics.count == 21)
        #expect(many.diagnostics.last?.message == "and 5 more bad lines")
    }

    // MARK: The export zip

    static func zip(_ files: [(path: String, text: String)]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for file in files {
            let data = Data(file.text.utf8)
            try archive.addEntry(with: file.path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return Array(archive.data ?? Data())
    }

    @Test func theExportZipsListensAreReadMonthByMonth() throws {
        let bytes = try Self.zip([
            ("user.json", #"{"user_id": 1, "username": "someone"}"#),
            ("listens/2026/12.jsonl", Self.jsonl([Self.listen("December", at: "2026-12-31T23:50:00"), "broken"]).string),
            ("listens/2026/11.jsonl", Self.listen("November", at: "2026-11-21T10:00:00")),
        ])
        #expect(ListenBrainzListens.recognises(path: "export.zip", head: Array(bytes.prefix(4096))))
        let (plays, report) = ListenBrainzListens.read(bytes, path: "export.zip")
        #expect(plays.map(\.title) == ["November", "December"])
        #expect(report.playsRead == 3)
        #expect(report.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["export.zip:listens/2026/12.jsonl:2:1"])
    }

    @Test func aZipWithoutListensIsAnError() throws {
        let bytes = try Self.zip([("user.json", #"{"user_id": 1}"#)])
        let (plays, report) = ListenBrainzListens.read(bytes, path: "other.zip")
        #expect(plays.isEmpty)
        #expect(report.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["other.zip:1:1"])
        #expect(report.diagnostics.first?.message.hasPrefix("this zip has no listens") == true, "\(report.diagnostics)")
        let (_, broken) = ListenBrainzListens.read(Array("PK\u{3}\u{4}not really".utf8), path: "broken.zip")
        #expect(broken.diagnostics.count == 1 && broken.diagnostics.first?.message.hasPrefix("not a readable zip archive") == true, "\(broken.diagnostics)")
    }

    @Test func otherFilesAreNotTakenForListens() {
        #expect(!ListenBrainzListens.recognises(path: "history.json", head: Array(#"[{"ts": 1, "ms_played": 2}]"#.utf8)))
        #expect(!ListenBrainzListens.recognises(path: "notes.jsonl", head: Array("{\"a\": 1}\n{\"listened_at\": 1}".utf8)))
        #expect(ListenBrainzListens.recognises(path: "x", head: Array("\n  {\"listened_at\": 1}".utf8)))
    }
}

extension Array where Element == UInt8 {
    fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
