import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JPEGs drawn from SVG (share cards), kept by content in `.journal-cache/cards/` beside
/// journal.yaml, so a rebuild draws only the cards whose SVG changed. Drawing is slow next to
/// the rest of a build; reading a cached card is not.
///
/// An entry is named by the SHA-256 of the rasteriser's version, the pixel size and the SVG's
/// bytes, so it can only ever hold the image those would draw. Entries are written to a
/// temporary name in the same folder and renamed in, so two builds at once or a killed build
/// never leave half a card under an entry's name; an entry that cannot be read, is not a whole
/// JPEG of the right size or carries another key (`CardKey`) is drawn again. The cache only ever speeds a build up: a cache that
/// cannot be written is no error, and the card is drawn next time too.
///
/// This folder is the only thing a build writes besides its output. After a successful build,
/// `prune` removes the entries it did not use, so the cache holds one site's cards.
public final class CardCache: @unchecked Sendable {
    /// Beside journal.yaml.
    public static let folderName = ".journal-cache"
    static let cardsFolder = "cards"
    /// The `.gitignore` a build puts in `.journal-cache/`, whichever cache makes it first.
    static let ignoreText = "# journal's cache of share cards, resized covers and decoded content: safe to delete.\n*\n"
    /// A temporary file older than this was left by a build that died.
    static let staleSeconds = 600

    /// `.journal-cache/cards` of the journal, absolute.
    public let folder: String
    let rasterizer: Rasterizer

    private let lock = NSLock()
    private var used: Set<String> = []
    private var madeFolder = false
    private var temporaryCount = 0
    private var drawnCount = 0
    private var reusedCount = 0

    /// False when `.journal-cache` or its `cards` is a link, or not a folder: a build then
    /// draws every card and writes, prunes and reads nothing there, so it never works on
    /// files outside the journal.
    let usable: Bool

    public init(source: String, rasterizer: Rasterizer) {
        let journal = URL(fileURLWithPath: source).standardizedFileURL.path
        folder = journal + "/" + Self.folderName + "/" + Self.cardsFolder
        self.rasterizer = rasterizer
        usable = Self.isPlainFolderOrAbsent(journal + "/" + Self.folderName) && Self.isPlainFolderOrAbsent(folder)
    }

    /// A real folder (not a link to one), or nothing yet.
    static func isPlainFolderOrAbsent(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Cards drawn by the rasteriser, and cards read from the cache.
    public var drawn: Int { lock.withLock { drawnCount } }
    public var reused: Int { lock.withLock { reusedCount } }

    /// `svg` as a `width` x `height` JPEG: from the cache when it holds it, else drawn and kept.
    /// The key is made from `svg` as given; `resolve` makes what is drawn of it (the covers'
    /// squares put in for their names, `CoverSquares`). `file`: the entry holding the card, for
    /// the site to link (nil when the cache cannot keep it). Safe to call from several threads at once.
    func card(svg: [UInt8], width: Int, height: Int, resolve: ([UInt8]) -> [UInt8]? = { $0 }) throws(RasterFailure) -> (bytes: [UInt8], file: String?) {
        let key = Self.key(svg: svg, width: width, height: height, version: rasterizer.version)
        let path = folder + "/" + key + ".jpg"
        lock.withLock { _ = used.insert(key) }
        // Only a regular file (a pipe would wait forever), a whole JPEG of the size, and the card
        // of this key (an entry renamed or swapped by hand is another card).
        if usable, Self.isRegularFile(path), case .bytes(let bytes) = FileTree.read(path, limit: 16 << 20),
           CardKey.isWholeJPEG(bytes, width: width, height: height), CardKey.read(bytes) == key {
            lock.withLock { reusedCount += 1 }
            return (bytes, path)
        }
        guard let drawn = resolve(svg) else { throw RasterFailure("a cover's resized square is missing") }
        let card = CardKey.insert(key, into: try rasterizer.draw(drawn, width, height))
        lock.withLock { drawnCount += 1 }
        return (card, usable && store(card, at: path, key: key) ? path : nil)
    }

    static func key(svg: [UInt8], width: Int, height: Int, version: String) -> String {
        var hash = SHA256()
        hash.add("\(version)\n\(width)x\(height)\n")
        hash.add(svg)
        return hash.hex()
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes an entry beside its name and renames it in; any failure leaves nothing behind.
    private func store(_ card: [UInt8], at path: String, key: String) -> Bool {
        let number: Int? = lock.withLock {
            if !madeFolder {
                guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
                madeFolder = true
                // Never committed, whether or not the journal's .gitignore says so.
                let ignore = folder + "/../.gitignore"
                _ = FileTree.writeNew(Array(Self.ignoreText.utf8), to: ignore)
            }
            temporaryCount += 1
            return temporaryCount
        }
        guard let number else { return false }
        let temporary = folder + "/.\(key).\(getpid()).\(number).tmp"
        guard FileTree.write(card, to: temporary) else {
            unlink(temporary)
            return false
        }
        if rename(temporary, path) != 0 {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the entries this build did not use (and temporary files a dead build left);
    /// after a successful build only, so the cache keeps one site's cards and never grows
    /// without end. Failures are ignored: they only leave files a later build removes.
    public func prune() {
        guard usable else { return }
        let keep = lock.withLock { used }
        let now = Int(time(nil))
        FileTree.walkWithStatus(folder, recursive: false) { name, status in
            guard (status.st_mode & S_IFMT) == S_IFREG else { return }
            // Cards drawn as PNG by earlier versions are never used again.
            if name.hasSuffix(".png"), !name.hasPrefix(".") {
                unlink(folder + "/" + name)
            } else if name.hasSuffix(".jpg"), !name.hasPrefix(".") {
                if !keep.contains(String(name.dropLast(4))) { unlink(folder + "/" + name) }
            } else if name.hasPrefix("."), name.hasSuffix(".tmp"), now - Platform.changeTimes(status).modified.seconds > Self.staleSeconds {
                unlink(folder + "/" + name)
            }
        }
    }
}
