/// A track's page (`TrackPages.swift`): the track as last played, its plays over time, and
/// every play, newest first, a page at a time.
struct TrackPageView: Encodable {
    /// Artists › the artist › Tracks › the track.
    var breadcrumbs: [Crumb]
    var title: String
    /// Every credited artist of its last play, each linked.
    var artists: [NamedLink]
    /// Plays, first and last listened.
    var summary: [SummaryItem]
    /// The track as last played: artwork, album, genre, preview and links (its note is with its play).
    var card: TrackView
    /// `Plays over time` or `Songs logged over time`.
    var chartHeading: String
    var chart: ChartView?
    /// The albums its plays came from, when more than one.
    var albums: [CountRow]
    /// `12 songs logged`, with the page when there are several.
    var count: String
    /// The plays this page lists, by year and day, newest first.
    var years: [TrackPlayYear]
    var pagination: Pagination?
    /// Playlists the track is on.
    var playlists: [NamedLink]
}

/// A year's plays of a track on one page of its list.
struct TrackPlayYear: Encodable {
    var year: String
    /// Its heading's fragment (`y2025`), which the chart's bars link to.
    var id: String
    /// The year's plays, all of them (`12 plays`), whichever page shows them.
    var count: String
    var plays: [TrackPlayRow]
}

/// A day's plays of the track: the day, and what the diary says of the track that day.
struct TrackPlayRow: Encodable {
    /// `27 Apr`: the year is the heading's.
    var date: String
    var dateISO: String
    var href: String
    /// The day's title, when it has one.
    var dayTitle: String?
    /// The album, when the track's plays came from several.
    var album: String?
    /// Every credited artist, when they differ from the track's last play.
    var with: String?
    /// `×3` when the day played it more than once.
    var times: String?
    /// The plays' notes, HTML.
    var notes: [String]
}
