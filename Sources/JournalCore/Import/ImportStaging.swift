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
    /// The days' staging folders (`StagingFolder`): days staged as `0.md`, `1.md`, …, a record
    /// naming each day's place in the diary.
    static let kind = StagingFolder.Kind(
        markerText: "A staging folder of `journal import`: the next `journal import` finishes or removes it. Nothing here is part of the diary.\n",
        recordHeader: "journal import 1", fileExtension: "md", isPlace: { isDayPlace($0) })

    /// `content/diary`, as given.
    let diary: String
    private let diaryFolder: Int32
    private let staging: StagingFolder
    private var paths: [String] = []

    /// The staging folder's name in the diary.
    var name: String { staging.name }
    var path: String { diary + "/" + name }
    private var folder: Int32 { staging.folder }

    typealias Failure = StagingFolder.Failure

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
        do throws(Failure) {
            staging = try StagingFolder(in: diaryFolder, at: diary, kind: Self.kind, lock: true)
        } catch {
            close(diaryFolder)
            throw error
        }
        self.diaryFolder = diaryFolder
    }

    deinit {
        close(folder)
        close(diaryFolder)
    }

    /// Stages the next day, whose place is `relative` (`YYYY/MM/YYYY-MM-DD.md` in the diary).
    func add(_ bytes: [UInt8], at relative: String) throws(Failure) {
        let problem = staging.stage(bytes, index: paths.count)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
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
            let problem = StagingFolder.write(Array(missing.map { $0 + "\n" }.joined().utf8), named: StagingFolder.foldersName, in: folder)
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
        let places = paths.enumerated().filter { !leaving.contains($0.element) }.map { (index: $0.offset, relative: $0.element) }
        let problem = staging.commit(places: places)
        guard problem == 0 else { throw Failure(path: path, reason: Platform.describe(problem)) }
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

    /// Whether a record's place is a diary day's (`YYYY/MM/YYYY-MM-DD.md`): nothing outside the
    /// diary is ever linked, whatever a record says.
    static func isDayPlace(_ relative: String) -> Bool {
        guard let date = CalendarDate(iso: String((relative.split(separator: "/").last ?? "").dropLast(3))) else { return false }
        return NewEntry.dayPath(date) == "content/diary/" + relative
    }

    /// The places a record names, in order, with the staged file of each; nil when the text is
    /// not a whole record, or names a place that is not a diary day's.
    static func entries(ofRecord bytes: [UInt8]) -> [(staged: String, relative: String)]? {
        StagingFolder.record(bytes, kind: kind)?.entries
    }
}
