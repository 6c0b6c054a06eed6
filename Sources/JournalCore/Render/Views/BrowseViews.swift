import Mustache

// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Artists, genres, tags, search

struct ArtistRow {
    var name: String
    var href: String
    var plays: String
    /// Plays where the artist is credited but not first.
    var credits: String?
}

extension ArtistRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "href": href.templateValue, "plays": plays.templateValue, "credits": credits.templateValue]
    }
}

/// A page of the artists index: A–Z with a jump list, the most played on the first page.
struct ArtistsIndexView {
    /// `573 artists`.
    var count: String
    /// `Page 2 of 6`, when there are several.
    var pageLabel: String?
    /// Some artist has plays with others: the page says what that means.
    var hasCredits: Bool
    var letters: [LetterLink]
    /// The first page's most played artists.
    var top: [RankedItem]
    /// This page's artists under their letters.
    var groups: [LetterGroup]
    var pagination: Pagination?
}

extension ArtistsIndexView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["count": count.templateValue, "pageLabel": pageLabel.templateValue, "hasCredits": hasCredits.templateValue,
         "letters": letters.templateValue, "top": top.templateValue, "groups": groups.templateValue,
         "pagination": pagination.templateValue]
    }
}

/// A letter of the jump list, linked to where its artists start.
struct LetterLink {
    var letter: String
    var href: String
}

extension LetterLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["letter": letter.templateValue, "href": href.templateValue] }
}

struct LetterGroup {
    var letter: String
    /// The heading's fragment identifier.
    var id: String
    var rows: [ArtistRow]
}

extension LetterGroup: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["letter": letter.templateValue, "id": id.templateValue, "rows": rows.templateValue] }
}

struct ArtistPageView {
    var name: String
    var summary: [SummaryItem]
    /// `2 plays + 1 with others`, when some plays credit the artist beside another.
    var credits: String?
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

extension ArtistPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "summary": summary.templateValue, "credits": credits.templateValue, "chart": chart.templateValue,
         "tracks": tracks.templateValue, "albums": albums.templateValue, "allTracks": allTracks.templateValue,
         "allAlbums": allAlbums.templateValue, "years": years.templateValue, "shown": shown.templateValue]
    }
}

/// A link to a whole list shown in part: `All tracks (37)`.
struct MoreLink {
    var href: String
    var count: Int
}

extension MoreLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["href": href.templateValue, "count": count.templateValue] }
}

/// A year of an artist's plays listed on the artist's page.
struct ShownYear {
    var year: String
    /// The heading's fragment (`y2025`), which the chart's bars link to.
    var id: String
    /// `12 plays`.
    var count: String
    var plays: [ArtistDayRow]
}

extension ShownYear: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["year": year.templateValue, "id": id.templateValue, "count": count.templateValue, "plays": plays.templateValue] }
}

/// A year of an artist's plays or a genre's days, with what it holds.
struct YearLink {
    var year: String
    var href: String
    /// `312 plays`, `48 days · 61 plays`.
    var detail: String
}

extension YearLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["year": year.templateValue, "href": href.templateValue, "detail": detail.templateValue] }
}

/// An artist's plays in a year before their latest (`artist-year`).
struct ArtistYearPageView {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    var year: String
    var count: String
    var plays: [ArtistDayRow]
    var previous: PeriodLink?
    var next: PeriodLink?
}

extension ArtistYearPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "year": year.templateValue, "count": count.templateValue, "plays": plays.templateValue,
         "previous": previous.templateValue, "next": next.templateValue]
    }
}

/// A page of an artist's tracks or albums (`artist-list`).
struct ArtistListPageView {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    /// `Tracks`, `Albums`.
    var heading: String
    /// `776 tracks`, with the page when there are several.
    var count: String
    var rows: [CountRow]
    var pagination: Pagination?
}

extension ArtistListPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "heading": heading.templateValue, "count": count.templateValue,
         "rows": rows.templateValue, "pagination": pagination.templateValue]
    }
}

/// A track or an album with its plays and its place in the artist's list.
struct CountRow {
    var rank: Int
    var title: String
    var album: String?
    var plays: String
    /// The track's page; nil for albums.
    var href: String? = nil
}

extension CountRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["rank": rank.templateValue, "title": title.templateValue, "album": album.templateValue, "plays": plays.templateValue, "href": href.templateValue]
    }
}

/// A day's plays of an artist.
struct ArtistDayRow {
    var date: String
    var dateISO: String
    var href: String
    var tracks: [PlayedTrack]
}

extension ArtistDayRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["date": date.templateValue, "dateISO": dateISO.templateValue, "href": href.templateValue, "tracks": tracks.templateValue]
    }
}

struct PlayedTrack {
    var title: String
    /// The track's page.
    var href: String?
    /// Every credited artist, when there are others.
    var with: String?
}

extension PlayedTrack: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["title": title.templateValue, "href": href.templateValue, "with": with.templateValue] }
}

struct GenreRow {
    var name: String
    var color: String
    var href: String
    var plays: String
    var percent: String
    var width: String
    /// Drawn as Other in charts.
    var other: Bool
}

extension GenreRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "color": color.templateValue, "href": href.templateValue, "plays": plays.templateValue,
         "percent": percent.templateValue, "width": width.templateValue, "other": other.templateValue]
    }
}

/// What the genres index says below its list: the plays with no genre, and what striped swatches mean.
struct GenreNotesView {
    /// `No genre: 3 tracks`.
    var noGenre: String?
    var otherNote: String?
}

extension GenreNotesView: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["noGenre": noGenre.templateValue, "otherNote": otherNote.templateValue] }
}

struct GenrePageView {
    var name: String
    var color: String
    var isOther: Bool
    var summary: [SummaryItem]
    var chart: ChartView?
    var topArtists: [RankedItem]
    /// Every year it was played, newest first, when there are several.
    var years: [YearLink]
    /// The latest year's days.
    var latestYear: String
    var latestCount: String
    /// The latest year heading's fragment (`y2026`), which the chart's bars link to.
    var latestID: String
    var months: [MonthDays]
}

extension GenrePageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "color": color.templateValue, "isOther": isOther.templateValue,
         "summary": summary.templateValue, "chart": chart.templateValue, "topArtists": topArtists.templateValue,
         "years": years.templateValue, "latestYear": latestYear.templateValue, "latestCount": latestCount.templateValue,
         "latestID": latestID.templateValue,
         "months": months.templateValue]
    }
}

/// The days of a year before a genre's latest (`genre-year`).
struct GenreYearPageView {
    /// The way up: the index, then the artist or genre (`Crumb`).
    var breadcrumbs: [Crumb]
    var color: String
    var year: String
    var count: String
    var months: [MonthDays]
    var previous: PeriodLink?
    var next: PeriodLink?
}

extension GenreYearPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "color": color.templateValue, "year": year.templateValue, "count": count.templateValue,
         "months": months.templateValue, "previous": previous.templateValue, "next": next.templateValue]
    }
}

/// A month's days, each a chip with its day of the month.
struct MonthDays {
    /// `Jan`.
    var name: String
    var days: [DayChip]
}

extension MonthDays: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["name": name.templateValue, "days": days.templateValue] }
}

struct DayChip {
    var label: String
    var dateISO: String
    var href: String
}

extension DayChip: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["label": label.templateValue, "dateISO": dateISO.templateValue, "href": href.templateValue] }
}

struct TagRow {
    var name: String
    var href: String
    var count: Int
}

extension TagRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["name": name.templateValue, "href": href.templateValue, "count": count.templateValue] }
}

struct TagPageView {
    var name: String
    /// `34 days`, with the page when there are several.
    var count: String
    /// This page's days, newest first.
    var days: [Converted]
    /// On the first page only.
    var playlists: [PlaylistCardView]
    var pagination: Pagination?
}

extension TagPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "count": count.templateValue, "days": days.templateValue, "playlists": playlists.templateValue,
         "pagination": pagination.templateValue]
    }
}

struct SearchView {
    /// The index's URL.
    var index: String
    /// The result types' labels as a JSON object, for the script.
    var types: String
    /// `{"one": "1 play", "other": "{n} plays"}`: the count forms of plays, for the script.
    var plays: String
    var script: String
}

extension SearchView: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["index": index.templateValue, "types": types.templateValue, "plays": plays.templateValue, "script": script.templateValue] }
}

// MARK: Playlists and pages

struct PlaylistCardView {
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

extension PlaylistCardView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["href": href.templateValue, "title": title.templateValue, "trackCount": trackCount.templateValue,
         "totalDuration": totalDuration.templateValue, "description": description.templateValue,
         "cover": cover.templateValue, "coverWebp": coverWebp.templateValue,
         "placeholder": placeholder.templateValue]
    }
}

/// A page of the playlists index.
struct PlaylistsPageView {
    var chrome: PageChrome
    var playlists: [PlaylistCardView]
    var pagination: Pagination?
}

extension PlaylistsPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        var object = chrome.chrome
        object["playlists"] = playlists.templateValue
        object["pagination"] = pagination.templateValue
        return object
    }
}

struct PlaylistPageView {
    var card: PlaylistCardView
    var tracks: [TrackView]
    var created: String?
    var createdISO: String?
    var updated: String?
    var updatedISO: String?
    var tags: [NamedLink]
    var body: String?
}

extension PlaylistPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        var object = card.templateObject
        object["tracks"] = tracks.templateValue
        object["created"] = created.templateValue
        object["createdISO"] = createdISO.templateValue
        object["updated"] = updated.templateValue
        object["updatedISO"] = updatedISO.templateValue
        object["tags"] = tags.templateValue
        object["body"] = body.templateValue
        return object
    }
}

struct PlainPageView {
    var title: String
    /// HTML.
    var body: String
}

extension PlainPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["title": title.templateValue, "body": body.templateValue] }
}
