import Mustache

// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Tracks and days

struct TrackView {
    /// From 1, in its list.
    var number: Int
    var title: String
    /// The track's page, when it was played on a day (a playlist's track may not have been).
    var trackHref: String?
    /// Every credited artist, joined.
    var artist: String
    var primaryArtist: String
    var genre: String
    var genreColor: String
    /// nil when the genre has no page (no diary plays).
    var genreHref: String?
    var artists: [NamedLink]
    /// The artists after the first, joined.
    var featuring: String?
    var album: String?
    /// `3:41`.
    var duration: String?
    /// `PT221S`.
    var durationISO: String?
    /// The release year.
    var released: String?
    var artwork: String?
    /// The cover's resized squares as WebP (`CoverImage`), when it has them.
    var artworkWebp: String? = nil
    /// A generated cover (inline SVG) when there is no artwork.
    var placeholder: String?
    var preview: AudioView?
    var links: [ServiceLink]
    /// HTML.
    var note: String?
    /// `12 plays`, in a ranking of tracks (the year's playlist).
    var plays: String? = nil
}

extension TrackView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["number": number.templateValue, "anchor": SiteURLs.trackAnchor(number).templateValue, "title": title.templateValue, "trackHref": trackHref.templateValue, "artist": artist.templateValue,
         "primaryArtist": primaryArtist.templateValue, "genre": genre.templateValue, "genreColor": genreColor.templateValue,
         "genreHref": genreHref.templateValue, "artists": artists.templateValue, "featuring": featuring.templateValue,
         "album": album.templateValue, "duration": duration.templateValue, "durationISO": durationISO.templateValue,
         "released": released.templateValue, "artwork": artwork.templateValue,
         "artworkWebp": artworkWebp.templateValue, "placeholder": placeholder.templateValue,
         "preview": preview.templateValue, "links": links.templateValue, "note": note.templateValue, "plays": plays.templateValue]
    }
}

/// A name with a link when it has a page (an artist, a tag).
struct NamedLink {
    var name: String
    var href: String?
}

extension NamedLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["name": name.templateValue, "href": href.templateValue] }
}

struct AudioView {
    var src: String
    /// The MIME type, when the extension says it.
    var type: String?
}

extension AudioView: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["src": src.templateValue, "type": type.templateValue] }
}

/// A link to a track on a streaming service.
struct ServiceLink {
    var service: String
    var label: String
    var href: String
}

extension ServiceLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["service": service.templateValue, "label": label.templateValue, "href": href.templateValue] }
}

/// A day as a card in lists.
struct DayCardView {
    var href: String
    var date: String
    var dateISO: String
    var trackCount: String
    var tracks: [TrackView]
    var title: String?
    var summary: String?
}

extension DayCardView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["href": href.templateValue, "date": date.templateValue, "dateISO": dateISO.templateValue,
         "trackCount": trackCount.templateValue, "tracks": tracks.templateValue, "title": title.templateValue,
         "summary": summary.templateValue]
    }
}

/// A day's page (`day`): its card and what surrounds it.
struct DayPageView {
    var card: DayCardView
    var heading: String
    var hasTitle: Bool
    var mood: String?
    var tags: [NamedLink]
    /// HTML.
    var body: String?
    var previous: DayLink?
    var next: DayLink?
    var weekHref: String
    var weekName: String
    var monthHref: String
    var monthName: String
    var yearHref: String
    var yearName: String
}

extension DayPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        var object = card.templateObject
        object["heading"] = heading.templateValue
        object["hasTitle"] = hasTitle.templateValue
        object["mood"] = mood.templateValue
        object["tags"] = tags.templateValue
        object["body"] = body.templateValue
        object["previous"] = previous.templateValue
        object["next"] = next.templateValue
        object["weekHref"] = weekHref.templateValue
        object["weekName"] = weekName.templateValue
        object["monthHref"] = monthHref.templateValue
        object["monthName"] = monthName.templateValue
        object["yearHref"] = yearHref.templateValue
        object["yearName"] = yearName.templateValue
        return object
    }
}

/// The previous or next day.
struct DayLink {
    var href: String
    var date: String
    var title: String?
}

extension DayLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["href": href.templateValue, "date": date.templateValue, "title": title.templateValue] }
}

/// A cover as `partials/cover.mustache` draws it: the resized image (WebP beside it), or one
/// drawn from the title's initials.
struct ArtView {
    var artwork: String?
    var artworkWebp: String?
    var placeholder: String?
}

extension ArtView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["artwork": artwork.templateValue, "artworkWebp": artworkWebp.templateValue, "placeholder": placeholder.templateValue]
    }
}
