import Foundation
import Testing

@testable import JournalCore

/// From plays to days, and Spotify's exports, checked on small fixtures written here.
@Suite struct ImportTests {
    /// Unix seconds of a UTC time written `2026-12-31T23:50:00`.
    static func utc(_ text: String) -> Int64 { ImportTime.iso8601(text + "Z") ?? 0 }

    static func play(_ title: String, _ artist: String = "A", at time: String, listened: Int = 200_000) -> ImportedPlay {
        ImportedPlay(artists: [artist], title: title, started: utc(time), listened: listened)
    }

    /// The format `journal import` takes a file for, from its first 4 KB.
    static func recognised(_ bytes: [UInt8]) -> String? {
        JournalImport.readers.first { $0.recognises(path: "export", head: Array(bytes.prefix(4096))) }?.name
    }

    static func planner(_ zone: String, max: Int = 3) -> DayPlanner {
        DayPlanner(timezone: TimeZone(identifier: zone) ?? .gmt, maxTracksPerDay: max)
    }

    @Test func everyExportIsTakenForItsOwnFormatAndNoOther() throws {
        let samples: [(format: String, bytes: [UInt8])] = [
            ("spotify", Self.extended([Self.row("Blueming", ts: "2026-11-21T10:00:00Z", ms: 200_000)])),
            ("spotify", Array(#"[{"endTime": "2026-11-21 10:04", "artistName": "IU", "trackName": "Blueming", "msPlayed": 217000}]"#.utf8)),
            ("listenbrainz", ListenBrainzImportTests.jsonl([ListenBrainzImportTests.linked])),
            ("listenbrainz", try ListenBrainzImportTests.zip([("listens/2026/11.jsonl", ListenBrainzImportTests.linked)])),
            ("lastfm", Array(##"{"recenttracks": {"track": [{"artist": {"#text": "IU"}, "name": "Blueming", "date": {"uts": "1749771600"}}]}}"##.utf8)),
            ("lastfm", Array("uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\n1749775200,\"13 Jun 2025, 00:40\",IU,,,,Blueming,\n".utf8)),
            ("lastfm", Array("utc_time,artist,album,track\n\"24 Jan 2023, 09:42\",NewJeans,New Jeans,Hype Boy\n".utf8)),
            ("lastfm", Array("IU,Love poem,Blueming,27 Jan 2014 10:56\n".utf8)),
            ("scrobbler", ScrobblerAppleImportTests.log("UTC", ["IU\tLove poem\tBlueming\t1\t217\tL\t1577836800"])),
            (
                "applemusic",
                ScrobblerAppleImportTests.activity([ScrobblerAppleImportTests.applePlay("Blueming", start: "2021-03-04T05:06:07.123Z", played: 217_453)])
            ),
            ("applemusic", ScrobblerAppleImportTests.olderActivity([["Content Name": "Hype Boy", "Event Start Timestamp": "2023-01-24T09:42:11.123Z"]])),
            ("youtubemusic", YouTubeMusicImportTests.history([YouTubeMusicImportTests.entry("Watched Hype Boy")])),
        ]
        for sample in samples {
            let takers = JournalImport.readers.filter { $0.recognises(path: "export", head: Array(sample.bytes.prefix(4096))) }.map { $0.name }
            #expect(takers == [sample.format], "\(String(decoding: sample.bytes.prefix(80), as: UTF8.self))")
        }
        #expect(Set(samples.map(\.format)) == Set(JournalImport.formats))
    }

    @Test func aPlayLandsOnTheDateOfItsStartInTheJournalsZone() {
        let late = Self.play("Late", at: "2026-12-31T23:50:00")
        #expect(Self.planner("Asia/Seoul").plan([late]).days.map(\.date.iso) == ["2027-01-01"])
        #expect(Self.planner("America/Los_Angeles").plan([late]).days.map(\.date.iso) == ["2026-12-31"])
        #expect(Self.planner("UTC").plan([late]).days.map(\.date.iso) == ["2026-12-31"])
        let early = Self.play("Early", at: "2027-01-01T07:30:00")
        #expect(Self.planner("America/Los_Angeles").plan([early]).days.map(\.date.iso) == ["2026-12-31"])
        var wall = Self.play("Device", at: "2027-01-01T00:10:00")
        wall.wallClock = true
        #expect(Self.planner("America/Los_Angeles").plan([wall]).days.map(\.date.iso) == ["2027-01-01"])
    }

    /// Each play's offset is the zone's at that instant: across the changes to and from summer
    /// time (Europe/Berlin, 29 March and 25 October 2026), a play just after local midnight is on
    /// the new day and one just before on the old, by the offset in force then, not the first's.
    @Test func playsAcrossADaylightSavingChangeLandOnTheirLocalDates() {
        let plays = [
            ("Before spring", "2026-03-28T22:59:00", "2026-03-28"),  // 23:59 CET
            ("After spring", "2026-03-28T23:30:00", "2026-03-29"),  // 00:30 CET
            ("Spring evening", "2026-03-29T21:30:00", "2026-03-29"),  // 23:30 CEST
            ("Spring night", "2026-03-29T22:30:00", "2026-03-30"),  // 00:30 CEST
            ("Before autumn", "2026-10-24T21:59:00", "2026-10-24"),  // 23:59 CEST
            ("After autumn", "2026-10-24T22:30:00", "2026-10-25"),  // 00:30 CEST
            ("Autumn evening", "2026-10-25T22:30:00", "2026-10-25"),  // 23:30 CET
            ("Autumn night", "2026-10-25T23:30:00", "2026-10-26"),  // 00:30 CET
        ]
        let plan = Self.planner("Europe/Berlin", max: 0).plan(plays.map { Self.play($0.0, at: $0.1) })
        let dates = Dictionary(plan.days.flatMap { day in day.tracks.map { ($0.title, day.date.iso) } }, uniquingKeysWith: { first, _ in first })
        for (title, _, date) in plays {
            #expect(dates[title] == date, "\(title)")
        }
    }

    @Test func theSamePlaySeenTwiceCountsOnce() {
        let plan = Self.planner("UTC", max: 0).plan([
            Self.play("Song", at: "2026-11-21T10:00:00"), Self.play("song", at: "2026-11-21T10:00:04"),
            Self.play("Song", at: "2026-11-21T10:05:00"), Self.play("Other", at: "2026-11-21T10:00:01"),
        ])
        #expect(plan.duplicates == 1)
        #expect(plan.days.first?.tracks.map(\.title) == ["Song", "Other"])
    }

    @Test func aDayKeepsTheMostPlayedThenLongestThenEarliestInFirstPlayOrder() {
        let plays = [
            Self.play("Once early", at: "2026-11-21T08:00:00", listened: 100_000),
            Self.play("Twice", at: "2026-11-21T09:00:00"), Self.play("Twice", at: "2026-11-21T21:00:00"),
            Self.play("Once long", at: "2026-11-21T10:00:00", listened: 400_000),
            Self.play("Once late", at: "2026-11-21T11:00:00", listened: 100_000),
            Self.play("Thrice", at: "2026-11-21T12:00:00"), Self.play("Thrice", at: "2026-11-21T13:00:00"), Self.play("Thrice", at: "2026-11-21T14:00:00"),
        ]
        // Ranked: Thrice (3), Twice (2), Once long (most listened); listed by first play.
        #expect(Self.planner("UTC").plan(plays).days.first?.tracks.map(\.title) == ["Twice", "Once long", "Thrice"])
        // A tie on plays and time listened goes to the earliest.
        #expect(Self.planner("UTC", max: 4).plan(plays).days.first?.tracks.map(\.title) == ["Once early", "Twice", "Once long", "Thrice"])
        #expect(Self.planner("UTC", max: 0).plan(plays).days.first?.tracks.count == 5)
    }

    // MARK: Spotify

    static func extended(_ rows: [String]) -> [UInt8] { Array(("[" + rows.joined(separator: ",\n") + "]").utf8) }

    static func row(_ title: String?, ts: String, ms: Int, skipped: Bool? = false, reason: String = "trackdone", incognito: Bool = false) -> String {
        let name = title.map { "\"\($0)\"" } ?? "null"
        return
            #"{"ts": "\#(ts)", "ms_played": \#(ms), "master_metadata_track_name": \#(name), "master_metadata_album_artist_name": \#(title == nil ? "null" : "\"IU\""), "master_metadata_album_album_name": "Palette", "spotify_track_uri": "spotify:track:3P3UA61WRQqwCXaoFOTENd", "episode_name": \#(title == nil ? "\"Episode\"" : "null"), "reason_end": "\#(reason)", "skipped": \#(skipped.map(String.init) ?? "null"), "incognito_mode": \#(incognito)}"#
    }

    @Test func spotifyPlaysStartWhenTheyEndedMinusTimePlayedAndSkipsAreLeftOut() {
        let (plays, report) = SpotifyHistory.read(
            Self.extended([
                Self.row("Through the Night", ts: "2026-11-22T00:02:00Z", ms: 240_000),
                Self.row("Skipped early", ts: "2026-11-21T10:00:00Z", ms: 5_000, skipped: true),
                Self.row("Ended early", ts: "2026-11-21T10:00:00Z", ms: 12_000, skipped: nil, reason: "fwdbtn"),
                Self.row("Skipped late", ts: "2026-11-21T11:00:00Z", ms: 90_000, skipped: true),
                Self.row("Short but whole", ts: "2026-11-21T12:00:00Z", ms: 20_000),
                Self.row("Secret", ts: "2026-11-21T13:00:00Z", ms: 200_000, incognito: true),
                Self.row(nil, ts: "2026-11-21T14:00:00Z", ms: 900_000),
            ]), path: "history.json")
        #expect(report.diagnostics.isEmpty)
        #expect(report.playsRead == 7)
        #expect(report.skipped == ["under 30 s and skipped": 2, "incognito": 1, "podcast episode": 1])
        #expect(plays.map(\.title) == ["Through the Night", "Skipped late", "Short but whole"])
        // Ended 00:02 after four minutes: it started on the 21st, 23:58 UTC.
        #expect(plays[0].started == Self.utc("2026-11-21T23:58:00"))
        #expect(Self.planner("UTC").plan([plays[0]]).days.map(\.date.iso) == ["2026-11-21"])
        #expect(plays[0].links.map(\.url) == ["https://open.spotify.com/track/3P3UA61WRQqwCXaoFOTENd"])
        #expect(plays[0].album == "Palette")
    }

    @Test func spotifyAccountDataDropsPlaysUnderThirtySeconds() {
        let bytes = Array(
            #"[{"endTime": "2026-11-21 10:04", "artistName": "IU", "trackName": "Blueming", "msPlayed": 217000}, {"endTime": "2026-11-21 10:05", "artistName": "IU", "trackName": "Short", "msPlayed": 29999}]"#
                .utf8)
        let (plays, report) = SpotifyHistory.read(bytes, path: "StreamingHistory_music_0.json")
        #expect(plays.map(\.title) == ["Blueming"])
        #expect(plays.first?.started == Self.utc("2026-11-21T10:00:23"))
        #expect(report.skipped == ["under 30 s": 1])
    }

    @Test func aFieldOfAnotherTypeIsStillRead() {
        // The typed reading refuses `ms_played` as text; the loose reading takes it.
        let (plays, report) = SpotifyHistory.read(
            Self.extended([
                Self.row("Through the Night", ts: "2026-11-22T00:02:00Z", ms: 240_000).replacingOccurrences(
                    of: "\"ms_played\": 240000", with: "\"ms_played\": \"240000\"")
            ]), path: "history.json")
        #expect(report.diagnostics.isEmpty)
        #expect(plays.first?.started == Self.utc("2026-11-21T23:58:00"))
    }

    @Test func aMalformedSpotifyFileSaysWhere() {
        let (_, report) = SpotifyHistory.read(Array("[{\"ts\": \"2026-11-21T10:00:00Z\",\n \"ms_played\": ,}]".utf8), path: "broken.json")
        let problem = report.diagnostics.first
        #expect(problem?.path == "broken.json" && problem?.line == 2, "\(report.diagnostics)")
        #expect(problem?.message.hasPrefix("invalid JSON at byte") == true, "\(report.diagnostics)")
        let (_, notArray) = SpotifyHistory.read(Array("{\"ts\": 1}".utf8), path: "object.json")
        #expect(notArray.diagnostics.map(\.message) == ["expected a JSON array of plays"])
    }
}

/// `genres.artists`: an artist's genre for their tracks that name none, applied when the journal
/// is read, so mapping an artist later needs no re-import.
@Suite struct ArtistGenreTests {
    @Test func tracksWithoutAGenreTakeTheirArtistsAndTheRestAreListed() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            max_tracks_per_day: 0
            genres:
              artists:
                iu: K-Pop
                I-U: Ballad
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - {title: Palette, artist: IU}
              - {title: Blueming, artist: IU, genre: Ballad}
              - {title: Hype Boy, artist: NewJeans}
              - {title: Ditto, artist: NewJeans}
              - {title: Tomboy, artist: Someone}
            ---
            """)
        let loaded = journal.load()
        let day = try #require(loaded.journal?.days.first)
        #expect(day.tracks.map(\.primaryGenre) == ["K-Pop", "Ballad", nil, nil, nil])
        #expect(
            journal.lines(loaded.diagnostics) == [
                "journal.yaml:6:5: warning: 'I-U' is the same artist as 'iu' on line 5, which already has the genre K-Pop; Ballad is ignored"
            ])
        let gaps = GenreGaps.artists(in: try #require(loaded.journal))
        #expect(gaps.map(\.name) == ["NewJeans", "Someone"])
        #expect(gaps.map(\.plays) == [2, 1])
        #expect(
            GenreGaps.summary(gaps, shown: 1)
                == "Artists with no genre, by plays (`journal enrich` looks them up; or map them in journal.yaml under genres.artists): NewJeans (2), and 1 more."
        )
    }
}
