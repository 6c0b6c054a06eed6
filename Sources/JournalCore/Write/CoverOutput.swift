/// The squares of the covers pages show, put into the new site (docs/content-format.md,
/// "Covers"): from the cache, or resized now, on every core. A square equal to the previous
/// site's is linked, not written (`SiteWriter`).
enum CoverOutput {
    /// Problems: covers libvips could not resize (a damaged or cut-short file), each at its file.
    static func write(_ covers: [CoverSource], cache: CoverCache, source: String, writer: SiteWriter, parallel: Bool) -> [Diagnostic] {
        let failures = ParallelMap.map(covers, parallel: parallel) { cover -> Diagnostic? in
            do throws(RasterFailure) {
                let squares = try cache.squares(of: cover) { FileTree.read(join(join(source, "static"), cover.relative)) }
                for square in squares {
                    writer.put(OutputFile(path: cover.path(side: square.side, webp: true), bytes: square.webp))
                    writer.put(OutputFile(path: cover.path(side: square.side, webp: false), bytes: square.jpeg))
                }
                return nil
            } catch {
                return Diagnostic(.error, "cannot resize this cover: \(error.message)", path: join(join(source, "static"), cover.relative))
            }
        }
        return failures.compactMap { $0 }
    }
}
