/// Artist, genre, tag and search pages (SPEC 5): the browsing side of the site.
extension SiteRenderer {
    // MARK: Artists

    func artistsPage() -> [String: Any] {
        var data = base(title: l10n.string("artists"), description: nil, path: urls.artists, section: "artists")
        data["artists"] = library.artists.map { artist -> [String: Any] in
            ["name": artist.name, "href": urls.href(urls.artist(artist.slug)), "plays": l10n.plays(artist.primaryPlays),
             "credits": artist.plays.count > artist.primaryPlays ? l10n.appearances(artist.plays.count - artist.primaryPlays) : false]
        }
        return data
    }

    func artistPage(_ index: Int) -> [String: Any] {
        let artist = library.artists[index]
        var data = base(title: artist.name, description: nil, path: urls.artist(artist.slug), section: "artists")
        let plays = artist.plays.map { (play: $0, day: journal.days[$0.dayIndex], track: journal.days[$0.dayIndex].tracks[$0.trackIndex]) }
        var view: [String: Any] = ["name": artist.name]
        if let first = plays.first, let last = plays.last {
            view["summary"] = [
                ["label": l10n.string("plays_label"), "value": String(artist.plays.count)],
                ["label": l10n.string("first_listened"), "value": l10n.shortDate(first.day.date), "href": urls.href(urls.day(first.day.date))],
                ["label": l10n.string("last_listened"), "value": l10n.shortDate(last.day.date), "href": urls.href(urls.day(last.day.date))],
            ] as [[String: Any]]
        }
        if let chart = timeChart(artist.plays, title: "\(artist.name) · \(l10n.string("plays_over_time"))", genre: nil) {
            view["chart"] = chart
        }
        // Tracks and albums with their plays.
        var trackCounts: [String: (title: String, album: String?, plays: Int, first: Int)] = [:]
        var albumCounts: [String: (title: String, plays: Int, first: Int)] = [:]
        for (order, entry) in plays.enumerated() {
            trackCounts[entry.track.title.lowercased(), default: (entry.track.title, entry.track.album, 0, order)].plays += 1
            if let album = entry.track.album {
                albumCounts[album.lowercased(), default: (album, 0, order)].plays += 1
            }
        }
        view["tracks"] = trackCounts.values.sorted { ($1.plays, $0.title.lowercased(), $0.first) < ($0.plays, $1.title.lowercased(), $1.first) }
            .map { ["title": $0.title, "album": $0.album ?? false, "plays": l10n.plays($0.plays)] as [String: Any] }
        view["albums"] = albumCounts.values.sorted { ($1.plays, $0.title.lowercased(), $0.first) < ($0.plays, $1.title.lowercased(), $1.first) }
            .map { ["title": $0.title, "plays": l10n.plays($0.plays)] as [String: Any] }
        view["plays"] = plays.map { entry -> [String: Any] in
            ["date": l10n.shortDate(entry.day.date), "dateISO": entry.day.date.iso, "href": urls.href(urls.day(entry.day.date)),
             "title": entry.track.title, "with": entry.track.artists.count > 1 ? entry.track.artists.joined(separator: ", ") : false]
        }
        data["artist"] = view
        return data
    }

    /// Plays over time: a slot per month when they span two years or less, else per year. Stacked
    /// by chart genre, or drawn in one `genre`'s colour.
    func timeChart(_ plays: [Play], title: String, genre: Genre?) -> [String: Any]? {
        guard let first = plays.first.map({ journal.days[$0.dayIndex].date }),
              let last = plays.last.map({ journal.days[$0.dayIndex].date }) else { return nil }
        let byMonth = (last.year - first.year) * 12 + last.month - first.month < 24
        let genres = genre.map { [$0] } ?? stats.chartGenres
        var counts: [Int: [Int]] = [:]
        for play in plays {
            let date = journal.days[play.dayIndex].date
            let key = byMonth ? date.year * 100 + date.month : date.year
            let slot = genre == nil ? stats.chartSlot(of: journal.days[play.dayIndex].tracks[play.trackIndex]) : 0
            if let slot { counts[key, default: Array(repeating: 0, count: genres.count)][slot] += 1 }
        }
        let empty = Array(repeating: 0, count: genres.count)
        var slots: [StackedBarChart.Slot] = []
        if byMonth {
            var (year, month) = (first.year, first.month)
            while year * 100 + month <= last.year * 100 + last.month {
                let key = year * 100 + month
                let label = month == 1 || slots.isEmpty ? "\(l10n.shortMonth(month)) \(String(year).suffix(2))" : l10n.shortMonth(month)
                slots.append(.init(label: [label], name: l10n.monthYear(year: year, month: month), counts: counts[key] ?? empty,
                                   href: monthIndex[key] != nil ? urls.href(urls.month(year: year, month: month)) : nil))
                month += 1
                if month > 12 { (year, month) = (year + 1, 1) }
            }
        } else {
            slots = (first.year...last.year).map { year in
                .init(label: [String(year)], name: String(year), counts: counts[year] ?? empty,
                      href: yearIndex[year] != nil ? urls.href(urls.year(year)) : nil)
            }
        }
        // Thin the labels so they never touch: at most 12 across.
        let stride = max(1, (slots.count + 11) / 12)
        for index in slots.indices where index % stride != 0 { slots[index].label = [""] }
        let chart = StackedBarChart(genres: genres, slots: slots, title: title, l10n: l10n)
        return chartView(chart, svgPath: nil, slotHeader: l10n.string(byMonth ? "month" : "year"))
    }

    // MARK: Genres

    var genresWithPlays: [Genre] { catalog.genres.filter { $0.plays > 0 } }

    func genresPage() -> [String: Any] {
        var data = base(title: l10n.string("genres"), description: nil, path: urls.genres, section: "genres")
        let total = max(1, genresWithPlays.reduce(0) { $0 + $1.plays })
        data["genres"] = genresWithPlays.map { genre -> [String: Any] in
            ["name": genre.name, "color": genre.color, "href": urls.href(urls.genre(genre.slug)), "plays": l10n.tracks(genre.plays),
             "percent": "\((genre.plays * 1000 / total + 5) / 10)%", "width": "\(genre.plays * 100 / total)",
             "other": genre.isTop ? false : true]
        }
        return data
    }

    func genrePage(_ genre: Genre) -> [String: Any] {
        var data = base(title: genre.name, description: nil, path: urls.genre(genre.slug), section: "genres")
        let plays = library.genrePlays[genre.key] ?? []
        let days = plays.map(\.dayIndex).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        var view: [String: Any] = ["name": genre.name, "color": genre.color, "isOther": !genre.isTop]
        view["summary"] = [
            ["label": l10n.string("plays_label"), "value": String(plays.count)],
            ["label": l10n.string("tagged_days"), "value": String(days.count)],
            ["label": l10n.string("rank"), "value": "#\((genresWithPlays.firstIndex { $0.key == genre.key } ?? 0) + 1)"],
        ] as [[String: Any]]
        let drawn = Genre(key: genre.key, name: genre.name, slug: genre.slug, color: genre.isTop ? genre.color : GenreCatalog.otherColor,
                          plays: genre.plays, isTop: genre.isTop)
        if let chart = timeChart(plays, title: "\(genre.name) · \(l10n.string("plays_over_time"))", genre: drawn) {
            view["chart"] = chart
        }
        var artistCounts: [String: (name: String, plays: Int)] = [:]
        for play in plays {
            let artist = journal.days[play.dayIndex].tracks[play.trackIndex].primaryArtist
            artistCounts[artist.lowercased(), default: (artist, 0)].plays += 1
        }
        view["topArtists"] = artistCounts.values.map { Ranked(name: $0.name, artist: nil, plays: $0.plays) }.sorted(by: Stats.ranking)
            .prefix(10).enumerated().map { index, item -> [String: Any] in
                ["rank": index + 1, "name": item.name, "plays": l10n.plays(item.plays),
                 "href": library.artist(named: item.name).map { urls.href(urls.artist($0.slug)) } ?? false]
            }
        // Every day it was played, grouped by year.
        var years: [[String: Any]] = []
        var currentYear = 0
        var current: [[String: Any]] = []
        for dayIndex in days {
            let date = journal.days[dayIndex].date
            if date.year != currentYear, !current.isEmpty {
                years.append(["year": String(currentYear), "days": current])
                current = []
            }
            currentYear = date.year
            current.append(["label": l10n.dayMonth(date), "dateISO": date.iso, "href": urls.href(urls.day(date))])
        }
        if !current.isEmpty { years.append(["year": String(currentYear), "days": current]) }
        view["years"] = years
        data["genre"] = view
        return data
    }

    // MARK: Tags

    func tagsPage() -> [String: Any] {
        var data = base(title: l10n.string("tags"), description: nil, path: urls.tags, section: "tags")
        data["tags"] = library.tags.map { tag -> [String: Any] in
            ["name": tag.name, "href": urls.href(urls.tag(tag.slug)), "count": tag.days.count + tag.playlists.count]
        }
        return data
    }

    func tagPage(_ tag: Tag) -> [String: Any] {
        var data = base(title: "#\(tag.name)", description: nil, path: urls.tag(tag.slug), section: "tags")
        data["tag"] = [
            "name": tag.name,
            "count": l10n.days(tag.days.count),
            "days": tag.days.reversed().map { dayCard(journal.days[$0]) },
            "playlists": tag.playlists.map { playlistCard(journal.playlists[$0]) },
        ] as [String: Any]
        return data
    }

    /// Tag chips with links.
    func tagLinks(_ names: [String]) -> [[String: Any]] {
        names.map { name in
            ["name": name, "href": library.tag(named: name).map { urls.href(urls.tag($0.slug)) } ?? false]
        }
    }

    // MARK: Search

    func searchPage() -> [String: Any] {
        var data = base(title: l10n.string("search"), description: nil, path: urls.search, section: "search")
        let types = ["day", "track", "artist", "genre", "playlist"]
        let labels = types.map { "\"\($0)\":\"\(l10n.string("type_\($0)"))\"" }.joined(separator: ",")
        data["search"] = ["index": urls.href("search-index.json"), "types": "{\(labels)}", "script": urls.href("assets/search.js")]
        return data
    }
}
