import Mustache

/// Week, month and year pages: charts, calendars, totals and tops, each linked to its neighbours.
extension SiteRenderer {
    func weekPage(_ index: Int) -> TemplateObject {
        let week = stats.weeks[index]
        let path = urls.week(week.start)
        let view = WeekPageView(
            breadcrumbs: breadcrumbs(week),
            title: l10n.weekOf(week.start),
            range: l10n.dateRange(week.start, week.end),
            summary: summary(week),
            chart: chartView(chart(for: week), svgPath: urls.chart(of: path), slotHeader: l10n.string(.date), otherGenres: week.otherGenreCount),
            genres: genreShares(week),
            noGenre: noGenreLine(week),
            topArtists: ranked(week.topArtists, limit: 5, count: week.count),
            days: dayCards(week.days.compactMap(\.dayIndex)),
            previous: neighbour(stats.weeks, index - 1, label: l10n.string(.previousWeek)),
            next: neighbour(stats.weeks, index + 1, label: l10n.string(.nextWeek)),
            share: periodShare(week))
        return chrome(title: l10n.weekOf(week.start), description: nil, path: path, section: "week", image: periodCardImage(week)).page("week", view)
    }

    func monthPage(_ index: Int) -> TemplateObject {
        let month = stats.months[index]
        let path = urls.month(year: month.start.year, month: month.start.month)
        let name = l10n.monthYear(year: month.start.year, month: month.start.month)
        let view = MonthPageView(
            breadcrumbs: breadcrumbs(month),
            title: name,
            summary: summary(month) + spanSummary(month),
            calendar: calendar(month),
            chart: chartView(chart(for: month), svgPath: urls.chart(of: path), slotHeader: l10n.string(.date), otherGenres: month.otherGenreCount),
            genres: genreShares(month),
            noGenre: noGenreLine(month),
            topArtists: ranked(month.topArtists, limit: 10, count: month.count),
            topTracks: ranked(month.topTracks, limit: 10, count: month.count),
            weeks: weekLinks(ofMonth: month, onlyStartingIn: false),
            yearHref: urls.href(urls.year(month.start.year)),
            year: String(month.start.year),
            previous: neighbour(stats.months, index - 1, label: l10n.string(.previousMonth)),
            next: neighbour(stats.months, index + 1, label: l10n.string(.nextMonth)),
            share: periodShare(month),
            hours: hourChart(from: month.start, through: month.end, name: name))
        return chrome(title: name, description: nil, path: path, section: "month", image: periodCardImage(month)).page("month", view)
    }

    func yearPage(_ index: Int) -> TemplateObject {
        let year = stats.years[index]
        let path = urls.year(year.start.year)
        let name = String(year.start.year)
        let months = monthCells(year.start.year, busiest: stats.months.map(\.plays).max() ?? 0, withWeeks: true)
        let current = currentStreak.flatMap { $0.end.year == year.start.year ? $0 : nil }
        let view = YearPageView(
            breadcrumbs: breadcrumbs(year),
            title: name,
            summary: summary(year) + spanSummary(year),
            heatmap: heatmap(year).svg(),
            heatmapMonths: heatmapMonths(year),
            heatmapCount: l10n.countLabel(year.count),
            chart: chartView(chart(for: year), svgPath: urls.chart(of: path), slotHeader: l10n.string(.month), otherGenres: year.otherGenreCount),
            genres: genreShares(year),
            noGenre: noGenreLine(year),
            topArtists: ranked(year.topArtists, limit: 10, count: year.count),
            topTracks: ranked(year.topTracks, limit: 10, count: year.count),
            months: months,
            // Each says what it counts: the year's own days (with plays where it has a log),
            // the journal's current run as the archive counts it.
            longestStreak: streakView(year.longestStreak, count: year.count),
            currentStreak: streakView(current, count: stats.streakCount),
            reviewHref: urls.href(urls.review(year.start.year)),
            previous: neighbour(stats.years, index - 1, label: l10n.string(.previousYear)),
            next: neighbour(stats.years, index + 1, label: l10n.string(.nextYear)),
            share: periodShare(year),
            hours: hourChart(from: year.start, through: year.end, name: name))
        return chrome(title: name, description: nil, path: path, section: "year", image: periodCardImage(year)).page("year", view)
    }
}
