/// The year in review (`/YYYY/review/`), as the theme's `review.mustache` sees it.
struct ReviewPageView: Encodable {
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
    /// Plays by hour of the day, when the year has listening (ListeningViews.swift).
    var hours: HourChartView? = nil
}

/// One of the year's totals, with how it changed from the year before.
struct ReviewTotal: Encodable {
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

/// Artists first played this year.
struct ReviewNewArtists: Encodable {
    /// `12 new artists`.
    var headline: String
    /// `40% of the year's plays`.
    var share: String
    var artists: [ReviewNewArtist]
}

struct ReviewNewArtist: Encodable {
    var name: String
    var href: String
    var plays: String
    var firstDate: String
    var firstISO: String
    /// Nil where the diary has no page for the day.
    var firstHref: String?
    var firstTrack: String
}

/// Months in a row led by one genre.
struct ReviewPhase: Encodable {
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

/// The month-by-month genre mix: the chart, its legend and its numbers.
struct ReviewMix: Encodable {
    var svg: String
    var legend: [Swatch]
    var caption: String
    /// The table's genre columns, in the order of each row's cells.
    var columns: [Swatch]
    var rows: [ReviewMixRow]
}

struct ReviewMixRow: Encodable {
    var month: String
    var href: String?
    /// Each column genre's share of the month, `40%`.
    var cells: [String]
}

struct ReviewBiggestDay: Encodable {
    var date: String
    var iso: String
    /// Nil where the diary has no page for the day.
    var href: String?
    var plays: String
    /// `one of 40 days with as many`.
    var ties: String
}

/// One of the review's two headlines: the song of the year, the artist of the year.
struct ReviewHeadline: Encodable {
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

/// A headline figure of the year, one card each: minutes, new artists, the longest streak,
/// the genre phases, the first song.
struct ReviewHighlight: Encodable {
    var label: String
    /// `665 minutes`, `23 days`, `K-Pop → Indie`.
    var value: String
    /// `about 11 hours`, `20 Sep – 12 Oct 2026`.
    var detail: String?
    /// Where the card leads: the section or page that says more.
    var href: String?
}

/// A ranked artist or album of the year with its cover.
struct ReviewRankedArt: Encodable {
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

/// The song played most in a month.
struct ReviewMonthSong: Encodable {
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
