import Foundation

/// Local artwork for share cards, as a `data:` URI, so the rasteriser never reads a file or the
/// network itself: a file of the journal's `static/` when it is a small PNG, JPEG or SVG of sane
/// dimensions. A cover pages show resized is not here: a card names its JPEG squares, which
/// `CoverResizing` makes and the card's drawing is given (`CoverSquares`, docs/content-format.md, "Covers").
/// Anything else (remote URLs, large or odd files) is nil, and the card draws the cover instead.
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
