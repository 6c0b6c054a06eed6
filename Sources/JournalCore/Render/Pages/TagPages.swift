import Mustache

/// Tags (their index and each tag's days and playlists) and the search page.
extension SiteRenderer {
    func tagsPage() -> TemplateObject {
        let rows = library.tags.map { TagRow(name: $0.name, href: urls.href(urls.tag($0.slug)), count: $0.itemCount) }
        return chrome(title: l10n.string("tags"), description: nil, path: urls.tags, section: "tags").page("tags", rows)
    }

    func tagPage(_ tag: Tag) -> TemplateObject {
        let view = TagPageView(name: tag.name, count: l10n.days(tag.days.count), days: dayCards(tag.days.reversed()),
                               playlists: tag.playlists.map { playlistCard(journal.playlists[$0]) })
        return chrome(title: "#\(tag.name)", description: nil, path: urls.tag(tag.slug), section: "tags").page("tag", view)
    }

    func searchPage() -> TemplateObject {
        chrome(title: l10n.string("search"), description: nil, path: urls.search, section: "search").page("search", SearchIndex(renderer: self).view())
    }
}
