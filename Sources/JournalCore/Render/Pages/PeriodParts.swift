/// The pieces week, month and year pages share: the chart of a period (inline and as its own
/// `chart.svg`), the month calendar, genre shares, top lists, streaks and neighbours.
extension SiteRenderer {
    // MARK: Charts

    /// The stacked bar chart of a period: a slot per day, or per month for a year. Empty slots
    /// after today are drawn as not yet come (`Timeline`). `link` makes a bar's link from a
    /// site path (`urls.href` on pages; `urls.absolute` in a file to embed elsewhere).
    func chart(for period: PeriodStats, link: ((String) -> String)? = nil) -> StackedBarChart {
        let link = link ?? urls.href
        let slots: [StackedBarChart.Slot]
        switch period.kind {
        case .week:
            slots = period.days.map { day in
                .init(
                    label: [l10n.weekdayInitial(day.date), String(day.date.day)], name: l10n.shortDate(day.date),
                    counts: day.counts, href: day.isLogged ? link(urls.day(day.date)) : nil,
                    isFuture: !day.isLogged && timeline.isStillToCome(day.date))
            }
        case .month:
            let lastDay = period.days.count
            slots = period.days.map { day in
                let shown = day.date.day == 1 || day.date.day % 5 == 0 && lastDay - day.date.day >= 2 || day.date.day == lastDay
                return .init(
                    label: [shown ? String(day.date.day) : ""], name: l10n.shortDate(day.date),
                    counts: day.counts, href: day.isLogged ? link(urls.day(day.date)) : nil,
                    isFuture: !day.isLogged && timeline.isStillToCome(day.date))
            }
        case .year:
            let year = period.start.year
            // Each month as the year counts it (plays where the year has listening), so the
            // bars add up to the year's total.
            var monthCounts = Array(repeating: Array(repeating: 0, count: chartGenres.count), count: 12)
            for day in period.days {
                for (slot, count) in day.counts.enumerated() { monthCounts[day.date.month - 1][slot] += count }
            }
            slots = (1...12).map { month in
                let monthStats = monthIndex[year * 100 + month].map { stats.months[$0] }
                return .init(
                    label: [l10n.shortMonth(month)], name: l10n.monthYear(year: year, month: month),
                    counts: monthCounts[month - 1],
                    href: monthStats.map { _ in link(urls.month(year: year, month: month)) },
                    isFuture: monthStats == nil && CalendarDate(year: year, month: month, day: 1).map(timeline.isStillToCome) ?? false)
            }
        case .all:
            var yearCounts = Array(repeating: Array(repeating: 0, count: chartGenres.count), count: period.end.year - period.start.year + 1)
            for day in period.days {
                for (slot, count) in day.counts.enumerated() { yearCounts[day.date.year - period.start.year][slot] += count }
            }
            slots = (period.start.year...period.end.year).map { year in
                let yearStats = yearIndex[year].map { stats.years[$0] }
                return .init(
                    label: [String(year)], name: String(year),
                    counts: yearCounts[year - period.start.year],
                    href: yearStats.map { _ in link(urls.year(year)) })
            }
        }
        return StackedBarChart(genres: chartGenres, slots: slots, title: chartTitle(period), l10n: l10n, count: period.count)
    }

    func chartTitle(_ period: PeriodStats) -> String {
        let what: String
        switch period.kind {
        case .week: what = l10n.weekOf(period.start)
        case .month: what = l10n.monthYear(year: period.start.year, month: period.start.month)
        case .year: what = String(period.start.year)
        case .all: what = l10n.string(.allTime)
        }
        return "\(what) · \(l10n.string(.genres)) · \(l10n.counted(period.plays, period.count))"
    }

    /// A chart as the page shows it: the inline SVG, an HTML legend and the same numbers as a table,
    /// whose rows for days (or months) not yet come say so, as the chart does.
    /// `otherGenres`: how many genres the chart's `Other` stands for, said in its legend.
    func chartView(_ chart: StackedBarChart, svgPath: String?, slotHeader: String, otherGenres: Int? = nil) -> ChartView {
        let present = chart.presentGenres
        let columns = chart.genres.enumerated().filter { _, genre in present.contains { $0.key == genre.key } }.map(\.offset)
        return ChartView(
            svg: chart.svg(),
            title: chart.title,
            legend: present.map { genre in
                var name = genre.name
                if genre.kind == .other, let otherGenres { name += " · " + l10n.genres(otherGenres) }
                return Swatch(
                    name: name, color: genre.color, kind: genre.kind,
                    href: genre.kind == .genre ? urls.href(urls.genre(genre.slug)) : nil)
            },
            columns: columns.map { Swatch(name: chart.genres[$0].name, color: chart.genres[$0].color, kind: chart.genres[$0].kind) },
            rows: chart.slots.map { slot in
                ChartRow(name: slot.name, counts: columns.map { slot.counts[$0] }, total: slot.total, href: slot.href, isFuture: slot.isFuture)
            },
            slotHeader: slotHeader,
            svgHref: svgPath.map { urls.href($0) })
    }

    func periodPath(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return urls.week(period.start)
        case .month: return urls.month(year: period.start.year, month: period.start.month)
        case .year: return urls.year(period.start.year)
        case .all: return urls.archive
        }
    }

    // MARK: Month calendar

    /// A month as weeks of seven days from `week_start`: nil for a cell outside the month. Empty
    /// days after today are marked as not yet come, and a week that has not begun is left out. The page's calendar and `calendar.svg` are both laid out by it.
    func calendarDays(_ month: PeriodStats) -> [(tally: DayTally, isFuture: Bool)?] {
        var days: [(tally: DayTally, isFuture: Bool)?] = Array(repeating: nil, count: month.start.weekdayOffset(weekStart: journal.config.weekStart))
        for tally in month.days {
            let isFuture = !tally.isLogged && timeline.isStillToCome(tally.date)
            if isFuture && days.count % 7 == 0 { break }  // a week that has not begun
            days.append((tally, isFuture))
        }
        while days.count % 7 != 0 { days.append(nil) }
        return days
    }

    /// The month calendar of a month page: covers (or genre colours) and counts, each day linked.
    func calendar(_ month: PeriodStats) -> CalendarView {
        let cells = calendarDays(month).map { entry -> CalendarCell in
            guard let (tally, isFuture) = entry else { return .blankCell }
            var cell = CalendarCell(blank: false, day: tally.date.day, dateISO: tally.date.iso)
            if isFuture {
                cell.future = true
            } else if let dayIndex = tally.dayIndex {
                cell.href = urls.href(urls.day(tally.date))
                cell.count = tally.songsLogged
                cell.label = "\(l10n.longDate(tally.date)) · \(l10n.tracks(tally.songsLogged))"
                if let track = journal.days[dayIndex].tracks.first {
                    if let artwork = track.artwork {
                        let cover = coverImage(artwork)
                        cell.artwork = cover.src
                        cell.artworkWebp = cover.webp
                    } else {
                        cell.color = catalog.drawnGenre(of: track).color
                    }
                }
            }
            return cell
        }
        let headerStart = month.start.startOfWeek(journal.config.weekStart)
        return CalendarView(
            weeks: stride(from: 0, to: cells.count, by: 7).map { CalendarView.Week(cells: Array(cells[$0..<$0 + 7])) },
            headers: (0..<7).map { offset in
                let date = headerStart.adding(days: offset)
                return WeekdayHeader(short: l10n.shortWeekday(date), long: l10n.weekdayName(date))
            },
            title: l10n.monthYear(year: month.start.year, month: month.start.month),
            href: urls.href(urls.month(year: month.start.year, month: month.start.month)))
    }

    // MARK: Year heatmap

    /// A year's heatmap, with empty days after today drawn as not yet come.
    /// `absoluteLinks`: for a file to embed elsewhere, days link to their full URL when the base
    /// URL has a host.
    func heatmap(_ year: PeriodStats, absoluteLinks: Bool = false) -> YearHeatmap {
        // Links relative to the year page (`11/21/`), which the year's `heatmap.svg` sits beside:
        // 365 of them, so every byte counts.
        let yearPath = urls.year(year.start.year)
        func href(_ date: CalendarDate) -> String {
            let path = urls.day(date)
            if absoluteLinks, urls.origin != nil { return urls.absolute(path) }
            return path.hasPrefix(yearPath) ? String(path.dropFirst(yearPath.count)) : urls.href(path)
        }
        let cells = year.days.map { tally in
            YearHeatmap.Cell(
                date: tally.date, count: tally.total, href: tally.isLogged ? href(tally.date) : nil,
                isFuture: !tally.isLogged && timeline.isStillToCome(tally.date))
        }
        return YearHeatmap(
            year: year.start.year, cells: cells, title: "\(year.start.year) · \(l10n.string(.heatmap))", l10n: l10n, count: year.count)
    }

    /// The heatmap's numbers as a table: a row per month, up to today's in the year holding today.
    func heatmapMonths(_ year: PeriodStats) -> [HeatmapMonth] {
        let number = year.start.year
        let lastMonth = timeline.today.year == number ? max(timeline.today.month, stats.months(in: number).last?.start.month ?? 1) : 12
        // Each month as the heatmap counts it: the year's plays where it has listening.
        var counted = Array(repeating: 0, count: 12)
        for day in year.days { counted[day.date.month - 1] += day.total }
        return (1...max(1, lastMonth)).map { month in
            let monthStats = monthIndex[number * 100 + month].map { stats.months[$0] }
            return HeatmapMonth(
                name: l10n.monthYear(year: number, month: month),
                href: monthStats.map { _ in urls.href(urls.month(year: number, month: month)) },
                days: monthStats?.daysLogged ?? 0, tracks: counted[month - 1])
        }
    }

    // MARK: Shared pieces

    /// The period's genres by its own plays (docs/content-format.md, "Statistics"), each linked
    /// to its page, with its share of the period's plays; bars are scaled to the largest.
    func genreShares(_ period: PeriodStats) -> [GenreShare] {
        let total = max(period.plays, 1)
        let largest = max(period.genres.first?.plays ?? 1, 1)
        return period.genres.map { entry in
            GenreShare(
                name: entry.genre.name, color: entry.genre.color, plays: l10n.counted(entry.plays, period.count),
                percent: Share.percent(entry.plays, of: total), width: Share.width(entry.plays, of: largest),
                href: urls.href(urls.genre(entry.genre.slug)), minor: !entry.genre.isTop)
        }
    }

    /// The plays of tracks with no genre in a period, said apart from its genres.
    func noGenreLine(_ period: PeriodStats) -> String? {
        guard period.noGenrePlays > 0 else { return nil }
        return "\(l10n.string(.noGenre)): \(l10n.counted(period.noGenrePlays, period.count))"
    }

    /// Artists, tracks or albums with their plays, each linked: an artist to its page, a track to
    /// its page and its artist's; an album (`titlesLink` false) only to its artist's.
    /// `count`: what the numbers count (plays, or songs logged), said beside each.
    func ranked(_ items: [Ranked], limit: Int, titlesLink: Bool = true, count: PeriodCount) -> [RankedItem] {
        items.prefix(limit).enumerated().map { index, item in
            let artistHref = library.artist(named: item.artist ?? item.name).map { urls.href(urls.artist($0.slug)) }
            let plays = l10n.counted(item.plays, count)
            guard let artist = item.artist else {
                return RankedItem(rank: index + 1, name: item.name, plays: plays, artist: nil, href: artistHref)
            }
            let href = titlesLink ? trackHref(title: item.name, artist: artist) : nil
            return RankedItem(rank: index + 1, name: item.name, plays: plays, artist: artist, href: href, artistHref: artistHref)
        }
    }

    /// A streak, its ends linked to their day pages where the diary has them (a streak of days
    /// with plays may start or end on a day nothing was logged).
    /// `count`: say what the days are (`12 days with plays`, `12 days logged`).
    func streakView(_ streak: Streak?, count: PeriodCount? = nil) -> StreakView? {
        streak.map { streak in
            StreakView(
                length: count.map { l10n.streakDays(streak.length, $0) } ?? l10n.days(streak.length), range: l10n.dateRange(streak.start, streak.end),
                startHref: isLogged(streak.start) ? urls.href(urls.day(streak.start)) : nil,
                endHref: isLogged(streak.end) ? urls.href(urls.day(streak.end)) : nil)
        }
    }

    /// The diary has a day page for `date`.
    func isLogged(_ date: CalendarDate) -> Bool {
        var low = 0
        var high = journal.days.count
        while low < high {
            let middle = (low + high) / 2
            if journal.days[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < journal.days.count && journal.days[low].date == date
    }

    /// A link to a neighbouring period page.
    func neighbour(_ periods: [PeriodStats], _ index: Int, label: String) -> PeriodLink? {
        guard periods.indices.contains(index) else { return nil }
        let period = periods[index]
        return PeriodLink(href: urls.href(periodPath(period)), label: label, name: periodName(period))
    }

    func periodName(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return l10n.dateRange(period.start, period.end)
        case .month: return l10n.monthYear(year: period.start.year, month: period.start.month)
        case .year: return String(period.start.year)
        case .all: return l10n.string(.allTime)
        }
    }

    /// Counts shown at the top of a period page, each with what it means on hover. Days logged
    /// count against the days the journal has covered, never against days still to come.
    func summary(_ period: PeriodStats) -> [SummaryItem] {
        var genreHint = l10n.string(.genresHint)
        if period.otherGenreCount > 0 { genreHint += " " + l10n.otherGenresHint(period.otherGenreCount) }
        var items = [
            SummaryItem(
                label: l10n.countLabel(period.count), value: l10n.number(period.plays), href: nil,
                hint: l10n.countHint(period.count)),
            SummaryItem(
                label: l10n.string(.daysLogged), value: "\(l10n.number(period.daysLogged)) / \(l10n.number(period.coveredDays))", href: nil,
                hint: l10n.daysLoggedHint(period.coveredDays)),
            SummaryItem(label: l10n.string(.genres), value: l10n.number(period.genreCount), href: nil, hint: genreHint),
        ]
        if let played = timePlayed(period) { items.insert(played, at: 1) }
        return items
    }

    /// The time a period with listening was played (`130 h 22 min`): "about" when some of it is
    /// scrobbles' song lengths, which its hint counts.
    func timePlayed(_ period: PeriodStats) -> SummaryItem? {
        guard period.countsPlays else { return nil }
        return timePlayed(seconds: period.listenedSeconds, estimated: period.estimatedPlays, untimed: period.untimedPlays)
    }

    /// The time played of plays of the log (`130 h 22 min`), "about" when `estimated` plays'
    /// lengths are their songs' `duration`; nil when nothing was timed.
    func timePlayed(seconds: Int, estimated: Int, untimed: Int) -> SummaryItem? {
        guard seconds > 0 else { return nil }
        let duration = l10n.totalDuration(seconds)
        var hint = l10n.string(.minutesPlayedHint)
        if estimated > 0 { hint += " " + l10n.estimatedPlays(estimated) }
        if untimed > 0 { hint += " " + l10n.untimedPlays(untimed) }
        return SummaryItem(
            label: l10n.string(.timePlayed), value: estimated > 0 ? "\(l10n.string(.about)) \(duration)" : duration, href: nil,
            hint: hint, wraps: true)
    }
}
