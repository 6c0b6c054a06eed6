import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `journal import` changes the listening log's month files all at once or not at all
/// (docs/content-format.md, "The listening log"), the way `ImportStaging` writes days:
///
/// 1. `listening/` is locked for the whole import (two imports never append to one month at once),
///    before its month files are read.
/// 2. Each new month file is written whole to a hidden staging folder of `listening/`, marked as
///    import's own, and flushed.
/// 3. A commit record naming each file's place is written, flushed and renamed into the folder:
///    from that moment the import is decided.
/// 4. Each file is renamed over its place (a rename replaces a file in one step), then the
///    staging folder goes.
///
/// Stopped before 3, the log is as it was (the next import removes the folder); after it, the
/// next `journal import` renames the rest into place (`recover`), and until then `build` and
/// `check` refuse to read the log.
final class ListeningLogStaging {
    static let prefix = ".journal-import-"
    static let markerName = "journal-import"
    static let markerText = "A staging folder of `journal import` for the listening log: the next `journal import` finishes or removes it.\n"
    static let commitName = "commit"
    static let partialName = "commit.partial"
    static let recordHeader = "journal listening 1"

    /// `listening/`, as given.
    let root: String
    let name: String
    private let rootFolder: Int32
    private var folder: Int32 = -1
    private var places: [String] = []
    /// Year folders made for new months, removed again if the import is discarded.
    private var madeFolders: [String] = []

    typealias Failure = ImportStaging.Failure

    /// Makes `root` when missing and locks it: a second import waits for nothing, it is refused.
    init(root: String) throws(Failure) {
        self.root = root
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: root, reason: "cannot make this folder")
        }
        let rootFolder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFolder >= 0 else { throw Failure(path: root, reason: Platform.describe(errno)) }
        guard flock(rootFolder, LOCK_EX | LOCK_NB) == 0 else {
            close(rootFolder)
            throw Failure(path: root, reason: "another journal import is writing the listening log; try again when it has finished")
        }
        self.rootFolder = rootFolder
        name = Self.prefix + "\(getpid())"
    }

    deinit {
        if folder >= 0 { close(folder) }
        close(rootFolder)
    }

    var path: String { root + "/" + name }

    /// Stages a month file whose place is `relative` (`2024/2024-01.tsv` in `listening/`).
    func add(_ bytes: [UInt8], at relative: String) throws(Failure) {
        if folder < 0 {
            unlinkStale()
            guard mkdirat(rootFolder, name, 0o755) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
            folder = openat(rootFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
            let problem = ImportStaging.write(Array(Self.markerText.utf8), named: Self.markerName, in: folder)
            guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        }
        let staged = "\(places.count).tsv"
        let problem = ImportStaging.write(bytes, named: staged, in: folder)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        Platform.flushFile(in: folder, named: staged)
        places.append(relative)
    }

    /// A staging folder of this process's number left by an earlier process (its number reused).
    private func unlinkStale() {
        Self.remove(name, in: rootFolder)
    }

    /// Makes the year folders and checks every place can take its file in one rename: the last
    /// moment a problem leaves the log untouched.
    func prepare() throws(Failure) {
        guard folder >= 0 else { return }
        var status = stat()
        guard fstat(folder, &status) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
        for relative in places {
            let parent = relative.split(separator: "/").dropLast().joined(separator: "/")
            var place = stat()
            if fstatat(rootFolder, parent, &place, 0) != 0 {
                guard errno == ENOENT, mkdirat(rootFolder, parent, 0o755) == 0 else {
                    throw Failure(path: root + "/" + parent, reason: "cannot make this folder: \(Platform.describe(errno))")
                }
                madeFolders.append(parent)
                guard fstatat(rootFolder, parent, &place, 0) == 0 else { throw Failure(path: root + "/" + parent, reason: Platform.describe(errno)) }
            }
            guard (place.st_mode & S_IFMT) == S_IFDIR else { throw Failure(path: root + "/" + parent, reason: "this should be a folder") }
            guard place.st_dev == status.st_dev else {
                throw Failure(
                    path: root + "/" + parent, reason: "this folder is on another disk than \(root), so its month files cannot be replaced in one step")
            }
            var existing = stat()
            if fstatat(rootFolder, relative, &existing, AT_SYMLINK_NOFOLLOW) == 0, (existing.st_mode & S_IFMT) != S_IFREG {
                throw Failure(path: root + "/" + relative, reason: "this should be a plain file of the listening log")
            }
        }
    }

    /// Decides: flushes the staged files, then writes the record naming each place. With
    /// `diary` (the days' staging folder, `content/diary/.journal-import-…`, as a path relative
    /// to the journal), the log is decided only once those days are: the record names it, and
    /// until its own commit record is written the log's counts as undecided too, so the log and
    /// the days go in place together or not at all.
    func commit(diary: String?) throws(Failure) {
        guard folder >= 0 else { return }
        Platform.syncFileSystem(of: folder)
        var text = Self.recordHeader + "\n"
        if let diary { text += "diary\t\(diary)\n" }
        for (index, relative) in places.enumerated() { text += "\(index)\t\(relative)\n" }
        text += "end\n"
        let problem = ImportStaging.write(Array(text.utf8), named: Self.partialName, in: folder)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        Platform.flushFile(in: folder, named: Self.partialName, always: true)
        guard renameat(folder, Self.partialName, folder, Self.commitName) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
        fsync(folder)
    }

    /// Renames every staged file into place, then removes the staging folder. A failure leaves
    /// the record and the files not yet placed, for `journal import --resume`.
    func publish() -> Failure? {
        guard folder >= 0 else { return nil }
        if let failure = Self.rollForward(folder: folder, rootFolder: rootFolder, root: root, name: name) { return failure }
        close(folder)
        folder = -1
        Self.remove(name, in: rootFolder)
        return nil
    }

    /// Removes the staging folder and the year folders made for it while still empty.
    func discard() {
        if folder >= 0 {
            close(folder)
            folder = -1
            Self.remove(name, in: rootFolder)
        }
        for parent in madeFolders.reversed() { unlinkat(rootFolder, parent, AT_REMOVEDIR) }
        madeFolders = []
    }

    // MARK: Finishing what a stopped import left

    /// Renames the staged files a record names that are still staged into their places.
    static func rollForward(folder: Int32, rootFolder: Int32, root: String, name: String) -> Failure? {
        guard let record = ImportStaging.read(commitName, in: folder, limit: 1 << 20), let entries = entries(ofRecord: record) else {
            return Failure(path: root + "/" + name + "/" + commitName, reason: "this commit record is damaged")
        }
        for (staged, relative) in entries {
            var status = stat()
            guard fstatat(folder, staged, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let parent = relative.split(separator: "/").dropLast().joined(separator: "/")
            if mkdirat(rootFolder, parent, 0o755) != 0 && errno != EEXIST {
                return Failure(path: root + "/" + parent, reason: "cannot make this folder: \(Platform.describe(errno))")
            }
            guard renameat(folder, staged, rootFolder, relative) == 0 else {
                return Failure(path: root + "/" + relative, reason: "cannot put this month's file in place: \(Platform.describe(errno))")
            }
        }
        fsync(rootFolder)
        return nil
    }

    /// The places a record names with their staged files; nil when it is not a whole record or
    /// names anything but a month file of the log (`YYYY/YYYY-MM.tsv`).
    static func entries(ofRecord bytes: [UInt8]) -> [(staged: String, relative: String)]? {
        record(bytes)?.entries
    }

    /// A record's places, and the days' staging folder it waits for, if any.
    static func record(_ bytes: [UInt8]) -> (entries: [(staged: String, relative: String)], diary: String?)? {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == recordHeader, lines.last == "", lines.dropLast().last == "end" else { return nil }
        var diary: String?
        if lines.count > 1, lines[1].hasPrefix("diary\t") {
            let name = String(lines[1].dropFirst("diary\t".count))
            guard name.hasPrefix("content/diary/" + ImportStaging.prefix), !name.dropFirst("content/diary/".count).contains("/") else { return nil }
            diary = name
            lines.remove(at: 1)
        }
        var entries: [(String, String)] = []
        for line in lines.dropFirst().dropLast(2) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 2, let index = Int(fields[0]), index >= 0, String(index) == fields[0], isMonthPlace(fields[1]) else { return nil }
            entries.append(("\(index).tsv", fields[1]))
        }
        return (entries, diary)
    }

    /// Whether a staging folder's import is decided: it has a commit record, and the days it
    /// waits for (if any) are decided too (their folder has a record, or is gone: put in place).
    /// `journal` is the journal folder.
    static func isDecided(folder: String, journal: String) -> Bool {
        guard let bytes = FileTree.read(folder + "/" + commitName), let record = record(bytes) else {
            var status = stat()
            return lstat(folder + "/" + commitName, &status) == 0
        }
        guard let diary = record.diary else { return true }
        let days = join(journal, diary)
        var status = stat()
        guard lstat(days, &status) == 0 else { return true }
        return [ImportStaging.commitName, ImportStaging.doneName, ImportStaging.rollbackName].contains { lstat(days + "/" + $0, &status) == 0 }
    }

    /// `2024/2024-01.tsv`.
    static func isMonthPlace(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber),
            let year = Int(parts[0]), parts[1].hasSuffix(".tsv")
        else { return false }
        let stem = parts[1].dropLast(4)
        guard stem.count == 7, stem.hasPrefix(parts[0] + "-"), let month = Int(stem.suffix(2)), stem.suffix(2).allSatisfy(\.isNumber) else { return false }
        return ListeningLogFile.relativePath(year: year, month: month) == "listening/" + relative && (1...12).contains(month)
    }

    /// Removes a staging folder `name` of `rootFolder` (only a real folder holding the marker,
    /// and in it only what import writes).
    static func remove(_ name: String, in rootFolder: Int32) {
        let folder = openat(rootFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        var marker = stat()
        guard fstatat(folder, markerName, &marker, AT_SYMLINK_NOFOLLOW) == 0 else {
            close(folder)
            return
        }
        // Only what import writes: numbered month files and its records.
        for entry in ImportRecovery.names(in: folder) where entry.hasSuffix(".tsv") && entry.dropLast(4).allSatisfy({ $0.isASCII && $0.isNumber }) {
            unlinkat(folder, entry, 0)
        }
        for file in [commitName, partialName, markerName] { unlinkat(folder, file, 0) }
        close(folder)
        unlinkat(rootFolder, name, AT_REMOVEDIR)
    }

    /// Finishes or removes the staging folders earlier imports left in `root`: a decided one's
    /// files are put in place, an undecided one removed. A folder another running import holds
    /// is left alone. Returns what was done, and problems.
    static func recover(root: String, display: (String) -> String) -> (lines: [String], diagnostics: [Diagnostic]) {
        var lines: [String] = []
        var diagnostics: [Diagnostic] = []
        let rootFolder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFolder >= 0 else { return ([], []) }
        defer { close(rootFolder) }
        // Held while recovering: a running import holds it from before its staging folder exists.
        guard flock(rootFolder, LOCK_EX | LOCK_NB) == 0 else { return ([], []) }
        defer { flock(rootFolder, LOCK_UN) }
        for name in stagingFolders(root) {
            let folder = openat(rootFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { continue }
            var marker = stat()
            guard fstatat(folder, markerName, &marker, AT_SYMLINK_NOFOLLOW) == 0 else {
                close(folder)
                continue
            }
            if isDecided(folder: root + "/" + name, journal: parentFolder(of: root)) {
                if let failure = rollForward(folder: folder, rootFolder: rootFolder, root: root, name: name) {
                    diagnostics.append(Diagnostic(.error, failure.reason, path: display(failure.path)))
                    close(folder)
                    continue
                }
                lines.append("Finished the listening log of an import that was stopped after it was decided.")
            } else {
                lines.append("Removed what an import stopped before it was decided had staged for the listening log (the log was not changed).")
            }
            close(folder)
            remove(name, in: rootFolder)
        }
        return (lines, diagnostics)
    }

    /// The names of `root`'s entries that look like staging folders.
    static func stagingFolders(_ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Whether `root` holds a decided import not yet finished (a build must not read the log).
    static func unfinished(_ root: String) -> String? {
        for name in stagingFolders(root) {
            var marker = stat()
            let folder = root + "/" + name
            if lstat(folder + "/" + markerName, &marker) == 0, isDecided(folder: folder, journal: parentFolder(of: root)) { return folder }
        }
        return nil
    }
}
