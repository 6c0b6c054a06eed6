/// A drawing of a page as a file of its own, to embed elsewhere (docs/content-format.md, "Files
/// to share"): where it is, what it shows, its size, and how it is made.
struct Embed: Sendable {
    enum Kind: Sendable { case chart, calendar, heatmap }

    var kind: Kind
    /// Site path: `2026/11/chart.svg`.
    var path: String
    /// The page it comes from and links to.
    var page: String
    var frame: EmbedFrame
    var bodyWidth: Double
    var bodyHeight: Double
    var style: String
    var body: @Sendable () -> String

    /// What it shows, for `alt` text: the frame's title and the site's.
    var title: String { frame.documentTitle }

    /// The file's size in CSS pixels, as `width` and `height` of an `<img>`.
    var size: (width: Int, height: Int) {
        let size = frame.size(bodyWidth: bodyWidth, bodyHeight: bodyHeight)
        return (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
    }

    /// The file, from `<?xml` on.
    func document() -> String {
        frame.document(body: body(), bodyWidth: bodyWidth, bodyHeight: bodyHeight, style: style)
    }
}

/// Each period's drawings as files of their own: every week's, month's and year's chart (and the
/// archive's), a month's calendar and a year's heatmap, beside the period's page.
extension SiteRenderer {
    /// The files to embed a period page has, in the order its Share block lists them.
    func embeds(of period: PeriodStats) -> [Embed] {
        switch period.kind {
        case .week, .all: return [chartEmbed(period)]
        case .month: return [calendarEmbed(period), chartEmbed(period)]
        case .year: return [heatmapEmbed(period), chartEmbed(period)]
        }
    }

    /// A job for every period's files to embed.
    func embedJobs(_ shared: SharedRenderer) -> [FileJob] {
        (stats.weeks + stats.months + stats.years + (stats.allTime.map { [$0] } ?? [])).flatMap { period in
            embedPaths(of: period).enumerated().map { index, path in
                FileJob(path: path) { Array(shared.renderer.embeds(of: period)[index].document().utf8) }.from(FileInputs.period(period))
            }
        }
    }

    /// The paths of `embeds(of:)`, without drawing anything.
    func embedPaths(of period: PeriodStats) -> [String] {
        let page = periodPath(period)
        switch period.kind {
        case .week, .all: return [urls.chart(of: page)]
        case .month: return [urls.calendar(year: period.start.year, month: period.start.month), urls.chart(of: page)]
        case .year: return [urls.heatmap(period.start.year), urls.chart(of: page)]
        }
    }

    private func frame(_ title: String, page: String, legend: [EmbedFrame.LegendItem]) -> EmbedFrame {
        EmbedFrame(title: title, site: journal.config.title, address: urls.address(page), href: urls.absolute(page), legend: legend)
    }

    func chartEmbed(_ period: PeriodStats) -> Embed {
        let page = periodPath(period)
        let chart = chart(for: period, link: urls.absolute)
        let legend = chart.presentGenres.map { genre in
            var name = genre.name
            if genre.kind == .other, period.otherGenreCount > 0 { name += " · " + l10n.genres(period.otherGenreCount) }
            return EmbedFrame.LegendItem(name: name, color: genre.color, kind: genre.kind)
        }
        return Embed(
            kind: .chart, path: urls.chart(of: page), page: page, frame: frame(chart.title, page: page, legend: legend),
            bodyWidth: StackedBarChart.width, bodyHeight: chart.height, style: StackedBarChart.standaloneStyle,
            body: { chart.svg(standalone: true) })
    }

    func heatmapEmbed(_ year: PeriodStats) -> Embed {
        let page = periodPath(year)
        let heatmap = heatmap(year, absoluteLinks: true)
        let title = "\(year.start.year) · \(l10n.string(.heatmap)) · \(l10n.daysOf(year.daysLogged, year.coveredDays))"
        return Embed(
            kind: .heatmap, path: urls.heatmap(year.start.year), page: page, frame: frame(title, page: page, legend: []),
            bodyWidth: heatmap.width, bodyHeight: heatmap.height, style: YearHeatmap.standaloneStyle,
            body: { heatmap.svg(standalone: true) })
    }

    func calendarEmbed(_ month: PeriodStats) -> Embed {
        let page = periodPath(month)
        let calendar = monthCalendar(month)
        let title =
            "\(l10n.monthYear(year: month.start.year, month: month.start.month)) · \(l10n.string(.calendar)) · \(l10n.daysOf(month.daysLogged, month.coveredDays))"
        // The colours the cells are filled with, in the site-wide order.
        let used = Set(month.days.compactMap { $0.dayIndex.flatMap { journal.days[$0].tracks.first }.flatMap(stats.chartSlot) })
        let legend = chartGenres.indices.filter(used.contains).map { index in
            EmbedFrame.LegendItem(name: chartGenres[index].name, color: chartGenres[index].color, kind: chartGenres[index].kind)
        }
        return Embed(
            kind: .calendar, path: urls.calendar(year: month.start.year, month: month.start.month), page: page,
            frame: frame(title, page: page, legend: legend), bodyWidth: calendar.width, bodyHeight: calendar.height,
            style: MonthCalendar.standaloneStyle, body: { calendar.svg() })
    }

    /// A month as the calendar file draws it: the page's calendar (`calendar(_:)`), with each
    /// logged day filled with its first track's colour as charts draw it, instead of artwork.
    func monthCalendar(_ month: PeriodStats) -> MonthCalendar {
        let cells = calendarDays(month).map { entry -> MonthCalendar.Cell in
            guard let (tally, isFuture) = entry else { return .blank }
            var cell = MonthCalendar.Cell(day: tally.date.day, name: l10n.longDate(tally.date))
            if isFuture {
                cell.isFuture = true
                cell.name += " · " + l10n.string(.notYet)
            } else if let dayIndex = tally.dayIndex {
                cell.count = tally.songsLogged
                cell.href = urls.absolute(urls.day(tally.date))
                cell.name += " · " + l10n.tracks(tally.songsLogged)
                cell.color = GenreCatalog.noGenreColor
                cell.kind = .none
                if let track = journal.days[dayIndex].tracks.first, let slot = stats.chartSlot(of: track), chartGenres.indices.contains(slot) {
                    let genre = chartGenres[slot]
                    cell.color = genre.color
                    cell.kind = genre.kind
                    cell.name += " · " + genre.name
                }
            }
            return cell
        }
        let headerStart = month.start.startOfWeek(journal.config.weekStart)
        return MonthCalendar(
            headers: (0..<7).map { l10n.shortWeekday(headerStart.adding(days: $0)) }, cells: cells,
            title: l10n.monthYear(year: month.start.year, month: month.start.month))
    }
}
