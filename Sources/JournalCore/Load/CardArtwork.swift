import CPlatform
import Foundation

/// Local artwork for share cards, as a `data:` URI, so the rasteriser never reads a file or the
/// network itself: a cover pages show resized by its largest JPEG square (docs/content-format.md,
/// "Covers"), whatever the original's size; another file of the journal's `static/` when it is a
/// small PNG, JPEG or SVG of sane dimensions. Anything else (remote URLs, large or odd files) is
/// nil, and the card draws the cover instead.
///
/// Load reads the files a card may embed (`read(source:journal:)`), so Render gets their bytes and
/// stays a function of its inputs; tests pass files from memory.
public struct CardArtwork: Sendable {
    /// The largest file embedded, in bytes: a card stays quick to draw and to hash.
    public static let maxBytes = 384 * 1024
    /// The largest width or height of a PNG or JPEG embedded, in pixels.
    public static let maxDimension = 4096

    /// The bytes of files of `static/` a card may embed, by path under `static/`.
    let files: [String: [UInt8]]
    /// The JPEG squares of the covers pages show resized, by site path: made by the Write stage,
    /// after the site is planned and before any card is drawn.
    let squares = CoverSquares()

    /// How a card's SVG names a resized cover's square (`journal-square:covers/…-384.jpg`): the
    /// name fixes the bytes (the cover's digest, the side, libvips's version in the card
    /// rasteriser's), so a card's cache key is made from the short SVG, and the square goes in
    /// only when the card is drawn (`resolve`).
    static let squareScheme = "journal-square:"

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    /// Reads from `source/static/` the artwork of `journal`'s tracks that pages do not show
    /// resized and cards may embed, never following a link and never reading more than `maxBytes`
    /// of a file.
    public static func read(source: String, journal: Journal) -> CardArtwork {
        guard !journal.staticFiles.isEmpty else { return .none }
        var files: [String: [UInt8]] = [:]
        let staticFiles = Set(journal.staticFiles)
        // Each artwork once: a cover is named by every play of its album.
        var seen: Set<String> = []
        func add(_ target: LinkTarget?) {
            guard let target, target.kind != .absolute, seen.insert(target.text).inserted,
                StaticImages.sitePath(of: target).flatMap({ journal.covers[$0] }) == nil,
                let relative = staticPath(of: target), staticFiles.contains(relative), SitePath.isSafe(relative),
                case .bytes(let bytes) = FileTree.read(source + "/static/" + relative, limit: maxBytes)
            else { return }
            files[relative] = bytes
        }
        for day in journal.days {
            for index in day.tracks.indices { add(day.tracks[index].artwork) }
        }
        for playlist in journal.playlists {
            for index in playlist.tracks.indices { add(playlist.tracks[index].artwork) }
        }
        return CardArtwork(files: files)
    }

    /// None: every card draws its covers.
    public static var none: CardArtwork { CardArtwork(files: [:]) }

    /// The path under `static/` a local artwork names as it is written; nil for a remote one or
    /// one with a query or fragment.
    static func staticPath(of target: LinkTarget) -> String? {
        guard target.kind != .absolute else { return nil }
        var path = Substring(target.text)
        while path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasPrefix("./") { path = path.dropFirst(2) }
        guard !path.contains("?"), !path.contains("#") else { return nil }
        return String(path)
    }

    /// `svg` with each image named `href="SCHEME…"` (which no escaped text can spell) given the
    /// address `address` makes of the rest of the name, up to its closing quote: how a card's
    /// squares and glow go in only when it is drawn. Nil when `address` makes none for a name.
    static func replacing(_ scheme: String, in svg: [UInt8], address: (String) -> String?) -> [UInt8]? {
        let attribute = Array("href=\"".utf8)
        let marker = attribute + Array(scheme.utf8)
        guard var found = firstIndex(of: marker, in: svg, from: 0) else { return svg }
        var out: [UInt8] = []
        var index = 0
        while true {
            out += svg[index..<found]
            let name = found + marker.count
            guard let end = svg[name...].firstIndex(of: UInt8(ascii: "\"")),
                let replacement = address(String(decoding: svg[name..<end], as: UTF8.self))
            else { return nil }
            out += attribute
            out += replacement.utf8
            index = end
            guard let next = firstIndex(of: marker, in: svg, from: index) else { break }
            found = next
        }
        return out + svg[index...]
    }

    /// Where `needle` first starts in `bytes` at or after `start` (memmem: a card's SVG carries
    /// tens of kilobytes of images, and a generic search of them was a tenth of drawing cards).
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, !needle.isEmpty else { return nil }
        let at = bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                journal_find_bytes(haystack.baseAddress.map { $0 + start }, haystack.count - start, wanted.baseAddress, wanted.count)
            }
        }
        return at < 0 ? nil : start + at
    }

    /// The `data:` URI of a local artwork file that is not resized, when it is one to embed: a
    /// file of `static/` read by Load, small enough to draw.
    func dataURI(_ target: LinkTarget) -> String? {
        guard let bytes = Self.staticPath(of: target).flatMap({ files[$0] }), bytes.count <= Self.maxBytes, let type = Self.imageType(bytes) else { return nil }
        return "data:\(type);base64,\(Data(bytes).base64EncodedString())"
    }

    /// `image/png`, `image/jpeg` or `image/svg+xml` from the bytes themselves, when the image
    /// is small enough to draw; nil otherwise.
    static func imageType(_ bytes: [UInt8]) -> String? {
        if let size = PNGHeader.size(bytes) {
            return size.width <= maxDimension && size.height <= maxDimension ? "image/png" : nil
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let size = jpegSize(bytes), size.width <= maxDimension, size.height <= maxDimension else { return nil }
            return "image/jpeg"
        }
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        if head.contains("<svg") && !head.contains("<!ENTITY") { return "image/svg+xml" }
        return nil
    }

    /// Width and height from a JPEG's first start-of-frame segment.
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            // SOF0...SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }
}

/// Covers' JPEG squares for share cards, by site path, filled once the covers are resized
/// (`CardArtwork.squares`). A class, so the cards planned before the covers were made see them.
public final class CoverSquares: @unchecked Sendable {
    private let lock = NSLock()
    private var squares: [String: [UInt8]] = [:]
    /// The `data:` URIs of squares cards have asked for, by name: each is encoded once, not once
    /// per card.
    private var uris: [String: String] = [:]

    subscript(path: String) -> [UInt8]? { lock.withLock { squares[path] } }

    /// The square at `name`: a site path (`covers/…-384.jpg`), or one with `@SIDE` for that
    /// square shrunk to SIDE pixels, made on first use (only a card being drawn asks) and kept.
    func square(named name: String) -> [UInt8]? {
        guard let at = name.lastIndex(of: "@") else { return self[name] }
        if let made = self[name] { return made }
        guard let side = Int(name[name.index(after: at)...]), side > 0, side <= 4096, let base = self[String(name[..<at])],
            let shrunk = Vips.shrunkJPEG(base, side: side)
        else { return nil }
        lock.withLock { squares[name] = shrunk }
        return shrunk
    }

    func fill(_ squares: [String: [UInt8]]) {
        lock.withLock {
            self.squares = squares
            uris = [:]
        }
    }

    /// `svg` with each square an image names (`href="journal-square:…"`, which no escaped text
    /// can spell) as a `data:` URI, for drawing; nil when a square it names was not made (the
    /// card is then not drawn, so no card missing its cover is ever kept).
    func resolve(_ svg: [UInt8]) -> [UInt8]? {
        CardArtwork.replacing(CardArtwork.squareScheme, in: svg) { name in
            if let uri = lock.withLock({ uris[name] }) { return uri }
            guard let square = square(named: name) else { return nil }
            let uri = "data:image/jpeg;base64,\(Data(square).base64EncodedString())"
            lock.withLock { uris[name] = uri }
            return uri
        }
    }
}

/// A PNG's signature and size (the IHDR chunk), read without decoding it.
public enum PNGHeader {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height in pixels, or nil when `bytes` does not start like a PNG.
    public static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: signature), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
