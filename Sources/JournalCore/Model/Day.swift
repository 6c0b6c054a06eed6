/// One logged day of the diary (docs/content-format.md, "A day").
public struct Day: Hashable, Sendable {
    public var date: CalendarDate
    public var title: String?
    /// In the order they were listened to; never empty.
    public var tracks: [Track]
    public var tags: [String]
    public var mood: String?
    public var draft: Bool
    /// The body rendered to HTML.
    public var bodyHTML: String
    /// Plain text of the body's opening, for lists and meta descriptions.
    public var summary: String
    /// The content file, relative to the source folder.
    public var sourcePath: String
    /// The imported mark: the service or export the day was made from (`source: listenbrainz`,
    /// written by `journal import` and `journal sync`); nil for a day the writer made. Nothing
    /// shows it; `journal status` asks such a day for words (`DayWords`).
    public var source: String?

    public init(
        date: CalendarDate, title: String? = nil, tracks: [Track], tags: [String] = [],
        mood: String? = nil, draft: Bool = false, bodyHTML: String = "", summary: String = "",
        sourcePath: String = "", source: String? = nil
    ) {
        self.date = date
        self.title = title
        self.tracks = tracks
        self.tags = tags
        self.mood = mood
        self.draft = draft
        self.bodyHTML = bodyHTML
        self.summary = summary
        self.sourcePath = sourcePath
        self.source = source
    }
}
