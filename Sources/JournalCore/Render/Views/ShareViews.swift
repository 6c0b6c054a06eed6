/// The Share block of a page (partials/share.mustache): each image of the page made to be shown
/// elsewhere, with a link to it and snippets to copy that use absolute URLs, and the page's card
/// first when it has one. Made by `SiteRenderer.shareView(page:images:card:)`.
struct ShareView: Encodable {
    /// Files to embed: `chart.svg`, `calendar.svg`, `heatmap.svg`.
    var items: [ShareItem]
    /// The page's card (`card.jpg`), when the page has one: shown before the rest.
    var card: ShareItem?
}

/// One image to share and its snippets.
struct ShareItem: Encodable {
    /// Unique on the page, for the fields' ids: `chart`, `calendar`, `card`.
    var id: String
    /// What it is: `Chart`, `Calendar`, `Card`.
    var label: String
    /// The image from the page, for the preview and its link.
    var href: String
    /// The image's absolute URL.
    var url: String
    /// What it shows: `November 2026 · Genres · 42 tracks · Songs of the Day`.
    var alt: String
    /// In CSS pixels.
    var width: Int
    var height: Int
    /// `![alt](url)`.
    var markdown: String
    /// `<a href="page"><img src="url" alt="…" width="…" height="…"></a>`.
    var html: String
}
