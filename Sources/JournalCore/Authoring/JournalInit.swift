import Foundation

/// `journal init DIR`: a new journal that builds as it is, with no edit and no warning: its
/// settings (every key, commented, defaults shown), a playlist, an about page, a favicon, a
/// `.gitignore` for the output, and a GitHub Actions workflow that publishes it to GitHub Pages.
/// It writes no day: a diary nobody has written in has logged nothing, and today's page is
/// `journal new`'s to write.
public enum JournalInit {
    public struct Options: Sendable {
        public var title: String?
        public var language: Language
        /// `OWNER/NAME` of the journal tool's repository, whose action (`action.yml`) the
        /// workflow uses; nil for `defaultToolRepository`.
        public var toolRepository: String?
        /// The services `journal sync` brings plays from (`--sync`): written as journal.yaml's
        /// `sync:`, and the workflow then syncs every hour.
        public var sync: [Sync]
        /// The date the example playlist was made.
        public var today: CalendarDate
        /// The zone written as `timezone`: the system's, so "today" stays where the writer is;
        /// nil when it could not be told (`SystemZone`), and then none is written.
        public var timezone: String?

        public init(
            title: String? = nil, language: Language = .en, toolRepository: String? = nil, sync: [Sync] = [],
            today: CalendarDate, timezone: String? = SystemZone.name()
        ) {
            self.sync = sync
            self.title = title
            self.language = language
            self.toolRepository = toolRepository
            self.today = today
            self.timezone = timezone
        }
    }

    public enum Refusal: Error, Equatable, Sendable {
        /// The folder has something in it already (its first few names).
        case notEmpty(String, [String])
        /// A file could not be written: the path and the reason. Whatever was written is removed.
        case cannotWrite(String, String)
        /// As `cannotWrite`, and these files and folders it made could not be removed.
        case leftBehind(String, String, [String])
    }

    /// The journal tool's repository the workflow names when `--tool-repository` does not
    /// (docs/publishing.md): a `uses:` line cannot take an expression, so it is written out.
    public static let defaultToolRepository = "listening-journal/journal"

    /// The languages `init` writes examples in.
    public static let languages: [Language] = [.en, .ko]

    /// Creates the journal in `folder` (made if missing) and returns the files written, relative
    /// to it, sorted. A folder holding anything, hidden files included, is refused untouched.
    public static func run(in folder: String, options: Options) throws(Refusal) -> [String] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notEmpty(folder, []) }
            let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [""]).sorted()
            guard present.isEmpty else { throw .notEmpty(folder, Array(present.prefix(3))) }
        }
        var writer = Writer()
        var made: [String] = []
        do throws(Refusal) {
            try writer.makeFolder(folder)
            for (relative, bytes) in self.files(options).sorted(by: { $0.key < $1.key }) {
                try writer.create(join(folder, relative), bytes: bytes, display: NewEntry.display(relative, source: folder))
                made.append(relative)
            }
        } catch {
            // Exactly what this run made goes, so the folder is as it was and init can run again.
            let remaining = writer.removeAll()
            if !remaining.isEmpty, case .cannotWrite(let path, let reason) = error { throw .leftBehind(path, reason, remaining) }
            throw error
        }
        return made
    }

    /// Makes folders and new files, remembering each, so a run that fails part-way can remove
    /// exactly what it made (and nothing that was there before).
    struct Writer {
        private(set) var folders: [String] = []
        private(set) var files: [String] = []

        /// Makes `path` and the folders above it that are missing.
        mutating func makeFolder(_ path: String) throws(Refusal) {
            var missing: [String] = []
            var current = path
            var status = stat()
            while !current.isEmpty, current != "/", current != ".", stat(current, &status) != 0, errno == ENOENT {
                missing.append(current)
                current = parentFolder(of: current)
            }
            for folder in missing.reversed() {
                guard mkdir(folder, 0o755) == 0 else {
                    if errno == EEXIST { continue }
                    throw .cannotWrite(folder, "cannot make this folder: \(Platform.describe(errno))")
                }
                folders.append(folder)
            }
        }

        /// Writes a new file (never replacing one), making its folder.
        mutating func create(_ path: String, bytes: [UInt8], display: String) throws(Refusal) {
            try makeFolder(parentFolder(of: path))
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .cannotWrite(display, errno == EEXIST ? "it appeared while init was writing" : Platform.describe(errno))
            }
            files.append(path)
            var problem: Int32 = 0
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        problem = errno
                        return
                    }
                    offset += written
                }
            }
            close(descriptor)
            if problem != 0 { throw .cannotWrite(display, Platform.describe(problem)) }
        }

        /// Removes every file and folder made, newest first; returns what could not be removed.
        func removeAll() -> [String] {
            var remaining: [String] = []
            for file in files.reversed() where unlink(file) != 0 && errno != ENOENT { remaining.append(file) }
            for folder in folders.reversed() where rmdir(folder) != 0 && errno != ENOENT { remaining.append(folder) }
            return remaining
        }
    }
}
