/// A cover of the journal's `static/` that pages show resized (docs/content-format.md,
/// "Covers"): a JPEG, PNG or WebP file, known by the SHA-256 of its bytes and its size in pixels.
public struct CoverSource: Sendable, Hashable {
    /// Under `static/` (`artwork/a.jpg`): the site path content names it by.
    public var relative: String
    /// SHA-256 of the file's bytes, hex.
    public var digest: String
    public var width: Int
    public var height: Int

    public init(relative: String, digest: String, width: Int, height: Int) {
        self.relative = relative
        self.digest = digest
        self.width = width
        self.height = height
    }

    /// The sides of the squares made of it, smallest first (docs/content-format.md, "Covers"):
    /// those of `standardSides` the cover is large enough for, and its own shorter side when
    /// that lies between two of them; a cover smaller than the smallest is made at its own size.
    public var sides: [Int] {
        let shorter = min(width, height)
        var sides = Self.standardSides.filter { $0 <= shorter }
        if shorter < Self.standardSides[Self.standardSides.count - 1], !sides.contains(shorter) { sides.append(shorter) }
        return sides
    }

    /// The squares pages ask for: a 42 px mini cover to a 300 px playlist cover, at 1x and 2x.
    /// 600, not 768: a JPEG of 1200 px shrinks to it while it loads (at half its size, the
    /// cheapest way libjpeg reads), and one of 3000 px is read at a quarter instead of a half;
    /// the largest square took half the time to make (a cold build of 120 real covers: a third
    /// less CPU).
    public static let standardSides = [96, 192, 384, 600]

    /// The square pages give as `src`, for a browser that takes no WebP: the largest of at most
    /// `fallbackLimit` pixels, sharp enough for a track's cover at 2x.
    public var fallbackSide: Int { sides.last(where: { $0 <= Self.fallbackLimit }) ?? sides.first ?? 0 }
    static let fallbackLimit = 384

    /// The sides also made as JPEG: the fallback and those larger (link previews and share cards
    /// take JPEG). Pages' `srcset`s are WebP, so smaller JPEGs would be sent to nobody.
    public var jpegSides: [Int] { sides.filter { $0 >= fallbackSide } }

    /// Where the square of `side` is published, as WebP (`webp`) or JPEG: `covers/` and the
    /// first 16 hex digits of the digest, so a changed cover gets new names and names never hold
    /// a character that needs escaping in a `srcset`.
    public func path(side: Int, webp: Bool) -> String {
        "covers/\(digest.prefix(16))-\(side).\(webp ? "webp" : "jpg")"
    }
}
