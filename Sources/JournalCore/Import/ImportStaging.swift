import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `journal import` writes all of its new days or none, whatever stops it: the write-ahead
/// pattern of SQLite's journal and of package managers (docs/content-format.md, "Importing").
///
/// 1. Every new day is written to a hidden staging folder of `content/diary/` (the diary's own
///    disk, so a day can be linked into place), marked as import's own and locked while it runs.
/// 2. The days are flushed to disk, then a commit record naming each day's place is written,
///    flushed and renamed into the folder: from that moment the import is decided.
/// 3. Each day is hard-linked into place; a link never replaces a file.
/// 4. The record is renamed `done`, then the staging folder goes.
///
/// Stopped before 2, the diary holds none of the days (the next run removes the folder); stopped
/// after it, the next `journal import` puts the rest in place (`ImportRecovery`), and until then
/// `build`, `check`, `serve` and `status` refuse to read half an import.
final class ImportStaging {
    /// Staging folders are named `.journal-import-PID` (hidden: never read as content).
    static let prefix = ".journal-import-"
    /// What marks a staging folder as import's own: nothing else is ever removed.
    static let markerName = "journal-import"
    static let markerText = "A staging folder of `journal import`: the next `journal import` finishes or removes it. Nothing here is part of the diary.\n"
    /// The record of a decided import, and the one written while it is made.
    static let commitName = "commit"
    static let partialName = "commit.partial"
    /// The record of an import being taken back: it could not put every day in place.
    static let rollbackName = "rollback"
    /// What the commit record becomes once every day is in place: only the cleaning is left.
    static let doneName = "done"
    /// The diary's folders the import makes for its days (`YYYY`, `YYYY/MM`), one a line.
    static let foldersName = "folders"
    static let recordHeader = "journal import 1"

    /// `content/diary`, as given.
    let diary: String
    /// The staging folder's name in the diary.
    let name: String
    private let diaryFolder: Int32
    private let folder: Int32
    private var paths: [String] = []

    var path: String { diary + "/" + name }

    /// Why staging could not go on: the path it concerns and the reason.
    struct Failure: Error {
        var path: String
        var reason: String
    }

    /// Makes, marks and locks a staging folder in `diary` (made when missing).
    init(diary: String) throws(Failure) {
        self.diary = diary
        do {
            try FileManager.default.createDirectory(atPath: diary, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: diary, reason: "cannot make this folder")
        }
        let diaryFolder = open(diary, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard diaryFolder >= 0 else { throw Failure(path: diary, reason: Platform.describe(errno)) }
        var made: String?
        for attempt in 0..<100 {
            let candidate = Self.prefix + "\(getpid())" + (attempt == 0 ? "" : "-\(attempt)")
            if mkdirat(diaryFolder, candidate, 0o755) == 0 {
                made = candidate
                break
            }
            guard errno == EEXIST else { break }
        }
        guard let made else {
            let reason = errno
            close(diaryFolder)
            throw Failure(path: diary, reason: "cannot make a staging folder here: \(Platform.describe(reason))")
        }
        let folder = openat(diaryFolder, made, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0, flock(folder, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            if folder >= 0 { close(folder) }
            unlinkat(diaryFolder, made, AT_REMOVEDIR)
            close(diaryFolder)
            throw Failure(path: diary + "/" + made, reason: Platform.describe(reason))
        }
        self.diaryFolder = diaryFolder
        self.folder = folder
        name = made
        let problem = Self.write(Array(Self.markerText.utf8), named: Self.markerName, in: folder)
        if problem != 0 {
            discard()
            throw Failure(path: diary + "/" + made, reason: Platform.describe(problem))
        }
    }

    deinit {
        close(folder)
        close(diaryFolder)
    }

    /// Stages the next day, whose place is `relative` (`YYYY/MM/YYYY-MM-DD.md` in the diary).
    func add(_ bytes: [UInt8], at relative: String) throws(Failure) {
        let problem = Self.write(bytes, named: "\(paths.count).md", in: folder)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        Platform.flushFile(in: folder, named: "\(paths.count).md")
        paths.append(relative)
    }

    /// Makes the folders of the days' places and checks that each day can be linked there: the
    /// last moment a problem leaves the diary untouched. Returns the places taken meanwhile by
    /// another file (left as they are; those days are not written).
    func prepare() throws(Failure) -> [String] {
        var status = stat()
        guard fstat(folder, &status) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
        // The folders to make are listed first, so whoever removes this staging folder before
        // the import is decided removes them too (when still empty).
        var missing: [String] = []
        var seen: Set<String> = []
        for relative in paths {
            var parent = ""
            for part in relative.split(separator: "/").dropLast() {
                parent = parent.isEmpty ? String(part) : parent + "/" + part
                var place = stat()
                if seen.insert(parent).inserted, fstatat(diaryFolder, parent, &place, 0) != 0, errno == ENOENT { missing.append(parent) }
            }
        }
        if !missing.isEmpty {
            let problem = Self.write(Array(missing.map { $0 + "\n" }.joined().utf8), named: Self.foldersName, in: folder)
            guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        }
        for parent in missing where mkdirat(diaryFolder, parent, 0o755) != 0 && errno != EEXIST {
            throw Failure(path: diary + "/" + parent, reason: "cannot make this folder: \(Platform.describe(errno))")
        }
        var taken: [String] = []
        var checked: Set<String> = []
        for relative in paths {
            let parent = relative.split(separator: "/").dropLast().joined(separator: "/")
            if !checked.contains(parent) {
                var place = stat()
                guard fstatat(diaryFolder, parent, &place, 0) == 0, (place.st_mode & S_IFMT) == S_IFDIR else {
                    throw Failure(path: diary + "/" + parent, reason: "this should be a folder")
                }
                guard place.st_dev == status.st_dev else {
                    throw Failure(
                        path: diary + "/" + parent, reason: "this folder is on another disk than \(diary), so its days cannot be put in place in one step")
                }
                checked.insert(parent)
            }
            var existing = stat()
            if fstatat(diaryFolder, relative, &existing, AT_SYMLINK_NOFOLLOW) == 0 { taken.append(relative) }
        }
        return taken
    }

    /// Decides the import: flushes the staged days, then writes the record naming the places of
    /// all but `leaving` and renames it into the folder.
    func commit(leaving: Set<String>) throws(Failure) {
        Platform.syncFileSystem(of: folder)
        var text = Self.recordHeader + "\n"
        for (index, relative) in paths.enumerated() where !leaving.contains(relative) { text += "\(index)\t\(relative)\n" }
        text += "end\n"
        let problem = Self.write(Array(text.utf8), named: Self.partialName, in: folder)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
        Platform.flushFile(in: folder, named: Self.partialName, always: true)
        guard renameat(folder, Self.partialName, folder, Self.commitName) == 0 else { throw Failure(path: path, reason: Platform.describe(errno)) }
        fsync(folder)
    }

    /// Puts every day of the record in place (see `ImportRecovery.rollForward`), then removes the
    /// staging folder. On a failure the days placed are taken back and the folder removed.
    func publish() -> ImportRecovery.Outcome {
        let outcome = ImportRecovery.finish(folder: folder, diaryFolder: diaryFolder, diary: diary, name: name)
        return outcome
    }

    /// Removes the staging folder and what it holds, and the diary's folders it made while
    /// still empty: the diary is as it was.
    func discard() {
        ImportRecovery.removeStaging(folder: folder, diaryFolder: diaryFolder, name: name, withFolders: true)
    }

    // MARK: Files, by descriptor (nothing is followed that is not ours)

    /// Writes a new file `name` in the open folder; 0 or the `errno` of the failure (the file is
    /// then removed).
    static func write(_ bytes: [UInt8], named name: String, in folder: Int32) -> Int32 {
        let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        let problem = FileTree.write(bytes, to: descriptor)
        close(descriptor)
        if problem != 0 { unlinkat(folder, name, 0) }
        return problem
    }

    /// A regular file `name` of the open folder (never through a link), if it holds at most `limit` bytes.
    static func read(_ name: String, in folder: Int32, limit: Int) -> [UInt8]? {
        let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit else { return nil }
        return FileTree.read(descriptor, count: Int(status.st_size))
    }

    /// The places a record names, in order, with the staged file of each; nil when the text is
    /// not a whole record, or names a place that is not a diary day's (nothing outside the
    /// diary is ever linked, whatever a record says).
    static func entries(ofRecord bytes: [UInt8]) -> [(staged: String, relative: String)]? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == recordHeader, lines.last == "", lines.dropLast().last == "end" else { return nil }
        lines = Array(lines.dropFirst().dropLast(2))
        var entries: [(String, String)] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 2, let index = Int(fields[0]), index >= 0, String(index) == fields[0],
                let date = CalendarDate(iso: String((fields[1].split(separator: "/").last ?? "").dropLast(3))),
                NewEntry.dayPath(date) == "content/diary/" + fields[1]
            else { return nil }
            entries.append(("\(index).md", fields[1]))
        }
        return entries
    }
}
