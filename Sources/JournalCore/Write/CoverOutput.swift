/// The squares of the covers pages show, put into the new site (docs/content-format.md,
/// "Covers"): from the cache, or resized now, on every core. A square equal to the previous
/// site's is linked, not written (`SiteWriter`).
enum CoverOutput {
    /// `failures`: covers libvips could not resize (a damaged or cut-short file), each at its
    /// file; `largest`: each cover's largest JPEG square, by path under `static/`, for share cards.
    static func write(_ covers: [CoverSource], cache: CoverCache, source: String, writer: SiteWriter, parallel: Bool)
        -> (failures: [Diagnostic], largest: [String: [UInt8]]) {
        // Two files with the same bytes are one cover, with one set of squares (named by the digest).
        var seen: Set<String> = []
        let distinct = covers.filter { seen.insert($0.digest).inserted }
        let results = ParallelMap.map(distinct, parallel: parallel) { cover -> Result<[UInt8], Diagnostic> in
            do throws(RasterFailure) {
                let squares = try cache.squares(of: cover) { FileTree.read(join(join(source, "static"), cover.relative)) }
                for square in squares {
                    writer.put(OutputFile(path: cover.path(side: square.side, webp: true), bytes: square.webp))
                    writer.put(OutputFile(path: cover.path(side: square.side, webp: false), bytes: square.jpeg))
                }
                return .success(squares.last?.jpeg ?? [])
            } catch {
                return .failure(Diagnostic(.error, "cannot resize this cover: \(error.message)", path: join(join(source, "static"), cover.relative)))
            }
        }
        var failures: [Diagnostic] = []
        var byDigest: [String: [UInt8]] = [:]
        for (cover, result) in zip(distinct, results) {
            switch result {
            case .success(let jpeg): byDigest[cover.digest] = jpeg
            case .failure(let failure): failures.append(failure)
            }
        }
        var largest: [String: [UInt8]] = [:]
        for cover in covers { largest[cover.relative] = byDigest[cover.digest] }
        return (failures, largest)
    }
}
