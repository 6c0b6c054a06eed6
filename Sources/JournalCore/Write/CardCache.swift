import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Share cards' JPEGs (`CardDrawing`), kept by key in `.journal-cache/cards/` beside
/// journal.yaml, so a rebuild draws only the cards whose SVG changed. Drawing is slow next to
/// the rest of a build; reading a cached card is not.
///
/// An entry is named by its card's key (the rasteriser's version, the pixel size and the SVG),
/// so it can only ever hold the image those would draw. Entries are written to a temporary name
/// in the same folder and renamed in, so two builds at once or a killed build never leave half a
/// card under an entry's name; an entry that cannot be read, is not a whole JPEG of the right
/// size or carries another key (`CardKey`) is no card, and the card is drawn again. The cache
/// only ever speeds a build up: a cache that cannot be written is no error, and the card is
/// drawn next time too. Write keeps and finds cards here; Render draws them (`CardDrawing`).
///
/// This folder is the only thing a build writes besides its output. After a successful build,
/// `prune` removes the entries it did not use, so the cache holds one site's cards.
public final class CardCache: CardStore, @unchecked Sendable {
    /// Beside journal.yaml.
    public static let folderName = ".journal-cache"
    static let cardsFolder = "cards"

    /// `.journal-cache/cards` of the journal, absolute.
    public var folder: String { entries.path }
    private let entries: CacheFolder

    private let lock = NSLock()
    private var used: Set<String> = []
    private var drawnCount = 0
    private var reusedCount = 0

    /// False when `.journal-cache` or its `cards` is a link, or not a folder: a build then
    /// draws every card and writes, prunes and reads nothing there, so it never works on
    /// files outside the journal.
    let usable: Bool

    public init(source: String) {
        let journal = URL(fileURLWithPath: source).standardizedFileURL.path
        let folder = journal + "/" + Self.folderName + "/" + Self.cardsFolder
        entries = CacheFolder(folder)
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

    /// The entry of `key`, for the site to link. Safe to call from several threads at once.
    public func card(key: String, width: Int, height: Int) -> KeptCard? {
        let path = folder + "/" + key + ".jpg"
        lock.withLock { _ = used.insert(key) }
        // Only a regular file (a pipe would wait forever), a whole JPEG of the size, and the card
        // of this key (an entry renamed or swapped by hand is another card).
        guard usable, Self.isRegularFile(path), case .bytes(let bytes) = FileTree.read(path, limit: 16 << 20),
            CardKey.isWholeJPEG(bytes, width: width, height: height), CardKey.read(bytes) == key
        else { return nil }
        lock.withLock { reusedCount += 1 }
        return KeptCard(bytes: bytes, file: path)
    }

    /// Counts `card` as drawn and keeps it as the entry of `key` (nil when the cache cannot keep
    /// it). Safe to call from several threads at once.
    public func keep(_ card: [UInt8], key: String) -> String? {
        lock.withLock { drawnCount += 1 }
        return usable && entries.write(card, as: key + ".jpg", key: key) ? folder + "/" + key + ".jpg" : nil
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
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
            } else if CacheFolder.isStaleTemporary(name, status, now: now) {
                unlink(folder + "/" + name)
            }
        }
    }
}
