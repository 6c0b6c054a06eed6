// What the tag pages (their index and each tag's days) and the search page show, as typed values
// ready to print (STYLE.md: templates get strings, never model objects).

struct TagRow: Encodable {
    var name: String
    var href: String
    var count: Int
}

struct TagPageView: Encodable {
    var name: String
    /// `34 days`, with the page when there are several.
    var count: String
    /// This page's days, newest first.
    var days: [Converted]
    /// On the first page only.
    var playlists: [PlaylistCardView]
    var pagination: Pagination?
}

struct SearchView: Encodable {
    /// The index's URL.
    var index: String
    /// The result types' labels as a JSON object, for the script.
    var types: String
    /// `{"one": "1 play", "other": "{n} plays"}`: the count forms of plays, for the script.
    var plays: String
    var script: String
}
