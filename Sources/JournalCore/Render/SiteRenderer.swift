import Mustache

/// The Render stage (STYLE.md): a pure function from the loaded journal, its statistics and the
/// theme to the files of the site. Reads nothing from disk and writes nothing.
public struct SiteRenderer: Sendable {
    public let journal: Journal
    public let stats: Stats
    public let library: Library
    public let theme: ThemeFiles
    /// Days per page of the home page list.
    public var daysPerPage = 10
    /// Render pages on every core; false renders them one after another (same bytes, slower).
    public var parallel = true

    let urls: SiteURLs
    let l10n: Localization
    var catalog: GenreCatalog { stats.catalog }
    /// Period lookups: week by its first day, month by `year * 100 + month`, year by number.
    let weekIndex: [CalendarDate: Int]
    let monthIndex: [Int: Int]
    let yearIndex: [Int: Int]

    public init(journal: Journal, stats: Stats, library: Library, theme: ThemeFiles) {
        self.journal = journal
        self.stats = stats
        self.library = library
        self.theme = theme
        urls = SiteURLs(config: journal.config)
        l10n = Localization(journal.config.language)
        weekIndex = Dictionary(stats.weeks.enumerated().map { ($1.start, $0) }, uniquingKeysWith: { first, _ in first })
        monthIndex = Dictionary(stats.months.enumerated().map { ($1.start.year * 100 + $1.start.month, $0) }, uniquingKeysWith: { first, _ in first })
        yearIndex = Dictionary(stats.years.enumerated().map { ($1.start.year, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One page to render: where it goes, with which template, from which data.
    struct PageJob: Sendable {
        var path: String
        var template: String
        var data: @Sendable () -> [String: Any]
    }

    public func render() -> SiteOutput {
        var jobs: [PageJob] = []
        for (number, path) in homePagePaths().enumerated() {
            jobs.append(PageJob(path: path, template: "home") { homePage(number + 1) })
        }
        for index in journal.days.indices {
            jobs.append(PageJob(path: urls.day(journal.days[index].date), template: "day") { dayPage(journal.days[index], index: index) })
        }
        for index in stats.weeks.indices {
            jobs.append(PageJob(path: urls.week(stats.weeks[index].start), template: "week") { weekPage(index) })
        }
        for index in stats.months.indices {
            let month = stats.months[index].start
            jobs.append(PageJob(path: urls.month(year: month.year, month: month.month), template: "month") { monthPage(index) })
        }
        for index in stats.years.indices {
            jobs.append(PageJob(path: urls.year(stats.years[index].start.year), template: "year") { yearPage(index) })
        }
        jobs.append(PageJob(path: urls.artists, template: "artists") { artistsPage() })
        for index in library.artists.indices {
            jobs.append(PageJob(path: urls.artist(library.artists[index].slug), template: "artist") { artistPage(index) })
        }
        jobs.append(PageJob(path: urls.genres, template: "genres") { genresPage() })
        for genre in genresWithPlays {
            jobs.append(PageJob(path: urls.genre(genre.slug), template: "genre") { genrePage(genre) })
        }
        if !library.tags.isEmpty {
            jobs.append(PageJob(path: urls.tags, template: "tags") { tagsPage() })
        }
        for tag in library.tags {
            jobs.append(PageJob(path: urls.tag(tag.slug), template: "tag") { tagPage(tag) })
        }
        jobs.append(PageJob(path: urls.search, template: "search") { searchPage() })
        jobs.append(PageJob(path: urls.playlists, template: "playlists") { playlistsPage() })
        for playlist in journal.playlists {
            jobs.append(PageJob(path: urls.playlist(playlist.slug), template: "playlist") { playlistPage(playlist) })
        }
        for page in journal.pages {
            jobs.append(PageJob(path: urls.page(page.slug), template: "page") { plainPage(page) })
        }
        jobs.append(PageJob(path: "404.html", template: "404") { notFoundPage() })

        // Pages share nothing mutable, so they render on every core; the results keep job order.
        let rendered = ParallelMap.map(jobs, parallel: parallel) { job -> String? in
            theme.library.render(job.data(), withTemplate: job.template)
        }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        for (job, html) in zip(jobs, rendered) {
            guard let html else {
                let diagnostic = Diagnostic(.error, "the theme has no template '\(job.template).mustache'", path: "templates/\(job.template).mustache")
                if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
                continue
            }
            files.append(OutputFile(path: urls.file(for: job.path), text: html))
        }

        files += standaloneCharts()
        files += siteFiles(pages: jobs.map(\.path))

        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) where SitePath.isSafe(path) {
            files.append(OutputFile(path: path, bytes: bytes))
        }

        let generated = Set(files.map(\.path))
        var copies: [String] = []
        for path in journal.staticFiles where SitePath.isSafe(path) {
            if generated.contains(path) {
                diagnostics.append(Diagnostic(.warning, "static/\(path) is not copied: the site generates a file at /\(path)", path: "static/\(path)"))
            } else {
                copies.append(path)
            }
        }
        return SiteOutput(files: files, staticCopies: copies, diagnostics: diagnostics)
    }

    // MARK: Shared data

    /// What every page gets: the site, the UI strings, and the page's own metadata.
    func base(title: String?, description: String?, path: String, section: String, image: LinkTarget? = nil) -> [String: Any] {
        let config = journal.config
        // The site title links home, so the menu starts with the statistics.
        var nav: [[String: Any]] = []
        if let latestYear = stats.years.last {
            nav.append(["label": l10n.string("stats"), "href": urls.href(urls.year(latestYear.start.year)),
                        "current": section == "year" || section == "month" || section == "week"])
        }
        nav.append(["label": l10n.string("genres"), "href": urls.href(urls.genres), "current": section == "genres"])
        nav.append(["label": l10n.string("artists"), "href": urls.href(urls.artists), "current": section == "artists"])
        nav.append(["label": l10n.string("playlists"), "href": urls.href(urls.playlists), "current": section == "playlists"])
        nav.append(["label": l10n.string("search"), "href": urls.href(urls.search), "current": section == "search"])
        var pages: [[String: Any]] = journal.pages.map { page in
            ["label": page.title, "href": urls.href(urls.page(page.slug)), "current": section == "page:\(page.slug)"]
        }
        if !library.tags.isEmpty {
            pages.append(["label": l10n.string("tags"), "href": urls.href(urls.tags), "current": section == "tags"])
        }
        let favicon = journal.staticFiles.contains("favicon.svg") ? "favicon.svg" : "assets/favicon.svg"
        var site: [String: Any] = [
            "title": config.title,
            "lang": config.language.rawValue,
            "home": urls.href(""),
            "stylesheet": urls.href("assets/site.css"),
            "favicon": urls.href(favicon),
            "nav": nav,
            "pages": pages,
            "feed": urls.href("feed.xml"),
            "locale": config.language == .ko ? "ko_KR" : "en_US",
        ]
        if !config.description.isEmpty { site["description"] = config.description }
        if !config.author.isEmpty { site["author"] = config.author }
        var meta: [String: Any] = [
            "title": title.map { "\($0) · \(config.title)" } ?? config.title,
            "canonical": urls.absolute(path),
        ]
        if let description = description ?? (config.description.isEmpty ? nil : config.description) {
            meta["description"] = description
        }
        meta["ogTitle"] = title ?? config.title
        meta["ogType"] = section == "day" ? "article" : "website"
        if let image {
            meta["image"] = absoluteURL(image)
        }
        return ["site": site, "t": l10n.strings, "meta": meta]
    }

    var trackView: TrackView { TrackView(urls: urls, catalog: catalog, library: library) }

    /// A day as a card in lists.
    func dayCard(_ day: Day) -> [String: Any] {
        var card: [String: Any] = [
            "href": urls.href(urls.day(day.date)),
            "date": l10n.longDate(day.date),
            "dateISO": day.date.iso,
            "trackCount": l10n.tracks(day.tracks.count),
            "tracks": day.tracks.enumerated().map { trackView.data($1, number: $0 + 1) },
        ]
        card["title"] = day.title ?? false
        card["summary"] = day.summary.isEmpty ? false : day.summary
        return card
    }

    // MARK: Pages

    var homePageCount: Int { max(1, (journal.days.count + daysPerPage - 1) / daysPerPage) }

    func homePagePaths() -> [String] { (1...homePageCount).map { urls.homePage($0) } }

    /// Page `number` (from 1) of the latest days, newest first.
    func homePage(_ number: Int) -> [String: Any] {
        let pageCount = homePageCount
        let newest = journal.days.count - (number - 1) * daysPerPage
        let slice = journal.days[max(0, newest - daysPerPage)..<max(0, newest)].reversed()
        let path = urls.homePage(number)
        var data = base(title: number == 1 ? nil : l10n.pageOf(number, pageCount), description: nil, path: path, section: "home")
        data["days"] = slice.map(dayCard)
        data["isFirstPage"] = number == 1
        if number == 1, let week = stats.weeks.last, let month = stats.months.last {
            let weekPath = urls.week(week.start)
            data["latestWeek"] = [
                "title": l10n.weekOf(week.start),
                "href": urls.href(weekPath),
                "chart": chartView(chart(for: week), svgPath: urls.chart(of: weekPath), slotHeader: l10n.string("date")),
            ] as [String: Any]
            data["latestMonth"] = calendar(month)
        }
        if pageCount > 1 {
            var pagination: [String: Any] = ["label": l10n.pageOf(number, pageCount)]
            if number > 1 { pagination["newer"] = urls.href(urls.homePage(number - 1)) }
            if number < pageCount { pagination["older"] = urls.href(urls.homePage(number + 1)) }
            pagination["pages"] = paginationLinks(current: number, count: pageCount)
            data["pagination"] = pagination
        }
        return data
    }

    /// The first, last and nearby page numbers, with gaps marked, so 300 pages stay one line.
    func paginationLinks(current: Int, count: Int) -> [[String: Any]] {
        var shown = Set([1, count])
        for number in (current - 2)...(current + 2) where number >= 1 && number <= count { shown.insert(number) }
        var links: [[String: Any]] = []
        var previous = 0
        for number in shown.sorted() {
            if number > previous + 1 { links.append(["gap": true]) }
            links.append(["number": number, "href": urls.href(urls.homePage(number)), "current": number == current])
            previous = number
        }
        return links
    }

    func dayPage(_ day: Day, index: Int) -> [String: Any] {
        let path = urls.day(day.date)
        let heading = day.title ?? l10n.longDate(day.date)
        var data = base(title: day.title.map { "\($0) · \(l10n.shortDate(day.date))" } ?? l10n.longDate(day.date),
                        description: day.summary.isEmpty ? nil : day.summary, path: path, section: "day",
                        image: day.tracks.lazy.compactMap(\.artwork).first)
        var view = dayCard(day)
        view["heading"] = heading
        view["hasTitle"] = day.title != nil
        view["mood"] = day.mood ?? false
        view["tags"] = tagLinks(day.tags)
        view["body"] = day.bodyHTML.isEmpty ? false : day.bodyHTML
        view["previous"] = false
        view["next"] = false
        let weekStart = Stats.startOfWeek(containing: day.date, weekStart: journal.config.weekStart)
        view["weekHref"] = urls.href(urls.week(weekStart))
        view["weekName"] = l10n.weekOf(weekStart)
        view["monthHref"] = urls.href(urls.month(year: day.date.year, month: day.date.month))
        view["monthName"] = l10n.monthYear(year: day.date.year, month: day.date.month)
        view["yearHref"] = urls.href(urls.year(day.date.year))
        view["yearName"] = String(day.date.year)
        if index > 0 {
            let previous = journal.days[index - 1]
            view["previous"] = ["href": urls.href(urls.day(previous.date)), "date": l10n.shortDate(previous.date), "title": previous.title ?? false]
        }
        if index + 1 < journal.days.count {
            let next = journal.days[index + 1]
            view["next"] = ["href": urls.href(urls.day(next.date)), "date": l10n.shortDate(next.date), "title": next.title ?? false]
        }
        data["day"] = view
        return data
    }

    func playlistCard(_ playlist: Playlist) -> [String: Any] {
        var card: [String: Any] = [
            "href": urls.href(urls.playlist(playlist.slug)),
            "title": playlist.title,
            "trackCount": l10n.tracks(playlist.tracks.count),
            "totalDuration": l10n.totalDuration(playlist.totalDuration),
        ]
        card["description"] = playlist.description ?? false
        if let cover = playlist.cover {
            card["cover"] = urls.resolve(cover)
        } else {
            let color = playlist.tracks.first.map { catalog.primaryGenre(of: $0).color } ?? GenreCatalog.otherColor
            card["placeholder"] = CoverArt.placeholder(title: playlist.title, artist: "", color: color)
        }
        return card
    }

    func playlistsPage() -> [String: Any] {
        var data = base(title: l10n.string("playlists"), description: nil, path: urls.playlists, section: "playlists")
        data["playlists"] = journal.playlists.map(playlistCard)
        return data
    }

    func playlistPage(_ playlist: Playlist) -> [String: Any] {
        var data = base(title: playlist.title, description: playlist.description, path: urls.playlist(playlist.slug), section: "playlists",
                        image: playlist.cover)
        var view = playlistCard(playlist)
        view["tracks"] = playlist.tracks.enumerated().map { trackView.data($1, number: $0 + 1) }
        if let created = playlist.created { view["created"] = l10n.shortDate(created); view["createdISO"] = created.iso }
        if let updated = playlist.updated { view["updated"] = l10n.shortDate(updated); view["updatedISO"] = updated.iso }
        view["tags"] = tagLinks(playlist.tags)
        if !playlist.bodyHTML.isEmpty { view["body"] = playlist.bodyHTML }
        data["playlist"] = view
        return data
    }

    func plainPage(_ page: Page) -> [String: Any] {
        var data = base(title: page.title, description: nil, path: urls.page(page.slug), section: "page:\(page.slug)")
        data["page"] = ["title": page.title, "body": page.bodyHTML]
        return data
    }

    func notFoundPage() -> [String: Any] {
        var data = base(title: l10n.string("not_found_title"), description: nil, path: "404.html", section: "404")
        data["recent"] = journal.days.suffix(3).reversed().map(dayCard)
        return data
    }
}
