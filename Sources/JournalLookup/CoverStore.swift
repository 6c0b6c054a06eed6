import Foundation
import JournalCore

/// Covers saved into the journal, as ordinary files of its site: `static/covers/ARTIST/ALBUM.jpg`,
/// shown as `/covers/ARTIST/ALBUM.jpg` (docs/content-format.md, "The song catalogue").
public struct CoverStore: Sendable {
    /// The journal folder.
    public var source: String
    /// A cover is downloaded at about 600 px; anything far larger is not a cover.
    public static let maxBytes = 8 << 20

    public init(source: String) {
        self.source = source
    }

    /// The site path of the cover of `album` (or of the song `title`, when it has no album) by `artist`
    /// when the journal already has it, in any of the formats a cover is saved as.
    public func existing(artist: String, album: String?, title: String) -> LinkTarget? {
        for kind in ["jpg", "png", "webp"] {
            let relative = Self.relative(artist: artist, name: album ?? title, fileExtension: kind)
            if FileManager.default.fileExists(atPath: join(source, "static/" + relative)) { return Self.target(relative) }
        }
        return nil
    }

    /// Downloads `address` and saves it as the cover of `album` (or `title`), unless the journal
    /// has that cover already; nil, with the reason, when it cannot.
    public func save(_ address: String, artist: String, album: String?, title: String,
                     client: LookupClient) async -> Result<LinkTarget, CoverProblem> {
        if let known = existing(artist: artist, album: album, title: title) { return .success(known) }
        switch await client.download(address, maxBytes: Self.maxBytes) {
        case .found(let data):
            guard let kind = ImageKind(sniffing: data) else { return .failure(.notAnImage(address)) }
            let relative = Self.relative(artist: artist, name: album ?? title, fileExtension: kind.fileExtension)
            let path = join(source, "static/" + relative)
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try CatalogueFile.writeAtomically(Array(data), to: path, display: "static/" + relative)
            } catch let problem as CatalogueFile.WriteProblem {
                if case .cannotWrite(let shown, let reason) = problem { return .failure(.cannotWrite(shown, reason)) }
                return .failure(.cannotWrite("static/" + relative, "\(problem)"))
            } catch {
                return .failure(.cannotWrite("static/" + relative, "cannot make its folder"))
            }
            guard let target = Self.target(relative) else { return .failure(.cannotWrite("static/" + relative, "not a site path")) }
            return .success(target)
        case .notFound:
            return .failure(.unavailable("\(address): not found"))
        case .refused(let reason), .unreachable(let reason), .invalid(let reason):
            return .failure(.unavailable(reason))
        }
    }

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
