import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The covers content shows from `static/` that pages show resized (docs/content-format.md,
/// "Covers"): each JPEG, PNG or WebP file named by a track's `artwork:` or a playlist's `cover:`,
/// read once for its SHA-256 and pixel size and decoded whole once, or taken from the cache's
/// index when its status is unchanged (`CoverIndex`). A file libvips cannot read, one cut short
/// or damaged, or one over `maxPixels`, is a problem reported at every field that names it, by
/// `check` as by `build`.
struct CoverSources {
    /// Larger covers are refused: decoding one takes hundreds of megabytes, and no screen needs it.
    static let maxPixels = 50_000_000
    /// A cover file over this many bytes is refused before it is read.
    static let maxBytes = 100 << 20

    enum Problem: Error, Equatable, Sendable {
        case unreadable(file: String, reason: String)
        case tooLarge(file: String, bytes: Int)
        case notAnImage(file: String)
        case damaged(file: String, reason: String)
        case tooManyPixels(file: String, width: Int, height: Int)

        /// The message for `field` given as `quoted` (`StaticImageUse.quoted`).
        func message(for field: String, quoted: String) -> String {
            switch self {
            case .unreadable(let file, let reason):
                return "\(field) \(quoted): cannot read \(file): \(reason)"
            case .tooLarge(let file, let bytes):
                return "\(field) \(quoted): \(file) is \(bytes >> 20) MB; a cover may be at most \(CoverSources.maxBytes >> 20) MB: save it smaller"
            case .notAnImage(let file):
                return "\(field) \(quoted): \(file) cannot be read as an image (it may be damaged or not what its first bytes say)"
            case .damaged(let file, let reason):
                return "\(field) \(quoted): \(file) is cut short or damaged (\(reason)): save it again from where it came from"
            case .tooManyPixels(let file, let width, let height):
                let megapixels = (width * height + 500_000) / 1_000_000
                return
                    "\(field) \(quoted): \(file) is \(width)x\(height) pixels (\(megapixels) megapixels); a cover may have at most \(CoverSources.maxPixels / 1_000_000) megapixels: save it smaller (pages show covers at most \(CoverSource.standardSides.last ?? 0) pixels wide)"
            }
        }
    }

    /// The covers read, by path under `static/`.
    private(set) var covers: [String: CoverSource] = [:]
    private(set) var problems: [String: Problem] = [:]
    /// The index to keep for the next build: the entries of the covers read.
    private(set) var index = CoverIndex()

    /// Reads the covers at `paths` (under `static/` of `journal`), on every core when `parallel`.
    init(journal: String, paths: Set<String>, previous: CoverIndex, parallel: Bool) {
        let sorted = paths.sorted()
        let results = ParallelMap.map(sorted, parallel: parallel) { relative in
            Self.read(journal: journal, relative: relative, previous: previous)
        }
        for (relative, result) in zip(sorted, results) {
            switch result {
            case .success(let (source, entry)):
                covers[relative] = source
                index.entries[relative] = entry
            case .failure(let problem):
                problems[relative] = problem
            }
        }
    }

    private static func read(journal: String, relative: String, previous: CoverIndex) -> Result<(CoverSource, CoverIndex.Entry), Problem> {
        let file = "static/" + relative
        let path = journal + "/" + file
        var status = stat()
        // The listing of static/ already refused links that leave the journal.
        guard stat(path, &status) == 0 else { return .failure(.unreadable(file: file, reason: Platform.describe(errno))) }
        if let entry = previous.entry(relative, status: status) {
            return check(CoverSource(relative: relative, digest: entry.digest, width: entry.width, height: entry.height), entry: entry, file: file)
        }
        let bytes: [UInt8]
        switch FileTree.read(path, limit: maxBytes) {
        case .bytes(let read): bytes = read
        case .tooLarge(let size): return .failure(.tooLarge(file: file, bytes: size))
        case .failed(let code): return .failure(.unreadable(file: file, reason: Platform.describe(code)))
        }
        let size: (width: Int, height: Int)
        switch inspect(bytes, file: file) {
        case .success(let found): size = found
        case .failure(let problem): return .failure(problem)
        }
        var hash = SHA256()
        hash.add(bytes)
        let digest = hash.hex()
        let entry = CoverIndex.entry(digest: digest, width: size.width, height: size.height, status: status)
        return .success((CoverSource(relative: relative, digest: digest, width: size.width, height: size.height), entry))
    }

    /// The pixel size of the cover in `bytes`, or why a build refuses it: libvips must read its
    /// header, its pixels must be within `maxPixels` (said without decoding them), and all of it
    /// must decode (a cover cut short is an error at its line, in `check` too, not a failed
    /// resize later; the index then remembers it was whole). `CoverBytes.problem` asks the same.
    static func inspect(_ bytes: [UInt8], file: String) -> Result<(width: Int, height: Int), Problem> {
        guard bytes.count <= maxBytes else { return .failure(.tooLarge(file: file, bytes: bytes.count)) }
        guard let size = Vips.size(bytes) else { return .failure(.notAnImage(file: file)) }
        if let problem = pixelProblem(width: size.width, height: size.height, file: file) { return .failure(problem) }
        if let reason = Vips.damage(bytes) { return .failure(.damaged(file: file, reason: reason)) }
        return .success(size)
    }

    /// The bytes of `cover` in `journal`, read again when its squares must be made (the cache has
    /// none); the file may have changed or gone since it was read for its digest.
    static func bytes(of cover: CoverSource, journal: String) -> Result<[UInt8], Problem> {
        let file = "static/" + cover.relative
        switch FileTree.read(journal + "/" + file, limit: maxBytes) {
        case .bytes(let read): return .success(read)
        case .tooLarge(let size): return .failure(.tooLarge(file: file, bytes: size))
        case .failed(let code): return .failure(.unreadable(file: file, reason: Platform.describe(code)))
        }
    }

    private static func check(_ source: CoverSource, entry: CoverIndex.Entry, file: String) -> Result<(CoverSource, CoverIndex.Entry), Problem> {
        if let problem = pixelProblem(width: source.width, height: source.height, file: file) { return .failure(problem) }
        return .success((source, entry))
    }

    private static func pixelProblem(width: Int, height: Int, file: String) -> Problem? {
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= maxPixels, height <= maxPixels else {
            return .tooManyPixels(file: file, width: width, height: height)
        }
        return nil
    }
}
