import Mustache

/// Genres: the index with each genre's share of all plays, and each genre's page with its plays
/// over time, top artists and every day it was played.
extension SiteRenderer {
    func genresPage() -> TemplateObject {
        let total = max(1, catalog.totalPlays + catalog.noGenre.plays)
        let largest = max(1, catalog.playedGenres.first?.plays ?? 1)
        let rows = catalog.playedGenres.map { genre in
            GenreRow(name: genre.name, color: genre.color, href: urls.href(urls.genre(genre.slug)), plays: l10n.tracks(genre.plays),
                     percent: Share.percent(genre.plays, of: total), width: Share.width(genre.plays, of: largest), other: !genre.isTop)
        }
        let noGenre = catalog.noGenre.plays > 0 ? "\(l10n.string("no_genre")): \(l10n.tracks(catalog.noGenre.plays))" : nil
        // `genres` stays the list themes iterate; what is said about it comes beside it.
        var page = chrome(title: l10n.string("genres"), description: nil, path: urls.genres, section: "genres").page("genres", rows)
        page["genreNotes"] = GenreNotesView(noGenre: noGenre, otherNote: catalog.otherGenres.isEmpty ? nil : l10n.string("other_bucket_note")).templateValue
        return page
    }

    func genrePage(_ genre: Genre) -> TemplateObject {
        let profile = GenreProfile(genre, journal: journal, catalog: catalog, library: library)
        let years = profile.daysByYear.map { year, days in
            GenreYear(year: String(year), days: days.map { index in
                let date = journal.days[index].date
                return DayChip(label: l10n.dayMonth(date), dateISO: date.iso, href: urls.href(urls.day(date)))
            })
        }
        let view = GenrePageView(
            name: genre.name, color: genre.color, isOther: !genre.isTop,
            summary: [
                SummaryItem(label: l10n.string("plays_label"), value: String(profile.plays.count), href: nil),
                SummaryItem(label: l10n.string("tagged_days"), value: String(profile.days.count), href: nil),
                SummaryItem(label: l10n.string("rank"), value: "#\(profile.rank)", href: nil),
            ],
            chart: timeChart(profile.plays, title: "\(genre.name) · \(l10n.string("plays_over_time"))", genre: genre),
            topArtists: profile.topArtists.enumerated().map { index, item in
                RankedItem(rank: index + 1, name: item.name, plays: l10n.plays(item.plays), artist: nil,
                           href: library.artist(named: item.name).map { urls.href(urls.artist($0.slug)) })
            },
            years: years)
        return chrome(title: genre.name, description: nil, path: urls.genre(genre.slug), section: "genres").page("genre", view)
    }
}

/// A part of a whole as the theme prints it.
enum Share {
    /// `12.5%`: to one decimal, rounded half up.
    static func percent(_ part: Int, of total: Int) -> String {
        "\((part * 1000 / total + 5) / 10)%"
    }

    /// A bar's width in whole percent, rounded down.
    static func width(_ part: Int, of total: Int) -> String {
        "\(part * 100 / total)"
    }
}
