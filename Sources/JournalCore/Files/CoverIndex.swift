import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What earlier builds learnt about the journal's covers, kept in `.journal-cache/covers/index`:
/// each file's SHA-256 and pixel size, with the size, modification time and inode it had then,
/// for the covers that decoded whole.
/// A cover whose status is unchanged is not read again: hashing every cover on every build would
/// cost more than the rest of a build. The index only ever saves work; a missing or damaged one
/// means the covers are read again.
///
/// One line per cover, tab-separated: digest, bytes, modified seconds, nanoseconds, inode,
/// width, height, path under `static/`.
struct CoverIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var digest: String
        var size: Int
        var modified: Int
        var nanoseconds: Int
        var inode: UInt64
        var width: Int
        var height: Int
    }

    static let fileName = "index"
    static let folderName = "covers"

    /// `.journal-cache/covers` of the journal, absolute; nil when `.journal-cache` or `covers`
    /// is a link or not a folder: then nothing there is read, written or pruned, so a build never
    /// works on files outside the journal.
    static func folder(journal: String) -> String? {
        let root = URL(fileURLWithPath: journal).standardizedFileURL.path + "/" + CardCache.folderName
        let folder = root + "/" + folderName
        return CardCache.isPlainFolderOrAbsent(root) && CardCache.isPlainFolderOrAbsent(folder) ? folder : nil
    }
    /// Version 2: a cover is in the index only once it decoded whole (`Vips.damage`).
    private static let header = "journal cover index 2"

    var entries: [String: Entry] = [:]

    init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The index in `folder` (`.journal-cache/covers`), or an empty one.
    static func read(folder: String) -> CoverIndex {
        guard case .bytes(let bytes) = FileTree.read(folder + "/" + fileName, limit: 16 << 20) else { return CoverIndex() }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else { return CoverIndex() }
        lines.removeFirst()
        var entries: [String: Entry] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 7, omittingEmptySubsequences: false)
            guard fields.count == 8, fields[0].count == 64, fields[0].allSatisfy(\.isHexDigit),
                let size = Int(fields[1]), let modified = Int(fields[2]), let nanoseconds = Int(fields[3]),
                let inode = UInt64(fields[4]), let width = Int(fields[5]), let height = Int(fields[6]),
                size >= 0, width > 0, height > 0, !fields[7].isEmpty
            else { continue }
            entries[String(fields[7])] = Entry(
                digest: String(fields[0]), size: size, modified: modified, nanoseconds: nanoseconds,
                inode: inode, width: width, height: height)
        }
        return CoverIndex(entries: entries)
    }

    /// The entry for `relative` when `status` is the status it was made from.
    func entry(_ relative: String, status: stat) -> Entry? {
        guard let entry = entries[relative] else { return nil }
        let times = Platform.changeTimes(status)
        guard entry.size == Int(status.st_size), entry.modified == times.modified.seconds,
            entry.nanoseconds == times.modified.nanoseconds, entry.inode == UInt64(status.st_ino)
        else { return nil }
        return entry
    }

    static func entry(digest: String, width: Int, height: Int, status: stat) -> Entry {
        let times = Platform.changeTimes(status)
        return Entry(
            digest: digest, size: Int(status.st_size), modified: times.modified.seconds, nanoseconds: times.modified.nanoseconds,
            inode: UInt64(status.st_ino), width: width, height: height)
    }

    /// The index as its file holds it, sorted by path, so the same covers give the same file.
    var text: String {
        var text = Self.header + "\n"
        for (relative, entry) in entries.sorted(by: { $0.key < $1.key }) where !relative.contains("\n") && !relative.contains("\t") {
            text += "\(entry.digest)\t\(entry.size)\t\(entry.modified)\t\(entry.nanoseconds)\t\(entry.inode)\t\(entry.width)\t\(entry.height)\t\(relative)\n"
        }
        return text
    }
}
