// What the playlist pages (their index and each one's page) and the journal's plain pages show,
// as typed values ready to print (STYLE.md: templates get strings, never model objects).

struct PlaylistCardView: Encodable {
    var href: String
    var title: String
    var trackCount: String
    var totalDuration: String
    var description: String?
    var cover: String?
    /// The cover's resized squares as WebP (`CoverImage`), when it has them.
    var coverWebp: String? = nil
    var placeholder: String?
}

/// A page of the playlists index.
struct PlaylistsPageView: Encodable {
    var playlists: [PlaylistCardView]
    var pagination: Pagination?
}

struct PlaylistPageView: Encodable {
    /// Its fields are the page's own.
    @Flattened var card: PlaylistCardView
    var tracks: [TrackView]
    var created: String?
    var createdISO: String?
    var updated: String?
    var updatedISO: String?
    var tags: [NamedLink]
    var body: String?
}

struct PlainPageView: Encodable {
    var title: String
    /// HTML.
    var body: String
}
