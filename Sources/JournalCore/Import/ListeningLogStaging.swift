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
    /// The log's staging folders (`StagingFolder`): month files staged as `0.tsv`, `1.tsv`, …, a
    /// record naming each one's place in `listening/` and, when the import writes days too, the
    /// days' staging folder it waits for (`diary`).
    static let kind = StagingFolder.Kind(
        markerText: "A staging folder of `journal import` for the listening log: the next `journal import` finishes or removes it.\n",
        recordHeader: "journal listening 1", fileExtension: "tsv", fields: ["diary"], isPlace: { isMonthPlace($0) })

    /// `listening/`, as given.
    let root: String
    private let rootFolder: Int32
    /// Made with the first month file staged.
    private var staging: StagingFolder?
    private var places: [String] = []
    /// Year folders made for new months, removed again if the import is discarded.
    private var madeFolders: [String] = []

    typealias Failure = StagingFolder.Failure

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
    }

    deinit {
        if let staging { close(staging.folder) }
        close(rootFolder)
    }

    var path: String { root + "/" + (staging?.name ?? "") }

    /// Stages a month file whose place is `relative` (`2024/2024-01.tsv` in `listening/`).
    func add(_ bytes: [UInt8], at relative: String) throws(Failure) {
        if staging == nil { staging = try StagingFolder(in: rootFolder, at: root, kind: Self.kind, lock: false) }
        guard let staging else { return }
        let problem = staging.stage(bytes, index: places.count)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        places.append(relative)
    }

    /// Makes the year folders and checks every place can take its file in one rename: the last
    /// moment a problem leaves the log untouched.
    func prepare() throws(Failure) {
        guard let staging else { return }
        var status = stat()
        guard fstat(staging.folder, &status) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
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
        guard let staging else { return }
        let problem = staging.commit(
            fields: diary.map { [(name: "diary", value: $0)] } ?? [], places: places.enumerated().map { (index: $0.offset, relative: $0.element) })
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
    }

    /// Renames every staged file into place, then removes the staging folder. A failure leaves
    /// the record and the files not yet placed, for `journal import --resume`.
    func publish() -> Failure? {
        guard let staging else { return nil }
        if let failure = Self.rollForward(folder: staging.folder, rootFolder: rootFolder, root: root, name: staging.name) { return failure }
        StagingFolder.remove(folder: staging.folder, named: staging.name, in: rootFolder, kind: Self.kind)
        close(staging.folder)
        self.staging = nil
        return nil
    }

    /// Removes the staging folder and the year folders made for it while still empty.
    func discard() {
        if let staging {
            StagingFolder.remove(folder: staging.folder, named: staging.name, in: rootFolder, kind: Self.kind)
            close(staging.folder)
            self.staging = nil
        }
        for parent in madeFolders.reversed() { unlinkat(rootFolder, parent, AT_REMOVEDIR) }
        madeFolders = []
    }

    // MARK: Finishing what a stopped import left

    /// Renames the staged files a record names that are still staged into their places.
    static func rollForward(folder: Int32, rootFolder: Int32, root: String, name: String) -> Failure? {
        guard let record = StagingFolder.read(StagingFolder.commitName, in: folder, limit: 1 << 20), let entries = entries(ofRecord: record) else {
            return Failure(path: root + "/" + name + "/" + StagingFolder.commitName, reason: "this commit record is damaged")
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

    /// A record's places, and the days' staging folder it waits for, if any (only ever one of
    /// the diary's own staging folders).
    static func record(_ bytes: [UInt8]) -> (entries: [(staged: String, relative: String)], diary: String?)? {
        guard let record = StagingFolder.record(bytes, kind: kind) else { return nil }
        let diary = record.fields["diary"]
        if let diary {
            guard diary.hasPrefix("content/diary/" + StagingFolder.prefix), !diary.dropFirst("content/diary/".count).contains("/") else { return nil }
        }
        return (record.entries, diary)
    }

    /// Whether a staging folder's import is decided: it has a commit record, and the days it
    /// waits for (if any) are decided too (their folder has a record, or is gone: put in place).
    /// `journal` is the journal folder.
    static func isDecided(folder: String, journal: String) -> Bool {
        guard let bytes = FileTree.read(folder + "/" + StagingFolder.commitName), let record = record(bytes) else {
            var status = stat()
            return lstat(folder + "/" + StagingFolder.commitName, &status) == 0
        }
        guard let diary = record.diary else { return true }
        let days = join(journal, diary)
        var status = stat()
        guard lstat(days, &status) == 0 else { return true }
        return [StagingFolder.commitName, StagingFolder.doneName, StagingFolder.rollbackName].contains { lstat(days + "/" + $0, &status) == 0 }
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

    /// The log's staging folders in `root` (real folders holding the marker, never a link),
    /// each open while `visit` looks at it. With `removeEmpty`, an empty unmarked one an import
    /// left as it was stopped is removed (`StagingFolder.removeAbandoned`).
    private static func forEachStaging(in rootFolder: Int32, removeEmpty: Bool, _ visit: (_ name: String, _ folder: Int32) -> Void) {
        for name in StagingFolder.candidates(in: rootFolder) {
            let folder = openat(rootFolder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { continue }
            defer { close(folder) }
            if StagingFolder.isMarked(folder, kind: kind) {
                visit(name, folder)
            } else if removeEmpty {
                StagingFolder.removeAbandoned(folder, named: name, in: rootFolder)
            }
        }
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
        forEachStaging(in: rootFolder, removeEmpty: true) { name, folder in
            if isDecided(folder: root + "/" + name, journal: parentFolder(of: root)) {
                if let failure = rollForward(folder: folder, rootFolder: rootFolder, root: root, name: name) {
                    diagnostics.append(Diagnostic(.error, failure.reason, path: display(failure.path)))
                    return
                }
                lines.append("Finished the listening log of an import that was stopped after it was decided.")
            } else {
                lines.append("Removed what an import stopped before it was decided had staged for the listening log (the log was not changed).")
            }
            StagingFolder.remove(folder: folder, named: name, in: rootFolder, kind: kind)
        }
        return (lines, diagnostics)
    }

    /// Whether `root` holds a decided import not yet finished (a build must not read the log).
    static func unfinished(_ root: String) -> String? {
        let rootFolder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFolder >= 0 else { return nil }
        defer { close(rootFolder) }
        var found: String?
        forEachStaging(in: rootFolder, removeEmpty: false) { name, _ in
            if found == nil, isDecided(folder: root + "/" + name, journal: parentFolder(of: root)) { found = root + "/" + name }
        }
        return found
    }
}
