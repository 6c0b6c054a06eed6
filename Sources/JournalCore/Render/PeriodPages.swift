/// Week, month and year pages (SPEC 5, 6): charts, calendars, totals and tops.
extension SiteRenderer {
    // MARK: Charts

    /// The stacked bar chart of a period: a slot per day, or per month for a year.
    func chart(for period: PeriodStats) -> StackedBarChart {
        let slots: [StackedBarChart.Slot]
        switch period.kind {
        case .week:
            slots = period.days.map { day in
                .init(label: [l10n.weekdayInitial(day.date), String(day.date.day)], name: l10n.shortDate(day.date),
                      counts: day.counts, href: day.isLogged ? urls.href(urls.day(day.date)) : nil)
            }
        case .month:
            let last = period.days.count
            slots = period.days.map { day in
                let shown = day.date.day == 1 || day.date.day % 5 == 0 && last - day.date.day >= 2 || day.date.day == last
                return .init(label: [shown ? String(day.date.day) : ""], name: l10n.shortDate(day.date),
                             counts: day.counts, href: day.isLogged ? urls.href(urls.day(day.date)) : nil)
            }
        case .year:
            let year = period.start.year
            slots = (1...12).map { month in
                let monthStats = monthIndex[year * 100 + month].map { stats.months[$0] }
                return .init(label: [l10n.shortMonth(month)], name: l10n.monthYear(year: year, month: month),
                             counts: monthStats?.totals ?? Array(repeating: 0, count: stats.chartGenres.count),
                             href: monthStats.map { _ in urls.href(urls.month(year: year, month: month)) })
            }
        }
        return StackedBarChart(genres: stats.chartGenres, slots: slots, title: chartTitle(period), l10n: l10n)
    }

    func chartTitle(_ period: PeriodStats) -> String {
        let what: String
        switch period.kind {
        case .week: what = l10n.weekOf(period.start)
        case .month: what = l10n.monthYear(year: period.start.year, month: period.start.month)
        case .year: what = String(period.start.year)
        }
        return "\(what) · \(l10n.string("genres")) · \(l10n.tracks(period.plays))"
    }

    /// Template data for a chart: the inline SVG, an HTML legend and the same numbers as a table.
    func chartView(_ chart: StackedBarChart, svgPath: String?, slotHeader: String) -> TemplateObject {
        let present = chart.presentGenres
        let columns = chart.genres.enumerated().filter { _, genre in present.contains { $0.key == genre.key } }.map(\.offset)
        let rows: [TemplateValue] = chart.slots.map { slot in
            var row: TemplateObject = [
                "name": .text(slot.name),
                "cells": .list(columns.map { ["count": .int(slot.counts[$0])] }),
                "total": .int(slot.counts.reduce(0, +)),
            ]
            row["href"] = .optional(slot.href)
            return .object(row)
        }
        return [
            "svg": .text(chart.svg()),
            "title": .text(chart.title),
            "legend": .list(present.map { ["name": .text($0.name), "color": .text($0.color)] }),
            "columns": .list(columns.map { ["name": .text(chart.genres[$0].name), "color": .text(chart.genres[$0].color)] }),
            "rows": .list(rows),
            "slotHeader": .text(slotHeader),
            "svgHref": .optional(svgPath.map { urls.href($0) }),
        ]
    }

    /// Every week, month and year chart as its own `.svg` file beside its page.
    func chartJobs() -> [FileJob] {
        (stats.weeks + stats.months + stats.years).map { period in
            FileJob(path: urls.chart(of: periodPath(period))) {
                Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + chart(for: period).svg(standalone: true) + "\n").utf8)
            }
        }
    }

    func periodPath(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return urls.week(period.start)
        case .month: return urls.month(year: period.start.year, month: period.start.month)
        case .year: return urls.year(period.start.year)
        }
    }

    // MARK: Shared pieces

    /// Genre totals with their colour swatch and share, in site-wide order.
    func genreTotals(_ period: PeriodStats) -> TemplateValue {
        let total = max(period.plays, 1)
        return .list(stats.chartGenres.enumerated().compactMap { index, genre in
            let plays = period.totals[index]
            guard plays > 0 else { return nil }
            return ["name": .text(genre.name), "color": .text(genre.color), "plays": .text(l10n.tracks(plays)),
                    "percent": .text("\((plays * 1000 / total + 5) / 10)%"), "width": .text("\(plays * 100 / total)")]
        })
    }

    func ranked(_ items: [Ranked], limit: Int) -> TemplateValue {
        .list(items.prefix(limit).enumerated().map { index, item in
            ["rank": .int(index + 1), "name": .text(item.name), "plays": .text(l10n.plays(item.plays)), "artist": .optional(item.artist)]
        })
    }

    func streakView(_ streak: Streak?) -> TemplateValue? {
        guard let streak else { return nil }
        return ["length": .text(l10n.days(streak.length)), "range": .text(l10n.dateRange(streak.start, streak.end)),
                "startHref": .text(urls.href(urls.day(streak.start))), "endHref": .text(urls.href(urls.day(streak.end)))]
    }

    /// A link to a neighbouring period page.
    func neighbour(_ period: PeriodStats?, label: String) -> TemplateValue? {
        guard let period else { return nil }
        return ["href": .text(urls.href(periodPath(period))), "label": .text(label), "name": .text(periodName(period))]
    }

    func periodName(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return l10n.dateRange(period.start, period.end)
        case .month: return l10n.monthYear(year: period.start.year, month: period.start.month)
        case .year: return String(period.start.year)
        }
    }

    /// Counts shown at the top of a period page.
    func summary(_ period: PeriodStats) -> TemplateValue {
        [
            ["label": .text(l10n.string("tracks_played")), "value": .text(String(period.plays))],
            ["label": .text(l10n.string("days_logged")), "value": .text("\(period.daysLogged) / \(period.days.count)")],
            ["label": .text(l10n.string("genres")), "value": .text(String(period.genreCount))],
        ]
    }

    // MARK: Month calendar

    /// A month as weeks of seven cells from `week_start`, blank outside the month (SPEC 6).
    func calendar(_ month: PeriodStats) -> TemplateObject {
        let startOffset = month.start.weekdayOffset(weekStart: journal.config.weekStart)
        var cells: [TemplateValue] = Array(repeating: ["blank": true], count: startOffset)
        for tally in month.days {
            var cell: TemplateObject = ["day": .int(tally.date.day), "dateISO": .text(tally.date.iso), "blank": false, "href": false, "artwork": false]
            if let dayIndex = tally.dayIndex {
                let day = journal.days[dayIndex]
                cell["href"] = .text(urls.href(urls.day(tally.date)))
                cell["count"] = .int(tally.total)
                cell["label"] = .text("\(l10n.longDate(tally.date)) · \(l10n.tracks(tally.total))")
                if let track = day.tracks.first {
                    if let artwork = track.artwork {
                        cell["artwork"] = .text(urls.resolve(artwork))
                    } else {
                        cell["color"] = .text(catalog.primaryGenre(of: track).color)
                    }
                }
            }
            cells.append(.object(cell))
        }
        while cells.count % 7 != 0 { cells.append(["blank": true]) }
        let weeks: [TemplateValue] = stride(from: 0, to: cells.count, by: 7).map { ["cells": .list(Array(cells[$0..<$0 + 7]))] }
        let headerStart = month.start.startOfWeek(journal.config.weekStart)
        let headers: [TemplateValue] = (0..<7).map { offset in
            let date = headerStart.adding(days: offset)
            return ["short": .text(l10n.shortWeekday(date)), "long": .text(l10n.weekdayName(date))]
        }
        return ["weeks": .list(weeks), "headers": .list(headers), "title": .text(l10n.monthYear(year: month.start.year, month: month.start.month)),
                "href": .text(urls.href(urls.month(year: month.start.year, month: month.start.month)))]
    }

    // MARK: Pages

    func weekPage(_ index: Int) -> TemplateObject {
        let week = stats.weeks[index]
        let path = urls.week(week.start)
        var data = base(title: l10n.weekOf(week.start), description: nil, path: path, section: "week")
        var view: TemplateObject = [
            "title": .text(l10n.weekOf(week.start)),
            "range": .text(l10n.dateRange(week.start, week.end)),
            "summary": summary(week),
            "chart": .object(chartView(chart(for: week), svgPath: urls.chart(of: path), slotHeader: l10n.string("date"))),
            "genres": genreTotals(week),
            "topArtists": ranked(week.topArtists, limit: 5),
            "days": .list(week.days.compactMap { $0.dayIndex }.map { .object(dayCard($0)) }),
        ]
        view["previous"] = neighbour(index > 0 ? stats.weeks[index - 1] : nil, label: l10n.string("previous_week"))
        view["next"] = neighbour(index + 1 < stats.weeks.count ? stats.weeks[index + 1] : nil, label: l10n.string("next_week"))
        data["week"] = .object(view)
        return data
    }

    func monthPage(_ index: Int) -> TemplateObject {
        let month = stats.months[index]
        let path = urls.month(year: month.start.year, month: month.start.month)
        let name = l10n.monthYear(year: month.start.year, month: month.start.month)
        var data = base(title: name, description: nil, path: path, section: "month")
        var view: TemplateObject = [
            "title": .text(name),
            "summary": summary(month),
            "calendar": .object(calendar(month)),
            "chart": .object(chartView(chart(for: month), svgPath: urls.chart(of: path), slotHeader: l10n.string("date"))),
            "genres": genreTotals(month),
            "topArtists": ranked(month.topArtists, limit: 10),
            "topTracks": ranked(month.topTracks, limit: 10),
            "yearHref": .text(urls.href(urls.year(month.start.year))),
            "year": .text(String(month.start.year)),
        ]
        view["previous"] = neighbour(index > 0 ? stats.months[index - 1] : nil, label: l10n.string("previous_month"))
        view["next"] = neighbour(index + 1 < stats.months.count ? stats.months[index + 1] : nil, label: l10n.string("next_month"))
        data["month"] = .object(view)
        return data
    }

    func yearPage(_ index: Int) -> TemplateObject {
        let year = stats.years[index]
        let path = urls.year(year.start.year)
        let name = String(year.start.year)
        var data = base(title: "\(name) · \(l10n.string("year_in_review"))", description: nil, path: path, section: "year")
        let cells = year.days.map { tally in
            YearHeatmap.Cell(date: tally.date, count: tally.total, href: tally.isLogged ? urls.href(urls.day(tally.date)) : nil)
        }
        let heatmap = YearHeatmap(year: year.start.year, cells: cells, weekStart: journal.config.weekStart,
                                  title: "\(name) · \(l10n.string("heatmap"))", l10n: l10n)
        var view: TemplateObject = [
            "title": .text(name),
            "summary": summary(year),
            "heatmap": .text(heatmap.svg()),
            "chart": .object(chartView(chart(for: year), svgPath: urls.chart(of: path), slotHeader: l10n.string("month"))),
            "genres": genreTotals(year),
            "topArtists": ranked(year.topArtists, limit: 10),
            "topTracks": ranked(year.topTracks, limit: 10),
            "months": .list(stats.months.filter { $0.start.year == year.start.year }.map { month in
                ["name": .text(l10n.monthYear(year: month.start.year, month: month.start.month)),
                 "href": .text(urls.href(urls.month(year: month.start.year, month: month.start.month))),
                 "plays": .text(l10n.tracks(month.plays))]
            }),
        ]
        if let streak = streakView(year.longestStreak) { view["longestStreak"] = streak }
        if let current = stats.currentStreak, current.end.year == year.start.year, let streak = streakView(current) {
            view["currentStreak"] = streak
        }
        view["previous"] = neighbour(index > 0 ? stats.years[index - 1] : nil, label: l10n.string("previous_year"))
        view["next"] = neighbour(index + 1 < stats.years.count ? stats.years[index + 1] : nil, label: l10n.string("next_year"))
        data["year"] = .object(view)
        return data
    }
}
