/// The covers pages show, made and put into the new site before pages and cards render
/// (docs/content-format.md, "Covers"), on every core: each cover's squares come from the cache
/// or are resized (Render's `CoverResizing`, which has Load read the cover again only then), and
/// go into the site (Write's `CoverOutput`), as cards are drawn and then put in by the build's
/// page loop.
enum CoverStage {
    /// `failures`: covers that could not be read again or resized (a damaged or cut-short file),
    /// each at its file; `squares`: every JPEG square, by site path, for drawing share cards
    /// (`CardDrawing`, made from them once they are all here). Once `stop.requested` says so, no
    /// more covers are resized and `stop.failure` is among the failures.
    static func run(
        _ covers: [CoverSource], resizing: CoverResizing, source: String, writer: SiteWriter, parallel: Bool,
        stop: (requested: @Sendable () -> Bool, failure: Diagnostic)
    ) -> (failures: [Diagnostic], squares: [String: [UInt8]]) {
        // Two files with the same bytes are one cover, with one set of squares (named by the digest).
        var seen: Set<String> = []
        let distinct = covers.filter { seen.insert($0.digest).inserted }
        let results = ParallelMap.map(distinct, parallel: parallel) { cover -> Result<[(path: String, jpeg: [UInt8])], Diagnostic> in
            if stop.requested() { return .failure(stop.failure) }
            do throws(RasterFailure) {
                let entry = try resizing.squares(of: cover) { () throws(RasterFailure) -> [UInt8] in
                    switch CoverSources.bytes(of: cover, journal: source) {
                    case .success(let bytes): return bytes
                    case .failure(.tooLarge(let file, let bytes)):
                        throw RasterFailure("\(file) is \(bytes >> 20) MB, over the \(CoverSources.maxBytes >> 20) MB a cover may be")
                    case .failure(.unreadable(let file, let reason)): throw RasterFailure("cannot read \(file): \(reason)")
                    case .failure: throw RasterFailure("cannot read static/\(cover.relative)")
                    }
                }
                return .success(CoverOutput.put(entry, of: cover, into: writer))
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
