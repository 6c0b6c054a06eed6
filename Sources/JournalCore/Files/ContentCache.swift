import CCmarkGFM
import CPlatform
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What earlier builds decoded from the journal's days and playlists, kept in
/// `.journal-cache/content/decoded` (docs/content-format.md, "Decoded content"): each file's
/// result (the day or playlist, its problems, the images it names) with the stamp of the file it
/// came from (`LoadCache.stamp`: size, inode, modification and status-change times) and the
/// settings it was decoded with. A file whose stamp and settings are unchanged is not read and
/// parsed again, so a build of ten years of diary after one edit parses one file. The cache only
/// ever saves work: a result is the same with or without it, and a missing, damaged or foreign
/// cache means the files are decoded.
///
/// A stamp cannot tell two writes of the same size apart when they land within one tick of the
/// file system's clock, so a file changed within `racySeconds` of the build (as git calls such
/// entries, "racily clean") is kept with the SHA-256 of its bytes, read before it was decoded,
/// and used again only while its bytes still have that digest. A file that could not be read is
/// not kept: it may be readable next time with the same stamp.
///
/// The file holds results of this program only (its own stamp, and the Markdown library's
/// version, are in the file's first lines), for the journal folder as the command named it
/// (problems name files by that path).
///
/// Layout: two lines (`header`, then the identity), then one entry after another, each a line
/// `kind pathBytes stampBytes contextBytes valueBytes valueCRC32 digest` (`-` for no digest)
/// followed by those four fields' bytes, the value in `BinaryForm`; a value whose checksum does
/// not match is decoded again.
final class ContentCache: @unchecked Sendable {
    static let folderName = "content"
    static let fileName = "decoded"
    private static let header = "journal decoded content 2"
    /// Far larger than any journal's cache (about 1.5 KB a day: 26 MB for fifty years); a larger
    /// file is not read.
    static let maxBytes = 256 << 20
    /// A file changed this close to the build is kept with its digest.
    static let racySeconds = 2

    enum Kind: String {
        case day = "d"
        case playlist = "p"
    }

    private struct Stored {
        var kind: Kind
        var stamp: String
        var context: String
        /// The entry's bytes in `bytes` (header line and fields), copied as they are when kept.
        var entry: Range<Int>
        var value: Range<Int>
        var checksum: UInt32
        /// The SHA-256 of the file's bytes when it was kept as changed recently; else empty.
        var digest: String
    }

    /// The whole file as read, and its entries; emptied by `release()`.
    private var bytes: [UInt8]
    private var stored: [String: Stored]
    private let identity: String
    /// When this build began, in seconds since 1970.
    private let started = Int(time(nil))

    private let lock = NSLock()
    /// What the next file holds: for each file loaded now, its stored entry or a new one.
    private var kept: [String: Kept] = [:]
    private var unchanged = true
    /// A load used this cache: until then there is nothing to keep (a folder without a
    /// journal.yaml loads nothing, and must not get a cache).
    private var began = false
    private var decodedCount = 0
    private var reusedCount = 0

    /// Files decoded by the load, and files whose results were read from this cache instead.
    var decoded: Int { lock.withLock { decodedCount } }
    var reused: Int { lock.withLock { reusedCount } }

    private enum Kept {
        case stored(Range<Int>)
        case new([UInt8])
    }

    /// An empty cache.
    init(identity: String) {
        self.identity = identity
        bytes = []
        stored = [:]
        unchanged = false
    }

    private init(identity: String, bytes: [UInt8], stored: [String: Stored]) {
        self.identity = identity
        self.bytes = bytes
        self.stored = stored
    }

    /// What this program's results must be kept with: the program file's stamp, cmark-gfm's
    /// version and the journal folder as named. Nil when the program's file cannot be found:
    /// then nothing is cached.
    static func identity(source: String) -> String? {
        var status = stat()
        guard let executable = Platform.executablePath, stat(executable, &status) == 0 else { return nil }
        let markdown = cmark_version_string().map { String(cString: $0) } ?? "unknown"
        return [LoadCache.stamp(status), markdown, source].map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\t")
    }

    /// `.journal-cache/content` of the journal, absolute; nil when `.journal-cache` or `content`
    /// is a link or not a folder, so a build never reads or writes outside the journal.
    static func folder(journal: String) -> String? {
        let root = URL(fileURLWithPath: journal).standardizedFileURL.path + "/" + CardCache.folderName
        let folder = root + "/" + folderName
        return CardCache.isPlainFolderOrAbsent(root) && CardCache.isPlainFolderOrAbsent(folder) ? folder : nil
    }

    /// The cache of the journal at `source`, or an empty one when there is none this program
    /// may use.
    static func read(source: String) -> ContentCache? {
        guard let identity = identity(source: source) else { return nil }
        guard let folder = folder(journal: source), let bytes = regularFile(folder + "/" + fileName),
            let stored = parse(bytes, identity: identity)
        else { return ContentCache(identity: identity) }
        return ContentCache(identity: identity, bytes: bytes, stored: stored)
    }

    /// The bytes of `path` when it is a regular file (not a link, a pipe or a device, which could
    /// lead outside the journal or never end) within `maxBytes`.
    private static func regularFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= maxBytes else { return nil }
        return FileTree.read(descriptor, count: Int(status.st_size))
    }

    /// The entries of `bytes` by path, or nil when it is not a whole cache of this program.
    private static func parse(_ bytes: [UInt8], identity: String) -> [String: Stored]? {
        var offset = 0
        func line() -> String? {
            guard let end = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            defer { offset = end + 1 }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
        guard line() == header, line() == identity else { return nil }
        var stored: [String: Stored] = [:]
        while offset < bytes.count {
            let start = offset
            guard let fields = line()?.split(separator: " ", omittingEmptySubsequences: false), fields.count == 7,
                let kind = Kind(rawValue: String(fields[0])), let checksum = UInt32(fields[5])
            else { return nil }
            let digest = fields[6] == "-" ? "" : String(fields[6])
            let lengths = fields[1..<5].compactMap { Int($0) }
            guard lengths.count == 4, lengths.allSatisfy({ $0 > 0 && $0 <= bytes.count }),
                lengths.reduce(0, +) <= bytes.count - offset,
                digest.isEmpty || digest.utf8.count == 64 && digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else { return nil }
            var parts: [Range<Int>] = []
            for length in lengths {
                parts.append(offset..<(offset + length))
                offset += length
            }
            let path = String(decoding: bytes[parts[0]], as: UTF8.self)
            // Written once per file, sorted: anything else is not a file this program wrote.
            guard path.hasPrefix("content/"), stored[path] == nil else { return nil }
            stored[path] = Stored(
                kind: kind, stamp: String(decoding: bytes[parts[1]], as: UTF8.self),
                context: String(decoding: bytes[parts[2]], as: UTF8.self), entry: start..<offset,
                value: parts[3], checksum: checksum, digest: digest)
        }
        return stored
    }

    /// A load of the journal starts using this cache.
    func begin() {
        lock.withLock { began = true }
    }

    /// `decode` gives the file's result, and whether its bytes could be read.
    func day(
        _ path: String, file: String, stamp: String, context: String, limit: Int,
        decode: () -> (DecodedFile<Day>, readable: Bool)
    ) -> DecodedFile<Day> {
        cached(path, file: file, kind: .day, stamp: stamp, context: context, limit: limit, decode: decode)
    }

    func playlist(
        _ path: String, file: String, stamp: String, context: String, limit: Int,
        decode: () -> (DecodedFile<Playlist>, readable: Bool)
    ) -> DecodedFile<Playlist> {
        cached(path, file: file, kind: .playlist, stamp: stamp, context: context, limit: limit, decode: decode)
    }

    /// The stored result when it was decoded from this stamp and context (and, for a file
    /// changed just before it was kept, these bytes); else decoded now and kept for the next
    /// file. `file`: the file itself, read for its digest. Safe to call from several threads at once.
    private func cached<Value: BinaryForm>(
        _ path: String, file: String, kind: Kind, stamp: String, context: String, limit: Int,
        decode: () -> (DecodedFile<Value>, readable: Bool)
    ) -> DecodedFile<Value> {
        if let entry = stored[path], entry.kind == kind, entry.stamp == stamp, entry.context == context,
            Self.checksum(bytes[entry.value]) == entry.checksum,
            entry.digest.isEmpty || Self.digest(file, limit: limit) == entry.digest
        {
            var reader = BinaryReader(bytes, range: entry.value)
            if let value = try? DecodedFile<Value>(from: &reader), reader.isAtEnd {
                lock.withLock {
                    kept[path] = .stored(entry.entry)
                    reusedCount += 1
                }
                return value
            }
        }
        // Read before the file is decoded: an edit in between makes the digest differ from the
        // bytes decoded, so the entry is decoded again next time, never trusted wrongly.
        let digest = isRacy(stamp) ? Self.digest(file, limit: limit) : ""
        let (value, readable) = decode()
        var new: [UInt8]?
        if readable, !value.transient, let digest {
            var form = BinaryWriter()
            form.form(value)
            let fields = [Array(path.utf8), Array(stamp.utf8), Array(context.utf8), form.bytes]
            new = Array(
                "\(kind.rawValue) \(fields.map { String($0.count) }.joined(separator: " ")) \(Self.checksum(form.bytes[...])) \(digest.isEmpty ? "-" : digest)\n"
                    .utf8)
            for field in fields { new? += field }
        }
        lock.withLock {
            unchanged = false
            decodedCount += 1
            kept[path] = new.map(Kept.new)
        }
        return value
    }

    /// The file's status changed within `racySeconds` of this build (or its stamp cannot be read).
    private func isRacy(_ stamp: String) -> Bool {
        let fields = stamp.split(separator: " ")
        guard fields.count >= 4, let modified = Int(fields[2].prefix { $0 != "." }),
            let changed = Int(fields[3].prefix { $0 != "." })
        else { return true }
        return max(modified, changed) >= started - Self.racySeconds
    }

    /// The SHA-256 of the file's bytes, or nil when it cannot be read whole.
    private static func digest(_ file: String, limit: Int) -> String? {
        guard case .bytes(let bytes) = FileTree.read(file, limit: limit) else { return nil }
        var hash = SHA256()
        hash.add(bytes)
        return hash.hex()
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { journal_crc32($0.baseAddress, $0.count) }
    }

    /// Lets go of the file's bytes and entries once the load that used them is over and its
    /// file kept (`ContentCacheWriter.keep`), so the build does not hold them while it analyses
    /// and renders (27 MB for a 50-year journal). Nothing is kept after it.
    func release() {
        lock.withLock {
            bytes = []
            stored = [:]
            kept = [:]
            began = false
        }
    }

    /// The file to keep for the next build: every file decoded or taken from this cache by the
    /// load, sorted by path; nil when it would be the file already there, or no load used it.
    var updated: [UInt8]? {
        lock.withLock {
            guard began, !unchanged || kept.count != stored.count else { return nil }
            var file = Array((Self.header + "\n" + identity + "\n").utf8)
            // Its whole size first: grown by appending, the file is copied as it doubles, and a
            // 50-year journal's is 27 MB.
            file.reserveCapacity(
                file.count
                    + kept.values.reduce(0) { size, entry in
                        switch entry {
                        case .stored(let range): size + range.count
                        case .new(let bytes): size + bytes.count
                        }
                    })
            for path in kept.keys.sorted() {
                switch kept[path] {
                case .stored(let range)?: file += bytes[range]
                case .new(let entry)?: file += entry
                case nil: break
                }
            }
            return file
        }
    }
}
