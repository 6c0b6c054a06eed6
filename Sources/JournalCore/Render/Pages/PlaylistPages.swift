import Mustache

/// Playlists (their index and each one's page) and the journal's plain pages.
extension SiteRenderer {
    func playlistCard(_ playlist: Playlist) -> PlaylistCardView {
        var placeholder: String?
        if playlist.cover == nil {
            let color = playlist.tracks.first.map { catalog.drawnGenre(of: $0).color } ?? GenreCatalog.otherColor
            placeholder = CoverArt.placeholder(title: playlist.title, artist: "", color: color)
        }
        let cover = playlist.cover.map(coverImage)
        return PlaylistCardView(
            href: urls.href(urls.playlist(playlist.slug)), title: playlist.title,
            trackCount: l10n.tracks(playlist.tracks.count), totalDuration: l10n.totalDuration(playlist.totalDuration),
            description: playlist.description, cover: cover?.src, coverWebp: cover?.webp,
            placeholder: placeholder)
    }

    /// Page `number` of the playlists, in the journal's order.
    func playlistsPage(_ number: Int) -> TemplateObject {
        let paging = Paging(count: journal.playlists.count, size: playlistsPerPage)
        let title = [l10n.string(.playlists), number > 1 ? l10n.pageOf(number, paging.pageCount) : nil].compactMap { $0 }.joined(separator: " · ")
        let view = PlaylistsPageView(
            playlists: journal.playlists[paging.range(number)].map(playlistCard),
            pagination: pagination(number, of: paging.pageCount, newestFirst: false) { urls.paged(urls.playlists, $0) })
        return ChromedPage(
            chrome: chrome(title: title, description: nil, path: urls.paged(urls.playlists, number), section: "playlists"),
            view: view
        ).object
    }

    func playlistPage(_ playlist: Playlist) -> TemplateObject {
        let view = PlaylistPageView(
            card: playlistCard(playlist),
            tracks: trackViews(playlist.tracks),
            created: playlist.created.map { l10n.shortDate($0) }, createdISO: playlist.created?.iso,
            updated: playlist.updated.map { l10n.shortDate($0) }, updatedISO: playlist.updated?.iso,
            tags: tagLinks(playlist.tags),
            body: playlist.bodyHTML.isEmpty ? nil : playlist.bodyHTML)
        return chrome(
            title: playlist.title, description: playlist.description, path: urls.playlist(playlist.slug), section: "playlists",
            image: playlist.cover.map { contentImage($0, alt: playlist.title) }
        ).page("playlist", view)
    }

    func plainPage(_ page: Page) -> TemplateObject {
        chrome(title: page.title, description: nil, path: urls.page(page.slug), section: "page:\(page.slug)")
            .page("page", PlainPageView(title: page.title, body: page.bodyHTML))
    }
}
