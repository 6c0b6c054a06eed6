import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Covers resized by libvips, kept in `.journal-cache/covers/` beside journal.yaml, so a
/// rebuild resizes only covers that are new or changed (docs/content-format.md, "Covers").
///
/// One file per cover holds all its squares, WebP and JPEG (`<key>.pack`). The key is the
/// SHA-256 of the resizer's version (libvips's and our settings'), the sides and the source's
/// digest, so an entry can only hold what those would make. The pack names its key and gives
/// each image's length and CRC-32, so an entry that was cut short, damaged or swapped by hand is
/// made again, never published. Entries are written under a temporary name and renamed in; a
/// cache that cannot be written is no error: the cover is resized next time too. After a
/// successful build, `prune` removes the packs it did not use, with the index (`CoverIndex`).
public final class CoverCache: @unchecked Sendable {
    private static let magic = "journal cover pack 1"
    /// A temporary file older than this was left by a build that died.
    static let staleSeconds = 600

    /// `.journal-cache/covers`, or nil when it must not be used (a link).
    let folder: String?
    let version: String
    private let resize: @Sendable (_ bytes: [UInt8], _ sides: [Int]) throws(RasterFailure) -> [Vips.Square]

    private let lock = NSLock()
    private var used: Set<String> = []
    private var madeFolder = false
    private var temporaryCount = 0
    private var resizedCount = 0
    private var reusedCount = 0

    init(source: String, version: String = Vips.version,
         resize: @escaping @Sendable (_ bytes: [UInt8], _ sides: [Int]) throws(RasterFailure) -> [Vips.Square] = { bytes, sides throws(RasterFailure) in
             try Vips.squares(bytes, sides: sides)
         }) {
        folder = CoverIndex.folder(journal: source)
        self.version = version
        self.resize = resize
    }

    /// Covers resized, and covers read from the cache instead.
    var resized: Int { lock.withLock { resizedCount } }
    var reused: Int { lock.withLock { reusedCount } }

    /// The squares of `cover`, whose bytes `read` gives: from the cache when it holds them,
    /// else made and kept. Safe to call from several threads at once.
    func squares(of cover: CoverSource, read: () -> [UInt8]?) throws(RasterFailure) -> [Vips.Square] {
        let sides = cover.sides
        let key = Self.key(digest: cover.digest, sides: sides, version: version)
        lock.withLock { _ = used.insert(key) }
        if let folder, let packed = Self.unpack(folder + "/" + key + ".pack", key: key, sides: sides) {
            lock.withLock { reusedCount += 1 }
            return packed
        }
        guard let bytes = read() else { throw RasterFailure("cannot read static/\(cover.relative): \(Platform.describe(errno))") }
        let squares = try resize(bytes, sides)
        guard squares.map(\.side) == sides else {
            throw RasterFailure("static/\(cover.relative) gave squares of \(squares.map(\.side)) pixels, not \(sides)")
        }
        lock.withLock { resizedCount += 1 }
        if let folder { store(Self.pack(squares, key: key), folder: folder, key: key) }
        return squares
    }

    static func key(digest: String, sides: [Int], version: String) -> String {
        var hash = SHA256()
        hash.add("\(version)\n\(sides.map(String.init).joined(separator: ","))\n\(digest)")
        return hash.hex()
    }

    /// A pack: a header naming the key and each image's side, format, length and CRC-32, a
    /// blank line, then the images one after another.
    static func pack(_ squares: [Vips.Square], key: String) -> [UInt8] {
        var header = magic + "\n" + key + "\n"
        var body: [UInt8] = []
        for square in squares {
            for (format, bytes) in [("webp", square.webp), ("jpg", square.jpeg)] {
                header += "\(square.side) \(format) \(bytes.count) \(CRC32.of(bytes))\n"
                body += bytes
            }
        }
        return Array((header + "\n").utf8) + body
    }

    /// The squares a pack at `path` holds, when it is a regular file holding exactly the squares
    /// of `sides` for `key`, whole.
    static func unpack(_ path: String, key: String, sides: [Int]) -> [Vips.Square]? {
        guard CardCache.isRegularFile(path), case .bytes(let bytes) = FileTree.read(path, limit: 64 << 20) else { return nil }
        guard let end = headerEnd(bytes) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n")
        guard lines.count == 2 + sides.count * 2, lines[0] == Substring(magic), lines[1] == Substring(key) else { return nil }
        var offset = end + 2
        var squares: [Vips.Square] = []
        for (number, side) in sides.enumerated() {
            var images: [[UInt8]] = []
            for (part, format) in ["webp", "jpg"].enumerated() {
                let fields = lines[2 + number * 2 + part].split(separator: " ")
                guard fields.count == 4, fields[0] == Substring(String(side)), fields[1] == Substring(format),
                      let length = Int(fields[2]), let crc = UInt32(fields[3]), length > 0, length <= bytes.count - offset else { return nil }
                let image = Array(bytes[offset..<offset + length])
                guard CRC32.of(image) == crc else { return nil }
                images.append(image)
                offset += length
            }
            squares.append(Vips.Square(side: side, webp: images[0], jpeg: images[1]))
        }
        return offset == bytes.count ? squares : nil
    }

    /// Where the header's blank line starts (the index of its first line feed).
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        var index = 0
        let limit = min(bytes.count - 1, 4096)
        while index < limit {
            if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Writes a pack beside its name and renames it in; any failure leaves nothing behind.
    private func store(_ bytes: [UInt8], folder: String, key: String) {
        let number: Int? = lock.withLock {
            if !madeFolder {
                guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
                madeFolder = true
                let ignore = folder + "/../.gitignore"
                if access(ignore, F_OK) != 0 { _ = FileTree.write(Array(CardCache.ignoreText.utf8), to: ignore) }
            }
            temporaryCount += 1
            return temporaryCount
        }
        guard let number else { return }
        let temporary = folder + "/.\(key).\(getpid()).\(number).tmp"
        guard FileTree.write(bytes, to: temporary) else {
            unlink(temporary)
            return
        }
        if rename(temporary, folder + "/" + key + ".pack") != 0 { unlink(temporary) }
    }

    /// Keeps `index` for the next build and, when `prune`, removes the packs this build did not
    /// use (and temporary files a dead build left); after a successful build only. Failures are
    /// ignored: they only leave work for a later build.
    func finish(index: CoverIndex, prune: Bool) {
        guard let folder else { return }
        let keep = lock.withLock { used }
        if keep.isEmpty && index.entries.isEmpty && access(folder, F_OK) != 0 { return }
        if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil { return }
        let temporary = folder + "/.\(CoverIndex.fileName).\(getpid()).tmp"
        if FileTree.write(Array(index.text.utf8), to: temporary) {
            if rename(temporary, folder + "/" + CoverIndex.fileName) != 0 { unlink(temporary) }
        } else {
            unlink(temporary)
        }
        guard prune else { return }
        let now = Int(time(nil))
        FileTree.walkWithStatus(folder, recursive: false) { name, status in
            guard (status.st_mode & S_IFMT) == S_IFREG else { return }
            if name.hasSuffix(".pack"), !name.hasPrefix(".") {
                if !keep.contains(String(name.dropLast(5))) { unlink(folder + "/" + name) }
            } else if name.hasPrefix("."), name.hasSuffix(".tmp"), now - Platform.changeTimes(status).modified.seconds > Self.staleSeconds {
                unlink(folder + "/" + name)
            }
        }
    }
}
