import Mustache

/// Artist, genre, tag and search pages (SPEC 5): the browsing side of the site.
extension SiteRenderer {
    // MARK: Artists

    func artistsPage() -> TemplateObject {
        var data = base(title: l10n.string("artists"), description: nil, path: urls.artists, section: "artists")
        data["artists"] = .list(library.artists.map { artist in
            ["name": .text(artist.name), "href": .text(urls.href(urls.artist(artist.slug))), "plays": .text(l10n.plays(artist.primaryPlays)),
             "credits": .optional(artist.plays.count > artist.primaryPlays ? l10n.appearances(artist.plays.count - artist.primaryPlays) : nil)]
        })
        return data
    }

    func artistPage(_ index: Int) -> TemplateObject {
        let artist = library.artists[index]
        var data = base(title: artist.name, description: nil, path: urls.artist(artist.slug), section: "artists")
        let plays = artist.plays.map { (play: $0, day: journal.days[$0.dayIndex], track: journal.days[$0.dayIndex].tracks[$0.trackIndex]) }
        var view: TemplateObject = ["name": .text(artist.name)]
        if let first = plays.first, let last = plays.last {
            view["summary"] = [
                ["label": .text(l10n.string("plays_label")), "value": .text(String(artist.plays.count))],
                ["label": .text(l10n.string("first_listened")), "value": .text(l10n.shortDate(first.day.date)), "href": .text(urls.href(urls.day(first.day.date)))],
                ["label": .text(l10n.string("last_listened")), "value": .text(l10n.shortDate(last.day.date)), "href": .text(urls.href(urls.day(last.day.date)))],
            ]
        }
        if let chart = timeChart(artist.plays, title: "\(artist.name) · \(l10n.string("plays_over_time"))", genre: nil) {
            view["chart"] = .object(chart)
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
        view["tracks"] = .list(trackCounts.values.sorted { ($1.plays, $0.title.lowercased(), $0.first) < ($0.plays, $1.title.lowercased(), $1.first) }
            .map { ["title": .text($0.title), "album": .optional($0.album), "plays": .text(l10n.plays($0.plays))] })
        view["albums"] = .list(albumCounts.values.sorted { ($1.plays, $0.title.lowercased(), $0.first) < ($0.plays, $1.title.lowercased(), $1.first) }
            .map { ["title": .text($0.title), "plays": .text(l10n.plays($0.plays))] })
        view["plays"] = .list(plays.map { entry in
            ["date": .text(l10n.shortDate(entry.day.date)), "dateISO": .text(entry.day.date.iso), "href": .text(urls.href(urls.day(entry.day.date))),
             "title": .text(entry.track.title), "with": .optional(entry.track.artists.count > 1 ? entry.track.artists.joined(separator: ", ") : nil)]
        })
        data["artist"] = .object(view)
        return data
    }

    /// Plays over time: a slot per month when they span two years or less, else per year. Stacked
    /// by chart genre, or drawn in one `genre`'s colour.
    func timeChart(_ plays: [Play], title: String, genre: Genre?) -> TemplateObject? {
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

    func genresPage() -> TemplateObject {
        var data = base(title: l10n.string("genres"), description: nil, path: urls.genres, section: "genres")
        let total = max(1, genresWithPlays.reduce(0) { $0 + $1.plays })
        data["genres"] = .list(genresWithPlays.map { genre in
            ["name": .text(genre.name), "color": .text(genre.color), "href": .text(urls.href(urls.genre(genre.slug))), "plays": .text(l10n.tracks(genre.plays)),
             "percent": .text("\((genre.plays * 1000 / total + 5) / 10)%"), "width": .text("\(genre.plays * 100 / total)"),
             "other": .bool(!genre.isTop)]
        })
        return data
    }

    func genrePage(_ genre: Genre) -> TemplateObject {
        var data = base(title: genre.name, description: nil, path: urls.genre(genre.slug), section: "genres")
        let plays = library.genrePlays[genre.key] ?? []
        let days = plays.map(\.dayIndex).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        var view: TemplateObject = ["name": .text(genre.name), "color": .text(genre.color), "isOther": .bool(!genre.isTop)]
        view["summary"] = [
            ["label": .text(l10n.string("plays_label")), "value": .text(String(plays.count))],
            ["label": .text(l10n.string("tagged_days")), "value": .text(String(days.count))],
            ["label": .text(l10n.string("rank")), "value": .text("#\((genresWithPlays.firstIndex { $0.key == genre.key } ?? 0) + 1)")],
        ]
        let drawn = Genre(key: genre.key, name: genre.name, slug: genre.slug, color: genre.isTop ? genre.color : GenreCatalog.otherColor,
                          plays: genre.plays, isTop: genre.isTop)
        if let chart = timeChart(plays, title: "\(genre.name) · \(l10n.string("plays_over_time"))", genre: drawn) {
            view["chart"] = .object(chart)
        }
        var artistCounts: [String: (name: String, plays: Int)] = [:]
        for play in plays {
            let artist = journal.days[play.dayIndex].tracks[play.trackIndex].primaryArtist
            artistCounts[artist.lowercased(), default: (artist, 0)].plays += 1
        }
        view["topArtists"] = .list(artistCounts.values.map { Ranked(name: $0.name, artist: nil, plays: $0.plays) }.sorted(by: Stats.ranking)
            .prefix(10).enumerated().map { index, item in
                ["rank": .int(index + 1), "name": .text(item.name), "plays": .text(l10n.plays(item.plays)),
                 "href": .optional(library.artist(named: item.name).map { urls.href(urls.artist($0.slug)) })]
            })
        // Every day it was played, grouped by year.
        var years: [TemplateValue] = []
        var currentYear = 0
        var current: [TemplateValue] = []
        for dayIndex in days {
            let date = journal.days[dayIndex].date
            if date.year != currentYear, !current.isEmpty {
                years.append(["year": .text(String(currentYear)), "days": .list(current)])
                current = []
            }
            currentYear = date.year
            current.append(["label": .text(l10n.dayMonth(date)), "dateISO": .text(date.iso), "href": .text(urls.href(urls.day(date)))])
        }
        if !current.isEmpty { years.append(["year": .text(String(currentYear)), "days": .list(current)]) }
        view["years"] = .list(years)
        data["genre"] = .object(view)
        return data
    }

    // MARK: Tags

    func tagsPage() -> TemplateObject {
        var data = base(title: l10n.string("tags"), description: nil, path: urls.tags, section: "tags")
        data["tags"] = .list(library.tags.map { tag in
            ["name": .text(tag.name), "href": .text(urls.href(urls.tag(tag.slug))), "count": .int(tag.days.count + tag.playlists.count)]
        })
        return data
    }

    func tagPage(_ tag: Tag) -> TemplateObject {
        var data = base(title: "#\(tag.name)", description: nil, path: urls.tag(tag.slug), section: "tags")
        data["tag"] = [
            "name": .text(tag.name),
            "count": .text(l10n.days(tag.days.count)),
            "days": .list(tag.days.reversed().map { .object(dayCard($0)) }),
            "playlists": .list(tag.playlists.map { .object(playlistCard(journal.playlists[$0])) }),
        ]
        return data
    }

    /// Tag chips with links.
    func tagLinks(_ names: [String]) -> [TemplateValue] {
        names.map { name in
            ["name": .text(name), "href": .optional(library.tag(named: name).map { urls.href(urls.tag($0.slug)) })]
        }
    }

    // MARK: Search

    func searchPage() -> TemplateObject {
        var data = base(title: l10n.string("search"), description: nil, path: urls.search, section: "search")
        let types = ["day", "track", "artist", "genre", "playlist"]
        let labels = types.map { "\"\($0)\":\"\(l10n.string("type_\($0)"))\"" }.joined(separator: ",")
        data["search"] = ["index": .text(urls.href("search-index.json")), "types": .text("{\(labels)}"), "script": .text(urls.href("assets/search.js"))]
        return data
    }
}
