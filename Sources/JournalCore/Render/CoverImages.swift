/// A cover as an `<img>` shows it (docs/content-format.md, "Covers"): a local JPEG, PNG or WebP
/// cover by its resized squares, a `srcset` of WebP squares for the browser to pick the side the
/// screen needs, and a JPEG of at most 384 pixels as `src` for a browser that takes no WebP;
/// anything else (an SVG, a URL) as given.
struct CoverImage: Equatable {
    /// The `src` of the `<img>`.
    var src: String
    /// `…-96.webp 96w, …-192.webp 192w, …`: the WebP squares, for a `<source type="image/webp">`.
    var webp: String? = nil
}

extension CoverImage {
    /// A resized cover, by its squares.
    init(_ cover: CoverSource, urls: SiteURLs) {
        src = urls.href(cover.path(side: cover.fallbackSide, webp: false))
        webp = cover.sides.map { "\(urls.href(cover.path(side: $0, webp: true))) \($0)w" }.joined(separator: ", ")
    }
}

extension SiteRenderer {
    /// How pages show the cover `artwork` names.
    func coverImage(_ artwork: LinkTarget) -> CoverImage {
        guard let path = StaticImages.sitePath(of: artwork), let image = coverImages[path] else {
            return CoverImage(src: urls.resolve(artwork))
        }
        return image
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
        for day in journal.days {
            for track in day.tracks { add(track.artwork) }
        }
        for playlist in journal.playlists {
            add(playlist.cover)
            for track in playlist.tracks { add(track.artwork) }
        }
        return shown.values.sorted { $0.relative < $1.relative }
    }
}
