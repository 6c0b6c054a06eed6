import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Covers resized by libvips (`CoverResizing`), kept in `.journal-cache/covers/` beside
/// journal.yaml, so a rebuild resizes only covers that are new or changed
/// (docs/content-format.md, "Covers"). Write keeps and finds squares here; Render makes them.
///
/// A cover's entry is its squares, one file each (`<key>-<side>.webp`, and `.jpg` for the sides
/// made as JPEG too), and a list of them (`<key>.pack`) written last. The key (`CoverResizing`)
/// is the SHA-256 of the resizer's version, the sides of each format and the source's digest, so
/// an entry can only hold what those would make. The list names the key and gives each image's
/// length and CRC-32, so an image cut short, damaged or swapped by hand is made again, never
/// published. The site links the squares from here instead of writing them again
/// (`SiteWriter.put(_:linkingFrom:)`), so a square changed in place through the site is also
/// caught here. Files are written under a temporary name and renamed in (`CacheFolder`); a cache
/// that cannot be written is no error: the cover is resized next time too. After a successful
/// build, `finish(index:prune:)` removes the entries it did not use, and keeps the index
/// (`CoverIndex`).
public final class CoverCache: ResizedCoverStore, @unchecked Sendable {
    private static let magic = "journal cover pack 3"

    /// `.journal-cache/covers`, or nil when it must not be used (a link).
    var folder: String? { entries?.path }
    private let entries: CacheFolder?

    private let lock = NSLock()
    private var used: Set<String> = []
    private var resizedCount = 0
    private var reusedCount = 0

    init(source: String) {
        entries = CoverIndex.folder(journal: source).map(CacheFolder.init)
    }

    /// Covers resized, and covers read from the cache instead.
    var resized: Int { lock.withLock { resizedCount } }
    var reused: Int { lock.withLock { reusedCount } }

    /// The entry of `key`, for the site to link. Safe to call from several threads at once.
    func squares(key: String, sides: [Int], jpegSides: [Int]) -> ResizedCover? {
        lock.withLock { _ = used.insert(key) }
        let images = Self.images(sides: sides, jpegSides: jpegSides)
        guard let folder, let squares = Self.unpack(folder: folder, key: key, images: images) else { return nil }
        lock.withLock { reusedCount += 1 }
        return ResizedCover(squares: squares, files: Self.files(folder: folder, key: key, images: images))
    }

    /// Counts `squares` as resized and keeps them as the entry of `key`, with their files (none
    /// when the cache cannot keep them). Safe to call from several threads at once.
    func keep(_ squares: [Vips.Square], key: String) -> ResizedCover {
        lock.withLock {
            // Used by this build, whether or not it was looked up first: `prune` keeps it.
            used.insert(key)
            resizedCount += 1
        }
        guard let folder, let entries, store(squares, in: entries, key: key) else { return ResizedCover(squares: squares, files: [:]) }
        let images = Self.images(sides: squares.map(\.side), jpegSides: squares.filter { $0.jpeg != nil }.map(\.side))
        return ResizedCover(squares: squares, files: Self.files(folder: folder, key: key, images: images))
    }

    private static let formats = ["webp", "jpg"]

    /// An entry's images, in the order its list gives them: each side as WebP, then as JPEG
    /// when it is one of `jpegSides`.
    static func images(sides: [Int], jpegSides: [Int]) -> [(side: Int, format: String)] {
        sides.flatMap { side in [(side, "webp")] + (jpegSides.contains(side) ? [(side, "jpg")] : []) }
    }

    /// The cache's files of an entry, by `<side>.<format>`.
    private static func files(folder: String, key: String, images: [(side: Int, format: String)]) -> [String: String] {
        var files: [String: String] = [:]
        for image in images { files["\(image.side).\(image.format)"] = "\(folder)/\(key)-\(image.side).\(image.format)" }
        return files
    }

    /// A square's images with their formats, as the list gives them.
    private static func formatted(_ square: Vips.Square) -> [(format: String, bytes: [UInt8])] {
        [("webp", square.webp)] + (square.jpeg.map { [("jpg", $0)] } ?? [])
    }

    /// The list of an entry: its key and each image's side, format, length and CRC-32.
    static func list(_ squares: [Vips.Square], key: String) -> [UInt8] {
        var text = magic + "\n" + key + "\n"
        for square in squares {
            for (format, bytes) in formatted(square) {
                text += "\(square.side) \(format) \(bytes.count) \(CRC32.of(bytes))\n"
            }
        }
        return Array(text.utf8)
    }

    /// The squares of the entry `key` in `folder`, when its list names exactly `images` for `key`
    /// and every image is a regular file of the length and CRC-32 it gives.
    static func unpack(folder: String, key: String, images: [(side: Int, format: String)]) -> [Vips.Square]? {
        guard CardCache.isRegularFile(folder + "/" + key + ".pack"),
            case .bytes(let bytes) = FileTree.read(folder + "/" + key + ".pack", limit: 4096)
        else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3 + images.count, lines[0] == Substring(magic), lines[1] == Substring(key), lines.last == "" else { return nil }
        var squares: [Vips.Square] = []
        for (number, image) in images.enumerated() {
            let fields = lines[2 + number].split(separator: " ")
            let path = "\(folder)/\(key)-\(image.side).\(image.format)"
            guard fields.count == 4, fields[0] == Substring(String(image.side)), fields[1] == Substring(image.format),
                let length = Int(fields[2]), let crc = UInt32(fields[3]), length > 0, CardCache.isRegularFile(path),
                case .bytes(let content) = FileTree.read(path, limit: 16 << 20), content.count == length, CRC32.of(content) == crc
            else { return nil }
            if image.format == "webp" {
                squares.append(Vips.Square(side: image.side, webp: content, jpeg: nil))
            } else if let last = squares.indices.last, squares[last].side == image.side {
                squares[last].jpeg = content
            } else {
                return nil
            }
        }
        return squares
    }

    /// Writes an entry's images, then its list, each beside its name and renamed in; false, with
    /// the list not in place, when any of it cannot be written.
    private func store(_ squares: [Vips.Square], in entries: CacheFolder, key: String) -> Bool {
        for square in squares {
            for (format, bytes) in Self.formatted(square) {
                guard entries.write(bytes, as: "\(key)-\(square.side).\(format)", key: key) else { return false }
            }
        }
        return entries.write(Self.list(squares, key: key), as: key + ".pack", key: key)
    }

    /// Keeps `index` for the next build and, when `prune`, removes the entries this build did not
    /// use (and temporary files a dead build left); after a successful build only. Failures are
    /// ignored: they only leave work for a later build.
    func finish(index: CoverIndex, prune: Bool) {
        guard let folder else { return }
        let keep = lock.withLock { used }
        if keep.isEmpty && index.entries.isEmpty && access(folder, F_OK) != 0 { return }
        if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil { return }
        FileTree.replace(CoverIndex.fileName, in: folder, with: Array(index.text.utf8))
        guard prune else { return }
        let now = Int(time(nil))
        FileTree.walkWithStatus(folder, recursive: false) { name, status in
            guard (status.st_mode & S_IFMT) == S_IFREG else { return }
            if let key = Self.entryKey(of: name) {
                if !keep.contains(key) { unlink(folder + "/" + name) }
            } else if CacheFolder.isStaleTemporary(name, status, now: now) {
                unlink(folder + "/" + name)
            }
        }
    }

    /// The key of an entry's file (`<key>.pack`, `<key>-<side>.webp`, `.jpg`), or nil for another file.
    static func entryKey(of name: String) -> String? {
        let utf8 = Array(name.utf8)
        guard utf8.count > 64, utf8.prefix(64).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let rest = String(decoding: utf8[64...], as: UTF8.self)
        if rest == ".pack" { return String(decoding: utf8.prefix(64), as: UTF8.self) }
        guard rest.hasPrefix("-"), let dot = rest.lastIndex(of: "."), formats.contains(String(rest[rest.index(after: dot)...])),
            let side = Int(rest[rest.index(after: rest.startIndex)..<dot]), side > 0
        else { return nil }
        return String(decoding: utf8.prefix(64), as: UTF8.self)
    }
}
