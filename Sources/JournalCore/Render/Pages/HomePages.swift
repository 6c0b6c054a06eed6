/// The home pages (the latest days, numbered pages of older ones) and the 404 page.
extension SiteRenderer {
    var homePageCount: Int { Paging(count: journal.days.count, size: daysPerPage).pageCount }

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
        view.pagination = pagination(number, of: pageCount, newestFirst: true, path: urls.homePage)
        return view
    }

    func notFoundPage() -> NotFoundPageView {
        NotFoundPageView(chrome: chrome(title: l10n.string("not_found_title"), description: nil, path: urls.notFound, section: "404"),
                         recent: dayCards(journal.days.indices.suffix(3).reversed()))
    }
}
