import Foundation
import JournalCore

/// Covers saved into the journal, as ordinary files of its site: `static/covers/ARTIST/ALBUM.jpg`,
/// shown as `/covers/ARTIST/ALBUM.jpg` (docs/content-format.md, "The song catalogue").
public struct CoverStore: Sendable {
    /// The journal folder.
    public var source: String
    /// Files this store wrote, as site paths: what a run added to `static/covers/`.
    public private(set) var written: Set<String> = []
    /// A cover is downloaded at about 600 px; anything far larger is not a cover.
    public static let maxBytes = 8 << 20

    public init(source: String) {
        self.source = source
    }

    /// Downloads `address` and, when a build would show it (`accept`), saves it as the cover of `album` (or of the song `title`, when it
    /// has no album) by `artist`: `covers/ARTIST/ALBUM.jpg`, or the file already there with the
    /// same bytes; a different image under that name (another album of the same name, or one
    /// whose name has no letters) gets `-2`, `-3` … and nothing is ever replaced. Nil, with the
    /// reason, when it cannot be saved.
    public mutating func save(
        _ address: String, artist: String, album: String?, title: String,
        client: LookupClient
    ) async -> Result<LinkTarget, CoverProblem> {
        guard address.utf8.count <= CatalogueEntry.maxURLLength else {
            return .failure(.unavailable("its address is \(address.utf8.count) bytes long, more than \(CatalogueEntry.maxURLLength)"))
        }
        let data: Data
        switch await client.download(address, maxBytes: Self.maxBytes, accept: Self.accept) {
        case .found(let found): data = found
        case .notFound: return .failure(.unavailable("\(address): not found"))
        case .refused(let reason), .unreachable(let reason), .invalid(let reason): return .failure(.unavailable(reason))
        }
        guard let kind = ImageKind(sniffing: data) else { return .failure(.notAnImage(address)) }
        let base = Self.relative(artist: artist, name: album ?? title, fileExtension: kind.fileExtension)
        var relative = base
        var number = 2
        while let existing = FileManager.default.contents(atPath: join(source, "static/" + relative)) {
            if existing == data { return Self.target(relative).map { .success($0) } ?? .failure(.cannotWrite("static/" + relative, "not a site path")) }
            relative = (base as NSString).deletingPathExtension + "-\(number)." + kind.fileExtension
            number += 1
        }
        let path = join(source, "static/" + relative)
        do {
            try FileManager.default.createDirectory(atPath: parentFolder(of: path), withIntermediateDirectories: true)
        } catch {
            return .failure(.cannotWrite("static/" + relative, "cannot make its folder"))
        }
        do throws(CatalogueFile.WriteProblem) {
            try CatalogueFile.writeAtomically(Array(data), to: path, display: "static/" + relative)
        } catch {
            return .failure(.cannotWrite("static/" + relative, error.description))
        }
        guard let target = Self.target(relative) else { return .failure(.cannotWrite("static/" + relative, "not a site path")) }
        written.insert(target.text)
        return .success(target)
    }

    /// Why a downloaded cover is not saved: what a build would refuse in it (`CoverBytes`: its
    /// header, its pixels, a full decode), so a saved cover never makes the journal unbuildable.
    public static let accept: @Sendable (Data) -> String? = { data in CoverBytes.problem(Array(data)) }

    /// `covers/ARTIST/NAME.EXT`, both parts slugs (Hangul stays Hangul).
    static func relative(artist: String, name: String, fileExtension: String) -> String {
        "covers/\(Slug.make(artist))/\(Slug.make(name)).\(fileExtension)"
    }

    static func target(_ relative: String) -> LinkTarget? {
        guard case .success(let target) = LinkTarget.check("/" + relative) else { return nil }
        return target
    }
}

/// Why a cover was not saved.
public enum CoverProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnImage(String)
    case unavailable(String)
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .notAnImage(let address): return "\(address) is not an image"
        case .unavailable(let reason): return reason
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}
