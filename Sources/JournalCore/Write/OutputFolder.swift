import Foundation

/// Where a build writes, and whether it may (docs/content-format.md, "The output folder"): never over the journal, never
/// inside or around a folder the build reads, never over a folder that `journal` did not make.
/// `check` asks the same questions, so it fails wherever `build` would.
public struct OutputFolder: Sendable {
    /// As the user gave it, for messages.
    public let shown: String
    /// Absolute, with every symbolic link resolved: a build replaces the real folder, and a
    /// link to it keeps pointing at the new site.
    public let path: String

    /// The folder's parent and name, where the staging folder goes beside it.
    var parent: String { parentFolder(of: path) }
    var name: String { (path as NSString).lastPathComponent }

    public struct Problem: Error, Sendable {
        public var message: String
    }

    /// Resolves `output` and checks it against the journal at `source`.
    public static func resolve(_ output: String, source: String) -> Result<OutputFolder, Problem> {
        let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
        let folder = OutputFolder(shown: output, path: resolveExisting(absolute))
        let journal = resolveExisting(URL(fileURLWithPath: source).standardizedFileURL.path)
        if folder.path == "/" {
            return .failure(Problem(message: "the output folder \(output) is the root of the file system; choose another (--output)"))
        }
        if isInside(journal, folder.path) {
            return .failure(Problem(message: "the output folder \(output) holds the journal itself; choose another (--output)"))
        }
        for read in JournalTree.readFolders {
            let readPath = resolveExisting(journal + "/" + read)
            if isInside(folder.path, readPath) {
                return .failure(
                    Problem(
                        message:
                            "the output folder \(output) is inside \(read)/, which the build reads: a build would publish and then delete what you add there; choose another (--output)"
                    ))
            }
            if isInside(readPath, folder.path) {
                return .failure(
                    Problem(message: "the output folder \(output) holds \(read)/, which the build reads: a build would replace it; choose another (--output)"))
            }
        }
        var status = stat()
        if lstat(folder.path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                return .failure(Problem(message: "\(output) exists and is not a folder; move it away or choose another output folder (--output)"))
            }
            var entries: [String] = []
            FileTree.walk(folder.path, recursive: false) { name, _ in entries.append(name) }
            if !entries.isEmpty && !entries.contains(SiteWriter.markerName) {
                return .failure(
                    Problem(
                        message:
                            "\(output) is not empty and was not made by journal; move it away or choose another output folder (--output), so nothing in it is lost"
                    ))
            }
        }
        return .success(folder)
    }

    /// `path` with symbolic links resolved as far as it exists; the rest appended as written.
    static func resolveExisting(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while !existing.isEmpty && existing != "/" {
            if let real = Platform.realPath(existing) {
                return rest.reversed().reduce(real) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = parentFolder(of: existing)
        }
        return path
    }

    /// Whether `inner` is `outer` or lies below it.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }
}
