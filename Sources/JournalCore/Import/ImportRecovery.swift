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
        for name in StagingFolder.candidates(in: diaryFolder) {
            // A link, a file or anything else by that name is not import's: never followed.
            let folder = openat(diaryFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { continue }
            defer { close(folder) }
            let locked = flock(folder, LOCK_EX | LOCK_NB) == 0
            guard locked || includeLive else { continue }
            guard StagingFolder.isMarked(folder, kind: ImportStaging.kind) else {
                if removeEmpty, locked { StagingFolder.removeAbandoned(folder, named: name, in: diaryFolder) }
                continue
            }
            // Released before `pending` looks whether a running import holds it.
            if includeLive && locked { flock(folder, LOCK_UN) }
            visit(name, folder, diaryFolder, leftover(in: folder))
        }
    }

    private static func leftover(in folder: Int32) -> Leftover {
        if let record = StagingFolder.read(StagingFolder.commitName, in: folder, limit: 1 << 26) {
            return ImportStaging.entries(ofRecord: record).map(Leftover.decided) ?? .unreadable
        }
        if let record = StagingFolder.read(StagingFolder.rollbackName, in: folder, limit: 1 << 26) {
            return ImportStaging.entries(ofRecord: record).map(Leftover.takingBack) ?? .unreadable
        }
        var status = stat()
        return fstatat(folder, StagingFolder.doneName, &status, AT_SYMLINK_NOFOLLOW) == 0 ? .finished : .undecided
    }
}
