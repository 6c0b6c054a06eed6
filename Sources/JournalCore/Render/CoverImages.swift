/// A cover as an `<img>` shows it (docs/content-format.md, "Covers"): a local JPEG, PNG or WebP
/// cover by its resized squares, a `srcset` of each format for the browser to pick the side the
/// screen needs, and a JPEG of at most 384 pixels as `src` for what reads no `srcset`; anything
/// else (an SVG, a URL) as given.
struct CoverImage: Equatable {
    /// The `src` of the `<img>`.
    var src: String
    /// `…-96.jpg 96w, …-192.jpg 192w, …`: the JPEG squares, for the `<img>`.
    var srcset: String?
    /// The same squares as WebP, for a `<source type="image/webp">`.
    var webp: String?

    /// The side of the square given as `src`: large enough for a track's cover at 2x.
    static let fallbackSide = 384
}

extension SiteRenderer {
    /// How pages show the cover `artwork` names.
    func coverImage(_ artwork: LinkTarget) -> CoverImage {
        guard let cover = resizedCover(artwork), let smallest = cover.sides.first else {
            return CoverImage(src: urls.resolve(artwork))
        }
        let sides = cover.sides
        let fallback = sides.last(where: { $0 <= CoverImage.fallbackSide }) ?? smallest
        func set(webp: Bool) -> String {
            sides.map { "\(urls.href(cover.path(side: $0, webp: webp))) \($0)w" }.joined(separator: ", ")
        }
        return CoverImage(src: urls.href(cover.path(side: fallback, webp: false)), srcset: set(webp: false), webp: set(webp: true))
    }

    /// The local cover `target` names, when pages show it resized.
    func resizedCover(_ target: LinkTarget) -> CoverSource? {
        guard target.kind != .absolute, let path = StaticImages.sitePath(of: target) else { return nil }
        return journal.covers[path]
    }
}

extension SiteRenderer {
    /// The covers the site's pages show resized, in path order: those of the published days'
    /// tracks and of the playlists (a draft's cover is not published with the site).
    func coversShown() -> [CoverSource] {
        var shown: [String: CoverSource] = [:]
        func add(_ target: LinkTarget?) {
            if let target, let cover = resizedCover(target) { shown[cover.relative] = cover }
        }
        for day in journal.days { day.tracks.forEach { add($0.artwork) } }
        for playlist in journal.playlists {
            add(playlist.cover)
            playlist.tracks.forEach { add($0.artwork) }
        }
        return shown.values.sorted { $0.relative < $1.relative }
    }
}
