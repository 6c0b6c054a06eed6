import Mustache

/// The year in review (`/YYYY/review/`): what Analyse's `YearReview` found, formatted, with
/// charts of the genre mix, the weekdays and the release years.
extension SiteRenderer {
    func reviewPage(_ index: Int) -> TemplateObject {
        let review = reviews[index]
        let year = review.year
        let path = urls.review(year)
        let title = l10n.reviewTitle(year)
        let view = ReviewPageView(
            breadcrumbs: [
                Crumb(name: l10n.string(.archive), href: urls.href(urls.archive)),
                Crumb(name: String(year), href: urls.href(urls.year(year))),
                Crumb(name: l10n.string(.yearInReview), href: nil),
            ],
            title: title,
            lede: l10n.string(.reviewLede),
            yearHref: urls.href(urls.year(year)),
            year: String(year),
            totals: reviewTotals(review),
            untimedNote: minutesNote(review.totals),
            comparedWith: reviewSpans(review),
            // In the journal's first year every artist is new: nothing to say.
            newArtists: index > 0 ? newArtists(review) : nil,
            headlines: reviewHeadlines(review),
            highlights: reviewHighlights(review, index: index),
            topArtists: review.topArtists.enumerated().map { rank, artist in
                ReviewRankedArt(
                    rank: rank + 1, name: artist.name, href: artist.slug.map { urls.href(urls.artist($0)) }, artist: nil, artistHref: nil,
                    plays: l10n.counted(artist.plays, review.totals.count), peak: l10n.monthYear(year: year, month: artist.peakMonth),
                    peakHref: urls.href(urls.month(year: year, month: artist.peakMonth)), peakPlays: l10n.counted(artist.peakPlays, review.totals.count),
                    art: namedArt(review.topArtistTracks[rank]?.track, name: artist.name))
            },
            playlist: review.topTracks.enumerated().map { rank, top in
                var view = trackView(top.track, number: rank + 1)
                view.plays = l10n.counted(top.plays, review.totals.count)
                return view
            },
            topAlbums: review.topAlbums.enumerated().map { rank, album in
                ReviewRankedArt(
                    rank: rank + 1, name: album.name, href: nil, artist: album.artist,
                    artistHref: album.artist.flatMap { library.artist(named: $0) }.map { urls.href(urls.artist($0.slug)) },
                    plays: l10n.counted(album.plays, review.totals.count), art: namedArt(review.topAlbumTracks[rank], name: album.name))
            },
            months: review.monthTracks.map { month in
                let track = month.top.track
                return ReviewMonthSong(
                    month: l10n.shortMonth(month.month), monthHref: urls.href(urls.month(year: year, month: month.month)),
                    title: track.title, href: trackHref(title: track.title, artist: track.primaryArtist),
                    artist: creditedNames(track).joined(separator: ", "),
                    artistHref: library.artist(named: track.primaryArtist).map { urls.href(urls.artist($0.slug)) },
                    plays: l10n.counted(month.top.plays, review.totals.count), art: art(track))
            },
            phases: review.phases.map { phase in
                ReviewPhase(
                    months: phase.firstMonth == phase.lastMonth
                        ? l10n.shortMonth(phase.firstMonth)
                        : "\(l10n.shortMonth(phase.firstMonth)) – \(l10n.shortMonth(phase.lastMonth))",
                    genre: l10n.genreName(phase.genre), color: phase.genre.color,
                    href: urls.href(urls.genre(phase.genre.slug)), plays: l10n.counted(phase.plays, review.totals.count),
                    minor: !phase.genre.isTop, span: phase.lastMonth - phase.firstMonth + 1)
            },
            mix: genreMix(year),
            weekdays: weekdayChart(review),
            favouriteWeekday: review.favouriteWeekday.map { weekday in
                "\(l10n.weekdays[weekday]) · \(l10n.counted(review.weekdayPlays[weekday], review.totals.count))"
            },
            longestStreak: streakView(review.longestStreak, count: review.totals.count),
            // Under a limit of songs a day, most days are as big as the biggest: nothing to say.
            biggestDay: journal.config.maxTracksPerDay > 0 && review.totals.count == .songsLogged
                ? nil
                : review.biggestDay.map { day in
                    ReviewBiggestDay(
                        date: l10n.longDate(day.date), iso: day.date.iso, href: isLogged(day.date) ? urls.href(urls.day(day.date)) : nil,
                        plays: l10n.counted(day.plays, review.totals.count), ties: l10n.tiedDays(day.ties))
                },
            releaseYears: releaseChart(review),
            undatedNote: review.undatedPlays > 0 && !review.releaseYears.isEmpty ? l10n.undatedPlays(review.undatedPlays) : nil,
            forgottenArtists: review.forgottenArtists.map { forgotten in
                RankedItem(
                    rank: forgotten.rank, name: forgotten.name, plays: l10n.counted(forgotten.plays, review.previous?.count ?? review.totals.count),
                    artist: nil,
                    href: library.artist(named: forgotten.name).map { urls.href(urls.artist($0.slug)) })
            },
            forgottenTracks: review.forgottenTracks.map { forgotten in
                let artistHref = forgotten.artist.flatMap { library.artist(named: $0) }.map { urls.href(urls.artist($0.slug)) }
                return RankedItem(
                    rank: forgotten.rank, name: forgotten.name, plays: l10n.counted(forgotten.plays, review.previous?.count ?? review.totals.count),
                    artist: forgotten.artist,
                    href: forgotten.artist.flatMap { trackHref(title: forgotten.name, artist: $0) }, artistHref: artistHref)
            },
            hasLastYear: index > 0 && reviews[index - 1].year == year - 1 && !stoppedEarly(review),
            previous: reviewNeighbour(index - 1, label: l10n.string(.previousYear)),
            next: reviewNeighbour(index + 1, label: l10n.string(.nextYear)),
            share: shareView(
                page: path, images: [reviewStoryImage(index)] + embeds(of: stats.years[index]).map(shareImage),
                card: cardShareImage(
                    path: urls.card(of: path), alt: reviewCardAlt(index),
                    width: ShareCard.Layout.landscape.width, height: ShareCard.Layout.landscape.height)),
            hours: hourChart(from: stats.years[index].start, through: stats.years[index].end, name: String(year)))
        return chrome(
            title: title, description: nil, path: path, section: "year",
            image: cardImage(path: urls.card(of: path), alt: reviewCardAlt(index))
        ).page("review", view)
    }

    /// A track's artists as their pages name them (the spelling played most), not as one play wrote them.
    func creditedNames(_ track: Track) -> [String] {
        track.artists.map { library.artist(named: $0)?.name ?? $0 }
    }

    /// An artist's or an album's picture: the cover of `track` (the artist's most played, one of
    /// the album's), or, when it has none, one drawn from `name`'s own initials (not the track's).
    func namedArt(_ track: Track?, name: String) -> ArtView {
        guard let track, track.artwork != nil else {
            let color = track.map { catalog.drawnGenre(of: $0).color } ?? GenreCatalog.otherColor
            return ArtView(placeholder: CoverArt.placeholder(title: name, artist: "", color: color))
        }
        return art(track)
    }

    /// The song of the year and the artist of the year, each with its cover (the artist's
    /// most played track's), leading the page.
    private func reviewHeadlines(_ review: YearReview) -> [ReviewHeadline] {
        var headlines: [ReviewHeadline] = []
        if let top = review.topTracks.first {
            let track = top.track
            headlines.append(
                ReviewHeadline(
                    label: l10n.string(.songOfTheYear), name: track.title, href: trackHref(title: track.title, artist: track.primaryArtist),
                    artists: track.artists.map { name in
                        let artist = library.artist(named: name)
                        return NamedLink(name: artist?.name ?? name, href: artist.map { urls.href(urls.artist($0.slug)) })
                    },
                    detail: l10n.counted(top.plays, review.totals.count), art: art(track), round: false))
        }
        if let artist = review.topArtists.first {
            headlines.append(
                ReviewHeadline(
                    label: l10n.string(.artistOfTheYear), name: artist.name, href: artist.slug.map { urls.href(urls.artist($0)) }, artists: [],
                    detail:
                        "\(l10n.counted(artist.plays, review.totals.count)) · \(l10n.string(.peakMonth)) \(l10n.monthYear(year: review.year, month: artist.peakMonth))",
                    art: namedArt(review.topArtistTracks.first??.track, name: artist.name), round: true))
        }
        return headlines
    }

    /// A card per headline figure of the year, each meaningful whatever `max_tracks_per_day` is.
    private func reviewHighlights(_ review: YearReview, index: Int) -> [ReviewHighlight] {
        var cards: [ReviewHighlight] = []
        if review.totals.hasDurations {
            cards.append(
                ReviewHighlight(
                    label: l10n.string(.minutesLabel), value: l10n.number(review.totals.minutes),
                    detail: review.totals.estimatedPlays > 0
                        ? "\(l10n.string(.about)) \(l10n.totalDuration(review.totals.listenedSeconds))"
                        : l10n.totalDuration(review.totals.listenedSeconds),
                    href: "#review-totals"))
        }
        if index > 0, review.newArtistCount > 0, review.totals.plays > 0 {
            cards.append(
                ReviewHighlight(
                    label: l10n.string(.newThisYear), value: l10n.newArtists(review.newArtistCount),
                    detail: l10n.shareOfPlays(Share.percent(review.newArtistPlays, of: review.totals.plays)), href: "#review-new"))
        }
        if let streak = review.longestStreak {
            cards.append(
                ReviewHighlight(
                    label: l10n.string(.longestStreak), value: l10n.streakDays(streak.length, review.totals.count),
                    detail: l10n.dateRange(streak.start, streak.end), href: isLogged(streak.start) ? urls.href(urls.day(streak.start)) : nil))
        }
        if !review.phases.isEmpty {
            // A genre that leads again after a gap is one step, and a name keeps its hyphen
            // (K-Pop) on one line.
            var names: [String] = []
            for phase in review.phases {
                let name = l10n.genreName(phase.genre).replacingOccurrences(of: "-", with: "\u{2011}")
                if names.last != name { names.append(name) }
            }
            let shown = names.count > 4 ? names.prefix(3) + ["…"] : names[...]
            cards.append(
                ReviewHighlight(
                    label: l10n.string(.genrePhases), value: shown.joined(separator: " → "),
                    detail: nil, href: "#review-phases"))
        }
        if let first = review.firstPlay {
            cards.append(
                ReviewHighlight(
                    label: l10n.string(.firstSong), value: first.track.title,
                    detail: "\(creditedNames(first.track).joined(separator: ", ")) · \(l10n.shortDate(first.date))",
                    href: isLogged(first.date) ? urls.href(urls.day(first.date)) : nil))
        }
        return cards
    }

    private func reviewNeighbour(_ index: Int, label: String) -> PeriodLink? {
        guard reviews.indices.contains(index) else { return nil }
        return PeriodLink(href: urls.href(urls.review(reviews[index].year)), label: label, name: String(reviews[index].year))
    }

    /// The days the totals count, when the journal's data starts or ends inside the year
    /// ("1–24 Jan 2024"), and the days of the year before they are compared with, if any.
    private func reviewSpans(_ review: YearReview) -> String? {
        let span = review.span.map { l10n.dateRange($0.lowerBound, $0.upperBound) }
        let compared = review.previous.map { _ in "\(l10n.string(.comparedWith)) \(comparedName(review))" }
        let parts = [span, compared].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The year before, or its days the review compares with when they are not the whole year.
    private func comparedName(_ review: YearReview) -> String {
        guard let compared = review.comparedSpan, review.span != nil else { return String(review.year - 1) }
        return l10n.dateRange(compared.lowerBound, compared.upperBound)
    }

    /// Plays, days, artists, tracks, albums and minutes, each against the same days of the year
    /// before (`YearReview.comparedSpan`), or alone when there are none to compare with.
    private func reviewTotals(_ review: YearReview) -> [ReviewTotal] {
        let now = review.totals
        // Plays and songs logged are not compared with each other.
        let before = review.previous.flatMap { $0.count == now.count ? $0 : nil }
        func total(_ label: String, _ value: Int, _ previous: Int?, shown: String? = nil, hint: String? = nil) -> ReviewTotal {
            var item = ReviewTotal(label: label, value: shown ?? l10n.number(value), hint: hint)
            if let previous {
                let change = value - previous
                item.delta = change > 0 ? "+" + l10n.number(change) : change < 0 ? "−" + l10n.number(-change) : "±0"
                item.direction = change > 0 ? "up" : change < 0 ? "down" : "same"
                item.before = "\(l10n.string(.comparedWith)) \(comparedName(review)): \(l10n.number(previous))"
            }
            return item
        }
        var totals = [
            total(l10n.countLabel(now.count), now.plays, before?.plays, hint: l10n.countHint(now.count)),
            total(
                l10n.string(.daysLogged), now.daysLogged, before?.daysLogged, shown: "\(l10n.number(now.daysLogged)) / \(l10n.number(now.coveredDays))",
                hint: l10n.daysLoggedHint(now.coveredDays)),
            total(l10n.string(.artistsLabel), now.artists, before?.artists),
            total(l10n.string(.tracksLabel), now.tracks, before?.tracks),
            total(l10n.string(.albumsLabel), now.albums, before?.albums),
        ]
        if now.hasDurations {
            totals.append(
                total(
                    l10n.string(.minutesLabel), now.minutes, before.map(\.minutes),
                    hint: l10n.string(now.count == .plays ? .minutesPlayedHint : .minutesHint)))
        }
        return totals
    }

    /// What the minutes leave out or estimate: plays whose length is their song's (scrobbles),
    /// and plays or songs logged with no length at all.
    func minutesNote(_ totals: YearReview.Totals) -> String? {
        guard totals.plays > 0 else { return nil }
        let notes = [
            totals.estimatedPlays > 0 ? l10n.estimatedPlays(totals.estimatedPlays) : nil,
            totals.untimedPlays > 0 ? l10n.untimedPlays(totals.untimedPlays) : nil,
        ].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    private func newArtists(_ review: YearReview) -> ReviewNewArtists? {
        guard review.newArtistCount > 0, review.totals.plays > 0 else { return nil }
        return ReviewNewArtists(
            headline: l10n.newArtists(review.newArtistCount),
            share: l10n.shareOfPlays(Share.percent(review.newArtistPlays, of: review.totals.plays)),
            artists: review.topNewArtists.map { artist in
                ReviewNewArtist(
                    name: artist.name, href: urls.href(urls.artist(artist.slug)), plays: l10n.counted(artist.plays, review.totals.count),
                    firstDate: l10n.shortDate(artist.firstDate), firstISO: artist.firstDate.iso,
                    firstHref: isLogged(artist.firstDate) ? urls.href(urls.day(artist.firstDate)) : nil, firstTrack: artist.firstTrack)
            })
    }
}
