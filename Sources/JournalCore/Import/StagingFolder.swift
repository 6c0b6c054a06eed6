import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The staging mechanism of `journal import`, one for the diary's days (`ImportStaging`) and the
/// listening log's month files (`ListeningLogStaging`) (docs/content-format.md, "Importing"): a
/// hidden folder `.journal-import-PID` beside the files' places, marked as import's own; the new
/// files written in it by descriptor and flushed; a commit record naming each file's place,
/// flushed and renamed into the folder, which decides the import; and, once the files are in
/// place or the import is given up, the folder removed, with only what import writes in it.
/// The two differ only in how a staged file is put in place: a day is linked into a new place
/// (never replacing a file), a month file renamed over the old one.
struct StagingFolder {
    /// What one kind of staging folder holds.
    struct Kind: Sendable {
        /// The marker's text: a folder whose marker says anything else is never import's.
        var markerText: String
        /// A record's first line.
        var recordHeader: String
        /// The staged files' extension: they are `0.md`, `1.md`, …
        var fileExtension: String
        /// Names of the lines a record may hold before its places (`diary`).
        var fields: Set<String> = []
        /// Whether a record's place is one of this kind's (nothing else is ever put in place,
        /// whatever a record says).
        var isPlace: @Sendable (String) -> Bool
    }

    /// A commit (or rollback) record: its fields, and each place with the staged file of it.
    struct Record {
        var fields: [String: String] = [:]
        var entries: [(staged: String, relative: String)] = []
    }

    /// Staging folders are named `.journal-import-PID` (hidden: never read as content).
    static let prefix = ".journal-import-"
    /// What marks a staging folder as import's own: nothing else is ever removed.
    static let markerName = "journal-import"
    /// The record of a decided import, and the one written while it is made.
    static let commitName = "commit"
    static let partialName = "commit.partial"
    /// The record of an import being taken back (days only).
    static let rollbackName = "rollback"
    /// What the commit record becomes once every file is in place (days only).
    static let doneName = "done"
    /// The folders the import makes for its files, one a line (days only).
    static let foldersName = "folders"
    /// The records and lists import writes beside the staged files.
    static let recordNames: Set<String> = [commitName, partialName, rollbackName, doneName, foldersName]

    let kind: Kind
    /// The folder's name in its parent.
    let name: String
    /// The staging folder, open.
    let folder: Int32

    /// Makes and marks a staging folder in the open folder `parent` (at `path`, for messages),
    /// named after this process (a number after it when that name is taken); with `lock`,
    /// locked while this process runs. The folder stays open until its owner closes it.
    init(in parent: Int32, at path: String, kind: Kind, lock: Bool) throws(Failure) {
        var made: String?
        for attempt in 0..<100 {
            let candidate = Self.prefix + "\(getpid())" + (attempt == 0 ? "" : "-\(attempt)")
            if mkdirat(parent, candidate, 0o755) == 0 {
                made = candidate
                break
            }
            guard errno == EEXIST else { break }
        }
        guard let made else { throw Failure(path: path, reason: "cannot make a staging folder here: \(Platform.describe(errno))") }
        let folder = openat(parent, made, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0, !lock || flock(folder, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            if folder >= 0 { close(folder) }
            unlinkat(parent, made, AT_REMOVEDIR)
            throw Failure(path: path + "/" + made, reason: Platform.describe(reason))
        }
        let problem = Self.write(Array(kind.markerText.utf8), named: Self.markerName, in: folder)
        guard problem == 0 else {
            Self.remove(folder: folder, named: made, in: parent, kind: kind)
            close(folder)
            throw Failure(path: path + "/" + made, reason: Platform.describe(problem))
        }
        self.kind = kind
        self.name = made
        self.folder = folder
    }

    /// Why staging could not go on: the path it concerns and the reason.
    struct Failure: Error {
        var path: String
        var reason: String
    }

    /// The staged file of the place at `index` in the order files were staged.
    func staged(_ index: Int) -> String { "\(index).\(kind.fileExtension)" }

    /// Stages the file of the place at `index`, flushed; 0 or the `errno` of the failure.
    func stage(_ bytes: [UInt8], index: Int) -> Int32 {
        let problem = Self.write(bytes, named: staged(index), in: folder)
        if problem == 0 { Platform.flushFile(in: folder, named: staged(index)) }
        return problem
    }

    /// Decides the import: flushes what is staged, then writes the record (`fields`, then each
    /// place by the index it was staged at) and renames it into the folder. 0 or an `errno`.
    func commit(fields: [(name: String, value: String)] = [], places: [(index: Int, relative: String)]) -> Int32 {
        Platform.syncFileSystem(of: folder)
        var text = kind.recordHeader + "\n"
        for field in fields { text += "\(field.name)\t\(field.value)\n" }
        for place in places { text += "\(place.index)\t\(place.relative)\n" }
        text += "end\n"
        let problem = Self.write(Array(text.utf8), named: Self.partialName, in: folder)
        guard problem == 0 else { return problem }
        Platform.flushFile(in: folder, named: Self.partialName, always: true)
        guard renameat(folder, Self.partialName, folder, Self.commitName) == 0 else { return errno }
        fsync(folder)
        return 0
    }

    // MARK: Records

    /// A record's fields and places; nil when the text is not a whole record of `kind`, has a
    /// field it does not know, or names a place that is not one of its own.
    static func record(_ bytes: [UInt8], kind: Kind) -> Record? {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == kind.recordHeader, lines.last == "", lines.dropLast().last == "end" else { return nil }
        lines = Array(lines.dropFirst().dropLast(2))
        var record = Record()
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 2 else { return nil }
            if kind.fields.contains(fields[0]) {
                guard record.entries.isEmpty, record.fields[fields[0]] == nil else { return nil }
                record.fields[fields[0]] = fields[1]
                continue
            }
            guard let index = Int(fields[0]), index >= 0, String(index) == fields[0], kind.isPlace(fields[1]) else { return nil }
            record.entries.append(("\(index).\(kind.fileExtension)", fields[1]))
        }
        return record
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

    /// Whether the open folder holds `kind`'s marker.
    static func isMarked(_ folder: Int32, kind: Kind) -> Bool {
        read(markerName, in: folder, limit: 4096) == Array(kind.markerText.utf8)
    }

    /// The names in an open folder, `.` and `..` left out.
    static func names(in folder: Int32) -> [String] {
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

    /// The names of the open folder `parent`'s entries that look like staging folders, sorted.
    static func candidates(in parent: Int32) -> [String] {
        names(in: parent).filter { $0.hasPrefix(prefix) }.sorted()
    }

    // MARK: Removal

    /// Removes the files import writes in the open staging folder `folder` (staged files and
    /// records, each a regular file, never through a link), then its marker and the folder
    /// `name` of `parent`. A folder holding anything else keeps it, and its marker: false.
    @discardableResult
    static func remove(folder: Int32, named name: String, in parent: Int32, kind: Kind) -> Bool {
        var foreign = false
        for entry in names(in: folder) where entry != markerName {
            var status = stat()
            let stem = entry.hasSuffix("." + kind.fileExtension) ? String(entry.dropLast(kind.fileExtension.count + 1)) : nil
            let ours = recordNames.contains(entry) || (stem.flatMap { Int($0) }.map { String($0) == stem } == true)
            guard ours, fstatat(folder, entry, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                unlinkat(folder, entry, 0) == 0
            else {
                foreign = true
                continue
            }
        }
        guard !foreign else { return false }
        unlinkat(folder, markerName, 0)
        return unlinkat(parent, name, AT_REMOVEDIR) == 0
    }

    /// Removes the staging folder `name` of `parent` (open as `folder`) when it is empty and
    /// unmarked: an import stopped as it made the folder, or as it removed it (after its marker,
    /// before the folder). Only once the import that named it (`.journal-import-PID`) has ended,
    /// or a minute on; `rmdir` only ever removes an empty folder.
    static func removeAbandoned(_ folder: Int32, named name: String, in parent: Int32) {
        var status = stat()
        guard names(in: folder).isEmpty, fstat(folder, &status) == 0 else { return }
        if !isRunning(name) || Int(Date().timeIntervalSince1970) - Platform.changeTimes(status).modified.seconds >= 60 {
            unlinkat(parent, name, AT_REMOVEDIR)
        }
    }

    /// Whether the process a staging folder is named after (`.journal-import-PID`) is running;
    /// true when the name holds no process number, or the process cannot be asked.
    static func isRunning(_ name: String) -> Bool {
        guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { return true }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the staging folder `name` of `parent` when it is a real folder (never a link)
    /// holding `kind`'s marker (see `remove(folder:named:in:kind:)`).
    @discardableResult
    static func remove(_ name: String, in parent: Int32, kind: Kind) -> Bool {
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        guard isMarked(folder, kind: kind) else { return false }
        return remove(folder: folder, named: name, in: parent, kind: kind)
    }
}
