import Mustache

/// The year in review (`/YYYY/review/`), as the theme's `review.mustache` sees it.
struct ReviewPageView {
    var breadcrumbs: [Crumb]
    var title: String
    var lede: String
    var yearHref: String
    var year: String
    var totals: [ReviewTotal]
    /// `2 plays have no duration and are not counted.`, when some have none.
    var untimedNote: String?
    /// `Compared with 2025`, when the journal has the year before.
    var comparedWith: String?
    var newArtists: ReviewNewArtists?
    /// The song and the artist of the year, with their covers.
    var headlines: [ReviewHeadline]
    /// A card per headline figure.
    var highlights: [ReviewHighlight]
    var topArtists: [ReviewRankedArt]
    var playlist: [TrackView]
    var topAlbums: [ReviewRankedArt]
    /// Each month's most played song.
    var months: [ReviewMonthSong]
    var phases: [ReviewPhase]
    /// Inline SVG: the month-by-month 100% chart, with its genres and the numbers as a table.
    var mix: ReviewMix?
    var weekdays: String?
    var favouriteWeekday: String?
    var longestStreak: StreakView?
    var biggestDay: ReviewBiggestDay?
    var releaseYears: String?
    var undatedNote: String?
    var forgottenArtists: [RankedItem]
    var forgottenTracks: [RankedItem]
    /// Whether there was a year before to forget anything from.
    var hasLastYear: Bool
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The year's files to embed elsewhere, with snippets.
    var share: ShareView
}

extension ReviewPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "title": title.templateValue, "lede": lede.templateValue,
         "yearHref": yearHref.templateValue, "year": year.templateValue, "totals": totals.templateValue,
         "untimedNote": untimedNote.templateValue, "comparedWith": comparedWith.templateValue,
         "newArtists": newArtists.templateValue, "headlines": headlines.templateValue, "highlights": highlights.templateValue,
         "topArtists": topArtists.templateValue, "playlist": playlist.templateValue,
         "topAlbums": topAlbums.templateValue, "months": months.templateValue, "phases": phases.templateValue, "mix": mix.templateValue,
         "weekdays": weekdays.templateValue, "favouriteWeekday": favouriteWeekday.templateValue,
         "longestStreak": longestStreak.templateValue, "biggestDay": biggestDay.templateValue,
         "releaseYears": releaseYears.templateValue, "undatedNote": undatedNote.templateValue,
         "forgottenArtists": forgottenArtists.templateValue, "forgottenTracks": forgottenTracks.templateValue,
         "hasLastYear": hasLastYear.templateValue, "previous": previous.templateValue, "next": next.templateValue,
         "share": share.templateValue]
    }
}

/// One of the year's totals, with how it changed from the year before.
struct ReviewTotal {
    var label: String
    var value: String
    var hint: String?
    /// `+5`, `−3` or `±0`; nil without a year before.
    var delta: String?
    /// `up`, `down` or `same`, for the delta's colour and arrow.
    var direction: String?
    /// `Compared with 2025: 4`.
    var before: String?
}

extension ReviewTotal: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "value": value.templateValue, "hint": hint.templateValue, "delta": delta.templateValue,
         "direction": direction.templateValue, "before": before.templateValue]
    }
}

/// Artists first played this year.
struct ReviewNewArtists {
    /// `12 new artists`.
    var headline: String
    /// `40% of the year's plays`.
    var share: String
    var artists: [ReviewNewArtist]
}

extension ReviewNewArtists: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["headline": headline.templateValue, "share": share.templateValue, "artists": artists.templateValue]
    }
}

struct ReviewNewArtist {
    var name: String
    var href: String
    var plays: String
    var firstDate: String
    var firstISO: String
    var firstHref: String
    var firstTrack: String
}

extension ReviewNewArtist: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "href": href.templateValue, "plays": plays.templateValue, "firstDate": firstDate.templateValue,
         "firstISO": firstISO.templateValue, "firstHref": firstHref.templateValue, "firstTrack": firstTrack.templateValue]
    }
}

/// Months in a row led by one genre.
struct ReviewPhase {
    /// `Jan – Mar` or `Jun`.
    var months: String
    var genre: String
    var color: String
    var href: String?
    var plays: String
    /// Beyond the top genres: striped, as in lists.
    var minor: Bool
    /// The phase's length in months, for its width.
    var span: Int
}

extension ReviewPhase: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["months": months.templateValue, "genre": genre.templateValue, "color": color.templateValue, "href": href.templateValue,
         "plays": plays.templateValue, "minor": minor.templateValue, "span": span.templateValue]
    }
}

/// The month-by-month genre mix: the chart, its legend and its numbers.
struct ReviewMix {
    var svg: String
    var legend: [Swatch]
    var caption: String
    /// The table's genre columns, in the order of each row's cells.
    var columns: [Swatch]
    var rows: [ReviewMixRow]
}

extension ReviewMix: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["svg": svg.templateValue, "legend": legend.templateValue, "caption": caption.templateValue, "columns": columns.templateValue,
         "rows": rows.templateValue]
    }
}

struct ReviewMixRow {
    var month: String
    var href: String?
    /// Each column genre's share of the month, `40%`.
    var cells: [String]
}

extension ReviewMixRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["month": month.templateValue, "href": href.templateValue, "cells": cells.templateValue] }
}

struct ReviewBiggestDay {
    var date: String
    var iso: String
    var href: String
    var plays: String
    /// `one of 40 days with as many`.
    var ties: String
}

extension ReviewBiggestDay: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["date": date.templateValue, "iso": iso.templateValue, "href": href.templateValue, "plays": plays.templateValue, "ties": ties.templateValue]
    }
}

/// One of the review's two headlines: the song of the year, the artist of the year.
struct ReviewHeadline {
    /// `Song of the year`.
    var label: String
    var name: String
    var href: String?
    /// The song's artists, linked; empty for the artist headline.
    var artists: [NamedLink]
    /// `9 plays · most in October`.
    var detail: String
    var art: ArtView
    /// Drawn round: an artist, not a record.
    var round: Bool
}

extension ReviewHeadline: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "name": name.templateValue, "href": href.templateValue, "artists": artists.templateValue,
         "detail": detail.templateValue, "art": art.templateValue, "round": round.templateValue]
    }
}

/// A headline figure of the year, one card each: minutes, new artists, the longest streak,
/// the genre phases, the first song.
struct ReviewHighlight {
    var label: String
    /// `665 minutes`, `23 days`, `K-Pop → Indie`.
    var value: String
    /// `about 11 hours`, `20 Sep – 12 Oct 2026`.
    var detail: String?
    /// Where the card leads: the section or page that says more.
    var href: String?
}

extension ReviewHighlight: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "value": value.templateValue, "detail": detail.templateValue, "href": href.templateValue]
    }
}

/// A ranked artist or album of the year with its cover.
struct ReviewRankedArt {
    var rank: Int
    var name: String
    var href: String?
    /// An album's artist; nil for an artist.
    var artist: String?
    var artistHref: String?
    var plays: String
    /// An artist's month played most, linked: `Peak: October 2026 · 6 plays`.
    var peak: String?
    var peakHref: String?
    var peakPlays: String?
    var art: ArtView
}

extension ReviewRankedArt: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["rank": rank.templateValue, "name": name.templateValue, "href": href.templateValue, "artist": artist.templateValue,
         "artistHref": artistHref.templateValue, "plays": plays.templateValue, "peak": peak.templateValue,
         "peakHref": peakHref.templateValue, "peakPlays": peakPlays.templateValue, "art": art.templateValue]
    }
}

/// The song played most in a month.
struct ReviewMonthSong {
    /// `October`, linked to the month's page.
    var month: String
    var monthHref: String
    var title: String
    var href: String?
    var artist: String
    var artistHref: String?
    var plays: String
    var art: ArtView
}

extension ReviewMonthSong: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["month": month.templateValue, "monthHref": monthHref.templateValue, "title": title.templateValue, "href": href.templateValue,
         "artist": artist.templateValue, "artistHref": artistHref.templateValue, "plays": plays.templateValue, "art": art.templateValue]
    }
}
