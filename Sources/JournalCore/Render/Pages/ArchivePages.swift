import Mustache

/// The archive (every year with its months, all-time totals, tops and streaks) and the links
/// that tie period pages together: breadcrumbs up to the archive, a month's weeks, a year's
/// months and weeks. From the home page any day is three clicks away: archive, month, day.
extension SiteRenderer {
    func archivePage() -> TemplateObject {
        let page = chrome(title: l10n.string(.archive), description: nil, path: urls.archive, section: "archive")
        guard let all = stats.allTime else { return page.page("archive", Optional<ArchivePageView>.none) }
        let busiest = stats.months.map(\.plays).max() ?? 0
        let view = ArchivePageView(
            summary: archiveSummary(all),
            chart: chartView(
                chart(for: all), svgPath: urls.chart(of: urls.archive), slotHeader: l10n.string(.year),
                otherGenres: all.otherGenreCount),
            genres: genreShares(all),
            noGenre: noGenreLine(all),
            topArtists: ranked(all.topArtists, limit: 10, count: all.count),
            topTracks: ranked(all.topTracks, limit: 10, count: all.count),
            // Days with plays where the journal has a log, else days logged, each said so.
            longestStreak: streakView(stats.longestStreak, count: stats.streakCount),
            currentStreak: streakView(currentStreak, count: stats.streakCount),
            years: stats.years.reversed().map { year in
                ArchiveYear(
                    name: String(year.start.year), href: urls.href(urls.year(year.start.year)),
                    totals: "\(l10n.counted(year.plays, year.count)) · \(l10n.daysOf(year.daysLogged, year.coveredDays)) · \(l10n.genres(year.genreCount))",
                    months: monthCells(year.start.year, busiest: busiest, withWeeks: false),
                    reviewHref: urls.href(urls.review(year.start.year)))
            })
        return page.page("archive", view)
    }

    /// The journal's totals: plays, days, artists, genres.
    private func archiveSummary(_ all: PeriodStats) -> [SummaryItem] {
        var items = summary(all)
        // As the artists index counts them: every artist with a page.
        items.insert(
            SummaryItem(
                label: l10n.string(.artists), value: l10n.number(library.artists.count), href: urls.href(urls.artists),
                hint: l10n.string(.artistsHint)), at: 2)
        return items
    }

    /// The twelve months of `year`: each with its page and plays where something was logged,
    /// shaded against the journal's busiest month, and its weeks when `withWeeks`.
    func monthCells(_ year: Int, busiest: Int, withWeeks: Bool) -> [MonthCell] {
        (1...12).map { month in
            guard let index = monthIndex[year * 100 + month] else {
                return MonthCell(
                    short: l10n.shortMonth(month), label: l10n.monthYear(year: year, month: month),
                    href: nil, plays: 0, level: 0, weeks: [])
            }
            let stats = stats.months[index]
            let level = busiest == 0 ? 1 : min(4, 1 + stats.plays * 4 / (busiest + 1))
            return MonthCell(
                short: l10n.shortMonth(month),
                label: "\(l10n.monthYear(year: year, month: month)) · \(l10n.counted(stats.plays, stats.count))",
                href: urls.href(urls.month(year: year, month: month)), plays: stats.plays, count: l10n.counted(stats.plays, stats.count),
                level: level, weeks: withWeeks ? weekLinks(ofMonth: stats, onlyStartingIn: true) : [])
        }.filter { !withWeeks || $0.href != nil }
    }

    /// The weeks with a page that overlap `month`. `onlyStartingIn`: only those whose first
    /// day logged or played falls in the month, so that on a year page each week is listed once.
    func weekLinks(ofMonth month: PeriodStats, onlyStartingIn: Bool) -> [WeekLink] {
        var links: [WeekLink] = []
        var start = month.start.startOfWeek(journal.config.weekStart)
        while start.dayNumber <= month.end.dayNumber {
            if let index = weekIndex[start] {
                let week = stats.weeks[index]
                let firstLogged = week.days.first(where: { $0.isLogged || $0.hasPlays })?.date
                if !onlyStartingIn || firstLogged.map({ $0.year == month.start.year && $0.month == month.start.month }) == true {
                    links.append(
                        WeekLink(
                            name: l10n.dayMonth(week.start),
                            label: "\(l10n.weekOf(week.start)) · \(l10n.counted(week.plays, week.count))",
                            href: urls.href(urls.week(week.start))))
                }
            }
            start = start.adding(days: 7)
        }
        return links
    }

    /// The way up from a period page to the archive: year, then month (of the week's first
    /// day logged or played, which always has a page).
    func breadcrumbs(_ period: PeriodStats) -> [Crumb] {
        var crumbs = [Crumb(name: l10n.string(.archive), href: urls.href(urls.archive))]
        let anchor = period.days.first(where: { $0.isLogged || $0.hasPlays })?.date ?? period.start
        switch period.kind {
        case .all:
            return []
        case .year:
            break
        case .month:
            crumbs.append(Crumb(name: String(anchor.year), href: urls.href(urls.year(anchor.year))))
        case .week:
            crumbs.append(Crumb(name: String(anchor.year), href: urls.href(urls.year(anchor.year))))
            crumbs.append(
                Crumb(
                    name: l10n.monthYear(year: anchor.year, month: anchor.month),
                    href: urls.href(urls.month(year: anchor.year, month: anchor.month))))
        }
        crumbs.append(Crumb(name: periodName(period), href: nil))
        return crumbs
    }
}
