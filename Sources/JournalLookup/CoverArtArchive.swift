import Foundation

/// The Cover Art Archive (https://musicbrainz.org/doc/Cover_Art_Archive/API): the index of a
/// release's or release group's images, and the choice of a front cover from it.
public enum CoverArtArchive {
    /// The images of a release (by its MusicBrainz id).
    public static func release(id: String) -> LookupRequest { LookupRequest(.coverart, path: "/release/\(id)") }

    /// The images of a release group (the archive picks one of its releases).
    public static func releaseGroup(id: String) -> LookupRequest { LookupRequest(.coverart, path: "/release-group/\(id)") }

    /// The images listed in an index body, in its order.
    public static func images(from data: Data) -> [CoverArtImage] {
        JSONValue(data: data)["images"].array.compactMap { image in
            guard let url = image["image"].url else { return nil }
            var thumbnails: [String: String] = [:]
            for (size, value) in image["thumbnails"].object { if let link = value.url { thumbnails[size] = link } }
            return CoverArtImage(
                url: url, isFront: image["front"].bool ?? false,
                types: image["types"].array.compactMap(\.string), thumbnails: thumbnails)
        }
    }

    /// The address of the front cover at about 500–600 px: the first image marked front (or typed
    /// `Front`), its 500 px thumbnail, else the nearest size it has. Nil when there is no front.
    public static func frontImageURL(from data: Data) -> String? {
        let all = images(from: data)
        guard let front = all.first(where: \.isFront) ?? all.first(where: { $0.types.contains("Front") }) else { return nil }
        for size in ["500", "large", "1200", "250", "small"] {
            if let link = front.thumbnails[size] { return link }
        }
        return front.url
    }
}

/// One image of a Cover Art Archive index.
public struct CoverArtImage: Sendable, Equatable, Codable {
    /// The full-size original (may be very large).
    public var url: String
    /// Whether it is the release's chosen front cover.
    public var isFront: Bool
    /// `Front`, `Back`, `Booklet`, ...
    public var types: [String]
    /// Smaller copies by size name: `250`, `500`, `1200` (pixels) and the older `small` (250), `large` (500).
    public var thumbnails: [String: String]
}
