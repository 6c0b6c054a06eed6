// "On this day" as the day pages and the home page show it (`partials/on-this-day.mustache`):
// typed values ready to print, in a struct of its own so a page adds it as one field.

/// The same date one, five and ten years before, where the journal has any.
struct OnThisDayView: Encodable {
    /// `24 Jan`: the day and month looked back from.
    var dayMonth: String
    var memories: [OnThisDayMemoryView]
}

/// One date before: what was logged on it (its title, or its first songs, linked to its page)
/// and the song played most on it.
struct OnThisDayMemoryView: Encodable {
    /// `1 year ago`.
    var ago: String
    /// `24 Jan 2025`.
    var date: String
    var dateISO: String
    /// The day's page, when the writer logged the date.
    var href: String?
    var title: String?
    /// `Hype Boy — NewJeans, Ditto — NewJeans`, when the day has no title.
    var songs: String?
    /// `Played most: Ditto — NewJeans · 12 plays`, where the listening log has the date.
    var playedMost: String?
}
