/// Where covers resized by earlier builds are kept, by key (Write's `CoverCache`): resizing a
/// cover asks it first, and hands it each cover resized. Safe to use from several threads at once.
protocol ResizedCoverStore: Sendable {
    /// The squares kept under `key`, when the store holds each of `sides` as WebP, and as JPEG
    /// too for `jpegSides`, whole.
    func squares(key: String, sides: [Int], jpegSides: [Int]) -> ResizedCover?
    /// Keeps `squares` just made under `key`; they come back with the files now holding them
    /// (none when the store could not keep them).
    func keep(_ squares: [Vips.Square], key: String) -> ResizedCover
}

/// A cover's squares, and the files of the store that hold the same bytes (none where the store
/// could not keep them), for Write to link instead of writing them again.
struct ResizedCover: Sendable {
    var squares: [Vips.Square]
    /// By `<side>.<format>` (`384.jpg`).
    var files: [String: String]

    /// The store's file holding the square of `side` as WebP (`webp`) or JPEG.
    func file(side: Int, webp: Bool) -> String? { files["\(side).\(webp ? "webp" : "jpg")"] }
}

/// Resizes the covers pages show into their squares (docs/content-format.md, "Covers"): a cover
/// an earlier build resized is taken from the store, any other is resized by libvips and handed
/// to the store. A cover's key is the SHA-256 of the resizer's version (libvips's and our
/// settings'), the sides of each format and the source's digest, so a kept cover can only ever
/// be the squares those would make.
struct CoverResizing: Sendable {
    let store: any ResizedCoverStore
    let version: String
    private let resize: @Sendable (_ bytes: [UInt8], _ sides: [Int], _ jpegSides: [Int]) throws(RasterFailure) -> [Vips.Square]

    init(
        store: any ResizedCoverStore, version: String = Vips.version,
        resize: @escaping @Sendable (_ bytes: [UInt8], _ sides: [Int], _ jpegSides: [Int]) throws(RasterFailure) -> [Vips.Square] = {
            bytes, sides, jpegSides throws(RasterFailure) in try Vips.squares(bytes, sides: sides, jpegSides: jpegSides)
        }
    ) {
        self.store = store
        self.version = version
        self.resize = resize
    }

    /// The squares of `cover`, whose bytes `read` gives (asked only when the store has none):
    /// the store's, else made and kept.
    func squares(of cover: CoverSource, read: () throws(RasterFailure) -> [UInt8]) throws(RasterFailure) -> ResizedCover {
        let sides = cover.sides
        let jpegSides = cover.jpegSides
        let key = Self.key(digest: cover.digest, sides: sides, jpegSides: jpegSides, version: version)
        if let kept = store.squares(key: key, sides: sides, jpegSides: jpegSides) { return kept }
        let squares = try resize(try read(), sides, jpegSides)
        guard squares.map(\.side) == sides, squares.filter({ $0.jpeg != nil }).map(\.side) == jpegSides else {
            throw RasterFailure("static/\(cover.relative) gave squares of \(squares.map(\.side)) pixels, not \(sides)")
        }
        return store.keep(squares, key: key)
    }

    static func key(digest: String, sides: [Int], jpegSides: [Int], version: String) -> String {
        var hash = SHA256()
        hash.add("\(version)\n\(sides.map(String.init).joined(separator: ",")) jpeg \(jpegSides.map(String.init).joined(separator: ","))\n\(digest)")
        return hash.hex()
    }
}
