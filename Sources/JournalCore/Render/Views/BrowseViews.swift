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

struct ArtistPageView {
    var name: String
    var summary: [SummaryItem]
    var chart: ChartView?
    var tracks: [CountRow]
    var albums: [CountRow]
    var plays: [ArtistPlayRow]
}

extension ArtistPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "summary": summary.templateValue, "chart": chart.templateValue,
         "tracks": tracks.templateValue, "albums": albums.templateValue, "plays": plays.templateValue]
    }
}

/// A track or an album with its plays.
struct CountRow {
    var title: String
    var album: String?
    var plays: String
}

extension CountRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["title": title.templateValue, "album": album.templateValue, "plays": plays.templateValue] }
}

struct ArtistPlayRow {
    var date: String
    var dateISO: String
    var href: String
    var title: String
    /// Every credited artist, when there are others.
    var with: String?
}

extension ArtistPlayRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["date": date.templateValue, "dateISO": dateISO.templateValue, "href": href.templateValue,
         "title": title.templateValue, "with": with.templateValue]
    }
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

struct GenrePageView {
    var name: String
    var color: String
    var isOther: Bool
    var summary: [SummaryItem]
    var chart: ChartView?
    var topArtists: [RankedItem]
    /// Every day it was played, by year.
    var years: [GenreYear]
}

extension GenrePageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "color": color.templateValue, "isOther": isOther.templateValue,
         "summary": summary.templateValue, "chart": chart.templateValue, "topArtists": topArtists.templateValue,
         "years": years.templateValue]
    }
}

struct GenreYear {
    var year: String
    var days: [DayChip]
}

extension GenreYear: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["year": year.templateValue, "days": days.templateValue] }
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
    var count: String
    var days: [Converted]
    var playlists: [PlaylistCardView]
}

extension TagPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "count": count.templateValue, "days": days.templateValue, "playlists": playlists.templateValue]
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
    var placeholder: String?
}

extension PlaylistCardView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["href": href.templateValue, "title": title.templateValue, "trackCount": trackCount.templateValue,
         "totalDuration": totalDuration.templateValue, "description": description.templateValue,
         "cover": cover.templateValue, "placeholder": placeholder.templateValue]
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
