import Foundation

/// The JPEG squares of the covers pages show, by site path (`covers/…-384.jpg`), for the share
/// cards that show them (docs/content-format.md, "Covers"). A card's SVG names a square
/// (`journal-square:covers/…-384.jpg`, `scheme`) instead of carrying its bytes, so its cache key
/// is made from the short SVG; `resolve` puts the square in only when the card is drawn.
///
/// Made from the squares `CoverResizing` made (`CoverStage`), once they all exist, and never
/// changed after: a card drawn from it sees every square or, for one not given, is not drawn.
/// What it makes as cards ask (squares shrunk to a tile's size, `data:` URIs) is kept under a
/// lock, as cards are drawn on every core.
final class CoverSquares: @unchecked Sendable {
    /// How a card's SVG names a square: the name fixes the bytes (the cover's digest, the side,
    /// libvips's version in the card rasteriser's).
    static let scheme = "journal-square:"

    /// The squares as `CoverResizing` made them, by site path.
    private let made: [String: [UInt8]]
    private let lock = NSLock()
    /// Squares shrunk to a tile's size (`…-384.jpg@220`), made when a card first asks.
    private var shrunk: [String: [UInt8]] = [:]
    /// The `data:` URIs of squares cards have asked for, by name: each is encoded once, not once
    /// per card.
    private var uris: [String: String] = [:]

    init(_ squares: [String: [UInt8]]) {
        made = squares
    }

    /// The square at `name`: a site path (`covers/…-384.jpg`), or one with `@SIDE` for that
    /// square shrunk to SIDE pixels, made on first use (only a card being drawn asks) and kept.
    func square(named name: String) -> [UInt8]? {
        guard let at = name.lastIndex(of: "@") else { return made[name] }
        if let kept = lock.withLock({ shrunk[name] }) { return kept }
        guard let side = Int(name[name.index(after: at)...]), side > 0, side <= 4096, let base = made[String(name[..<at])],
            let square = Vips.shrunkJPEG(base, side: side)
        else { return nil }
        lock.withLock { shrunk[name] = square }
        return square
    }

    /// `svg` with each square an image names (`href="journal-square:…"`, which no escaped text
    /// can spell) as a `data:` URI, for drawing; nil when a square it names was not given (the
    /// card is then not drawn, so no card missing its cover is ever kept).
    func resolve(_ svg: [UInt8]) -> [UInt8]? {
        CardDrawing.replacing(Self.scheme, in: svg) { name in
            if let uri = lock.withLock({ uris[name] }) { return uri }
            guard let square = square(named: name) else { return nil }
            let uri = "data:image/jpeg;base64,\(Data(square).base64EncodedString())"
            lock.withLock { uris[name] = uri }
            return uri
        }
    }
}
