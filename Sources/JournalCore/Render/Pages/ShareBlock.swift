/// An image of a page to share: a file of the site (`2026/11/chart.svg`, `2026/card.jpg`) and
/// what it shows, for `SiteRenderer.shareView(page:images:card:)`.
struct ShareImage {
    /// Unique on the page: `chart`, `calendar`, `heatmap`, `card`.
    var id: String
    /// What it is, in the site's language: `Chart`.
    var label: String
    /// Site path of the image.
    var path: String
    /// What it shows, for `alt` text.
    var alt: String
    /// In CSS pixels.
    var width: Int
    var height: Int
}

/// The Share block of a page: for each of its images, a link to see it and snippets in Markdown
/// and HTML with absolute URLs (root-relative when `base_url` is a bare path, which the build
/// warns of).
extension SiteRenderer {
    /// The Share block of the page at `page` (a site path): `images` in order, `card` first.
    func shareView(page: String, images: [ShareImage], card: ShareImage? = nil) -> ShareView {
        ShareView(items: images.map { shareItem($0, page: page) }, card: card.map { shareItem($0, page: page) })
    }

    /// The Share block of a week, month or year page: its card and its files to embed.
    func periodShare(_ period: PeriodStats) -> ShareView {
        let page = periodPath(period)
        let layout = ShareCard.Layout.landscape
        return shareView(
            page: page, images: embeds(of: period).map(shareImage),
            card: cardShareImage(path: urls.card(of: page), alt: cardAlt(period), width: layout.width, height: layout.height))
    }

    /// A page's card (`card.jpg`, made by the card stage), as the Share block's `card`.
    func cardShareImage(path: String, alt: String, width: Int, height: Int, id: String = "card", label: String? = nil) -> ShareImage {
        ShareImage(id: id, label: label ?? l10n.string(.shareCard), path: path, alt: alt, width: width, height: height)
    }

    func shareImage(_ embed: Embed) -> ShareImage {
        let (id, label): (String, String)
        switch embed.kind {
        case .chart: (id, label) = ("chart", l10n.string(.shareChart))
        case .calendar: (id, label) = ("calendar", l10n.string(.shareCalendar))
        case .heatmap: (id, label) = ("heatmap", l10n.string(.shareHeatmap))
        }
        let size = embed.size
        return ShareImage(id: id, label: label, path: embed.path, alt: embed.title, width: size.width, height: size.height)
    }

    func shareItem(_ image: ShareImage, page: String) -> ShareItem {
        let url = urls.absolute(image.path)
        let pageURL = urls.absolute(page)
        let html =
            "<a href=\"\(Escape.xml(pageURL))\"><img src=\"\(Escape.xml(url))\" alt=\"\(Escape.xml(image.alt))\" width=\"\(image.width)\" height=\"\(image.height)\"></a>"
        return ShareItem(
            id: image.id, label: image.label, href: urls.href(image.path), url: url, alt: image.alt,
            width: image.width, height: image.height,
            markdown: "![\(Self.markdownText(image.alt))](\(Self.markdownDestination(url)))", html: html)
    }

    /// Text for a Markdown image's brackets: `\`, `[` and `]` escaped, line breaks made spaces.
    static func markdownText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "[", "]": result += "\\" + String(character)
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// A URL as a Markdown link destination: in angle brackets when it has parentheses.
    static func markdownDestination(_ url: String) -> String {
        url.contains(where: { $0 == "(" || $0 == ")" }) ? "<\(url)>" : url
    }
}
