import Mustache

/// Artists: the index of every artist, and each artist's page with its plays over time, tracks,
/// albums and every play.
extension SiteRenderer {
    func artistsPage() -> TemplateObject {
        let rows = library.artists.map { artist in
            ArtistRow(name: artist.name, href: urls.href(urls.artist(artist.slug)), plays: l10n.plays(artist.primaryPlays),
                      credits: artist.guestPlays > 0 ? l10n.appearances(artist.guestPlays) : nil)
        }
        return chrome(title: l10n.string("artists"), description: nil, path: urls.artists, section: "artists").page("artists", rows)
    }

    func artistPage(_ index: Int) -> TemplateObject {
        let artist = library.artists[index]
        let profile = ArtistProfile(artist, journal: journal)
        var summary: [SummaryItem] = []
        if let first = profile.firstPlayed, let last = profile.lastPlayed {
            summary = [
                SummaryItem(label: l10n.string("plays_label"), value: String(artist.plays.count), href: nil),
                SummaryItem(label: l10n.string("first_listened"), value: l10n.shortDate(first), href: urls.href(urls.day(first))),
                SummaryItem(label: l10n.string("last_listened"), value: l10n.shortDate(last), href: urls.href(urls.day(last))),
            ]
        }
        let view = ArtistPageView(
            name: artist.name,
            summary: summary,
            chart: timeChart(artist.plays, title: "\(artist.name) · \(l10n.string("plays_over_time"))", genre: nil),
            tracks: profile.tracks.map { CountRow(title: $0.title, album: $0.album, plays: l10n.plays($0.plays)) },
            albums: profile.albums.map { CountRow(title: $0.title, album: nil, plays: l10n.plays($0.plays)) },
            plays: artist.plays.map { play in
                let date = journal.days[play.dayIndex].date
                let track = journal.days[play.dayIndex].tracks[play.trackIndex]
                return ArtistPlayRow(date: l10n.shortDate(date), dateISO: date.iso, href: urls.href(urls.day(date)), title: track.title,
                                     with: track.artists.count > 1 ? track.artists.joined(separator: ", ") : nil)
            })
        return chrome(title: artist.name, description: nil, path: urls.artist(artist.slug), section: "artists").page("artist", view)
    }

    /// Plays over time (`PlaysOverTime`) as a chart: stacked by chart genre, or drawn in one
    /// `genre`'s colour.
    func timeChart(_ plays: [Play], title: String, genre: Genre?) -> ChartView? {
        guard let overTime = PlaysOverTime(plays, journal: journal, stats: stats, stacked: genre == nil) else { return nil }
        // Months read "Sep" over "2026": the year under the first month (unless a January with
        // its own year is within three months) and under every January, never "Sep 26", a date.
        let firstJanuary = overTime.buckets.firstIndex { $0.month == 1 }
        let slots: [StackedBarChart.Slot] = overTime.buckets.enumerated().map { index, bucket in
            let year = bucket.year
            guard let month = bucket.month else {
                return .init(label: [String(year)], name: String(year), counts: bucket.counts,
                             href: yearIndex[year] != nil ? urls.href(urls.year(year)) : nil)
            }
            let showsYear = month == 1 || index == 0 && (firstJanuary ?? 3) >= 3
            return .init(label: [l10n.shortMonth(month), showsYear ? String(year) : ""], name: l10n.monthYear(year: year, month: month),
                         counts: bucket.counts, href: monthIndex[year * 100 + month] != nil ? urls.href(urls.month(year: year, month: month)) : nil)
        }
        // The chart thins labels that would touch, at any number of slots.
        let chart = StackedBarChart(genres: genre.map { [$0] } ?? chartGenres, slots: slots, title: title, l10n: l10n)
        return chartView(chart, svgPath: nil, slotHeader: l10n.string(overTime.unit == .month ? "month" : "year"))
    }
}
