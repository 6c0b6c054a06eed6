import Mustache

/// A track's page, under its primary artist (`artists/iu/tracks/palette/`): the track as last
/// played, its plays over time, the albums it came from, every play with what the diary said
/// of it that day, newest first and `rowsPerPage` at a time, and the playlists it is on.
extension SiteRenderer {
    /// Tracks with at least this many plays draw their plays over time.
    static let trackChartPlays = 5

    /// `listed`: whether the artist's whole track list has pages (past its top ten), for the
    /// breadcrumbs.
    func trackPage(_ index: Int, page number: Int, listed: Bool) -> TemplateObject {
        let track = library.tracks[index]
        let path = urls.track(track)
        let plays = Array(track.history.reversed())
        let last = plays[0].track(in: journal)
        let paging = Paging(count: plays.count, size: rowsPerPage)
        let artist = library.artist(named: last.primaryArtist)
        let artistName = artist?.name ?? last.primaryArtist
        var breadcrumbs = [
            Crumb(name: l10n.string(.artists), href: urls.href(urls.artists)),
            Crumb(name: artistName, href: urls.href(urls.artist(track.artistSlug))),
        ]
        if listed {
            breadcrumbs.append(Crumb(name: l10n.string(.tracksHeading), href: urls.href(urls.artistTracks(track.artistSlug))))
        }
        breadcrumbs.append(Crumb(name: track.title, href: nil))

        var card = trackView(last, number: 1)
        card.trackHref = nil
        card.note = nil
        let albums = track.albums.enumerated().map { rank, album in
            CountRow(rank: rank + 1, title: album.name, album: nil, plays: l10n.songsLogged(album.plays))
        }
        let credit = last.artists.joined(separator: ", ")
        var years: [TrackPlayYear] = []
        // A row a day: a day that played it again says how often, with each play's note.
        for dayPlays in plays[paging.range(number)].byDay {
            let day = journal.days[dayPlays[0].dayIndex]
            let played = dayPlays[0].track(in: journal)
            let artists = played.artists.joined(separator: ", ")
            let row = TrackPlayRow(
                date: l10n.dayMonth(day.date), dateISO: day.date.iso, href: urls.href(urls.day(day.date)), dayTitle: day.title,
                album: albums.count > 1 ? played.album : nil, with: artists != credit ? artists : nil,
                times: dayPlays.count > 1 ? "×\(dayPlays.count)" : nil, notes: dayPlays.compactMap { $0.track(in: self.journal).noteHTML })
            if years.last?.year == String(day.date.year) {
                years[years.count - 1].plays.append(row)
            } else {
                let inYear = track.playsByYear[day.date.year] ?? 0
                years.append(TrackPlayYear(year: String(day.date.year), id: Self.yearID(day.date.year), count: l10n.songsLogged(inYear), plays: [row]))
            }
        }
        let first = journal.days[track.history[0].dayIndex].date
        let pageLabel = paging.pageCount > 1 ? l10n.pageOf(number, paging.pageCount) : nil
        let genre = catalog.drawnGenre(of: last)
        var named = genre
        named.name = l10n.genreName(genre)
        let view = TrackPageView(
            breadcrumbs: breadcrumbs,
            title: track.title,
            artists: card.artists,
            summary: browsingSummary(log: track.log, songsLogged: track.plays, first: first, last: track.lastPlayed),
            card: card,
            chartHeading: l10n.overTime(track.count),
            chart: track.counted >= Self.trackChartPlays
                ? timeChart(
                    track.count == .plays
                        ? PlaysOverTime(track.log, stacked: false, slots: 1)
                        : PlaysOverTime(track.history, journal: journal, stats: stats, stacked: false),
                    title: "\(track.title) · \(l10n.overTime(track.count))", genre: named, count: track.count
                ) { year in
                    // The page of the year's newest play, at the year's heading.
                    plays.firstIndex { self.journal.days[$0.dayIndex].date.year == year }.map { position in
                        urls.href(urls.paged(path, paging.page(of: position))) + "#" + Self.yearID(year)
                    }
                } : nil,
            albums: albums.count > 1 ? albums : [],
            count: [l10n.songsLogged(track.plays), pageLabel].compactMap { $0 }.joined(separator: " · "),
            years: years,
            pagination: pagination(number, of: paging.pageCount, newestFirst: true) { urls.paged(path, $0) },
            playlists: track.playlists.map { position in
                let playlist = journal.playlists[position]
                return NamedLink(name: playlist.title, href: urls.href(urls.playlist(playlist.slug)))
            })
        let title = [track.title, artistName, number > 1 ? pageLabel : nil].compactMap { $0 }.joined(separator: " · ")
        return chrome(title: title, description: nil, path: urls.paged(path, number), section: "artists").page("track", view)
    }
}
