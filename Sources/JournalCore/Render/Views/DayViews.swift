// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Tracks and days

struct TrackView: Encodable {
    /// From 1, in its list.
    var number: Int
    /// Its fragment identifier on a day's page (`SiteURLs.trackAnchor`).
    var anchor: String
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

/// A name with a link when it has a page (an artist, a tag).
struct NamedLink: Encodable {
    var name: String
    var href: String?
}

struct AudioView: Encodable {
    var src: String
    /// The MIME type, when the extension says it.
    var type: String?
}

/// A link to a track on a streaming service.
struct ServiceLink: Encodable {
    var service: String
    var label: String
    var href: String
}

/// A day as a card in lists.
struct DayCardView: Encodable {
    var href: String
    var date: String
    var dateISO: String
    var trackCount: String
    var tracks: [TrackView]
    var title: String?
    var summary: String?
}

/// A day's page (`day`): its card and what surrounds it.
struct DayPageView: Encodable {
    /// Its fields are the page's own.
    @Flattened var card: Converted
    var heading: String
    var hasTitle: Bool
    var mood: String?
    var tags: [NamedLink]
    /// HTML.
    var body: String?
    /// The day's plays, when the listening log has any (ListeningViews.swift).
    var listening: DayListeningView? = nil
    var previous: DayLink?
    var next: DayLink?
    var weekHref: String
    var weekName: String
    var monthHref: String
    var monthName: String
    var yearHref: String
    var yearName: String
    /// The same date 1, 5 and 10 years before (`partials/on-this-day`), when the journal has any.
    var onThisDay: OnThisDayView? = nil
}

/// The previous or next day.
struct DayLink: Encodable {
    var href: String
    var date: String
    var title: String?
}

/// A cover as `partials/cover.mustache` draws it: the resized image (WebP beside it), or one
/// drawn from the title's initials.
struct ArtView: Encodable {
    var artwork: String?
    var artworkWebp: String?
    var placeholder: String?
}
