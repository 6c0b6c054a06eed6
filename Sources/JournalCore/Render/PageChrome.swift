/// What every page has around its own content: the site's title and menus, the UI strings, and
/// the page's metadata (title, canonical URL, description, Open Graph).
extension SiteRenderer {
    /// `section` marks the current menu item: `day`, `week`, `genres`, `page:about` ...
    func chrome(title: String?, description: String?, path: String, section: String, image: PageImage? = nil) -> PageChrome {
        let config = journal.config
        let meta = MetaView(
            title: title.map { "\($0) · \(config.title)" } ?? config.title,
            canonical: urls.absolute(path),
            description: description ?? (config.description.isEmpty ? nil : config.description),
            ogTitle: title ?? config.title,
            ogType: section == "day" ? "article" : "website",
            image: image?.url,
            imageWidth: image?.width.map(String.init),
            imageHeight: image?.height.map(String.init),
            imageAlt: image?.alt)
        return PageChrome(site: siteViews[section] ?? Converted(siteView(section: section)), meta: meta, t: strings)
    }

    /// Every section's site values, converted once (`chrome`).
    var sectionSiteViews: [String: Converted] {
        let sections =
            ["home", "day", "week", "month", "year", "archive", "genres", "artists", "playlists", "search", "tags", "404"]
            + journal.pages.map { "page:\($0.slug)" }
        return Dictionary(sections.map { ($0, Converted(siteView(section: $0))) }, uniquingKeysWith: { first, _ in first })
    }

    /// The site's title, menus and links, with `section`'s menu item marked current.
    func siteView(section: String) -> SiteView {
        let config = journal.config
        // The site title links home, so the menu starts with the statistics.
        var nav: [NavItem] = []
        nav.append(
            NavItem(
                label: l10n.string(.archive), href: urls.href(urls.archive),
                current: ["archive", "year", "month", "week"].contains(section)))
        nav.append(NavItem(label: l10n.string(.genres), href: urls.href(urls.genres), current: section == "genres"))
        nav.append(NavItem(label: l10n.string(.artists), href: urls.href(urls.artists), current: section == "artists"))
        nav.append(NavItem(label: l10n.string(.playlists), href: urls.href(urls.playlists), current: section == "playlists"))
        nav.append(NavItem(label: l10n.string(.search), href: urls.href(urls.search), current: section == "search", isSearch: true))
        var pages = journal.pages.map { page in
            NavItem(label: page.title, href: urls.href(urls.page(page.slug)), current: section == "page:\(page.slug)")
        }
        if !library.tags.isEmpty {
            pages.append(NavItem(label: l10n.string(.tags), href: urls.href(urls.tags), current: section == "tags"))
        }
        let favicon = journal.staticFiles.contains("favicon.svg") ? "favicon.svg" : urls.asset("favicon.svg")
        return SiteView(
            title: config.title, lang: config.language.rawValue, home: urls.href(""),
            stylesheet: urls.href(urls.asset("site.css")), favicon: urls.href(favicon), nav: nav, pages: pages,
            feed: urls.href(urls.feed), locale: l10n.locale,
            description: config.description.isEmpty ? nil : config.description,
            author: config.author.isEmpty ? nil : config.author)
    }

    /// A picture from content (a cover) as a page's `og:image`.
    /// A cover that pages show resized is given by its largest JPEG square, never the original.
    func contentImage(_ target: LinkTarget, alt: String?) -> PageImage {
        if let cover = resizedCover(target), let side = cover.jpegSides.last {
            return PageImage(url: (urls.origin ?? "") + urls.href(cover.path(side: side, webp: false)), width: side, height: side, alt: alt)
        }
        return PageImage(url: absoluteURL(target), width: nil, height: nil, alt: alt)
    }

    /// A checked URL as an absolute one, for feeds and Open Graph tags.
    func absoluteURL(_ target: LinkTarget) -> String {
        target.kind == .absolute ? target.text : (urls.origin ?? "") + urls.resolve(target)
    }
}

/// A page's picture in link previews (`og:image`): an absolute URL (root-relative when
/// `base_url` is a path), with its size in pixels and its text when known.
struct PageImage {
    var url: String
    var width: Int?
    var height: Int?
    var alt: String?
}
