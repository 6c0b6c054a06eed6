import Mustache

/// Tags (their index and each tag's days and playlists) and the search page.
extension SiteRenderer {
    func tagsPage() -> TemplateObject {
        let rows = library.tags.map { TagRow(name: $0.name, href: urls.href(urls.tag($0.slug)), count: $0.itemCount) }
        return chrome(title: l10n.string(.tags), description: nil, path: urls.tags, section: "tags").page("tags", rows)
    }

    /// Page `number` of a tag's days, newest first; its playlists on the first page.
    func tagPage(_ tag: Tag, page number: Int) -> TemplateObject {
        let paging = Paging(count: tag.days.count, size: daysPerPage)
        let pageLabel = paging.pageCount > 1 ? l10n.pageOf(number, paging.pageCount) : nil
        let newestFirst = Array(tag.days.reversed())
        let first = urls.tag(tag.slug)
        let view = TagPageView(
            name: tag.name, count: [l10n.days(tag.days.count), pageLabel].compactMap { $0 }.joined(separator: " · "),
            days: dayCards(newestFirst[paging.range(number)]),
            playlists: number > 1 ? [] : tag.playlists.map { playlistCard(journal.playlists[$0]) },
            pagination: pagination(number, of: paging.pageCount, newestFirst: true) { urls.paged(first, $0) })
        let title = ["#\(tag.name)", number > 1 ? pageLabel : nil].compactMap { $0 }.joined(separator: " · ")
        return chrome(title: title, description: nil, path: urls.paged(first, number), section: "tags").page("tag", view)
    }

    func searchPage() -> TemplateObject {
        chrome(title: l10n.string(.search), description: nil, path: urls.search, section: "search").page("search", SearchIndex(renderer: self).view())
    }
}
