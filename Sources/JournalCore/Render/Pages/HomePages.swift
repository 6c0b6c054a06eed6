/// The home pages (the latest days, numbered pages of older ones) and the 404 page.
extension SiteRenderer {
    var homePageCount: Int { max(1, (journal.days.count + daysPerPage - 1) / daysPerPage) }

    /// Page `number` (from 1) of the latest days, newest first.
    func homePage(_ number: Int) -> HomePageView {
        let pageCount = homePageCount
        let newest = journal.days.count - (number - 1) * daysPerPage
        let shown = max(0, newest - daysPerPage)..<max(0, newest)
        var view = HomePageView(
            chrome: chrome(title: number == 1 ? nil : l10n.pageOf(number, pageCount), description: nil, path: urls.homePage(number), section: "home"),
            days: dayCards(shown.reversed()), isFirstPage: number == 1)
        if number == 1, let week = stats.weeks.last, let month = stats.months.last {
            let weekPath = urls.week(week.start)
            view.latestWeek = LatestWeek(title: l10n.weekOf(week.start), href: urls.href(weekPath),
                                         chart: chartView(chart(for: week), svgPath: urls.chart(of: weekPath), slotHeader: l10n.string("date")))
            view.latestMonth = calendar(month)
        }
        if pageCount > 1 {
            view.pagination = Pagination(
                label: l10n.pageOf(number, pageCount),
                newer: number > 1 ? urls.href(urls.homePage(number - 1)) : nil,
                older: number < pageCount ? urls.href(urls.homePage(number + 1)) : nil,
                pages: paginationLinks(current: number, count: pageCount))
        }
        return view
    }

    /// The first, last and nearby page numbers, with gaps marked, so 300 pages stay one line.
    func paginationLinks(current: Int, count: Int) -> [PageNumberLink] {
        var shown = Set([1, count])
        for number in (current - 2)...(current + 2) where number >= 1 && number <= count { shown.insert(number) }
        var links: [PageNumberLink] = []
        var previous = 0
        for number in shown.sorted() {
            if number > previous + 1 { links.append(.gapMark) }
            links.append(PageNumberLink(gap: false, number: number, href: urls.href(urls.homePage(number)), current: number == current))
            previous = number
        }
        return links
    }

    func notFoundPage() -> NotFoundPageView {
        NotFoundPageView(chrome: chrome(title: l10n.string("not_found_title"), description: nil, path: urls.notFound, section: "404"),
                         recent: dayCards(journal.days.indices.suffix(3).reversed()))
    }
}
