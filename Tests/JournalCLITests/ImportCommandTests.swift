import Foundation
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal import` end to end: what it writes, what it never touches, and how it fails.
@Suite struct ImportCommandTests {
    let cli = CommandLineTests()

    static let history = #"""
        [{"ts": "2026-11-20T23:55:00Z", "ms_played": 200000, "master_metadata_track_name": "Through the Night", "master_metadata_album_artist_name": "IU", "master_metadata_album_album_name": "Palette", "spotify_track_uri": "spotify:track:3P3UA61WRQqwCXaoFOTENd", "reason_end": "trackdone", "skipped": false, "incognito_mode": false},
         {"ts": "2026-11-21T20:00:00Z", "ms_played": 180000, "master_metadata_track_name": "Hype Boy", "master_metadata_album_artist_name": "NewJeans", "master_metadata_album_album_name": "New Jeans", "spotify_track_uri": "spotify:track:0a4MMyCrzT0En247IhqZbD", "reason_end": "trackdone", "skipped": false, "incognito_mode": false}]
        """#

    func journal(_ extra: [String: String] = [:]) throws -> CommandLineTests.Folder {
        try CommandLineTests.Folder(["journal.yaml": "title: T\ntimezone: Asia/Seoul\n", "export/history.json": Self.history].merging(extra) { $1 })
    }

    @Test func importWritesDaysThatBuildAndASecondRunWritesNothing() throws {
        let folder = try journal()
        let run = cli.journal(["import", "--source", folder.path, folder.path + "/export/history.json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains("2 days written, 0 already in the journal (left as they are)."), "\(run.out)")
        // 23:55 UTC on the 20th ended a play that started 23:51:40 UTC: the 21st in Seoul.
        let day = try #require(
            FileManager.default.contents(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md").map { String(decoding: $0, as: UTF8.self) })
        #expect(
            day.contains("source: spotify") && day.contains("title: \"Through the Night\"")
                && day.contains("spotify: \"https://open.spotify.com/track/3P3UA61WRQqwCXaoFOTENd\""))
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md")[.modificationDate] as? Date
        let again = cli.journal(["import", "--source", folder.path, folder.path + "/export/history.json"])
        #expect(again.out.contains("0 days written, 2 already in the journal (left as they are)."), "\(again.out)")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md")[.modificationDate] as? Date == before)
    }

    @Test func aDayTheJournalHasIsLeftAloneAndDryRunWritesNothing() throws {
        let mine = "---\ntracks:\n  - {title: Mine, artist: Me}\n---\nMy own words.\n"
        let folder = try journal(["content/diary/2026-11-21.md": mine])
        let dry = cli.journal(["import", "--dry-run", "--source", folder.path, "spotify", folder.path + "/export/history.json"])
        #expect(dry.status == 0)
        #expect(dry.out.contains("would write \(folder.path)/content/diary/2026/11/2026-11-22.md"), "\(dry.out)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/11/2026-11-22.md"))
        let run = cli.journal(["import", "--source", folder.path, folder.path + "/export/history.json"])
        #expect(run.out.contains("1 day written, 1 already in the journal (left as they are)."), "\(run.out)")
        #expect(
            run.out.last
                == "Artists with no genre, by plays (`journal enrich` looks them up; or map them in journal.yaml under genres.artists): Me (1), NewJeans (1).")
        #expect(FileManager.default.contents(atPath: folder.path + "/content/diary/2026-11-21.md") == Data(mine.utf8))
    }

    @Test func aMalformedOrUnknownFileStopsTheImportWithNothingWritten() throws {
        let folder = try journal(["export/broken.json": "[{\"ts\": 1, \"ms_played\": 3,\n ]", "export/notes.txt": "hello\n"])
        let run = cli.journal([
            "import", "--source", folder.path, folder.path + "/export/history.json", folder.path + "/export/broken.json", folder.path + "/export/notes.txt",
        ])
        #expect(run.status == 1)
        #expect(run.errors.contains { $0.hasPrefix(folder.path + "/export/broken.json:2:") && $0.contains("invalid JSON") }, "\(run.errors)")
        #expect(run.errors.contains { $0.contains("notes.txt:1:1: error: not a listening history this knows: the formats are spotify") }, "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content"))
        #expect(cli.journal(["import", "--source", folder.path]).status == 2)
        #expect(cli.journal(["import", "--since", "yesterday", "--source", folder.path, "x.json"]).status == 2)
    }

    @Test func sinceAndUntilKeepTheDaysBetween() throws {
        let folder = try journal()
        let run = cli.journal(["import", "--since", "2026-11-22", "--source", folder.path, folder.path + "/export/history.json"])
        #expect(run.out.contains("0 duplicates counted once, 1 outside --since/--until."), "\(run.out)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/11/2026-11-22.md"))
    }

    @Test func thePlaysOfTwoOverlappingExportsCountOnce() throws {
        let folder = try journal(["export/again.json": Self.history])
        let run = cli.journal(["import", "--dry-run", "--source", folder.path, folder.path + "/export/history.json", folder.path + "/export/again.json"])
        #expect(run.status == 0)
        #expect(run.out.contains("2 duplicates counted once."), "\(run.out)")
        #expect(run.out.contains("2 days would be written, 0 already in the journal (left as they are)."), "\(run.out)")
    }

    @Test func anOlderAppleFileAndAYouTubeMusicHistoryImportWithGenreAndLinks() throws {
        let apple = """
            Genre,Artist Name,Content Name,Event Type,Media Type,Event Start Timestamp,Play Duration Milliseconds,End Reason Type,Offline
            K-Pop,NewJeans,Hype Boy,PLAY_END,AUDIO,2026-11-21T01:00:00.000Z,179000,NATURAL_END_OF_TRACK,false
            K-Pop,NewJeans,Hype Boy (MV),PLAY_END,VIDEO,2026-11-21T01:05:00.000Z,179000,NATURAL_END_OF_TRACK,false

            """
        let youtube = #"""
            [{"header": "YouTube Music", "title": "Watched Ditto", "titleUrl": "https://www.youtube.com/watch?v=pSUydWEqKwE", "subtitles": [{"name": "NewJeans - Topic", "url": "https://www.youtube.com/channel/UCMEiyV8N2J93GdPNltPYM6w"}], "time": "2026-11-22T01:00:00.000Z", "products": ["YouTube"], "activityControls": ["YouTube watch history"]},
             {"header": "YouTube", "title": "Watched a cat", "titleUrl": "https://www.youtube.com/watch?v=abcdefghijk", "subtitles": [{"name": "Cats"}], "time": "2026-11-22T02:00:00.000Z", "products": ["YouTube"]}]
            """#
        let folder = try journal(["export/Apple Music Play Activity.csv": apple, "export/watch-history.json": youtube])
        let run = cli.journal([
            "import", "--source", folder.path, folder.path + "/export/Apple Music Play Activity.csv", folder.path + "/export/watch-history.json",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains { $0.hasSuffix("(applemusic): 2 plays read, 1 skipped (not a song: VIDEO)") }, "\(run.out)")
        #expect(run.out.contains { $0.hasSuffix("(youtubemusic): 2 plays read, 1 skipped (not YouTube Music)") }, "\(run.out)")
        func day(_ date: String) throws -> String {
            try #require(FileManager.default.contents(atPath: folder.path + "/content/diary/2026/11/\(date).md").map { String(decoding: $0, as: UTF8.self) })
        }
        let appleDay = try day("2026-11-21")
        let youtubeDay = try day("2026-11-22")
        #expect(appleDay.contains("source: applemusic") && appleDay.contains("    genre: \"K-Pop\"\n"), "\(appleDay)")
        #expect(youtubeDay.contains("source: youtubemusic") && youtubeDay.contains("title: \"Ditto\"") && !youtubeDay.contains("genre:"), "\(youtubeDay)")
        #expect(youtubeDay.contains("youtube_music: \"https://music.youtube.com/watch?v=pSUydWEqKwE\""), "\(youtubeDay)")
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
    }

    @Test func controlCharactersInAnExportNeverReachADayFile() throws {
        let history = Self.history.replacingOccurrences(of: "Through the Night", with: "Through\\u0001the Night")
        let folder = try journal(["export/history.json": history])
        #expect(cli.journal(["import", "--source", folder.path, folder.path + "/export/history.json"]).status == 0)
        let day = try #require(
            FileManager.default.contents(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md").map { String(decoding: $0, as: UTF8.self) })
        #expect(day.contains("title: \"Through\u{FFFD}the Night\""), "\(day)")
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
    }
}

/// A journal.yaml with a bad value is refused by the commands that write, as `check` refuses it.
@Suite struct InvalidSettingsTests {
    let cli = CommandLineTests()

    @Test func importAndNewRefuseAMisspeltTimezone() throws {
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\ntimezone: Asia/Seol\n", "export/history.json": ImportCommandTests.history])
        let imported = cli.journal(["import", "--source", folder.path, folder.path + "/export/history.json"])
        #expect(imported.status == 1)
        #expect(
            imported.errors.contains { $0.hasSuffix("journal.yaml:2:11: error: unknown time zone 'Asia/Seol': use an IANA name like Asia/Seoul") },
            "\(imported.errors)")
        #expect(imported.errors.last == "Import failed: journal.yaml has errors (above); nothing was written.")
        let new = cli.journal(["new", "--source", folder.path])
        #expect(new.status == 1)
        #expect(new.errors.last == "journal.yaml has errors (above): fix them first; nothing was written.")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content"))
    }
}
