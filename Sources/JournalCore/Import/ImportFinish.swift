import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finishing one decided import, for the import itself (`ImportStaging.publish`) and for the next
/// run after it stopped: its days linked into place, or all taken back when they cannot be, then
/// its staging folder removed.
extension ImportRecovery {
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

    /// Puts the days of a decided import in place, or takes them back when they cannot all be;
    /// then removes the staging folder. `folder` is the staging folder, open and locked.
    static func finish(folder: Int32, diaryFolder: Int32, diary: String, name: String) -> Outcome {
        var outcome = Outcome()
        if let record = StagingFolder.read(StagingFolder.commitName, in: folder, limit: 1 << 26) {
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
                guard renameat(folder, StagingFolder.commitName, folder, StagingFolder.rollbackName) == 0 else {
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
                renameat(folder, StagingFolder.commitName, folder, StagingFolder.doneName)
            }
        } else if let record = StagingFolder.read(StagingFolder.rollbackName, in: folder, limit: 1 << 26) {
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
        guard fstatat(folder, StagingFolder.rollbackName, &record, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
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
        unlinkat(folder, StagingFolder.rollbackName, 0)
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
        if withFolders, let list = StagingFolder.read(StagingFolder.foldersName, in: folder, limit: 1 << 20) {
            // Only what a day's folder can be (`YYYY`, `YYYY/MM`), deepest first, and only if empty.
            let folders = String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
                let parts = line.split(separator: "/", omittingEmptySubsequences: false)
                return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            }
            for relative in folders.reversed() { unlinkat(diaryFolder, relative, AT_REMOVEDIR) }
        }
        StagingFolder.remove(folder: folder, named: name, in: diaryFolder, kind: ImportStaging.kind)
    }
}
