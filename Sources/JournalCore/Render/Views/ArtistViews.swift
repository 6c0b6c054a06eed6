// What artist pages show (the index, each artist's page, its earlier years and full lists), as
// typed values ready to print (STYLE.md: templates get strings, never model objects).

struct ArtistRow: Encodable {
    var name: String
    var href: String
    var plays: String
    /// Plays where the artist is credited but not first.
    var credits: String?
}

/// A page of the artists index: A–Z with a jump list, the most played on the first page.
struct ArtistsIndexView: Encodable {
    /// `573 artists`.
    var count: String
    /// `Page 2 of 6`, when there are several.
    var pageLabel: String?
    /// How many artists only the listening log has were left without a page, and why.
    var leftOut: String?
    /// Some artist has plays with others: the page says what that means.
    var hasCredits: Bool
    var letters: [LetterLink]
    /// The first page's most played artists.
    var top: [RankedItem]
    /// This page's artists under their letters.
    var groups: [LetterGroup]
    var pagination: Pagination?
}

/// A letter of the jump list, linked to where its artists start.
struct LetterLink: Encodable {
    var letter: String
    var href: String
}

struct LetterGroup: Encodable {
    var letter: String
    /// The heading's fragment identifier.
    var id: String
    var rows: [ArtistRow]
}

struct ArtistPageView: Encodable {
    var name: String
    var summary: [SummaryItem]
    /// `2 plays + 1 with others`, when some plays credit the artist beside another.
    var credits: String?
    /// `Plays over time` or `Songs logged over time`.
    var chartHeading: String
    var chart: ChartView?
    /// The top tracks and albums.
    var tracks: [CountRow]
    var albums: [CountRow]
    /// Links to every track and album, when there are more than the top.
    var allTracks: MoreLink?
    var allAlbums: MoreLink?
    /// Every year with plays, newest first, when there are several.
    var years: [YearLink]
    /// The years whose plays the page lists, newest first, by day: every year when the artist's
    /// plays fit one page, else the latest (earlier years have pages of their own).
    var shown: [ShownYear]
}

/// A link to a whole list shown in part: `All tracks (37)`.
struct MoreLink: Encodable {
    var href: String
    var count: Int
}

/// A year of an artist's plays listed on the artist's page.
struct ShownYear: Encodable {
    var year: String
    /// The heading's fragment (`y2025`), which the chart's bars link to.
    var id: String
    /// `12 plays`.
    var count: String
    var plays: [ArtistDayRow]
}

/// A year of an artist's plays or a genre's days, with what it holds.
struct YearLink: Encodable {
    var year: String
    var href: String
    /// `312 plays`, `48 days · 61 plays`.
    var detail: String
}

/// An artist's plays in a year before their latest (`artist-year`).
struct ArtistYearPageView: Encodable {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    var year: String
    var count: String
    var plays: [ArtistDayRow]
    var previous: PeriodLink?
    var next: PeriodLink?
}

/// A page of an artist's tracks or albums (`artist-list`).
struct ArtistListPageView: Encodable {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    /// `Tracks`, `Albums`.
    var heading: String
    /// `776 tracks`, with the page when there are several.
    var count: String
    var rows: [CountRow]
    var pagination: Pagination?
}

/// A track or an album with its plays and its place in the artist's list.
struct CountRow: Encodable {
    var rank: Int
    var title: String
    var album: String?
    var plays: String
    /// The track's page; nil for albums.
    var href: String? = nil
    /// For a track the artist is a guest on: its main artist ("with A").
    var with: String? = nil
}

/// A day's plays of an artist.
struct ArtistDayRow: Encodable {
    var date: String
    var dateISO: String
    var href: String
    var tracks: [PlayedTrack]
}

struct PlayedTrack: Encodable {
    var title: String
    /// The track's page.
    var href: String?
    /// Every credited artist, when there are others.
    var with: String?
}
