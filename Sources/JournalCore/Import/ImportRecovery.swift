import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a stopped `journal import` left in `content/diary/` (see `ImportStaging`), found at the
/// next run: the next `journal import` finishes a decided import and removes an undecided one's
/// staging folder; `build`, `check`, `serve` and `status` refuse to read a diary that holds half
/// of an import (docs/content-format.md, "Importing").
///
/// Only a folder named `.journal-import-…` that is a real folder (never a link), holds import's
/// marker and is not locked by a running import is ever touched; in it, only the files import
/// writes are removed.
enum ImportRecovery {
    /// What finishing one import did.
    struct Outcome {
        /// Days linked into place now, and found in place already.
        var placed = 0
        var alreadyPlaced = 0
        /// Places (relative to the diary) another file took meanwhile: left as they are.
        var leftAlone: [String] = []
        /// Why the import could not be finished; its days were then taken back.
        var failure: ImportStaging.Failure?
        /// The days could not all be taken back: the next run tries again.
        var stillPending = false
    }

    /// A staging folder found in the diary.
    enum Leftover {
        /// Days staged, none decided: nothing of it is in the diary.
        case undecided
        /// A commit record: the import is decided, its days go in place.
        case decided([(staged: String, relative: String)])
        /// A rollback record: the import's placed days are being taken back.
        case takingBack([(staged: String, relative: String)])
        /// Every day was in place; only the staging folder was left to remove.
        case finished
        /// A record that cannot be read: left alone, and said so.
        case unreadable
    }

    // MARK: The next `journal import`

    /// Finishes or removes every staging folder a stopped import left in `diary`. Returns what
    /// was done, as lines for the terminal, and the problems (days left alone, failures).
    static func recover(diary: String, display: (String) -> String) -> (lines: [String], diagnostics: [Diagnostic]) {
        var lines: [String] = []
        var diagnostics: [Diagnostic] = []
        forEachLeftover(in: diary, removeEmpty: true) { name, folder, diaryFolder, leftover in
            let shown = display(name)
            switch leftover {
            case .undecided:
                removeStaging(folder: folder, diaryFolder: diaryFolder, name: name, withFolders: true)
                lines.append("Removed \(shown), the staging folder of an import stopped before it wrote anything.")
            case .decided, .takingBack:
                let outcome = finish(folder: folder, diaryFolder: diaryFolder, diary: diary, name: name)
                diagnostics += outcome.leftAlone.map {
                    Diagnostic(
                        .warning, "this file appeared while an import was stopped: left as it is, the import's day for this date is not written",
                        path: display($0))
                }
                if let failure = outcome.failure {
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "cannot finish the import stopped in \(shown): \(failure.reason); "
                                + (outcome.stillPending
                                    ? "its days could not all be taken back either, run `journal import --resume` again" : "its days were taken back"),
                            path: failure.path))
                } else if case .takingBack = leftover {
                    lines.append("Took back the days of an import that could not put them all in place (\(shown)).")
                } else {
                    lines.append(
                        "Finished an import that was stopped while putting its days in place: \(outcome.placed) day\(outcome.placed == 1 ? "" : "s") put in place now, \(outcome.alreadyPlaced) already were."
                    )
                }
            case .finished:
                removeStaging(folder: folder, diaryFolder: diaryFolder, name: name, withFolders: false)
                lines.append("Removed \(shown), what was left of an import that had finished.")
            case .unreadable:
                diagnostics.append(
                    Diagnostic(
                        .error, "the record of a stopped import cannot be read; left as it is (move the folder out of the journal to be rid of it)", path: shown
                    ))
            }
        }
        return (lines, diagnostics)
    }

    // MARK: `build`, `check`, `serve`, `status`

    /// The problems a command that reads the journal must stop at: an import stopped half-way
    /// through putting its days in place (or taking them back), or one doing so right now. A
    /// staging folder with no decision in it changes nothing the build sees.
    static func pending(diary: String, display: (String) -> String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        forEachLeftover(in: diary, removeEmpty: false, includeLive: true) { name, folder, diaryFolder, leftover in
            let live = flock(folder, LOCK_EX | LOCK_NB) != 0
            switch leftover {
            case .undecided, .finished:
                break
            case .decided(let entries):
                let missing = entries.filter { !isPlaced($0, folder: folder, diaryFolder: diaryFolder) }.count
                guard missing > 0 else { break }
                found.append(
                    Diagnostic(
                        .error,
                        live
                            ? "an import is putting its days in place right now: run this again when it has finished"
                            : "an import was stopped while putting its days in place (\(entries.count - missing) of \(entries.count) are in the diary): run `journal import --resume` to put the rest in place; nothing is built from half an import",
                        path: display(name)))
            case .takingBack(let entries):
                guard entries.contains(where: { isPlaced($0, folder: folder, diaryFolder: diaryFolder) }) else { break }
                found.append(
                    Diagnostic(
                        .error,
                        live
                            ? "an import is taking its days back right now: run this again when it has finished"
                            : "an import was stopped while taking back its days: run `journal import --resume` to finish; nothing is built from half an import",
                        path: display(name)))
            case .unreadable:
                found.append(
                    Diagnostic(
                        .error, "the record of a stopped import cannot be read: move this folder out of the journal, and check the days it names",
                        path: display(name)))
            }
        }
        return found
    }

    // MARK: Finishing one import

    /// Puts the days of a decided import in place, or takes them back when they cannot all be;
    /// then removes the staging folder. `folder` is the staging folder, open and locked.
    static func finish(folder: Int32, diaryFolder: Int32, diary: String, name: String) -> Outcome {
        var outcome = Outcome()
        if let record = ImportStaging.read(ImportStaging.commitName, in: folder, limit: 1 << 26) {
            guard let entries = ImportStaging.entries(ofRecord: record) else {
                outcome.failure = .init(path: diary + "/" + name, reason: "its commit record cannot be read")
                outcome.stillPending = true
                return outcome
            }
            for entry in entries {
                if linkat(folder, entry.staged, diaryFolder, entry.relative, 0) == 0 {
                    outcome.placed += 1
                    continue
                }
                var reason = errno
                if reason == ENOENT, makeFolders(of: entry.relative, in: diaryFolder) {
                    if linkat(folder, entry.staged, diaryFolder, entry.relative, 0) == 0 {
                        outcome.placed += 1
                        continue
                    }
                    reason = errno
                }
                if reason == EEXIST {
                    if isPlaced(entry, folder: folder, diaryFolder: diaryFolder) {
                        outcome.alreadyPlaced += 1
                    } else {
                        outcome.leftAlone.append(entry.relative)
                    }
                    continue
                }
                outcome.failure = .init(path: diary + "/" + entry.relative, reason: Platform.describe(reason))
                break
            }
            if outcome.failure != nil {
                // Decided otherwise, durably, before the first day goes.
                guard renameat(folder, ImportStaging.commitName, folder, ImportStaging.rollbackName) == 0 else {
                    outcome.stillPending = true
                    return outcome
                }
                fsync(folder)
                outcome.stillPending = !takeBack(entries, folder: folder, diaryFolder: diaryFolder)
                outcome.placed = 0
                outcome.alreadyPlaced = 0
            } else {
                // The links are on disk before the record that would redo them goes.
                Platform.syncFileSystem(of: folder)
                renameat(folder, ImportStaging.commitName, folder, ImportStaging.doneName)
            }
        } else if let record = ImportStaging.read(ImportStaging.rollbackName, in: folder, limit: 1 << 26) {
            guard let entries = ImportStaging.entries(ofRecord: record) else {
                outcome.failure = .init(path: diary + "/" + name, reason: "its rollback record cannot be read")
                outcome.stillPending = true
                return outcome
            }
            outcome.stillPending = !takeBack(entries, folder: folder, diaryFolder: diaryFolder)
        }
        // Taken back (or never decided): the folders made for the days go too, when empty.
        if !outcome.stillPending {
            removeStaging(folder: folder, diaryFolder: diaryFolder, name: name, withFolders: outcome.placed + outcome.alreadyPlaced == 0)
        }
        return outcome
    }

    /// Unlinks each placed day that is still the staged file itself (the same inode: a file
    /// someone else put there is never removed) and unchanged since the import was decided (a
    /// day the writer edited in place after a killed import is theirs now, and stays), then the
    /// rollback record. False when a day could not be removed.
    private static func takeBack(_ entries: [(staged: String, relative: String)], folder: Int32, diaryFolder: Int32) -> Bool {
        // The record was renamed, never rewritten: its time is when the import was decided, and
        // every staged day was written before it.
        var record = stat()
        guard fstatat(folder, ImportStaging.rollbackName, &record, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        let decided = Platform.changeTimes(record).modified
        var complete = true
        for entry in entries where isPlaced(entry, folder: folder, diaryFolder: diaryFolder) {
            var placed = stat()
            guard fstatat(diaryFolder, entry.relative, &placed, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let modified = Platform.changeTimes(placed).modified
            if (modified.seconds, modified.nanoseconds) > (decided.seconds, decided.nanoseconds) { continue }
            if unlinkat(diaryFolder, entry.relative, 0) != 0 { complete = false }
        }
        guard complete else { return false }
        Platform.syncFileSystem(of: folder)
        unlinkat(folder, ImportStaging.rollbackName, 0)
        return true
    }

    /// Whether the day's place holds the staged file itself.
    static func isPlaced(_ entry: (staged: String, relative: String), folder: Int32, diaryFolder: Int32) -> Bool {
        var staged = stat()
        var placed = stat()
        guard fstatat(folder, entry.staged, &staged, AT_SYMLINK_NOFOLLOW) == 0,
            fstatat(diaryFolder, entry.relative, &placed, AT_SYMLINK_NOFOLLOW) == 0
        else { return false }
        return staged.st_dev == placed.st_dev && staged.st_ino == placed.st_ino
    }

    private static func makeFolders(of relative: String, in diaryFolder: Int32) -> Bool {
        var parent = ""
        for part in relative.split(separator: "/").dropLast() {
            parent = parent.isEmpty ? String(part) : parent + "/" + part
            if mkdirat(diaryFolder, parent, 0o755) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Removes the files import writes in its staging folder (never through a link), then the
    /// marker and the folder. A folder holding anything else keeps it, and its marker.
    static func removeStaging(folder: Int32, diaryFolder: Int32, name: String, withFolders: Bool) {
        if withFolders, let list = ImportStaging.read(ImportStaging.foldersName, in: folder, limit: 1 << 20) {
            // Only what a day's folder can be (`YYYY`, `YYYY/MM`), deepest first, and only if empty.
            let folders = String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
                let parts = line.split(separator: "/", omittingEmptySubsequences: false)
                return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            }
            for relative in folders.reversed() { unlinkat(diaryFolder, relative, AT_REMOVEDIR) }
        }
        var foreign = false
        for entry in names(in: folder) where entry != ImportStaging.markerName {
            var status = stat()
            let ours =
                [ImportStaging.commitName, ImportStaging.partialName, ImportStaging.rollbackName, ImportStaging.foldersName, ImportStaging.doneName].contains(
                    entry)
                || (entry.hasSuffix(".md") && Int(entry.dropLast(3)).map { String($0) + ".md" == entry } == true)
            guard ours, fstatat(folder, entry, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                unlinkat(folder, entry, 0) == 0
            else {
                foreign = true
                continue
            }
        }
        guard !foreign else { return }
        unlinkat(folder, ImportStaging.markerName, 0)
        unlinkat(diaryFolder, name, AT_REMOVEDIR)
    }

    // MARK: Finding leftovers

    /// Calls `visit` for each staging folder of `diary` that is import's (a real folder with the
    /// marker), with it open and locked (not locked when `includeLive` and a running import holds
    /// it). With `removeEmpty`, an empty folder of that name left a minute ago or more (by an
    /// import stopped as it made it) is removed.
    private static func forEachLeftover(
        in diary: String, removeEmpty: Bool, includeLive: Bool = false,
        _ visit: (_ name: String, _ folder: Int32, _ diaryFolder: Int32, _ leftover: Leftover) -> Void
    ) {
        let diaryFolder = open(diary, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard diaryFolder >= 0 else { return }
        defer { close(diaryFolder) }
        for name in names(in: diaryFolder).sorted() where name.hasPrefix(ImportStaging.prefix) {
            // A link, a file or anything else by that name is not import's: never followed.
            let folder = openat(diaryFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { continue }
            defer { close(folder) }
            let locked = flock(folder, LOCK_EX | LOCK_NB) == 0
            guard locked || includeLive else { continue }
            guard ImportStaging.read(ImportStaging.markerName, in: folder, limit: 4096) == Array(ImportStaging.markerText.utf8) else {
                // Empty and unmarked: an import stopped as it made the folder, or as it removed it
                // (after its marker, before the folder). Removed once the import that named it
                // (`.journal-import-PID`) has ended, or a minute on; `rmdir` only ever removes
                // an empty folder.
                var status = stat()
                if removeEmpty, locked, names(in: folder).isEmpty, fstat(folder, &status) == 0,
                    !Self.isRunning(name) || Int(Date().timeIntervalSince1970) - Platform.changeTimes(status).modified.seconds >= 60
                {
                    unlinkat(diaryFolder, name, AT_REMOVEDIR)
                }
                continue
            }
            // Released before `pending` looks whether a running import holds it.
            if includeLive && locked { flock(folder, LOCK_UN) }
            visit(name, folder, diaryFolder, leftover(in: folder))
        }
    }

    /// Whether the process a staging folder is named after (`.journal-import-PID`) is running;
    /// true when the name holds no process number, or the process cannot be asked.
    private static func isRunning(_ name: String) -> Bool {
        guard let pid = Int32(name.dropFirst(ImportStaging.prefix.count)), pid > 0 else { return true }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    private static func leftover(in folder: Int32) -> Leftover {
        if let record = ImportStaging.read(ImportStaging.commitName, in: folder, limit: 1 << 26) {
            return ImportStaging.entries(ofRecord: record).map(Leftover.decided) ?? .unreadable
        }
        if let record = ImportStaging.read(ImportStaging.rollbackName, in: folder, limit: 1 << 26) {
            return ImportStaging.entries(ofRecord: record).map(Leftover.takingBack) ?? .unreadable
        }
        var status = stat()
        return fstatat(folder, ImportStaging.doneName, &status, AT_SYMLINK_NOFOLLOW) == 0 ? .finished : .undecided
    }

    /// The names in an open folder, `.` and `..` left out.
    private static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else { return [] }
        defer { closedir(directory) }
        rewinddir(directory)
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntry.name(entry)
            if name != "." && name != ".." { found.append(name) }
        }
        return found
    }
}
