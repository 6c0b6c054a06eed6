import Mustache

/// Artists: the index A–Z, and each artist's page with its plays over time, top tracks and
/// albums and the latest year's plays; below it, each earlier year's plays and the whole lists
/// of tracks and albums.
extension SiteRenderer {
    /// Page `number` of the artists index.
    func artistsPage(_ number: Int, index: ArtistIndex) -> TemplateObject {
        let paging = Paging(count: index.entries.count, size: rowsPerPage)
        var groups: [LetterGroup] = []
        for entry in index.entries[paging.range(number)] {
            let artist = library.artists[entry.artist]
            // An artist heard only as a guest is said so, not "0 plays + 1 with others".
            let primary = artist.ranked > 0
            let row = ArtistRow(
                name: artist.name, href: urls.href(urls.artist(artist.slug)),
                plays: primary ? l10n.counted(artist.ranked, artist.count) : l10n.guestCounted(artist.rankedGuest, artist.count),
                credits: primary && artist.rankedGuest > 0 ? l10n.appearances(artist.rankedGuest) : nil)
            if groups.last?.letter == entry.letter {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append(LetterGroup(letter: entry.letter, id: Self.letterID(entry.letter), rows: [row]))
            }
        }
        let letters = index.letters.map { letter in
            LetterLink(letter: letter.letter, href: urls.href(urls.paged(urls.artists, paging.page(of: letter.first))) + "#" + Self.letterID(letter.letter))
        }
        // Ranked by their own plays: an artist heard only as a guest is not among them.
        let top =
            number > 1
            ? []
            : library.artists.prefix(topCount).filter { $0.ranked > 0 }.enumerated().map { rank, artist in
                RankedItem(
                    rank: rank + 1, name: artist.name, plays: l10n.counted(artist.ranked, artist.count), artist: nil,
                    href: urls.href(urls.artist(artist.slug)))
            }
        let pageLabel = paging.pageCount > 1 ? l10n.pageOf(number, paging.pageCount) : nil
        let view = ArtistsIndexView(
            count: l10n.artists(library.artists.count), pageLabel: pageLabel,
            leftOut: library.artistsLeftOut > 0
                ? l10n.artistsLeftOut(library.artistsLeftOut, minimum: Library.logOnlyMinimum, limit: Library.logOnlyLimit) : nil,
            hasCredits: library.artists.contains { $0.rankedGuest > 0 }, letters: letters, top: top, groups: groups,
            pagination: pagination(number, of: paging.pageCount, newestFirst: false) { urls.paged(urls.artists, $0) })
        let title = [l10n.string(.artists), number > 1 ? pageLabel : nil].compactMap { $0 }.joined(separator: " · ")
        return chrome(title: title, description: nil, path: urls.paged(urls.artists, number), section: "artists").page("artists", view)
    }

    /// The fragment of a letter's heading on the index: `letter-a`, `letter-ㄱ`, `letter-other`.
    static func letterID(_ letter: String) -> String {
        "letter-" + (letter == ArtistIndex.otherLetter ? "other" : letter.lowercased())
    }

    func artistPage(_ index: Int, profile: ArtistProfile) -> TemplateObject {
        let artist = library.artists[index]
        let count = artist.count
        let summary = browsingSummary(
            log: artist.log, songsLogged: artist.plays.count, first: profile.firstPlayed, last: profile.lastPlayed)
        let path = urls.artist(artist.slug)
        let latest = profile.years.last
        let split = splitsYears(profile)
        let years =
            !split
            ? []
            : profile.years.reversed().map { year in
                YearLink(
                    year: String(year.year),
                    href: year.year == latest?.year ? urls.href(path) + "#plays" : urls.href(urls.artistYear(artist.slug, year.year)),
                    detail: l10n.songsLogged(year.plays.count))
            }
        let view = ArtistPageView(
            name: artist.name,
            summary: summary,
            credits: artist.rankedGuest == 0
                ? nil
                : artist.ranked == 0
                    ? l10n.guestCounted(artist.rankedGuest, count)
                    : "\(l10n.counted(artist.ranked, count)) \(l10n.appearances(artist.rankedGuest))",
            chartHeading: l10n.overTime(count),
            chart: count == .plays
                ? timeChart(
                    PlaysOverTime(artist.log, stacked: true, slots: chartGenres.count), title: "\(artist.name) · \(l10n.overTime(count))", genre: nil,
                    count: .plays
                ) { year in artistYearHref(artist.slug, profile: profile, year: year) }
                : timeChart(artist.plays, title: "\(artist.name) · \(l10n.overTime(count))", genre: nil) { year in
                    artistYearHref(artist.slug, profile: profile, year: year)
                },
            tracks: countRows(profile.tracks.prefix(topCount), of: artist, from: 0, count: profile.count),
            albums: countRows(profile.albums.prefix(topCount), of: artist, from: 0, count: profile.count),
            allTracks: profile.tracks.count > topCount ? MoreLink(href: urls.href(urls.artistTracks(artist.slug)), count: profile.tracks.count) : nil,
            allAlbums: profile.albums.count > topCount ? MoreLink(href: urls.href(urls.artistAlbums(artist.slug)), count: profile.albums.count) : nil,
            years: years,
            shown: (split ? Array(profile.years.suffix(1)) : profile.years).reversed().map { year in
                ShownYear(year: String(year.year), id: Self.yearID(year.year), count: l10n.songsLogged(year.plays.count), plays: playRows(year, of: artist))
            })
        return chrome(title: artist.name, description: nil, path: path, section: "artists").page("artist", view)
    }

    /// What an artist's, a track's or a genre's page counts at its top (docs/content-format.md,
    /// "Browsing"): its plays in the listening log and their time where it has any, its songs
    /// logged where the diary has them, each named, and the first and last day it was heard
    /// (linked where the diary has the day).
    func browsingSummary(log: PlayTally, songsLogged: Int, first: CalendarDate?, last: CalendarDate?) -> [SummaryItem] {
        var items: [SummaryItem] = []
        if log.plays > 0 {
            items.append(SummaryItem(label: l10n.string(.playsLabel), value: l10n.number(log.plays), href: nil, hint: l10n.countHint(.plays)))
            if let time = timePlayed(seconds: log.seconds, estimated: log.estimatedPlays, untimed: log.untimedPlays) { items.append(time) }
        }
        if songsLogged > 0 {
            items.append(
                SummaryItem(label: l10n.string(.songsLogged), value: l10n.number(songsLogged), href: nil, hint: l10n.countHint(.songsLogged)))
        }
        if let first = [first, log.first].compactMap({ $0 }).min(), let last = [last, log.last].compactMap({ $0 }).max() {
            items.append(
                SummaryItem(label: l10n.string(.firstListened), value: l10n.shortDate(first), href: isLogged(first) ? urls.href(urls.day(first)) : nil))
            items.append(SummaryItem(label: l10n.string(.lastListened), value: l10n.shortDate(last), href: isLogged(last) ? urls.href(urls.day(last)) : nil))
        }
        return items
    }

    /// Whether an artist's earlier years have pages of their own: only when its plays would not
    /// fit one page, so an artist heard now and then keeps every play on its own page.
    func splitsYears(_ profile: ArtistProfile) -> Bool {
        profile.years.count > 1 && profile.years.reduce(0) { $0 + $1.plays.count } > rowsPerPage
    }

    /// The years that have a page of their own (`urls.artistYear`), oldest first: every year
    /// before the latest when the artist's years are split, else none.
    func artistYearPages(_ profile: ArtistProfile) -> [Int] {
        splitsYears(profile) ? profile.years.dropLast().map(\.year) : []
    }

    /// Where an artist's plays of `year` are listed: the year's own page, else the year's
    /// heading on the artist's page; nil for a year without plays.
    func artistYearHref(_ slug: String, profile: ArtistProfile, year: Int) -> String? {
        if artistYearPages(profile).contains(year) { return urls.href(urls.artistYear(slug, year)) }
        guard profile.years.contains(where: { $0.year == year }) else { return nil }
        return urls.href(urls.artist(slug)) + "#" + Self.yearID(year)
    }

    /// The fragment of a year's heading on an artist's or genre's page: `y2025`.
    static func yearID(_ year: Int) -> String { "y\(year)" }

    /// The plays of `year`, one before the artist's latest.
    func artistYearPage(_ index: Int, profile: ArtistProfile, year: Int) -> TemplateObject {
        let artist = library.artists[index]
        let position = profile.years.firstIndex { $0.year == year } ?? 0
        let plays = profile.years[position]
        func link(_ other: Int, _ label: UIString) -> PeriodLink? {
            guard profile.years.indices.contains(other) else { return nil }
            let otherYear = profile.years[other].year
            let href = other == profile.years.count - 1 ? urls.href(urls.artist(artist.slug)) + "#plays" : urls.href(urls.artistYear(artist.slug, otherYear))
            return PeriodLink(href: href, label: l10n.string(label), name: String(otherYear))
        }
        let view = ArtistYearPageView(
            breadcrumbs: breadcrumbs(artist, String(year)), year: String(year), count: l10n.songsLogged(plays.plays.count), plays: playRows(plays, of: artist),
            previous: link(position - 1, .previousYear), next: link(position + 1, .nextYear))
        return chrome(title: "\(artist.name) · \(year)", description: nil, path: urls.artistYear(artist.slug, year), section: "artists")
            .page("artistYear", view)
    }

    enum ArtistList { case tracks, albums }

    /// Page `number` of every track or every album of an artist.
    func artistListPage(_ index: Int, profile: ArtistProfile, list: ArtistList, page number: Int) -> TemplateObject {
        let artist = library.artists[index]
        let counts = list == .tracks ? profile.tracks : profile.albums
        let first = list == .tracks ? urls.artistTracks(artist.slug) : urls.artistAlbums(artist.slug)
        let paging = Paging(count: counts.count, size: rowsPerPage)
        let heading = list == .tracks ? l10n.string(.tracksHeading) : l10n.string(.albums)
        let pageLabel = paging.pageCount > 1 ? l10n.pageOf(number, paging.pageCount) : nil
        let view = ArtistListPageView(
            breadcrumbs: breadcrumbs(artist, heading), heading: heading,
            count: [list == .tracks ? l10n.tracks(counts.count) : l10n.albums(counts.count), pageLabel].compactMap { $0 }.joined(separator: " · "),
            rows: countRows(counts[paging.range(number)], of: artist, from: paging.range(number).lowerBound, count: profile.count),
            pagination: pagination(number, of: paging.pageCount, newestFirst: false) { urls.paged(first, $0) })
        let title = [artist.name, heading, number > 1 ? pageLabel : nil].compactMap { $0 }.joined(separator: " · ")
        return chrome(title: title, description: nil, path: urls.paged(first, number), section: "artists").page("artistList", view)
    }

    /// Artists › the artist › `current`.
    private func breadcrumbs(_ artist: Artist, _ current: String) -> [Crumb] {
        [
            Crumb(name: l10n.string(.artists), href: urls.href(urls.artists)),
            Crumb(name: artist.name, href: urls.href(urls.artist(artist.slug))), Crumb(name: current, href: nil),
        ]
    }

    /// Rows numbered from `offset + 1`. A track whose main artist is another says with whom
    /// (docs/content-format.md, "Artist credits": a guest's plays show as "with A").
    private func countRows(_ counts: ArraySlice<ArtistProfile.Count>, of artist: Artist, from offset: Int, count kind: PeriodCount) -> [CountRow] {
        let own = artist.name.lowercased()
        return counts.enumerated().map { position, count in
            CountRow(
                rank: offset + position + 1, title: count.title, album: count.album, plays: l10n.counted(count.plays, kind),
                href: count.primaryArtist.flatMap { trackHref(title: count.title, artist: $0) },
                with: count.primaryArtist.flatMap { $0.lowercased() == own ? nil : $0 })
        }
    }

    /// A year's plays a day at a time, newest first; dates by day and month, the year being the
    /// heading's. A play credited to others too says with whom: the track's other artists.
    private func playRows(_ year: ArtistProfile.Year?, of artist: Artist) -> [ArtistDayRow] {
        let own = artist.name.lowercased()
        return (year?.days ?? []).reversed().map { plays in
            let date = journal.days[plays[0].dayIndex].date
            return ArtistDayRow(
                date: l10n.dayMonth(date), dateISO: date.iso, href: urls.href(urls.day(date)),
                tracks: plays.map { play in
                    let track = journal.days[play.dayIndex].tracks[play.trackIndex]
                    return PlayedTrack(
                        title: track.title, href: trackHref(title: track.title, artist: track.primaryArtist),
                        with: track.artists.count > 1 ? track.artists.filter { $0.lowercased() != own }.joined(separator: ", ") : nil)
                })
        }
    }

    /// Plays over time (`PlaysOverTime`) as a chart: stacked by chart genre, or drawn in one
    /// `genre`'s colour. A bar links to where the artist's or genre's own plays of its year are
    /// listed (`yearHref`), a month's bar to its year's: never to the site's year or month page.
    func timeChart(_ plays: [Play], title: String, genre: Genre?, yearHref: (Int) -> String?) -> ChartView? {
        timeChart(PlaysOverTime(plays, journal: journal, stats: stats, stacked: genre == nil), title: title, genre: genre, yearHref: yearHref)
    }

    /// Plays counted over time as a chart (the log's, or the songs logged).
    /// `count`: what the bars count, for their titles.
    func timeChart(_ overTime: PlaysOverTime?, title: String, genre: Genre?, count: PeriodCount = .songsLogged, yearHref: (Int) -> String?) -> ChartView? {
        guard let overTime else { return nil }
        // Months read "Sep" over "2026": the year under the first month (unless a January with
        // its own year is within three months) and under every January, never "Sep 26", a date.
        let firstJanuary = overTime.buckets.firstIndex { $0.month == 1 }
        let slots: [StackedBarChart.Slot] = overTime.buckets.enumerated().map { index, bucket in
            let year = bucket.year
            let href = bucket.counts.contains { $0 > 0 } ? yearHref(year) : nil
            guard let month = bucket.month else {
                return .init(label: [String(year)], name: String(year), counts: bucket.counts, href: href)
            }
            let showsYear = month == 1 || index == 0 && (firstJanuary ?? 3) >= 3
            return .init(
                label: [l10n.shortMonth(month), showsYear ? String(year) : ""], name: l10n.monthYear(year: year, month: month),
                counts: bucket.counts, href: href)
        }
        // The chart thins labels that would touch, at any number of slots.
        let chart = StackedBarChart(genres: genre.map { [$0] } ?? chartGenres, slots: slots, title: title, l10n: l10n, count: count)
        return chartView(chart, svgPath: nil, slotHeader: l10n.string(overTime.unit == .month ? .month : .year))
    }
}
