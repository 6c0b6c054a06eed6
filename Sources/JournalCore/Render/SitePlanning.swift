import Mustache

/// Every file of the site in one list: each page with its URL, template and view, the charts,
/// the files to embed, the feed, sitemap and search index, the theme's assets and the journal's static files.
extension SiteRenderer {
    /// Lists every file of the site without making any: pages with their template and data,
    /// and generated files, each made when `render(_:)` runs it. Nothing is held but the plan,
    /// so Write can take each file as soon as it is made.
    public func plan() -> SitePlan {
        var jobs: [FileJob] = []
        let shared = SharedRenderer(self)
        // Each file says what it is made from (`FileInputs`), so serve puts first exactly the
        // files an edit touches. A page's data is made from the shared renderer, so its job holds
        // no copy of the renderer's fields.
        func page(_ path: String, _ template: String, _ inputs: [String] = [], _ data: @escaping @Sendable (SiteRenderer) -> TemplateObject) {
            jobs.append(FileJob(path: urls.file(for: path), page: path, template: template, data: { data(shared.renderer) }).from(inputs))
        }
        for number in 1...homePageCount {
            page(urls.homePage(number), "home", number == 1 ? [FileInputs.home] : []) { $0.homePage(number) }
        }
        let days = journal.days
        for index in days.indices {
            // A day's page names its neighbours.
            let shown = days[max(0, index - 1)...min(days.count - 1, index + 1)].map { FileInputs.day($0.date) }
            page(urls.day(days[index].date), "day", shown) { $0.dayPage(index) }
        }
        for index in stats.weeks.indices {
            page(urls.week(stats.weeks[index].start), "week", FileInputs.period(stats.weeks[index])) { $0.weekPage(index) }
        }
        for index in stats.months.indices {
            let month = stats.months[index].start
            page(urls.month(year: month.year, month: month.month), "month", FileInputs.period(stats.months[index])) { $0.monthPage(index) }
        }
        for index in stats.years.indices {
            let year = stats.years[index].start.year
            page(urls.year(year), "year", [FileInputs.year(year)]) { $0.yearPage(index) }
            let review = urls.review(year)
            // A review says what changed since the year before.
            page(review, "review", [FileInputs.year(year), FileInputs.year(year - 1)]) { $0.reviewPage(index) }
            jobs.append(cardJob(path: urls.card(of: review)) { shared.renderer.reviewCard(index) })
            jobs.append(cardJob(path: urls.story(of: review), layout: .portrait) { shared.renderer.reviewCard(index) })
        }
        // Long lists are cut into pages (`page/2/`) and an artist's or genre's earlier years
        // have pages of their own, so no page grows with the journal's age.
        let artistIndex = ArtistIndex(library, hangulFirst: journal.config.language == .ko)
        for number in Paging(count: artistIndex.entries.count, size: rowsPerPage).pages {
            page(urls.paged(urls.artists, number), "artists") { $0.artistsPage(number, index: artistIndex) }
        }
        // An artist's pages are planned from its profile (how many years, tracks, albums).
        var listsTracks = Set<String>()
        for index in library.artists.indices {
            let slug = library.artists[index].slug
            let profile = artistProfiles[index]
            let artist = [FileInputs.artist(library.artists[index].key)]
            if profile.tracks.count > topCount { listsTracks.insert(slug) }
            page(urls.artist(slug), "artist", artist) { $0.artistPage(index, profile: profile) }
            for year in artistYearPages(profile) {
                page(urls.artistYear(slug, year), "artist-year", artist) { $0.artistYearPage(index, profile: profile, year: year) }
            }
            for (list, count, first) in [
                (ArtistList.tracks, profile.tracks.count, urls.artistTracks(slug)),
                (.albums, profile.albums.count, urls.artistAlbums(slug)),
            ] where count > topCount {
                for number in Paging(count: count, size: rowsPerPage).pages {
                    page(urls.paged(first, number), "artist-list", artist) { $0.artistListPage(index, profile: profile, list: list, page: number) }
                }
            }
        }
        // Each track's page lists its plays, newest first, a page at a time. A track played once
        // is its card on that day.
        for index in library.tracks.indices where library.tracks[index].hasPage {
            let track = library.tracks[index]
            let listed = listsTracks.contains(track.artistSlug)
            let inputs =
                track.history.last.map { play -> [String] in
                    let played = days[play.dayIndex].tracks[play.trackIndex]
                    return [FileInputs.track(title: played.title, artist: played.primaryArtist)]
                } ?? []
            for number in Paging(count: track.plays, size: rowsPerPage).pages {
                page(urls.paged(urls.track(track), number), "track", inputs) { $0.trackPage(index, page: number, listed: listed) }
            }
        }
        page(urls.genres, "genres") { $0.genresPage() }
        for (genre, profile) in zip(catalog.playedGenres, genreProfiles) {
            page(urls.genre(genre.slug), "genre", [FileInputs.genre(key: genre.key)]) { $0.genrePage(genre, profile: profile) }
            for year in genreYearPages(profile) {
                page(urls.genreYear(genre.slug, year), "genre-year", [FileInputs.genre(key: genre.key)]) {
                    $0.genreYearPage(genre, profile: profile, year: year)
                }
            }
        }
        if !library.tags.isEmpty {
            page(urls.tags, "tags") { $0.tagsPage() }
        }
        for tag in library.tags {
            for number in Paging(count: tag.days.count, size: daysPerPage).pages {
                page(urls.paged(urls.tag(tag.slug), number), "tag", [FileInputs.tag(tag.name)]) { $0.tagPage(tag, page: number) }
            }
        }
        page(urls.archive, "archive") { $0.archivePage() }
        page(urls.search, "search") { $0.searchPage() }
        for number in Paging(count: journal.playlists.count, size: playlistsPerPage).pages {
            page(urls.paged(urls.playlists, number), "playlists", [FileInputs.playlists]) { $0.playlistsPage(number) }
        }
        for playlist in journal.playlists {
            page(urls.playlist(playlist.slug), "playlist", [FileInputs.playlist(playlist.slug)]) { $0.playlistPage(playlist) }
        }
        for plain in journal.pages {
            // A page's edit is not cached (LoadCache), so it waits for the whole site.
            page(urls.page(plain.slug), "page") { $0.plainPage(plain) }
        }
        page(urls.notFound, "404") { $0.notFoundPage() }

        var diagnostics: [Diagnostic] = []
        for template in Set(jobs.compactMap(\.page?.template)).sorted() where !theme.library.contains(template) {
            diagnostics.append(Diagnostic(.error, "the theme has no template '\(template).mustache'", path: "templates/\(template).mustache"))
        }
        let pages = jobs.compactMap(\.page?.url)
        jobs += embedJobs(shared)
        jobs += cardJobs(shared)
        jobs += [
            FileJob(path: urls.feed) { Array(AtomFeed(renderer: self).xml().utf8) }.from([FileInputs.index]),
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

/// The renderer behind one reference: every job of a plan holds this, not a copy of the
/// renderer's fields (a closure that calls a method of the renderer copies all of them: 2.6 KB
/// for each of a 50-year journal's 16,000 pages).
final class SharedRenderer: Sendable {
    let renderer: SiteRenderer

    init(_ renderer: SiteRenderer) { self.renderer = renderer }
}
