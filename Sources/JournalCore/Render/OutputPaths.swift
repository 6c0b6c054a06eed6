/// Checks, before anything is made, that every file of the planned site can be written: no two
/// files at one path, no file where another needs a folder, no name longer than a file system
/// takes. Whatever would fail at write time is found here, so `check` reports it too, all at
/// once, at the file of the journal that causes it (check is build without writing).
struct OutputPaths {
    /// Most file systems take at most 255 bytes per name.
    static let maxNameBytes = 255

    /// Generated files by path, with the journal file each came from when it came from one (a
    /// theme file of the journal's own `templates/`); nil for pages and charts.
    private var files: [String: String?] = [:]
    /// Every folder the planned files need, relative.
    private var folders: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Registers the generated files, reporting duplicates and names too long.
    init(jobs: [FileJob], origins: [String: String]) {
        for job in jobs {
            let origin = origins[job.path]
            if files[job.path] != nil {
                report("two files of the site would be written to /\(job.path)", at: origin ?? "templates/\(job.path)")
                continue
            }
            guard checkNames(job.path, origin: origin ?? "templates") else { continue }
            files[job.path] = origin
            addFolders(of: job.path)
        }
        // A generated file where another generated file needs a folder.
        for path in files.keys.sorted() where folders.contains(path) {
            report("/\(path) would be both a file and a folder of the site", at: files[path].flatMap { $0 } ?? "templates/\(path)")
        }
    }

    /// The static files that can be copied, reporting those that cannot. `relative` is under
    /// `static/`; a file the site generates itself wins, with a warning.
    mutating func copies(of staticFiles: [String]) -> [String] {
        var copies: [String] = []
        for path in staticFiles {
            let origin = "static/\(path)"
            if files[path] != nil {
                diagnostics.append(Diagnostic(.warning, "\(origin) is not copied: the site generates a file at /\(path)", path: origin))
                continue
            }
            if folders.contains(path) {
                report("\(origin) is a file, but the site needs a folder at /\(path)/ for its own pages; rename or move it", at: origin)
                continue
            }
            if let clash = Self.parents(of: path).first(where: { files[$0] != nil }) {
                report("\(origin) needs a folder at /\(clash)/, but the site generates a file there; rename or move static/\(clash)", at: origin)
                continue
            }
            guard checkNames(path, origin: origin) else { continue }
            copies.append(path)
        }
        return copies
    }

    private mutating func checkNames(_ path: String, origin: String) -> Bool {
        guard let long = path.split(separator: "/").first(where: { $0.utf8.count > Self.maxNameBytes }) else { return true }
        report("the name '\(long.prefix(40))…' is \(long.utf8.count) bytes long; a file system takes at most \(Self.maxNameBytes)", at: origin)
        return false
    }

    private mutating func addFolders(of path: String) {
        for folder in Self.parents(of: path) {
            guard folders.insert(folder).inserted else { break }
        }
    }

    /// `a/b/c` -> `a/b`, `a`: innermost first.
    private static func parents(of path: String) -> [String] {
        var result: [String] = []
        var rest = Substring(path)
        while let slash = rest.lastIndex(of: "/") {
            rest = rest[..<slash]
            result.append(String(rest))
        }
        return result
    }

    private mutating func report(_ message: String, at path: String) {
        diagnostics.append(Diagnostic(.error, message, path: path))
    }
}
