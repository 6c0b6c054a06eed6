import CPlatform

/// Where share cards drawn by earlier builds are kept, by key (Write's `CardCache`): drawing a
/// card asks it first, and hands it each card drawn. Safe to use from several threads at once.
public protocol CardStore: Sendable {
    /// The card kept under `key`, when there is a whole `width` x `height` JPEG carrying that key.
    func card(key: String, width: Int, height: Int) -> KeptCard?
    /// Keeps a card just drawn under `key`; the file now holding it, or nil when it was not kept.
    func keep(_ card: [UInt8], key: String) -> String?
}

/// A share card's JPEG, and the file of the store holding the same bytes (nil when none does),
/// for Write to link instead of writing them again.
public struct KeptCard: Sendable {
    public var bytes: [UInt8]
    public var file: String?

    public init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
    }
}

/// Draws the share cards of a plan (`FileJob` rasters): a card an earlier build drew from the
/// same SVG at the same size is taken from the store, any other is drawn by the rasteriser and
/// handed to the store. A card's key is the SHA-256 of the rasteriser's version, the pixel size
/// and the SVG's bytes, so a kept card can only ever be the image those would draw.
public struct CardDrawing: Sendable {
    let rasterizer: Rasterizer
    let store: any CardStore
    /// What is drawn of a card's SVG (its covers' squares and glow put in); nil when a part it
    /// names is missing, and the card is then not drawn.
    let resolve: @Sendable ([UInt8]) -> [UInt8]?

    public init(rasterizer: Rasterizer, store: any CardStore, resolve: @escaping @Sendable ([UInt8]) -> [UInt8]? = { $0 }) {
        self.rasterizer = rasterizer
        self.store = store
        self.resolve = resolve
    }

    /// Draws cards with `rasterizer`, keeping them in `store`: `squares` are the covers' JPEG
    /// squares by site path, as `CoverResizing` made them (`CoverStage`); they and the glow go in only
    /// when a card is drawn, and a card naming a square not among them is not drawn.
    public init(rasterizer: Rasterizer, store: any CardStore, squares: [String: [UInt8]]) {
        let covers = CoverSquares(squares)
        self.init(rasterizer: rasterizer, store: store) { svg in covers.resolve(svg).flatMap(CardGlow.resolve) }
    }

    /// `svg` as a `width` x `height` JPEG carrying its key (`CardKey`): the store's, else drawn
    /// and kept. The key is made from `svg` as given, before `resolve`.
    public func card(svg: [UInt8], width: Int, height: Int) throws(RasterFailure) -> KeptCard {
        let key = Self.key(svg: svg, width: width, height: height, version: rasterizer.version)
        if let kept = store.card(key: key, width: width, height: height) { return kept }
        guard let drawn = resolve(svg) else { throw RasterFailure("a cover's resized square is missing") }
        let card = CardKey.insert(key, into: try rasterizer.draw(drawn, width, height))
        return KeptCard(bytes: card, file: store.keep(card, key: key))
    }

    static func key(svg: [UInt8], width: Int, height: Int, version: String) -> String {
        var hash = SHA256()
        hash.add("\(version)\n\(width)x\(height)\n")
        hash.add(svg)
        return hash.hex()
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
}
