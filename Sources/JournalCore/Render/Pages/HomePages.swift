import Mustache

/// The home pages (the latest days, numbered pages of older ones) and the 404 page.
extension SiteRenderer {
    var homePageCount: Int { Paging(count: journal.days.count, size: daysPerPage).pageCount }

    /// Page `number` (from 1) of the latest days, newest first.
    func homePage(_ number: Int) -> TemplateObject {
        let pageCount = homePageCount
        let newest = journal.days.count - (number - 1) * daysPerPage
        let shown = max(0, newest - daysPerPage)..<max(0, newest)
        var view = HomePageView(days: dayCards(shown.reversed()), isFirstPage: number == 1)
        if number == 1, let week = stats.weeks.last, let month = stats.months.last {
            let weekPath = urls.week(week.start)
            view.latestWeek = LatestWeek(
                title: l10n.weekOf(week.start), href: urls.href(weekPath),
                chart: chartView(chart(for: week), svgPath: urls.chart(of: weekPath), slotHeader: l10n.string(.date)))
            view.latestMonth = calendar(month)
        }
        if number == 1, let index = stats.years.indices.last { view.year = homeYear(index) }
        if number == 1, let date = journal.lastDate { view.onThisDay = onThisDay(date) }
        view.pagination = pagination(number, of: pageCount, newestFirst: true, path: urls.homePage).map(HomePager.init)
        let chrome = chrome(title: number == 1 ? nil : l10n.pageOf(number, pageCount), description: nil, path: urls.homePage(number), section: "home")
        return ChromedPage(chrome: chrome, view: view).object
    }

    /// The year at `index` of `stats.years` (so far, when it holds today): its figures, its song and artist, and links.
    func homeYear(_ index: Int) -> HomeYear {
        let period = stats.years[index]
        let review = reviews[index]
        let year = period.start.year
        let month = stats.months.last.map { $0.start }
        let song = review.topTracks.first.map { top in
            NamedLink(name: top.track.title, href: trackHref(title: top.track.title, artist: top.track.primaryArtist))
        }
        let artist = review.topArtists.first.map { top in NamedLink(name: top.name, href: top.slug.map { urls.href(urls.artist($0)) }) }
        return HomeYear(
            title: yearTitle(period), href: urls.href(urls.year(year)),
            summary: [
                SummaryItem(label: l10n.countLabel(period.count), value: l10n.number(period.plays), href: nil),
                SummaryItem(
                    label: l10n.string(.daysLogged), value: "\(l10n.number(period.daysLogged)) / \(l10n.number(period.coveredDays))", href: nil,
                    hint: l10n.daysLoggedHint(period.coveredDays)),
                SummaryItem(label: l10n.string(.artists), value: l10n.number(review.totals.artists), href: nil),
            ] + spanSummary(period),
            song: song, songArtist: review.topTracks.first.map { creditedNames($0.track).joined(separator: ", ") }, artist: artist,
            reviewLabel: l10n.reviewTitle(year), reviewHref: urls.href(urls.review(year)),
            monthLabel: month.map { l10n.monthYear(year: $0.year, month: $0.month) },
            monthHref: month.map { urls.href(urls.month(year: $0.year, month: $0.month)) })
    }

    func notFoundPage() -> TemplateObject {
        ChromedPage(
            chrome: chrome(title: l10n.string(.notFoundTitle), description: nil, path: urls.notFound, section: "404"),
            view: NotFoundPageView(recent: dayCards(journal.days.indices.suffix(3).reversed()))
        ).object
    }
}
