import Mustache

/// Genres: the index with each genre's share of all plays, and each genre's page with its plays
/// over time, top artists and every day it was played.
extension SiteRenderer {
    func genresPage() -> TemplateObject {
        // The log's plays where the log's songs have genres, else songs logged
        // (docs/content-format.md, "Browsing"): a log without genres shares nothing out.
        let kind: PeriodCount = catalog.playedGenres.contains { $0.listened > 0 } ? .plays : .songsLogged
        func counted(_ genre: Genre) -> Int { kind == .plays ? genre.listened : genre.plays }
        let total = max(1, catalog.playedGenres.reduce(0) { $0 + counted($1) } + counted(catalog.noGenre))
        let largest = max(1, catalog.playedGenres.map(counted).max() ?? 1)
        let rows = catalog.playedGenres.map { genre in
            GenreRow(
                name: genre.name, color: genre.color, href: urls.href(urls.genre(genre.slug)),
                plays: kind == .plays && genre.listened == 0 ? l10n.songsLogged(genre.plays) : l10n.counted(counted(genre), kind),
                percent: Share.percent(counted(genre), of: total), width: Share.width(counted(genre), of: largest), other: !genre.isTop)
        }
        let noGenre = counted(catalog.noGenre) > 0 ? "\(l10n.string(.noGenre)): \(l10n.counted(counted(catalog.noGenre), kind))" : nil
        // `genres` stays the list themes iterate; what is said about it comes beside it.
        var page = chrome(title: l10n.string(.genres), description: nil, path: urls.genres, section: "genres").page("genres", rows)
        page["genreNotes"] = TemplateEncoding.value(
            GenreNotesView(noGenre: noGenre, otherNote: catalog.otherGenres.isEmpty ? nil : l10n.string(.otherBucketNote)))
        return page
    }

    func genrePage(_ genre: Genre, profile: GenreProfile) -> TemplateObject {
        let path = urls.genre(genre.slug)
        let latest = profile.daysByYear.last
        let years =
            profile.daysByYear.count < 2
            ? []
            : profile.daysByYear.reversed().map { year in
                YearLink(
                    year: String(year.year),
                    href: year.year == latest?.year ? urls.href(path) + "#days" : urls.href(urls.genreYear(genre.slug, year.year)),
                    detail: yearDetail(year))
            }
        let view = GenrePageView(
            name: genre.name, color: genre.color, isOther: !genre.isTop,
            summary: genreSummary(profile),
            chartHeading: l10n.overTime(profile.count),
            chart: timeChart(
                profile.count == .plays
                    ? PlaysOverTime(profile.log, stacked: false, slots: 1)
                    : PlaysOverTime(profile.plays, journal: journal, stats: stats, stacked: false),
                title: "\(genre.name) · \(l10n.overTime(profile.count))", genre: genre, count: profile.count
            ) { year in
                genreYearHref(genre.slug, profile: profile, year: year)
            },
            topArtists: profile.topArtists.enumerated().map { index, item in
                RankedItem(
                    rank: index + 1, name: item.name, plays: l10n.counted(item.plays, profile.count), artist: nil,
                    href: library.artist(named: item.name).map { urls.href(urls.artist($0.slug)) })
            },
            years: years,
            latestYear: latest.map { String($0.year) } ?? "",
            latestCount: latest.map(yearDetail) ?? "",
            latestID: latest.map { Self.yearID($0.year) } ?? "",
            months: monthDays(latest))
        return chrome(title: genre.name, description: nil, path: path, section: "genres").page("genre", view)
    }

    /// A genre's plays and time played in the log where it has any, its songs logged and the
    /// days they were logged on, and its rank.
    private func genreSummary(_ profile: GenreProfile) -> [SummaryItem] {
        var items = browsingSummary(log: profile.log, songsLogged: profile.plays.count, first: nil, last: nil)
        items.append(SummaryItem(label: l10n.string(.daysLogged), value: l10n.number(profile.days.count), href: nil))
        items.append(SummaryItem(label: l10n.string(.rank), value: "#\(profile.rank)", href: nil))
        return items
    }

    /// The years that have a page of their own (`urls.genreYear`), oldest first: every year
    /// before the genre's latest, which its page shows.
    func genreYearPages(_ profile: GenreProfile) -> [Int] {
        profile.daysByYear.dropLast().map(\.year)
    }

    /// Where a genre's days of `year` are listed: the year's own page, else the latest year's
    /// heading on the genre's page; nil for a year without plays.
    func genreYearHref(_ slug: String, profile: GenreProfile, year: Int) -> String? {
        if genreYearPages(profile).contains(year) { return urls.href(urls.genreYear(slug, year)) }
        guard profile.daysByYear.last?.year == year else { return nil }
        return urls.href(urls.genre(slug)) + "#" + Self.yearID(year)
    }

    /// The days of `year`, one before the genre's latest.
    func genreYearPage(_ genre: Genre, profile: GenreProfile, year: Int) -> TemplateObject {
        let years = profile.daysByYear
        let position = years.firstIndex { $0.year == year } ?? 0
        func link(_ other: Int, _ label: UIString) -> PeriodLink? {
            guard years.indices.contains(other) else { return nil }
            let otherYear = years[other].year
            let href = other == years.count - 1 ? urls.href(urls.genre(genre.slug)) + "#days" : urls.href(urls.genreYear(genre.slug, otherYear))
            return PeriodLink(href: href, label: l10n.string(label), name: String(otherYear))
        }
        let view = GenreYearPageView(
            breadcrumbs: [
                Crumb(name: l10n.string(.genres), href: urls.href(urls.genres)),
                Crumb(name: genre.name, href: urls.href(urls.genre(genre.slug))), Crumb(name: String(year), href: nil),
            ],
            color: genre.color, year: String(year), count: yearDetail(years[position]), months: monthDays(years[position]),
            previous: link(position - 1, .previousYear), next: link(position + 1, .nextYear))
        return chrome(title: "\(genre.name) · \(year)", description: nil, path: urls.genreYear(genre.slug, year), section: "genres")
            .page("genreYear", view)
    }

    /// `48 days · 61 songs logged`: the diary's days of the genre.
    private func yearDetail(_ year: GenreProfile.YearDays) -> String {
        "\(l10n.days(year.days.count)) · \(l10n.songsLogged(year.plays))"
    }

    /// A year's days by month, each chip the day of the month: the month and year are the headings'.
    private func monthDays(_ year: GenreProfile.YearDays?) -> [MonthDays] {
        (year?.months(in: journal) ?? []).map { month, days in
            MonthDays(
                name: l10n.shortMonth(month),
                days: days.map { index in
                    let date = journal.days[index].date
                    return DayChip(label: String(date.day), dateISO: date.iso, href: urls.href(urls.day(date)))
                })
        }
    }
}

/// A part of a whole as the theme prints it.
enum Share {
    /// `13%`: whole percent, rounded half up; `<1%` for a part that is there but rounds to
    /// nothing, so no row of plays ever says 0%.
    static func percent(_ part: Int, of total: Int) -> String {
        let whole = (part * 1000 / total + 5) / 10
        return whole == 0 && part > 0 ? "<1%" : "\(whole)%"
    }

    /// A bar's width in whole percent, rounded down.
    static func width(_ part: Int, of total: Int) -> String {
        "\(part * 100 / total)"
    }
}
