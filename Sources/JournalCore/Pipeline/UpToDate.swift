import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a rebuild with nothing changed cost a look at the files instead of a build (what `make`
/// and Bazel do): a finished build records, in the output's marker file, a stamp of everything
/// the site was built from and a stamp of the output it left. When both still match, the site
/// on disk is exactly what a build would write, so nothing is built and nothing is touched.
///
/// A stamp covers each file's path, size, inode, modification and status-change times. The
/// status-change time (`ctime`) moves on every write and cannot be set back by hand, so an
/// edited, replaced or `touch`ed file always counts as changed, in the journal and in the output
/// (but for an output file with other names, whose ctime others' links move: `stamp`).
/// The program itself is part of the stamp, so a new version of `journal` builds again.
/// (On a file system that keeps whole seconds, such as FAT, an edit in the same second as the
/// last build that keeps a file's size is not seen until the file changes again.)
enum UpToDate {
    /// The stamp of what a build with `options` reads, or nil when it cannot be taken. `today`:
    /// the build's date, which the pages depend on as on a file (nil: left out, for watching files).
    static func sourceStamp(_ options: BuildOptions, today: CalendarDate? = nil) -> String? {
        var hasher = StampHasher()
        hasher.add("journal build stamp 1")
        if let today { hasher.add("today " + today.iso) }
        hasher.add(options.drafts ? "drafts" : "no drafts")
        hasher.add(options.strict ? "strict" : "not strict")
        hasher.add(options.baseURL ?? "")
        hasher.add(options.output ?? "")
        guard let executable = Platform.executablePath, let tool = stampOfFile(executable) else { return nil }
        hasher.add(tool)
        let source = URL(fileURLWithPath: options.source).standardizedFileURL.path
        hasher.add(source)
        hasher.add(stampOfFile(source + "/journal.yaml") ?? "no journal.yaml")
        // Exactly the files Load reads, found the same way (links followed, hidden names left out).
        let trees = ParallelMap.map(JournalTree.readFolders) { JournalTree(reading: $0, of: source) }
        for (folder, tree) in zip(JournalTree.readFolders, trees) {
            hasher.add(folder)
            for file in tree.files {
                hasher.add(file.relative)
                hasher.add(stamp(file.status))
            }
            for problem in tree.problems {
                hasher.add(problem.relative)
                hasher.add(problem.message)
            }
        }
        return hasher.hex
    }

    /// The stamp of the output folder's files, the marker left out.
    static func outputStamp(_ output: String) -> String {
        var hasher = StampHasher()
        for (relative, stamp) in stampsOfTree(output, linkedFilesKeepNoCtime: true) where relative != SiteWriter.markerName {
            hasher.add(relative)
            hasher.add(stamp)
        }
        return hasher.hex
    }

    /// The marker's text for a build from `sourceStamp`, before the output is known.
    static func markerText(sourceStamp: String?) -> String {
        SiteWriter.markerText + (sourceStamp.map { "source \($0)\n" } ?? "")
    }

    /// When `output` holds what a build from `sourceStamp` would write (its marker names that
    /// source stamp and its files still have the stamp recorded after that build), the number
    /// of pages it has; otherwise nil.
    static func currentPageCount(output: String, sourceStamp: String) -> Int? {
        guard let marker = FileTree.read(output + "/" + SiteWriter.markerName) else { return nil }
        let lines = String(decoding: marker, as: UTF8.self).split(separator: "\n")
        guard lines.contains("source \(sourceStamp)"),
            let recorded = lines.first(where: { $0.hasPrefix("output ") })?.split(separator: " "),
            recorded.count == 3, let pages = Int(recorded[2]),
            recorded[1] == outputStamp(output)
        else { return nil }
        return pages
    }

    /// The marker's text after a clean build into `output`: the source stamp, and the stamp of
    /// the output as the build left it.
    static func finishedMarkerText(output: String, sourceStamp: String, pageCount: Int) -> String {
        markerText(sourceStamp: sourceStamp) + "output \(outputStamp(output)) \(pageCount)\n"
    }

    // MARK: Stamps

    private static func stampOfFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return stamp(status)
    }

    private static func stamp(_ status: stat, linkedFilesKeepNoCtime: Bool = false) -> String {
        FileStamp.of(status, linkedFilesKeepNoCtime: linkedFilesKeepNoCtime)
    }

    /// Every entry under `root` (files, folders, links), relative, sorted, with its stamp.
    /// Each top-level folder is walked on its own core.
    private static func stampsOfTree(_ root: String, linkedFilesKeepNoCtime: Bool) -> [(String, String)] {
        var found: [(String, String)] = []
        var folders: [String] = []
        FileTree.walkWithStatus(root, recursive: false) { name, status in
            found.append((name, stamp(status, linkedFilesKeepNoCtime: linkedFilesKeepNoCtime)))
            if (status.st_mode & S_IFMT) == S_IFDIR { folders.append(name) }
        }
        let below = ParallelMap.map(folders) { folder -> [(String, String)] in
            var inside: [(String, String)] = []
            FileTree.walkWithStatus(root + "/" + folder) { path, status in
                inside.append((folder + "/" + path, stamp(status, linkedFilesKeepNoCtime: linkedFilesKeepNoCtime)))
            }
            return inside
        }
        for stamps in below { found += stamps }
        return found.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }
}

/// FNV-1a, 128 bits as two independent 64-bit lanes: a change detector, not a cryptographic hash.
private struct StampHasher {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
    }

    private mutating func mix(_ byte: UInt8) {
        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_0193
    }

    var hex: String {
        [low, high].map { String(("0000000000000000" + String($0, radix: 16)).suffix(16)) }.joined()
    }
}

extension Build {
    /// A stamp of every file a build with `options` reads (see `UpToDate`): it changes whenever
    /// one of them is edited, added, removed or renamed. `journal serve` polls it where the
    /// system cannot report changes. Nil when it cannot be taken.
    public static func sourceStamp(_ options: BuildOptions) -> String? {
        UpToDate.sourceStamp(options)
    }
}
