import Foundation
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal import` stopped at any moment (Ctrl-C, SIGTERM, `kill -9`) writes all of its days or
/// none, and `journal init` that fails part-way leaves nothing behind.
/// A stopped import's leftovers are written here as the import writes them (its staging folder,
/// marker and records, docs/content-format.md "Importing"), so each state is tested exactly.
@Suite struct ImportStopTests {
    let cli = CommandLineTests()

    static let marker = "A staging folder of `journal import`: the next `journal import` finishes or removes it. Nothing here is part of the diary.\n"

    static func day(_ title: String) -> String {
        "---\n# Imported by `journal import` from spotify: add a title, a mood or a few words any time.\nsource: spotify\ntracks:\n  - title: \"\(title)\"\n    artist: \"IU\"\n---\n"
    }

    static func record(_ places: [String]) -> String {
        "journal import 1\n" + places.enumerated().map { "\($0.offset)\t\($0.element)\n" }.joined() + "end\n"
    }

    static let mine = "---\ntracks:\n  - {title: Mine, artist: Me}\n---\nMy own words.\n"

    /// A journal with one day of its own, and a staging folder `name` in its diary holding the
    /// days `places` (staged as 0.md, 1.md …), the marker, and `records` (name: text).
    func journal(staging name: String = ".journal-import-4242", places: [String], records: [String: String]) throws -> CommandLineTests.Folder {
        var files = [
            "journal.yaml": "title: T\ntimezone: UTC\n", "content/diary/2026/11/2026-11-01.md": Self.mine,
            "content/diary/\(name)/journal-import": Self.marker,
        ]
        for (index, place) in places.enumerated() { files["content/diary/\(name)/\(index).md"] = Self.day(place) }
        for (record, text) in records { files["content/diary/\(name)/\(record)"] = text }
        return try CommandLineTests.Folder(files)
    }

    /// Links staged day `index` into its place, as the stopped import did before it was killed.
    func place(_ folder: CommandLineTests.Folder, _ index: Int, at relative: String, staging name: String = ".journal-import-4242") throws {
        let target = folder.path + "/content/diary/" + relative
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(link(folder.path + "/content/diary/\(name)/\(index).md", target) == 0)
    }

    func text(_ folder: CommandLineTests.Folder, _ relative: String) -> String? {
        FileManager.default.contents(atPath: folder.path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ folder: CommandLineTests.Folder, _ relative: String) -> Bool {
        var status = stat()
        return lstat(folder.path + "/" + relative, &status) == 0
    }

    // MARK: Killed while putting its days in place

    @Test func aDiaryHoldingHalfAnImportIsNotBuiltAndTheNextImportFinishesIt() throws {
        let places = ["2026/11/2026-11-02.md", "2026/11/2026-11-03.md", "2026/11/2026-11-04.md", "2026/11/2026-11-05.md"]
        let folder = try journal(places: places, records: ["commit": Self.record(places)])
        // Killed after two days: the writer made the 5th themselves before anything else ran.
        try place(folder, 0, at: places[0])
        try place(folder, 1, at: places[1])
        try FileManager.default.createDirectory(atPath: folder.path + "/content/diary/2026/11", withIntermediateDirectories: true)
        try Data(Self.mine.utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/" + places[3]))

        // Reading commands refuse half an import, naming what finishes it; nothing is published.
        let expected =
            "\(folder.path)/content/diary/.journal-import-4242:1:1: error: an import was stopped while putting its days in place (2 of 4 are in the diary): run `journal import --resume` to put the rest in place; nothing is built from half an import"
        let check = cli.journal(["check", "--source", folder.path])
        #expect(check.status == 1)
        #expect(check.errors.contains(expected), "\(check.errors)")
        let build = cli.journal(["build", "--source", folder.path])
        #expect(build.status == 1)
        #expect(build.errors.contains(expected), "\(build.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.output))
        #expect(cli.journal(["status", "--source", folder.path]).status == 1)

        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 0, "\(resume.errors)")
        #expect(resume.out == ["Finished an import that was stopped while putting its days in place: 1 day put in place now, 2 already were."])
        #expect(
            resume.errors == [
                "\(folder.path)/content/diary/2026/11/2026-11-05.md:1:1: warning: this file appeared while an import was stopped: left as it is, the import's day for this date is not written"
            ])
        for (index, place) in places.prefix(3).enumerated() { #expect(text(folder, "content/diary/" + place) == Self.day(place), "\(index)") }
        #expect(text(folder, "content/diary/" + places[3]) == Self.mine)
        #expect(text(folder, "content/diary/2026/11/2026-11-01.md") == Self.mine)
        #expect(!exists(folder, "content/diary/.journal-import-4242"))
        #expect(cli.journal(["check", "--source", folder.path]).status == 0)
        #expect(cli.journal(["import", "--resume", "--source", folder.path]).out == ["No stopped import to finish."])
    }

    @Test func anImportKilledAfterPlacingEveryDayIsBuiltAndItsLeftoversGo() throws {
        let places = ["2026/11/2026-11-02.md"]
        let folder = try journal(places: places, records: ["commit": Self.record(places)])
        try place(folder, 0, at: places[0])
        // All in place: nothing is half, the build goes on.
        #expect(cli.journal(["build", "--source", folder.path]).status == 0)
        let history =
            #"[{"ts": "2026-11-06T12:00:00Z", "ms_played": 200000, "master_metadata_track_name": "Hype Boy", "master_metadata_album_artist_name": "NewJeans", "reason_end": "trackdone", "skipped": false, "incognito_mode": false}]"#
        try Data(history.utf8).write(to: URL(fileURLWithPath: folder.path + "/history.json"))
        // Any import first finishes what a stopped one left.
        let run = cli.journal(["import", "--source", folder.path, folder.path + "/history.json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.first == "Finished an import that was stopped while putting its days in place: 0 days put in place now, 1 already were.")
        #expect(!exists(folder, "content/diary/.journal-import-4242"))
        #expect(exists(folder, "content/diary/2026/11/2026-11-06.md"))
    }

    // MARK: Killed before it decided

    @Test func aStagingFolderWithNoDecisionIsNeverBuiltAndTheNextImportRemovesIt() throws {
        let folder = try journal(places: ["2026/11/2026-11-02.md"], records: ["commit.partial": "journal import 1\n0\t2026/11/2026-11-0"])
        let build = cli.journal(["build", "--source", folder.path])
        #expect(build.status == 0, "\(build.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.output + "/2026/11/01/index.html"))
        #expect(!FileManager.default.fileExists(atPath: folder.output + "/2026/11/02/index.html"))
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 0)
        #expect(resume.out == ["Removed \(folder.path)/content/diary/.journal-import-4242, the staging folder of an import stopped before it wrote anything."])
        #expect(!exists(folder, "content/diary/.journal-import-4242"))
        #expect(!exists(folder, "content/diary/2026/11/2026-11-02.md"))
        #expect(text(folder, "content/diary/2026/11/2026-11-01.md") == Self.mine)
    }

    @Test func anImportKilledWhileCleaningUpKeepsItsDaysAndTheNextImportRemovesTheRest() throws {
        let places = ["2026/11/2026-11-02.md"]
        let folder = try journal(places: places, records: ["done": Self.record(places)])
        try place(folder, 0, at: places[0])
        #expect(cli.journal(["check", "--source", folder.path]).status == 0)
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.out == ["Removed \(folder.path)/content/diary/.journal-import-4242, what was left of an import that had finished."])
        #expect(text(folder, "content/diary/" + places[0]) == Self.day(places[0]))
        #expect(!exists(folder, "content/diary/.journal-import-4242"))
    }

    // MARK: Killed while taking its days back

    @Test func anImportTakingItsDaysBackRemovesOnlyItsOwnFiles() throws {
        let places = ["2026/11/2026-11-02.md", "2026/11/2026-11-03.md"]
        let folder = try journal(places: places, records: ["rollback": Self.record(places)])
        // Staged before the import was decided, as an import writes them.
        for index in places.indices { age(folder, "content/diary/.journal-import-4242/\(index).md", by: 7200) }
        try place(folder, 0, at: places[0])
        // The second place holds a file of the writer's, with the same words as the staged one:
        // it is not the import's file, so it stays.
        try Data(Self.day(places[1]).utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/" + places[1]))
        let check = cli.journal(["check", "--source", folder.path])
        #expect(check.status == 1)
        #expect(
            check.errors.contains {
                $0.contains(".journal-import-4242:1:1: error: an import was stopped while taking back its days: run `journal import --resume`")
            }, "\(check.errors)")
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 0, "\(resume.errors)")
        #expect(!exists(folder, "content/diary/" + places[0]))
        #expect(text(folder, "content/diary/" + places[1]) == Self.day(places[1]))
        #expect(!exists(folder, "content/diary/.journal-import-4242"))
        #expect(cli.journal(["check", "--source", folder.path]).status == 0)
    }

    /// Sets a file's modification time `seconds` before now.
    func age(_ folder: CommandLineTests.Folder, _ relative: String, by seconds: Int) {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path + "/" + relative, &times, 0) == 0)
    }

    /// A day the writer edited in place after the import was killed shares the staged file's
    /// inode; when the import is then taken back, that day is theirs and stays.
    @Test func aDayEditedAfterAKilledImportIsNeverTakenBack() throws {
        let places = ["2026/11/2026-11-02.md", "2026/11/2026-11-03.md", "2026/12/2026-12-01.md"]
        let folder = try journal(places: places, records: ["commit": Self.record(places)])
        let staging = "content/diary/.journal-import-4242/"
        // Staged, then decided, an hour or two ago.
        for index in places.indices { age(folder, staging + "\(index).md", by: 7200) }
        age(folder, staging + "commit", by: 3600)
        try place(folder, 0, at: places[0])
        // The writer opens the placed day and saves it in place (the same file, so the same inode).
        let edited = Self.day(places[0]) + "Rain all day; this song on repeat.\n"
        let descriptor = open(folder.path + "/content/diary/" + places[0], O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        _ = edited.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        // The last day cannot be placed (its month is a file), so the import is taken back.
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/2026/12"))
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 1, "\(resume.errors)")
        #expect(text(folder, "content/diary/" + places[0]) == edited)
        #expect(!exists(folder, "content/diary/" + places[1]))
        #expect(text(folder, "content/diary/2026/11/2026-11-01.md") == Self.mine)
    }

    /// An import killed as it removed its staging folder (after the marker, before the folder)
    /// leaves it empty and unmarked: the next run removes it once that import's process is gone,
    /// and keeps one a running process may still be making.
    @Test func anEmptyStagingFolderOfAnEndedImportIsRemovedAtOnce() throws {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\ntimezone: UTC\n", "content/diary/2026/11/2026-11-01.md": Self.mine])
        let gone = "content/diary/.journal-import-\(ended.processIdentifier)"
        let live = "content/diary/.journal-import-\(getpid())"
        for name in [gone, live] { try FileManager.default.createDirectory(atPath: folder.path + "/" + name, withIntermediateDirectories: false) }
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 0, "\(resume.errors)")
        #expect(!exists(folder, gone))
        #expect(exists(folder, live))
    }

    // MARK: Never anything that is not import's

    @Test func onlyAMarkedRealStagingFolderIsTouchedAndALinkIsNeverFollowed() throws {
        let places = ["2026/11/2026-11-09.md"]
        let folder = try journal(places: places, records: ["commit": Self.record(places)])
        // Import's name without import's marker: someone's folder.
        try FileManager.default.moveItem(
            atPath: folder.path + "/content/diary/.journal-import-4242/journal-import", toPath: folder.path + "/content/diary/.journal-import-4242/notes.txt")
        // A link by import's name to a marked staging folder outside the journal.
        let outside = try CommandLineTests.Folder([
            "staging/journal-import": Self.marker, "staging/0.md": Self.day("x"),
            "staging/commit": Self.record(places), "staging/1.md": "keep me\n",
        ])
        #expect(symlink(outside.path + "/staging", folder.path + "/content/diary/.journal-import-5555") == 0)
        // And a file by that name.
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/.journal-import-6666"))

        #expect(cli.journal(["check", "--source", folder.path]).status == 0)
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 0)
        #expect(resume.out == ["No stopped import to finish."])
        #expect(!exists(folder, "content/diary/" + places[0]))
        #expect(exists(folder, "content/diary/.journal-import-4242/0.md") && exists(folder, "content/diary/.journal-import-4242/commit"))
        #expect(exists(folder, "content/diary/.journal-import-5555") && exists(folder, "content/diary/.journal-import-6666"))
        for name in ["journal-import", "0.md", "commit", "1.md"] {
            #expect(FileManager.default.fileExists(atPath: outside.path + "/staging/" + name), "\(name)")
        }
    }

    @Test func aRecordNamingAPlaceOutsideTheDiaryIsRefusedNotFollowed() throws {
        let folder = try journal(places: ["x"], records: ["commit": "journal import 1\n0\t../../escaped.md\nend\n"])
        let resume = cli.journal(["import", "--resume", "--source", folder.path])
        #expect(resume.status == 1)
        #expect(
            resume.errors == [
                "\(folder.path)/content/diary/.journal-import-4242:1:1: error: the record of a stopped import cannot be read; left as it is (move the folder out of the journal to be rid of it)"
            ])
        #expect(!exists(folder, "escaped.md") && !exists(folder, "content/escaped.md"))
        #expect(cli.journal(["check", "--source", folder.path]).status == 1)
        #expect(exists(folder, "content/diary/.journal-import-4242/0.md"))
    }

    // MARK: Ctrl-C and SIGTERM

    /// A Spotify history of one play a day for `days` days from 1990-01-01.
    static func history(days: Int) -> String {
        "["
            + (0..<days).map { index in
                let seconds = 631_195_200 + index * 86_400 + 43_200
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                let formatter = ISO8601DateFormatter()
                return
                    #"{"ts": "\#(formatter.string(from: date))", "ms_played": 200000, "master_metadata_track_name": "Song \#(index % 97)", "master_metadata_album_artist_name": "Artist \#(index % 13)", "reason_end": "trackdone", "skipped": false, "incognito_mode": false}"#
            }.joined(separator: ",\n") + "]"
    }

    /// Every file under `content/`, hidden ones included, relative to it.
    func everything(_ folder: CommandLineTests.Folder) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path + "/content")?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileTheImportWritesLeavesNothingAndSaysSo(_ number: Int32) async throws {
        guard let binary = AddCommandTests.binary() else {
            Issue.record("needs the journal program beside the tests: swift build")
            return
        }
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\ntimezone: UTC\n", "content/diary/1990/01/1990-01-05.md": Self.mine,
            "history.json": Self.history(days: 6000),
        ])
        let before = everything(folder)
        let path = folder.path
        let ended = try await Self.onAThreadOfItsOwn { () -> (running: Bool, reason: Process.TerminationReason, status: Int32, errors: String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["import", "--source", path, path + "/history.json"]
            let out = Pipe()
            let errors = Pipe()
            process.standardOutput = out
            process.standardError = errors
            try process.run()
            // The signal comes once the import has started writing (a staged day exists).
            let start = Date()
            while process.isRunning, (FileManager.default.enumerator(atPath: path + "/content")?.allObjects.count ?? 0) <= before.count + 3,
                Date().timeIntervalSince(start) < 60
            { usleep(1000) }
            let running = process.isRunning
            kill(process.processIdentifier, number)
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (running, process.terminationReason, process.terminationStatus, errorText)
        }
        #expect(ended.running, "the import ended before it could be interrupted")
        #expect(ended.reason == .exit && ended.status == 128 + number, "\(ended.reason) \(ended.status): \(ended.errors)")
        #expect(ended.errors.contains("Import interrupted: nothing was imported."), "\(ended.errors)")
        #expect(everything(folder) == before)
        #expect(text(folder, "content/diary/1990/01/1990-01-05.md") == Self.mine)
    }

    /// Runs `body` (a process and the wait for it) on a thread of its own, not on one of Swift's
    /// few shared threads, which `journal serve`'s tests need meanwhile.
    static func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
            }
        }
    }

    /// Runs `/bin/sh -c script binary arguments…` on a thread of its own: its exit status and
    /// standard error.
    static func shell(_ script: String, _ arguments: [String]) async throws -> (status: Int32, errors: String) {
        try await onAThreadOfItsOwn {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script] + arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, errorText)
        }
    }

    // MARK: init

    @Test func theGitignoreOfANewJournalIgnoresAStoppedImportsStagingFolder() throws {
        let folder = try CommandLineTests.Folder([:])
        #expect(cli.journal(["init", folder.path + "/j"]).status == 0)
        let ignore = try #require(text(folder, "j/.gitignore"))
        #expect(ignore.split(separator: "\n").contains(".journal-import-*/"))
    }

    /// `journal init` with a limit on file size (as a full disk would stop it): its first file
    /// over the limit fails, and everything it made before is removed.
    @Test(arguments: [false, true])
    func initThatFailsPartWayLeavesNothingBehindAndCanRunAgain(_ folderExists: Bool) async throws {
        guard let binary = AddCommandTests.binary() else {
            Issue.record("needs the journal program beside the tests: swift build")
            return
        }
        let parent = try CommandLineTests.Folder([:])
        try FileManager.default.createDirectory(atPath: parent.path + (folderExists ? "/j" : ""), withIntermediateDirectories: true)
        // An empty folder of the writer's, or one to make with the folder above it.
        let target = parent.path + (folderExists ? "/j" : "/j/deeper")
        let before = (FileManager.default.enumerator(atPath: parent.path)?.allObjects as? [String] ?? []).sorted()
        // SIGXFSZ ignored, so a write over the limit fails (EFBIG) instead of ending the process.
        let run = try await Self.shell("trap '' XFSZ; ulimit -f 2; exec \"$0\" init \"$1\"", [binary, target])
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("nothing was left behind"), "\(run.errors)")
        #expect((FileManager.default.enumerator(atPath: parent.path)?.allObjects as? [String] ?? []).sorted() == before)
        #expect(cli.journal(["init", target]).status == 0)
    }
}

/// The failures of an import that is writing, and what they leave: nothing.
@Suite struct ImportFailureTests {
    /// An import whose commit record cannot be written (a file size limit, as a full disk would
    /// stop it) says so and leaves the diary, and content/, as they were.
    @Test func anImportThatCannotWriteItsRecordLeavesNothing() async throws {
        guard let binary = AddCommandTests.binary() else {
            Issue.record("needs the journal program beside the tests: swift build")
            return
        }
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\ntimezone: UTC\n", "content/diary/1990/01/1990-01-05.md": ImportStopTests.mine,
            "history.json": ImportStopTests.history(days: 200),
        ])
        let before = ImportStopTests().everything(folder)
        let run = try await ImportStopTests.shell("trap '' XFSZ; ulimit -f 2; exec \"$0\" import --source \"$1\" \"$1/history.json\"", [binary, folder.path])
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("File too large; nothing was written"), "\(run.errors)")
        #expect(ImportStopTests().everything(folder) == before)
    }

    /// Days that cannot all be put in place once the import is decided (here a month's folder
    /// became a file) are taken back: the days placed before go, the rest never come.
    @Test func anImportThatCannotPlaceEveryDayTakesBackTheOnesPlaced() throws {
        let folder = try CommandLineTests.Folder(["content/diary/2026/11/2026-11-01.md": ImportStopTests.mine])
        let diary = folder.path + "/content/diary"
        let staging = try ImportStaging(diary: diary)
        let places = ["2026/11/2026-11-02.md", "2026/11/2026-11-03.md", "2026/12/2026-12-01.md"]
        for place in places { try staging.add(Array(ImportStopTests.day(place).utf8), at: place) }
        #expect(try staging.prepare() == [])
        try staging.commit(leaving: [])
        try FileManager.default.removeItem(atPath: diary + "/2026/12")
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: diary + "/2026/12"))
        let outcome = staging.publish()
        #expect(outcome.failure?.path == diary + "/2026/12/2026-12-01.md")
        #expect(!outcome.stillPending)
        #expect((try FileManager.default.contentsOfDirectory(atPath: diary + "/2026/11")) == ["2026-11-01.md"])
        #expect((try FileManager.default.contentsOfDirectory(atPath: diary)).sorted() == ["2026"])
        #expect(FileManager.default.contents(atPath: diary + "/2026/11/2026-11-01.md") == Data(ImportStopTests.mine.utf8))
    }
}
