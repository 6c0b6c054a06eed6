/// A cover's squares put into the new site (docs/content-format.md, "Covers"): each square is
/// linked from the cache (or from the previous site, when equal to its), not written again
/// (`SiteWriter.put(_:linkingFrom:)`).
enum CoverOutput {
    /// Puts the squares of `cover` (`entry`, from `CoverResizing`) into `writer`'s site: each
    /// side as WebP, and as JPEG for the sides made so. The JPEG squares come back by site path,
    /// for drawing share cards.
    static func put(_ entry: ResizedCover, of cover: CoverSource, into writer: SiteWriter) -> [(path: String, jpeg: [UInt8])] {
        var jpegs: [(path: String, jpeg: [UInt8])] = []
        for square in entry.squares {
            writer.put(
                OutputFile(path: cover.path(side: square.side, webp: true), bytes: square.webp),
                linkingFrom: entry.file(side: square.side, webp: true))
            if let jpeg = square.jpeg {
                let path = cover.path(side: square.side, webp: false)
                writer.put(OutputFile(path: path, bytes: jpeg), linkingFrom: entry.file(side: square.side, webp: false))
                jpegs.append((path, jpeg))
            }
        }
        return jpegs
    }
}
