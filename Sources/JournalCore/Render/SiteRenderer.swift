/// The Render stage (STYLE.md): a pure function from the loaded journal, its statistics and the
/// theme to the files of the site. Reads nothing from disk and writes nothing.
public struct SiteRenderer: Sendable {
    public let journal: Journal
    public let stats: Stats
    public let library: Library
    public let theme: ThemeFiles
    /// Days per page of the home page list.
    public var daysPerPage = 10

    let urls: SiteURLs
    let l10n: Localization
    var catalog: GenreCatalog { stats.catalog }
    /// Period lookups: week by its first day, month by `year * 100 + month`, year by number.
    let weekIndex: [CalendarDate: Int]
    let monthIndex: [Int: Int]
    let yearIndex: [Int: Int]
    /// The UI strings (`t` in templates), made once for every page.
    let strings: TemplateValue
    /// Every day as a card (`dayCard`), by index in `journal.days`: made once, since the home,
    /// week, day and tag pages all list the same cards.
    private(set) var dayCards: [TemplateObject] = []

    /// `parallel`: make the shared day cards on every core (the result is the same either way).
    public init(journal: Journal, stats: Stats, library: Library, theme: ThemeFiles, parallel: Bool = true) {
        self.journal = journal
        self.stats = stats
        self.library = library
        self.theme = theme
        urls = SiteURLs(config: journal.config)
        l10n = theme.localization
        weekIndex = Dictionary(stats.weeks.enumerated().map { ($1.start, $0) }, uniquingKeysWith: { first, _ in first })
        monthIndex = Dictionary(stats.months.enumerated().map { ($1.start.year * 100 + $1.start.month, $0) }, uniquingKeysWith: { first, _ in first })
        yearIndex = Dictionary(stats.years.enumerated().map { ($1.start.year, $0) }, uniquingKeysWith: { first, _ in first })
        strings = .object(l10n.strings.mapValues(TemplateValue.text))
        dayCards = ParallelMap.map(Array(journal.days.indices), parallel: parallel) { [self] index in
            makeDayCard(journal.days[index])
        }
    }

    /// Lists every file of the site without making any: pages with their template and data,
    /// and generated files, each made when `render(_:)` runs it. Nothing is held but the plan,
    /// so Write can take each file as soon as it is made.
    public func plan() -> SitePlan {
        var jobs: [FileJob] = []
        func page(_ path: String, _ template: String, _ data: @escaping @Sendable () -> TemplateObject) {
            jobs.append(FileJob(path: urls.file(for: path), page: path, template: template, data: data))
        }
        for (number, path) in homePagePaths().enumerated() {
            page(path, "home") { homePage(number + 1) }
        }
        for index in journal.days.indices {
            page(urls.day(journal.days[index].date), "day") { dayPage(journal.days[index], index: index) }
        }
        for index in stats.weeks.indices {
            page(urls.week(stats.weeks[index].start), "week") { weekPage(index) }
        }
        for index in stats.months.indices {
            let month = stats.months[index].start
            page(urls.month(year: month.year, month: month.month), "month") { monthPage(index) }
        }
        for index in stats.years.indices {
            page(urls.year(stats.years[index].start.year), "year") { yearPage(index) }
        }
        page(urls.artists, "artists") { artistsPage() }
        for index in library.artists.indices {
            page(urls.artist(library.artists[index].slug), "artist") { artistPage(index) }
        }
        page(urls.genres, "genres") { genresPage() }
        for genre in catalog.playedGenres {
            page(urls.genre(genre.slug), "genre") { genrePage(genre) }
        }
        if !library.tags.isEmpty {
            page(urls.tags, "tags") { tagsPage() }
        }
        for tag in library.tags {
            page(urls.tag(tag.slug), "tag") { tagPage(tag) }
        }
        page(urls.search, "search") { searchPage() }
        page(urls.playlists, "playlists") { playlistsPage() }
        for playlist in journal.playlists {
            page(urls.playlist(playlist.slug), "playlist") { playlistPage(playlist) }
        }
        for plain in journal.pages {
            page(urls.page(plain.slug), "page") { plainPage(plain) }
        }
        page("404.html", "404") { notFoundPage() }

        var diagnostics: [Diagnostic] = []
        for template in Set(jobs.compactMap(\.page?.template)).sorted() where !theme.library.contains(template) {
            diagnostics.append(Diagnostic(.error, "the theme has no template '\(template).mustache'", path: "templates/\(template).mustache"))
        }
        let pages = jobs.compactMap(\.page?.url)
        jobs += chartJobs()
        jobs += siteFileJobs(pages: pages)
        var origins: [String: String] = [:]
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) where SitePath.isSafe(path) {
            jobs.append(FileJob(path: path) { bytes })
            if theme.journalFiles.contains(path) { origins[path] = "templates/\(path)" }
        }

        var paths = OutputPaths(jobs: jobs, origins: origins)
        let copies = paths.copies(of: journal.staticFiles.filter(SitePath.isSafe))
        diagnostics += paths.diagnostics
        return SitePlan(jobs: jobs, staticCopies: copies, diagnostics: diagnostics, pageCount: pages.count)
    }

    /// Makes one file of the plan. Pure, so files can be made on every core in any order.
    public func render(_ job: FileJob) -> [UInt8] {
        switch job.content {
        case .page(_, let template, let data):
            // plan() reported a missing template, so a build never gets here without it.
            return theme.library.render(data(), template: template) ?? []
        case .bytes(let make):
            return make()
        }
    }

    // MARK: Shared data

    /// What every page gets: the site, the UI strings, and the page's own metadata.
    func base(title: String?, description: String?, path: String, section: String, image: LinkTarget? = nil) -> TemplateObject {
        let config = journal.config
        // The site title links home, so the menu starts with the statistics.
        var nav: [TemplateValue] = []
        if let latestYear = stats.years.last {
            nav.append(["label": .text(l10n.string("stats")), "href": .text(urls.href(urls.year(latestYear.start.year))),
                        "current": .bool(section == "year" || section == "month" || section == "week")])
        }
        nav.append(["label": .text(l10n.string("genres")), "href": .text(urls.href(urls.genres)), "current": .bool(section == "genres")])
        nav.append(["label": .text(l10n.string("artists")), "href": .text(urls.href(urls.artists)), "current": .bool(section == "artists")])
        nav.append(["label": .text(l10n.string("playlists")), "href": .text(urls.href(urls.playlists)), "current": .bool(section == "playlists")])
        nav.append(["label": .text(l10n.string("search")), "href": .text(urls.href(urls.search)), "current": .bool(section == "search")])
        var pages: [TemplateValue] = journal.pages.map { page in
            ["label": .text(page.title), "href": .text(urls.href(urls.page(page.slug))), "current": .bool(section == "page:\(page.slug)")]
        }
        if !library.tags.isEmpty {
            pages.append(["label": .text(l10n.string("tags")), "href": .text(urls.href(urls.tags)), "current": .bool(section == "tags")])
        }
        let favicon = journal.staticFiles.contains("favicon.svg") ? "favicon.svg" : "assets/favicon.svg"
        var site: TemplateObject = [
            "title": .text(config.title),
            "lang": .text(config.language.rawValue),
            "home": .text(urls.href("")),
            "stylesheet": .text(urls.href("assets/site.css")),
            "favicon": .text(urls.href(favicon)),
            "nav": .list(nav),
            "pages": .list(pages),
            "feed": .text(urls.href("feed.xml")),
            "locale": .text(l10n.locale),
        ]
        if !config.description.isEmpty { site["description"] = .text(config.description) }
        if !config.author.isEmpty { site["author"] = .text(config.author) }
        var meta: TemplateObject = [
            "title": .text(title.map { "\($0) · \(config.title)" } ?? config.title),
            "canonical": .text(urls.absolute(path)),
        ]
        if let description = description ?? (config.description.isEmpty ? nil : config.description) {
            meta["description"] = .text(description)
        }
        meta["ogTitle"] = .text(title ?? config.title)
        meta["ogType"] = section == "day" ? "article" : "website"
        if let image {
            meta["image"] = .text(absoluteURL(image))
        }
        return ["site": .object(site), "t": strings, "meta": .object(meta)]
    }

    var trackView: TrackView { TrackView(urls: urls, catalog: catalog, library: library) }

    /// The card of day `index` of `journal.days`.
    func dayCard(_ index: Int) -> TemplateObject { dayCards[index] }

    /// A day as a card in lists.
    private func makeDayCard(_ day: Day) -> TemplateObject {
        var card: TemplateObject = [
            "href": .text(urls.href(urls.day(day.date))),
            "date": .text(l10n.longDate(day.date)),
            "dateISO": .text(day.date.iso),
            "trackCount": .text(l10n.tracks(day.tracks.count)),
            "tracks": trackList(day.tracks),
        ]
        card["title"] = .optional(day.title)
        card["summary"] = .optional(day.summary.isEmpty ? nil : day.summary)
        return card
    }

    func trackList(_ tracks: [Track]) -> TemplateValue {
        .list(tracks.enumerated().map { .object(trackView.data($1, number: $0 + 1)) })
    }

    // MARK: Pages

    var homePageCount: Int { max(1, (journal.days.count + daysPerPage - 1) / daysPerPage) }

    func homePagePaths() -> [String] { (1...homePageCount).map { urls.homePage($0) } }

    /// Page `number` (from 1) of the latest days, newest first.
    func homePage(_ number: Int) -> TemplateObject {
        let pageCount = homePageCount
        let newest = journal.days.count - (number - 1) * daysPerPage
        let shown = max(0, newest - daysPerPage)..<max(0, newest)
        let path = urls.homePage(number)
        var data = base(title: number == 1 ? nil : l10n.pageOf(number, pageCount), description: nil, path: path, section: "home")
        data["days"] = .list(shown.reversed().map { .object(dayCard($0)) })
        data["isFirstPage"] = .bool(number == 1)
        if number == 1, let week = stats.weeks.last, let month = stats.months.last {
            let weekPath = urls.week(week.start)
            data["latestWeek"] = [
                "title": .text(l10n.weekOf(week.start)),
                "href": .text(urls.href(weekPath)),
                "chart": .object(chartView(chart(for: week), svgPath: urls.chart(of: weekPath), slotHeader: l10n.string("date"))),
            ]
            data["latestMonth"] = .object(calendar(month))
        }
        if pageCount > 1 {
            var pagination: TemplateObject = ["label": .text(l10n.pageOf(number, pageCount))]
            if number > 1 { pagination["newer"] = .text(urls.href(urls.homePage(number - 1))) }
            if number < pageCount { pagination["older"] = .text(urls.href(urls.homePage(number + 1))) }
            pagination["pages"] = .list(paginationLinks(current: number, count: pageCount))
            data["pagination"] = .object(pagination)
        }
        return data
    }

    /// The first, last and nearby page numbers, with gaps marked, so 300 pages stay one line.
    func paginationLinks(current: Int, count: Int) -> [TemplateValue] {
        var shown = Set([1, count])
        for number in (current - 2)...(current + 2) where number >= 1 && number <= count { shown.insert(number) }
        var links: [TemplateValue] = []
        var previous = 0
        for number in shown.sorted() {
            if number > previous + 1 { links.append(["gap": true]) }
            links.append(["number": .int(number), "href": .text(urls.href(urls.homePage(number))), "current": .bool(number == current)])
            previous = number
        }
        return links
    }

    func dayPage(_ day: Day, index: Int) -> TemplateObject {
        let path = urls.day(day.date)
        let heading = day.title ?? l10n.longDate(day.date)
        var data = base(title: day.title.map { "\($0) · \(l10n.shortDate(day.date))" } ?? l10n.longDate(day.date),
                        description: day.summary.isEmpty ? nil : day.summary, path: path, section: "day",
                        image: day.tracks.lazy.compactMap(\.artwork).first)
        var view = dayCard(index)
        view["heading"] = .text(heading)
        view["hasTitle"] = .bool(day.title != nil)
        view["mood"] = .optional(day.mood)
        view["tags"] = .list(tagLinks(day.tags))
        view["body"] = .optional(day.bodyHTML.isEmpty ? nil : day.bodyHTML)
        view["previous"] = false
        view["next"] = false
        let weekStart = day.date.startOfWeek(journal.config.weekStart)
        view["weekHref"] = .text(urls.href(urls.week(weekStart)))
        view["weekName"] = .text(l10n.weekOf(weekStart))
        view["monthHref"] = .text(urls.href(urls.month(year: day.date.year, month: day.date.month)))
        view["monthName"] = .text(l10n.monthYear(year: day.date.year, month: day.date.month))
        view["yearHref"] = .text(urls.href(urls.year(day.date.year)))
        view["yearName"] = .text(String(day.date.year))
        if index > 0 {
            let previous = journal.days[index - 1]
            view["previous"] = ["href": .text(urls.href(urls.day(previous.date))), "date": .text(l10n.shortDate(previous.date)), "title": .optional(previous.title)]
        }
        if index + 1 < journal.days.count {
            let next = journal.days[index + 1]
            view["next"] = ["href": .text(urls.href(urls.day(next.date))), "date": .text(l10n.shortDate(next.date)), "title": .optional(next.title)]
        }
        data["day"] = .object(view)
        return data
    }

    func playlistCard(_ playlist: Playlist) -> TemplateObject {
        var card: TemplateObject = [
            "href": .text(urls.href(urls.playlist(playlist.slug))),
            "title": .text(playlist.title),
            "trackCount": .text(l10n.tracks(playlist.tracks.count)),
            "totalDuration": .text(l10n.totalDuration(playlist.totalDuration)),
        ]
        card["description"] = .optional(playlist.description)
        if let cover = playlist.cover {
            card["cover"] = .text(urls.resolve(cover))
        } else {
            let color = playlist.tracks.first.map { catalog.primaryGenre(of: $0).color } ?? GenreCatalog.otherColor
            card["placeholder"] = .text(CoverArt.placeholder(title: playlist.title, artist: "", color: color))
        }
        return card
    }

    func playlistsPage() -> TemplateObject {
        var data = base(title: l10n.string("playlists"), description: nil, path: urls.playlists, section: "playlists")
        data["playlists"] = .list(journal.playlists.map { .object(playlistCard($0)) })
        return data
    }

    func playlistPage(_ playlist: Playlist) -> TemplateObject {
        var data = base(title: playlist.title, description: playlist.description, path: urls.playlist(playlist.slug), section: "playlists",
                        image: playlist.cover)
        var view = playlistCard(playlist)
        view["tracks"] = trackList(playlist.tracks)
        if let created = playlist.created { view["created"] = .text(l10n.shortDate(created)); view["createdISO"] = .text(created.iso) }
        if let updated = playlist.updated { view["updated"] = .text(l10n.shortDate(updated)); view["updatedISO"] = .text(updated.iso) }
        view["tags"] = .list(tagLinks(playlist.tags))
        if !playlist.bodyHTML.isEmpty { view["body"] = .text(playlist.bodyHTML) }
        data["playlist"] = .object(view)
        return data
    }

    func plainPage(_ page: Page) -> TemplateObject {
        var data = base(title: page.title, description: nil, path: urls.page(page.slug), section: "page:\(page.slug)")
        data["page"] = ["title": .text(page.title), "body": .text(page.bodyHTML)]
        return data
    }

    func notFoundPage() -> TemplateObject {
        var data = base(title: l10n.string("not_found_title"), description: nil, path: "404.html", section: "404")
        data["recent"] = .list(journal.days.indices.suffix(3).reversed().map { .object(dayCard($0)) })
        return data
    }
}
