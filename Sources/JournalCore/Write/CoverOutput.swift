import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The squares of the covers pages show, put into the new site (docs/content-format.md,
/// "Covers"): from the cache, or resized now (`CoverResizing`, which Write only asks), on every
/// core. A square is linked from the cache (or from the previous site, when equal to its), not
/// written again (`SiteWriter`).
enum CoverOutput {
    /// `failures`: covers libvips could not resize (a damaged or cut-short file), each at its
    /// file; `squares`: every JPEG square, by site path, for drawing share cards (`CardDrawing`,
    /// made from them once they are all here). Once `stop.requested` says so, no more covers are
    /// resized and `stop.failure` is among the failures.
    static func write(
        _ covers: [CoverSource], resizing: CoverResizing, source: String, writer: SiteWriter, parallel: Bool,
        stop: (requested: @Sendable () -> Bool, failure: Diagnostic)
    )
        -> (failures: [Diagnostic], squares: [String: [UInt8]])
    {
        // Two files with the same bytes are one cover, with one set of squares (named by the digest).
        var seen: Set<String> = []
        let distinct = covers.filter { seen.insert($0.digest).inserted }
        let results = ParallelMap.map(distinct, parallel: parallel) { cover -> Result<[(String, [UInt8])], Diagnostic> in
            if stop.requested() { return .failure(stop.failure) }
            do throws(RasterFailure) {
                let entry = try resizing.squares(of: cover) { () throws(RasterFailure) -> [UInt8] in
                    guard let bytes = FileTree.read(join(join(source, "static"), cover.relative)) else {
                        throw RasterFailure("cannot read static/\(cover.relative): \(Platform.describe(errno))")
                    }
                    return bytes
                }
                for square in entry.squares {
                    writer.put(
                        OutputFile(path: cover.path(side: square.side, webp: true), bytes: square.webp),
                        linkingFrom: entry.file(side: square.side, webp: true))
                    if let jpeg = square.jpeg {
                        writer.put(
                            OutputFile(path: cover.path(side: square.side, webp: false), bytes: jpeg),
                            linkingFrom: entry.file(side: square.side, webp: false))
                    }
                }
                return .success(entry.squares.compactMap { square in square.jpeg.map { (cover.path(side: square.side, webp: false), $0) } })
            } catch {
                return .failure(Diagnostic(.error, "cannot resize this cover: \(error.message)", path: join(join(source, "static"), cover.relative)))
            }
        }
        var failures: [Diagnostic] = []
        var squares: [String: [UInt8]] = [:]
        for result in results {
            switch result {
            case .success(let made): for (path, jpeg) in made { squares[path] = jpeg }
            case .failure(let failure): if !failures.contains(failure) { failures.append(failure) }
            }
        }
        return (failures, squares)
    }
}
