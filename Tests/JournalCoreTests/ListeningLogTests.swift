import Foundation
import Testing

@testable import JournalCore

/// The listening log (docs/content-format.md, "The listening log"): every play import accepts is
/// kept in `listening/YYYY/YYYY-MM.tsv`, never twice, and the build reads it back as plays.
@Suite struct ListeningLogTests {
    /// A Spotify extended-history row: ended at `ts` (UTC) after `ms` played.
    static func row(_ title: String, _ artist: String, ts: String, ms: Int) -> String {
        #"{"ts": "\#(ts)", "ms_played": \#(ms), "master_metadata_track_name": "\#(title)", "master_metadata_album_artist_name": "\#(artist)", "master_metadata_album_album_name": "Album", "spotify_track_uri": "spotify:track:3P3UA61WRQqwCXaoFOTENd", "episode_name": null, "reason_end": "trackdone", "skipped": false, "incognito_mode": false}"#
    }

    static func export(_ rows: [String]) -> [UInt8] { Array(("[" + rows.joined(separator: ",\n") + "]").utf8) }

    static func journal(_ config: String = "") throws -> TestJournal {
        try TestJournal("-- journal.yaml --\ntitle: T\ntimezone: Asia/Seoul\nmax_tracks_per_day: 2\n" + config)
    }

    @discardableResult
    static func importing(_ bytes: [UInt8], into journal: TestJournal, name: String = "export.json") throws -> JournalImport.Summary {
        try journal.write(name, bytes: bytes)
        let config = try #require(JournalLoader(source: journal.path).readConfig(overrides: ConfigOverrides()).config)
        return JournalImport.run(source: journal.path, config: config, options: JournalImport.Options(files: [journal.path + "/" + name]))
    }

    static func text(_ journal: TestJournal, _ relative: String) -> String? {
        FileManager.default.contents(atPath: journal.path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Seven plays of three songs over two Seoul days: 15:30 UTC is 00:30 the next day in Seoul.
    static let week: [String] = [
        row("Blueming", "IU", ts: "2026-11-21T01:03:00Z", ms: 180_000),
        row("Blueming", "IU", ts: "2026-11-21T02:03:00Z", ms: 181_400),
        row("Blueming", "IU", ts: "2026-11-21T03:03:00Z", ms: 60_000),
        row("Hype Boy", "NewJeans", ts: "2026-11-21T04:00:00Z", ms: 179_000),
        row("Ditto", "NewJeans", ts: "2026-11-21T05:00:00Z", ms: 185_000),
        row("Ditto", "NewJeans", ts: "2026-11-21T15:33:00Z", ms: 185_000),
        row("Hype Boy", "NewJeans", ts: "2026-11-21T16:00:00Z", ms: 179_000),
    ]

    @Test func everyPlayIsKeptInTheLogWhileTheDayKeepsItsPicks() throws {
        let journal = try Self.journal()
        let summary = try Self.importing(Self.export(Self.week), into: journal)
        #expect(summary.diagnostics.errors.isEmpty, "\(summary.diagnostics)")
        #expect(summary.logged == 7)
        let log = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        let lines = log.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.first == "utc\tlocal\tseconds\tartist\ttitle\talbum\tsource\tids\tcounts")
        #expect(lines.count == 8)
        // Started 181.4 s before it ended (rounded to the second), 10:59:59 in Seoul.
        #expect(lines.contains("2026-11-21T01:59:59Z\t2026-11-21T10:59:59\t181\tIU\tBlueming\tAlbum\tspotify\tspotify:track:3P3UA61WRQqwCXaoFOTENd\tyes"))
        // The day file keeps two picks of the three songs, as before.
        let day = try #require(Self.text(journal, "content/diary/2026/11/2026-11-21.md"))
        #expect(day.components(separatedBy: "  - title:").count - 1 == 2)

        let loaded = journal.load()
        let listening = try #require(loaded.journal?.listening)
        #expect(listening.days.map(\.date.iso) == ["2026-11-21", "2026-11-22"])
        let date = try #require(CalendarDate(iso: "2026-11-21"))
        let first = try #require(listening.day(date))
        #expect(first.plays == 5)
        #expect(first.songs.map(\.title) == ["Blueming", "Ditto", "Hype Boy"])
        #expect(first.songs.map(\.plays) == [3, 1, 1])
        #expect(first.seconds == 180 + 181 + 60 + 179 + 185)
        #expect(first.hours[10] == 2 && first.hours[12] == 2 && first.hours[13] == 1 && first.hours.reduce(0, +) == 5)
        #expect(first.songs.first?.firstMinute == 10 * 60)
        #expect(listening.days.last?.plays == 2)
        #expect(listening.days.last?.hours[0] == 2)
    }

    @Test func aPlayIsLoggedOnceWhateverIsImportedAgain() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Self.week), into: journal)
        let before = Self.text(journal, "listening/2026/2026-11.tsv")
        // The same file again adds nothing and leaves the file as it was.
        let again = try Self.importing(Self.export(Self.week), into: journal)
        #expect(again.logged == 0 && again.alreadyLogged == 7)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == before)
        // An overlapping export: two plays already logged (one read 3 s later, in other case),
        // and one new.
        let overlapping = [
            Self.row("BLUEMING", "iu", ts: "2026-11-21T01:03:03Z", ms: 180_000),
            Self.row("Ditto", "NewJeans", ts: "2026-11-21T05:00:00Z", ms: 185_000),
            Self.row("OMG", "NewJeans", ts: "2026-11-23T05:00:00Z", ms: 200_000),
        ]
        let third = try Self.importing(Self.export(overlapping), into: journal, name: "second.json")
        #expect(third.logged == 1 && third.alreadyLogged == 2)
        // Another source for the same plays: a ListenBrainz listen starts when the play did.
        let listen =
            #"{"listened_at": \#(Int(ImportTests.utc("2026-11-21T03:57:00"))), "track_metadata": {"artist_name": "NewJeans", "track_name": "Hype Boy"}}"#
        let fourth = try Self.importing(Array((listen + "\n").utf8), into: journal, name: "listens.jsonl")
        #expect(fourth.diagnostics.errors.isEmpty, "\(fourth.diagnostics)")
        #expect(fourth.logged == 0 && fourth.alreadyLogged == 1)
        let listening = try #require(journal.load().journal?.listening)
        #expect(listening.days.reduce(0) { $0 + $1.plays } == 8)
        // What was there is kept byte for byte; the new play comes after it.
        let after = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        let beforeText = try #require(before)
        #expect(after.hasPrefix(beforeText))
        #expect(after.hasSuffix("\tNewJeans\tOMG\tAlbum\tspotify\tspotify:track:3P3UA61WRQqwCXaoFOTENd\tyes\n"))
    }

    @Test func linesTheWriterAddsOrMarksAreKept() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Array(Self.week.prefix(2))), into: journal)
        var log = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        log = log.replacingOccurrences(of: "\tyes\n", with: "\tno\n", options: .anchored) + "# a note of mine\n"
        // One play marked as not counting, one written by hand without seconds (a scrobble).
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        log =
            lines.enumerated().map { $0.offset == 2 ? $0.element.replacingOccurrences(of: "\tyes", with: "\tno") : String($0.element) }
            .joined(separator: "\n") + "\t2026-11-25T08:00:00\t\tIU\tLove wins all\t\tvinyl\t\tyes\n"
        try journal.write("listening/2026/2026-11.tsv", log)
        let listening = try #require(journal.load().journal?.listening)
        #expect(listening.days.map(\.date.iso) == ["2026-11-21", "2026-11-25"])
        #expect(listening.days.first?.plays == 1)
        #expect(listening.days.last?.unrecordedPlays == 1)
        // Import appends after the writer's lines, which stay as they are.
        try Self.importing(Self.export(Self.week), into: journal)
        let afterText = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        #expect(afterText.hasPrefix(log))
    }

    @Test func aLogOfDaysKeepsNoPlaysTimeAndNeverAddsToADayTwice() throws {
        let journal = try Self.journal("listening:\n  detail: days\n")
        try Self.importing(Self.export(Self.week), into: journal)
        let log = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        #expect(!log.contains("T01:") && !log.contains(":00Z"))
        #expect(log.contains("2026-11-21\t3\t421\t0\tIU\tBlueming\tAlbum\tspotify\n"))
        #expect(log.contains("2026-11-21\thours\t0 0 0 0 0 0 0 0 0 0 2 0 2 1 0 0 0 0 0 0 0 0 0 0\n"))
        let listening = try #require(journal.load().journal?.listening)
        #expect(listening.days.map(\.plays) == [5, 2])
        #expect(listening.days.first?.seconds == 785)
        // A day the log has is left as it is.
        let again = try Self.importing(Self.export(Self.week + [Self.row("OMG", "NewJeans", ts: "2026-11-21T06:00:00Z", ms: 200_000)]), into: journal)
        #expect(again.logged == 0 && again.daysAlreadyLogged == 8)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == log)
    }

    @Test func ignoredSongsStayInTheLogAndOutOfEveryNumberAndPick() throws {
        let journal = try Self.journal("listening:\n  ignore:\n    - artist: iu\n    - title: DITTO\n      artist: NewJeans\n")
        let summary = try Self.importing(Self.export(Self.week), into: journal)
        #expect(summary.logged == 7)
        let day = try #require(Self.text(journal, "content/diary/2026/11/2026-11-21.md"))
        #expect(!day.contains("Blueming") && !day.contains("Ditto") && day.contains("Hype Boy"))
        let listening = try #require(journal.load().journal?.listening)
        #expect(listening.days.flatMap(\.songs).map(\.title) == ["Hype Boy", "Hype Boy"])
    }

    @Test func anIgnoredArtistIsACreditsMainArtistSplitAsTheDiarysAre() {
        let settings = ListeningSettings(ignore: [
            ListeningIgnore(artist: "Rain Sounds"), ListeningIgnore(artist: "Rain"), ListeningIgnore(artist: "Simon"),
            ListeningIgnore(artist: "Sleep Lab", title: "White Noise"),
        ])
        var ignoring = settings.ignoring(names: ArtistNames(known: ["Simon & Garfunkel"]))
        func ignores(_ artist: String, _ title: String = "A song") -> Bool { ignoring.ignores(artist: artist, title: title, album: nil) }
        #expect(ignores("rain sounds"))
        #expect(ignores("Rain Sounds, Ocean Waves"))
        #expect(ignores("Rain Sounds & Ocean Waves"))
        #expect(ignores("Sleep Lab", "white-noise"))
        #expect(!ignores("Sleep Lab", "Pink Noise"))
        #expect(!ignores("Ocean Waves feat. Rain Sounds"))
        // Wrong before, a prefix test on the folded credit: a guest written "ft.", a spelling
        // with punctuation, a name that only starts like one ("Rainfeather" began with
        // "rain" + "feat"), and a known name the catalogue keeps whole.
        #expect(ignores("Rain Sounds ft. Ocean Waves"))
        #expect(ignores("Rain-Sounds!"))
        #expect(!ignores("Rainfeather"))
        #expect(!ignores("Simon & Garfunkel"))
        #expect(ignores("Simon feat. Garfunkel"))
    }

    @Test func aDamagedLogIsReportedAtItsPlaceAndImportLeavesItAlone() throws {
        let journal = try Self.journal()
        let header = "utc\tlocal\tseconds\tartist\ttitle\talbum\tsource\tids\tcounts\n"
        let bad =
            header + "2026-11-21T01:00:00Z\t2026-11-21T10:00:00\t200\tIU\tBlueming\t\tspotify\t\tyes\n"
            + "2026-11-21T01:00:00Z\t2026-11-21T25:00:00\t200\tIU\tBlueming\t\tspotify\t\tyes\n"
            + "2026-11-21T01:00:00Z\t2026-10-21T10:00:00\t200\tIU\tBlueming\t\tspotify\t\tyes\n"
            + "2026-11-21T01:00:00Z\t2026-11-21T10:00:00\tlong\tIU\tBlueming\t\tspotify\t\tyes\n"
            + "2026-11-21T01:00:00Z\t2026-11-21T10:00:00\t200\t\tBlueming\t\tspotify\t\tmaybe\n"
            + "2026-11-21T01:00:00Z\t2026-11-21T10:00:00\t200\tIU\n"
        try journal.write("listening/2026/2026-11.tsv", bad)
        try journal.write("listening/2026/notes.txt", "mine")
        let lines = journal.lines(journal.load().diagnostics)
        #expect(lines.contains { $0.hasPrefix("listening/2026/2026-11.tsv:3:22: error: '2026-11-21T25:00:00' is not a local time") })
        #expect(lines.contains { $0.hasPrefix("listening/2026/2026-11.tsv:4:22: error: this play is on 2026-10-21") })
        #expect(lines.contains { $0.hasPrefix("listening/2026/2026-11.tsv:5:42: error: 'long' is not a number of seconds") })
        #expect(lines.contains { $0.hasPrefix("listening/2026/2026-11.tsv:6:46: error: no artist") })
        #expect(lines.contains { $0.hasPrefix("listening/2026/2026-11.tsv:7:1: error: this line has 4 fields") })
        #expect(lines.contains { $0.hasPrefix("listening/2026/notes.txt:1:1: warning: not a month file") })
        #expect(journal.build().diagnostics.hasErrors)
        // Import reports the month file it would append to, and writes nothing at all.
        let summary = try Self.importing(Self.export(Self.week), into: journal)
        #expect(summary.diagnostics.hasErrors)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == bad)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/content/diary"))
    }

    @Test func aDecidedImportStoppedHalfwayIsFinishedBeforeTheLogIsRead() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Array(Self.week.prefix(1))), into: journal)
        let before = try #require(Self.text(journal, "listening/2026/2026-11.tsv"))
        // What a `kill -9` after the decision leaves: the record and a staged month not yet renamed.
        let staged = before + "2026-11-21T05:00:00Z\t2026-11-21T14:00:00\t200\tIU\tPalette\t\tspotify\t\tyes\n"
        try journal.write("listening/.journal-import-99999/journal-import", ListeningLogStaging.kind.markerText)
        try journal.write("listening/.journal-import-99999/0.tsv", staged)
        try journal.write("listening/.journal-import-99999/commit", "journal listening 1\n0\t2026/2026-11.tsv\nend\n")
        #expect(journal.lines(journal.load().diagnostics).contains { $0.contains("run `journal import --resume`") })
        let recovered = JournalImport.recover(source: journal.path)
        #expect(recovered.diagnostics.isEmpty)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == staged)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/listening/.journal-import-99999"))
        #expect(journal.load().journal?.listening.days.first?.plays == 2)
        // An undecided one is removed, the log untouched; a record naming a place outside the log is refused.
        try journal.write("listening/.journal-import-99998/journal-import", ListeningLogStaging.kind.markerText)
        try journal.write("listening/.journal-import-99998/0.tsv", "nothing")
        _ = JournalImport.recover(source: journal.path)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == staged)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/listening/.journal-import-99998"))
        // Decided, but waiting for days whose own record was never written: undecided, as they are.
        try journal.write("content/diary/.journal-import-99997/journal-import", "marker")
        try journal.write("listening/.journal-import-99997/journal-import", ListeningLogStaging.kind.markerText)
        try journal.write("listening/.journal-import-99997/0.tsv", staged + "2026-11-21T06:00:00Z\t2026-11-21T15:00:00\t200\tIU\tBBIBBI\t\tspotify\t\tyes\n")
        try journal.write(
            "listening/.journal-import-99997/commit", "journal listening 1\ndiary\tcontent/diary/.journal-import-99997\n0\t2026/2026-11.tsv\nend\n")
        #expect(!journal.lines(journal.load().diagnostics).contains { $0.contains("listening") })
        _ = JournalImport.recover(source: journal.path)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == staged)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/listening/.journal-import-99997"))
        #expect(ListeningLogStaging.entries(ofRecord: Array("journal listening 1\n0\t../../journal.yaml\nend\n".utf8)) == nil)
        #expect(ListeningLogStaging.entries(ofRecord: Array("journal listening 1\ndiary\t../x\n0\t2026/2026-11.tsv\nend\n".utf8)) == nil)
        #expect(ListeningLogStaging.entries(ofRecord: Array("journal listening 1\n0\t2026/2026-13.tsv\nend\n".utf8)) == nil)
    }

    @Test func anImportThatAddsNoPlayNeverMakesTheLogAndAMonthChangedMeanwhileIsNeverReplaced() throws {
        let journal = try Self.journal()
        try journal.write("export.json", bytes: Self.export(Self.week))
        let config = try #require(JournalLoader(source: journal.path).readConfig(overrides: ConfigOverrides()).config)
        // Every play before --since: no play to write, and no `listening/` made for nothing.
        let options = JournalImport.Options(files: [journal.path + "/export.json"], since: CalendarDate(iso: "2027-01-01"))
        let summary = JournalImport.run(source: journal.path, config: config, options: options)
        #expect(summary.diagnostics.errors.isEmpty, "\(summary.diagnostics)")
        #expect(summary.logged == 0 && summary.outsideRange == 7)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/listening"))

        // The lock is taken after the month files are read: one another import changed between
        // the two is refused, unless it only holds a beginning of what this import writes.
        try Self.importing(Self.export(Array(Self.week.prefix(1))), into: journal)
        let relative = "listening/2026/2026-11.tsv"
        let read = try #require(Self.text(journal, relative))
        let line = "2026-11-21T05:00:00Z\t2026-11-21T14:00:00\t200\tIU\tPalette\t\tspotify\t\tyes\n"
        let planned = [ListeningLogUpdate.Month(relative: relative, text: read + line, exists: true)]
        #expect(JournalImport.changedSinceRead(planned, source: journal.path) == nil)
        try journal.write(relative, read + line)
        #expect(JournalImport.changedSinceRead(planned, source: journal.path) == nil)
        try journal.write(relative, read + line.replacingOccurrences(of: "Palette", with: "BBIBBI"))
        #expect(JournalImport.changedSinceRead(planned, source: journal.path) == relative)
        let new = [ListeningLogUpdate.Month(relative: "listening/2026/2026-12.tsv", text: read, exists: false)]
        #expect(JournalImport.changedSinceRead(new, source: journal.path) == nil)
        try journal.write("listening/2026/2026-12.tsv", "")
        #expect(JournalImport.changedSinceRead(new, source: journal.path) == "listening/2026/2026-12.tsv")
    }

    @Test func aLogStagingFolderIsRemovedOnlyWhenItIsImportsOwn() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Array(Self.week.prefix(1))), into: journal)
        let log = journal.path + "/listening/"
        // Empty and unmarked, a minute old: an import stopped as it made the folder.
        try FileManager.default.createDirectory(atPath: log + ".journal-import-99996", withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: log + ".journal-import-99996")
        // Marked, with a file import never writes: the file, and the marker, stay.
        try journal.write("listening/.journal-import-99995/journal-import", ListeningLogStaging.kind.markerText)
        try journal.write("listening/.journal-import-99995/0.tsv", "staged")
        try journal.write("listening/.journal-import-99995/notes.txt", "mine")
        // Another marker's text: not the log's, left alone.
        try journal.write("listening/.journal-import-99994/journal-import", "something else")
        try journal.write("listening/.journal-import-99994/0.tsv", "staged")
        let recovered = JournalImport.recover(source: journal.path)
        #expect(recovered.diagnostics.isEmpty, "\(recovered.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: log + ".journal-import-99996"))
        #expect(!FileManager.default.fileExists(atPath: log + ".journal-import-99995/0.tsv"))
        #expect(Self.text(journal, "listening/.journal-import-99995/notes.txt") == "mine")
        #expect(FileManager.default.fileExists(atPath: log + ".journal-import-99995/journal-import"))
        #expect(Self.text(journal, "listening/.journal-import-99994/0.tsv") == "staged")
    }

    @Test func aFieldNeverHoldsATabALineBreakOrAControlCharacter() {
        #expect(ListeningLogUpdate.field("a\tb\nc\u{1B}d") == "a b c\u{FFFD}d")
        #expect(ListeningLogUpdate.field(String(repeating: "x", count: 1200)).count == 1000)
    }

    @Test func theLogIsReadLikeContentSoABuildNeverMissesItOrReplacesIt() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Array(Self.week.prefix(1))), into: journal)
        #expect(journal.build().succeeded)
        #expect(journal.build().upToDate)
        // A play added to the log, with no day changed: the site is no longer up to date.
        try Self.importing(Self.export([Self.row("Palette", "IU", ts: "2026-11-21T09:00:00Z", ms: 200_000)]), into: journal, name: "more.json")
        #expect(!journal.build().upToDate)
        // The log is never an output folder.
        let log = Self.text(journal, "listening/2026/2026-11.tsv")
        #expect(!journal.build(output: journal.path + "/listening").succeeded)
        #expect(!journal.build(output: journal.path + "/listening/2026").succeeded)
        #expect(Self.text(journal, "listening/2026/2026-11.tsv") == log)
    }

    @Test func aPlaysCreditIsSplitAsTheDiarysAreSoOneArtistHasOneCount() throws {
        let journal = try Self.journal()
        try journal.write("content/diary/2026/11/2026-11-21.md", "---\ntracks:\n  - {title: Hangman, artist: Sematary}\n---\n")
        let header = "utc\tlocal\tseconds\tartist\ttitle\talbum\tsource\tids\tcounts\n"
        try journal.write(
            "listening/2026/2026-11.tsv",
            header + "\t2026-11-21T10:00:00\t200\tSEMATARY & GHOST MOUNTAIN\tHangman\t\tlastfm\t\tyes\n"
                + "\t2026-11-21T11:00:00\t200\tSematary, Ghost Mountain\tHangman\t\tlastfm\t\tyes\n"
                + "\t2026-11-21T12:00:00\t200\tsematary\tHangman\t\tlastfm\t\tyes\n"
                + "\t2026-11-21T13:00:00\t200\tGhost Mountain feat. Sematary\tMurder\t\tlastfm\t\tyes\n")
        let loaded = try #require(journal.load().journal)
        let year = try #require(Analysis(journal: loaded, parallel: false).stats.years.first)
        #expect(year.plays == 4)
        #expect(year.topArtists.map(\.name) == ["Sematary", "Ghost Mountain"])
        #expect(year.topArtists.map(\.plays) == [3, 1])
    }

    @Test func aYearsMonthsSayWhatTheyCountAndATimePlayedMayWrap() throws {
        let journal = try Self.journal()
        try Self.importing(Self.export(Self.week), into: journal)
        #expect(journal.build().succeeded)
        let year = try #require(journal.page("2026/index.html"))
        #expect(year.contains("title=\"November 2026 · 7 plays\">Nov</a><span class=\"muted small\">7 plays</span>"))
        #expect(year.contains("<dt>Time played</dt><dd class=\"wraps\">"))
    }
}
