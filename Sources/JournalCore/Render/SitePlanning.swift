import Mustache

/// Every file of the site in one list: each page with its URL, template and view, the charts,
/// the feed, sitemap and search index, the theme's assets and the journal's static files.
extension SiteRenderer {
    /// Lists every file of the site without making any: pages with their template and data,
    /// and generated files, each made when `render(_:)` runs it. Nothing is held but the plan,
    /// so Write can take each file as soon as it is made.
    public func plan() -> SitePlan {
        var jobs: [FileJob] = []
        func page(_ path: String, _ template: String, _ data: @escaping @Sendable () -> TemplateObject) {
            jobs.append(FileJob(path: urls.file(for: path), page: path, template: template, data: data))
        }
        for number in 1...homePageCount {
            page(urls.homePage(number), "home") { homePage(number).templateObject }
        }
        for index in journal.days.indices {
            page(urls.day(journal.days[index].date), "day") { dayPage(index) }
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
        page(urls.notFound, "404") { notFoundPage().templateObject }

        var diagnostics: [Diagnostic] = []
        for template in Set(jobs.compactMap(\.page?.template)).sorted() where !theme.library.contains(template) {
            diagnostics.append(Diagnostic(.error, "the theme has no template '\(template).mustache'", path: "templates/\(template).mustache"))
        }
        let pages = jobs.compactMap(\.page?.url)
        jobs += chartJobs()
        jobs += [
            FileJob(path: urls.feed) { Array(AtomFeed(renderer: self).xml().utf8) },
            FileJob(path: urls.sitemap) { Array(Sitemap.xml(pages: pages, urls: urls).utf8) },
            FileJob(path: urls.robots) { Array(Sitemap.robots(urls: urls).utf8) },
            // GitHub Pages would otherwise run Jekyll over the site.
            FileJob(path: ".nojekyll") { [] },
        ]
        jobs += SearchIndex(renderer: self).jobs()
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
}
