#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a build reads under one folder of the journal (`content/`, `static/`,
/// `templates/`), found the same way by Load and by the up-to-date stamps, so the two never
/// disagree about what the site is made of.
///
/// Symbolic links are followed, to files and to folders, as if the target stood there; a link
/// that leads back into a folder it is inside is reported, not walked forever. Hidden names
/// (starting with `.`) are left out at every depth: a theme cloned with its `.git/` never
/// publishes it. Everything that cannot be read is reported, never silently skipped.
public struct JournalTree {
    struct File {
        /// Relative to the walked folder, `/`-separated.
        var relative: String
        /// The status of the file itself (of a link's target, not the link).
        var status: stat
    }

    struct Problem: Equatable {
        /// Relative to the walked folder; empty for the folder itself.
        var relative: String
        var message: String
    }

    /// Regular files, sorted by their bytes so the order never depends on the file system.
    private(set) var files: [File] = []
    /// Every folder walked (`""` for the root itself), relative like `files`, in no particular
    /// order; also those that could not be listed. What a change watcher watches.
    private(set) var folders: [String] = []
    /// Every symbolic link below the root whose target does not exist, relative like `files`:
    /// reported as problems, and what a change watcher looks at until the target appears.
    private(set) var brokenLinks: [String] = []
    private(set) var problems: [Problem] = []

    /// The journal folder, resolved, when links must stay inside it (`published`).
    private var journal: String?

    /// The folders of a journal the build reads files from (besides `journal.yaml`).
    public static let readFolders = ["content", "templates", "static", "catalogue", "listening"]

    /// Every folder a build reads below the journal at `source` (links followed as the build
    /// follows them, hidden ones left out), as paths that start with `source`: what a change
    /// watcher watches.
    public static func foldersRead(from source: String) -> [String] {
        watched(from: source).folders
    }

    /// `foldersRead`, and every broken symbolic link below those folders (`content/diary` linked
    /// to a folder not made yet), from one walk: what a change watcher watches and looks at.
    public static func watched(from source: String) -> (folders: [String], brokenLinks: [String]) {
        var folders: [String] = []
        var brokenLinks: [String] = []
        for name in readFolders {
            let root = source + "/" + name
            let tree = JournalTree(reading: name, of: source)
            folders += tree.folders.map { $0.isEmpty ? root : root + "/" + $0 }
            brokenLinks += tree.brokenLinks.map { root + "/" + $0 }
        }
        return (folders, brokenLinks)
    }

    /// `name`, one of `readFolders`, of the journal at `source`, walked as Load walks it: links in
    /// the published folders (`static/`, `templates/`) only to the journal's own files.
    init(reading name: String, of source: String) {
        self.init(source + "/" + name, published: name == "static" || name == "templates" ? source : nil)
    }

    /// Walks `root`. A missing `root` is an empty tree (the folders are optional). For a folder
    /// whose files are published (`static/`, `templates/`), `published` names the journal: a link
    /// there is followed only when it leads to a file or folder of the journal that is not hidden,
    /// so a link can never publish `/etc/passwd` or a clone's `.git/config`
    /// (docs/content-format.md, "Files").
    init(_ root: String, published journal: String? = nil) {
        self.journal = journal.flatMap(Platform.realPath)
        var status = stat()
        guard stat(root, &status) == 0 else {
            if errno != ENOENT {
                problems.append(Problem(relative: "", message: "cannot read this folder: \(Platform.describe(errno))"))
            } else if lstat(root, &status) == 0 {
                problems.append(Problem(relative: "", message: "a broken symbolic link: its target does not exist"))
            }
            return
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            problems.append(Problem(relative: "", message: "this should be a folder, but it is a file"))
            return
        }
        walk(root, identity: Identity(status))
        files.sort { $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8) }
        problems.sort { $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8) }
    }

    /// A folder's device and inode: what a link loop returns to.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    private mutating func walk(_ root: String, identity: Identity) {
        // Each pending folder carries the folders it lies inside, to tell a loop from a folder
        // that two links reach.
        var pending: [(relative: String, ancestors: Set<Identity>)] = [("", [identity])]
        while let (relative, ancestors) = pending.popLast() {
            folders.append(relative)
            guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else {
                problems.append(Problem(relative: relative, message: "cannot read this folder: \(Platform.describe(errno))"))
                continue
            }
            defer { closedir(directory) }
            let folder = dirfd(directory)
            while let entry = readdir(directory) {
                let name = DirectoryEntry.name(entry)
                guard !name.hasPrefix(".") else { continue }
                // A name that is not UTF-8 was repaired with U+FFFD: it names no file, so it is
                // reported as the bytes it is (`caf\xE9.txt`) with how to rename it.
                if name.unicodeScalars.contains("\u{FFFD}"), UndecodableName.decoded(DirectoryEntry.nameBytes(entry)) == nil {
                    let undecodable = UndecodableName(bytes: DirectoryEntry.nameBytes(entry))
                    problems.append(
                        Problem(relative: relative.isEmpty ? undecodable.escaped : relative + "/" + undecodable.escaped, message: undecodable.message))
                    continue
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                if let journal, DirectoryEntry.type(entry) == Int32(DT_LNK) || DirectoryEntry.type(entry) == Int32(DT_UNKNOWN),
                    let problem = Self.linkProblem(root + "/" + path, journal: journal)
                {
                    problems.append(Problem(relative: path, message: problem))
                    continue
                }
                var status = stat()
                guard fstatat(folder, name, &status, 0) == 0 else {
                    let reason = errno
                    var link = stat()
                    if fstatat(folder, name, &link, AT_SYMLINK_NOFOLLOW) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                        if reason != ELOOP { brokenLinks.append(path) }
                        problems.append(
                            Problem(
                                relative: path,
                                message: reason == ELOOP
                                    ? "a symbolic link that leads to itself" : "a broken symbolic link: its target does not exist"))
                    } else {
                        problems.append(Problem(relative: path, message: "cannot read this: \(Platform.describe(reason))"))
                    }
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    let identity = Identity(status)
                    if ancestors.contains(identity) {
                        problems.append(Problem(relative: path, message: "a symbolic link that leads back into a folder it is in; it would be read forever"))
                    } else {
                        pending.append((path, ancestors.union([identity])))
                    }
                case S_IFREG:
                    files.append(File(relative: path, status: status))
                default:
                    // Sockets, pipes and devices hold no content; reading a pipe would wait forever.
                    problems.append(Problem(relative: path, message: "not a regular file or folder; remove it or move it out of the journal"))
                }
            }
        }
    }

    /// Why the link at `path` may not be followed in a published folder, or nil when it may (or
    /// is no link, or is broken: the walk reports that).
    static func linkProblem(_ path: String, journal: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, let target = Platform.realPath(path) else { return nil }
        guard target.hasPrefix(journal + "/") else {
            return
                "a symbolic link to \(target), outside the journal: in static/ and templates/ a link is followed only to a file or folder of the journal, so nothing else is ever published"
        }
        let inside = target.dropFirst(journal.count + 1)
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return "a symbolic link to a hidden file or folder (\(inside)): hidden files are never published, through a link or otherwise"
        }
        return nil
    }
}
