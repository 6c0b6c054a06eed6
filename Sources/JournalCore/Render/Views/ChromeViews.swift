import Mustache

// What every page shows around its own content (the site, its menus, the page's metadata) and
// the pager lists share, as typed values ready to print (STYLE.md: templates get strings, never
// model objects).

/// The site and the page's metadata, on every page.
struct PageChrome: Encodable {
    /// Converted once for every page (`SiteView`).
    var site: Converted
    var meta: MetaView
    /// The UI strings, converted once for every page.
    var t: TemplateValue
}

extension PageChrome {
    /// The page's own values under `key`, with the site, the UI strings and the page's metadata
    /// beside them.
    func page(_ key: String, _ view: some Encodable) -> TemplateObject {
        var object = TemplateEncoding.object(self)
        object[key] = TemplateEncoding.value(view)
        return object
    }
}

/// A page whose own values stand beside the chrome's rather than under a name (the home page,
/// the playlists index, 404: their templates came first).
struct ChromedPage<View: Encodable>: Encodable {
    @Flattened var chrome: PageChrome
    @Flattened var view: View

    var object: TemplateObject { TemplateEncoding.object(self) }
}

struct SiteView: Encodable {
    var title: String
    var lang: String
    var home: String
    var stylesheet: String
    var favicon: String
    /// The main menu.
    var nav: [NavItem]
    /// The footer's links: plain pages, then tags.
    var pages: [NavItem]
    var feed: String
    /// `og:locale`.
    var locale: String
    var description: String?
    var author: String?
}

struct NavItem: Encodable {
    var label: String
    var href: String
    var current: Bool
    /// The search item, which the theme draws as an icon on narrow screens.
    var isSearch = false
}

struct MetaView: Encodable {
    /// The `<title>`: the page's title and the site's.
    var title: String
    var canonical: String
    var description: String?
    var ogTitle: String
    /// `article` for days, `website` for the rest.
    var ogType: String
    /// An absolute URL (`og:image`), with its size in pixels and its text when known.
    var image: String?
    var imageWidth: String?
    var imageHeight: String?
    var imageAlt: String?
}

/// The pager of a list cut into pages (`partials/pagination`).
struct Pagination: Encodable {
    /// `Page 2 of 9`.
    var label: String
    var previous: String?
    var next: String?
    /// `Newer` and `Older` on lists shown newest first, else `Previous page` and `Next page`.
    var previousLabel: String
    var nextLabel: String
    var pages: [PageNumberLink]
}

/// A page number, or a gap (`…`) between numbers.
struct PageNumberLink: Encodable {
    var gap: Bool
    var number: Int
    var href: String
    var current: Bool

    static let gapMark = PageNumberLink(gap: true, number: 0, href: "", current: false)
}
