/// A playlist (docs/content-format.md, "A playlist"). Its tracks are not plays.
public struct Playlist: Hashable, Sendable {
    /// URL slug, unique among playlists.
    public var slug: String
    public var title: String
    public var description: String?
    public var cover: LinkTarget?
    public var created: CalendarDate?
    public var updated: CalendarDate?
    public var tags: [String]
    public var tracks: [Track]
    public var draft: Bool
    public var bodyHTML: String
    public var sourcePath: String

    public init(
        slug: String, title: String, description: String? = nil, cover: LinkTarget? = nil,
        created: CalendarDate? = nil, updated: CalendarDate? = nil, tags: [String] = [],
        tracks: [Track], draft: Bool = false, bodyHTML: String = "", sourcePath: String = ""
    ) {
        self.slug = slug
        self.title = title
        self.description = description
        self.cover = cover
        self.created = created
        self.updated = updated
        self.tags = tags
        self.tracks = tracks
        self.draft = draft
        self.bodyHTML = bodyHTML
        self.sourcePath = sourcePath
    }

    /// Sum of the known durations, in seconds.
    public var totalDuration: Int { tracks.reduce(0) { $0 + ($1.duration ?? 0) } }
}

/// A plain page (docs/content-format.md, "A page"), served at `/SLUG/`.
public struct Page: Hashable, Sendable {
    public var slug: String
    public var title: String
    public var draft: Bool
    public var bodyHTML: String
    public var sourcePath: String

    public init(slug: String, title: String, draft: Bool = false, bodyHTML: String, sourcePath: String = "") {
        self.slug = slug
        self.title = title
        self.draft = draft
        self.bodyHTML = bodyHTML
        self.sourcePath = sourcePath
    }
}
