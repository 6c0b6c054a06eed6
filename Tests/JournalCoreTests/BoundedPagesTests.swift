import Foundation
import Testing

@testable import JournalCore

/// Long lists are cut into pages and earlier years get pages of their own, so no page grows with
/// the journal's age; every such page is linked, listed in the sitemap, and links back up.
@Suite struct BoundedPagesTests {
    /// Two years of a small journal: 아이유 across both years (a guest on one track), three
    /// artists, a genre in both years, a tag on three days, three playlists.
    static let twoYears = """
        -- journal.yaml --
        title: Pages
        -- content/diary/2025-03-01.md --
        ---
        tags: [rain]
        tracks:
          - {title: 밤편지, artist: 아이유, album: Palette, genre: Ballad}
          - {title: Hype Boy, artist: NewJeans, album: New Jeans, genre: K-Pop}
          - {title: Spring, artist: 10cm, genre: Indie}
        ---
        -- content/diary/2025-12-31.md --
        ---
        tags: [rain]
        tracks:
          - {title: 밤편지, artist: 아이유, album: Palette, genre: Ballad}
          - {title: Blueming, artist: 아이유, album: Love Poem, genre: Ballad}
        ---
        -- content/diary/2026-01-02.md --
        ---
        tags: [rain]
        tracks:
          - {title: 밤편지, artist: 아이유, genre: Ballad}
          - {title: Ditto, artist: [NewJeans, 아이유], album: OMG, genre: K-Pop}
          - {title: Celebrity, artist: 아이유, album: Lilac, genre: Ballad}
        ---
        -- content/playlists/a.md --
        ---
        title: A
        tracks: [{title: Ditto, artist: NewJeans}]
        ---
        -- content/playlists/b.md --
        ---
        title: B
        tracks: [{title: Ditto, artist: NewJeans}]
        ---
        -- content/playlists/c.md --
        ---
        title: C
        tracks: [{title: Ditto, artist: NewJeans}]
        ---
        """

    /// `journal` planned with pages of two items, so every list of it is cut.
    static func plannedWithSmallPages(_ journal: TestJournal) throws -> (SiteRenderer, [FileJob]) {
        let loaded = journal.load()
        let loadedJournal = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        var renderer = SiteRenderer(journal: loadedJournal, analysis: Analysis(journal: loadedJournal), theme: try #require(loaded.theme))
        renderer.daysPerPage = 2
        renderer.playlistsPerPage = 2
        renderer.rowsPerPage = 2
        renderer.topCount = 2
        return (renderer, renderer.plan().jobs.filter { $0.page != nil })
    }

    @Test func aTagWithMoreDaysThanAPageHoldsGetsASecondPageThatLinksBack() throws {
        var files = "-- journal.yaml --\ntitle: T\nbase_url: https://example.org/\n"
        for day in 1...12 {
            files += "-- content/diary/2026-03-\(CalendarDate.pad(day, 2)).md --\n---\ntags: [rain]\ntracks: [{title: Song \(day), artist: A}]\n---\n"
        }
        let journal = try TestJournal(files)
        #expect(journal.build().succeeded)
        let first = try #require(journal.page("tags/rain/index.html"))
        let second = try #require(journal.page("tags/rain/page/2/index.html"))
        #expect(journal.page("tags/rain/page/3/index.html") == nil)
        // Ten days on the first page, newest first; the other two on the second.
        // (A track played once is linked at its card on its day: `/2026/03/02/#track-1`.)
        func days(_ html: String) -> [String] { attributeValues("href", in: html).filter { $0.hasPrefix("/2026/03/") && !$0.contains("#") } }
        #expect(Set(days(first)).count == 10)
        #expect(days(first).first == "/2026/03/12/")
        #expect(Set(days(second)) == ["/2026/03/02/", "/2026/03/01/"])
        #expect(first.contains("<a class=\"button\" rel=\"next\" href=\"/tags/rain/page/2/\">Older →</a>"))
        #expect(second.contains("<a class=\"button\" rel=\"prev\" href=\"/tags/rain/\">← Newer</a>"))
        #expect(!second.contains("rel=\"next\""))
        #expect(visibleText(second).contains("12 days · Page 2 of 2"))
        #expect(second.contains("<title>#rain · Page 2 of 2 · T</title>"))
        #expect(second.contains("<link rel=\"canonical\" href=\"https://example.org/tags/rain/page/2/\">"))
        #expect(try #require(journal.page("sitemap.xml")).contains("<loc>https://example.org/tags/rain/page/2/</loc>"))
    }

    @Test func withSmallPagesEveryListIsCutAndEveryPageIsLinkedAndLinksBack() throws {
        let journal = try TestJournal(Self.twoYears)
        let (renderer, jobs) = try Self.plannedWithSmallPages(journal)
        var pages: [String: String] = [:]
        for job in jobs { pages[job.path] = String(decoding: try renderer.render(job), as: UTF8.self) }
        let expected = [
            "artists/page/2/index.html",
            "artists/아이유/2025/index.html", "artists/아이유/tracks/index.html", "artists/아이유/tracks/page/2/index.html",
            "artists/아이유/albums/index.html", "artists/아이유/albums/page/2/index.html",
            "genres/ballad/2025/index.html", "tags/rain/page/2/index.html", "playlists/page/2/index.html",
        ]
        for path in expected { #expect(pages[path] != nil, "\(path) is not planned") }
        // The latest year has no page of its own: it is on the artist's page.
        #expect(pages["artists/아이유/2026/index.html"] == nil)
        #expect(pages["artists/newjeans/tracks/index.html"] == nil)

        // Every link resolves to a planned page, and every page but the home page and 404 is
        // linked from another page.
        var linked: Set<String> = []
        for (path, html) in pages {
            for link in attributeValues("href", in: html)
            where link.hasPrefix("/") && !link.hasPrefix("/assets/") && !link.hasSuffix(".xml") && !link.hasSuffix(".svg") && !link.hasSuffix(".jpg") {
                var target = String(link.dropFirst()).components(separatedBy: "#")[0]
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                #expect(pages[target] != nil, "\(path) links to \(link), which is not planned")
                if target != path { linked.insert(target) }
            }
        }
        #expect(Set(pages.keys).subtracting(linked).subtracting(["index.html", "404.html"]).sorted() == [])

        // Pages below an artist or a genre link back up to it.
        for path in expected where path.hasPrefix("artists/아이유/") {
            #expect(
                try #require(pages[path]).contains(
                    "<ol><li><a href=\"/artists/\">Artists</a></li><li><a href=\"/artists/아이유/\">아이유</a></li><li><span aria-current=\"page\">"), "\(path)")
        }
        #expect(try #require(pages["genres/ballad/2025/index.html"]).contains("<a href=\"/genres/ballad/\">Ballad</a>"))
        let year = try #require(pages["artists/아이유/2025/index.html"])
        #expect(year.contains("<title>아이유 · 2025 · Pages</title>"))
        #expect(attributeValues("href", in: year).contains("/artists/아이유/#plays"))
        #expect(Set(attributeValues("href", in: year).filter { $0.hasPrefix("/2025/") && !$0.contains("#") }) == ["/2025/03/01/", "/2025/12/31/"])

        // The artist page: the latest year's plays, a day at a time, and the years before linked.
        let artist = try #require(pages["artists/아이유/index.html"])
        #expect(visibleText(artist).contains("2026 · 3 songs logged 2 Jan 밤편지 · Ditto (with NewJeans) · Celebrity"))
        #expect(!attributeValues("href", in: String(try #require(artist.components(separatedBy: "class=\"play-list\"").last))).contains("/2025/03/01/"))
        #expect(visibleText(artist).contains("All tracks (4) →"))
        #expect(visibleText(artist).contains("5 songs logged + 1 with others · “With others”:"))
        let tracks = try #require(pages["artists/아이유/tracks/page/2/index.html"])
        #expect(visibleText(tracks).contains("4 tracks · Page 2 of 2"))
        #expect(tracks.contains("<title>아이유 · Tracks · Page 2 of 2 · Pages</title>"))

        // The index: A–Z, then Hangul, then the rest, with a jump list to the page of each letter.
        let index = try #require(pages["artists/index.html"])
        #expect(visibleText(index).contains("3 artists · Page 1 of 2"))
        #expect(attributeValues("href", in: index).contains("/artists/page/2/#letter-other"))
        #expect(index.contains("<h2 class=\"section-title\" id=\"letter-n\">N</h2>"))
        #expect(try #require(pages["artists/page/2/index.html"]).contains("<h2 class=\"section-title\" id=\"letter-other\">#</h2>"))
    }

    @Test func everyPageTitleAndCanonicalURLIsItsOwn() throws {
        let journal = try TestJournal(Self.twoYears)
        let (renderer, jobs) = try Self.plannedWithSmallPages(journal)
        var titles: [String: String] = [:]
        for job in jobs {
            let html = String(decoding: try renderer.render(job), as: UTF8.self)
            func between(_ start: String, _ end: String) -> String? {
                html.components(separatedBy: start).dropFirst().first?.components(separatedBy: end).first
            }
            let canonical = try #require(between("<link rel=\"canonical\" href=\"/", "\""))
            #expect(renderer.urls.file(for: canonical) == job.path)
            let title = try #require(between("<title>", "</title>"))
            #expect(titles[title] == nil, "\(job.path) and \(titles[title] ?? "") are both titled \(title)")
            titles[title] = job.path
        }
    }

    /// The plays-over-time chart of an artist or a genre links each bar to that artist's or
    /// genre's own plays of the year, never to the site's year or month page: the year's page
    /// when it has one, else the year's heading on the artist's or genre's page.
    @Test func chartBarsOfAnArtistOrGenreLinkToItsOwnPlaysOfTheYear() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: Charts
            -- content/diary/2023-05-01.md --
            ---
            tracks: [{title: A1, artist: A, genre: Rock}, {title: B1, artist: B, genre: Rock}]
            ---
            -- content/diary/2023-06-01.md --
            ---
            tracks: [{title: A2, artist: A, genre: Rock}]
            ---
            -- content/diary/2024-02-01.md --
            ---
            tracks: [{title: A3, artist: A, genre: Rock}]
            ---
            -- content/diary/2025-11-01.md --
            ---
            tracks: [{title: D1, artist: D, genre: Jazz}, {title: D2, artist: D, genre: Jazz}]
            ---
            -- content/diary/2026-01-15.md --
            ---
            tracks: [{title: C1, artist: C, genre: Pop}]
            ---
            -- content/diary/2026-03-01.md --
            ---
            tracks: [{title: A4, artist: A, genre: Rock}, {title: B2, artist: B, genre: Rock}, {title: D3, artist: D, genre: Jazz}]
            ---
            -- content/diary/2026-03-02.md --
            ---
            tracks: [{title: C2, artist: C, genre: Pop}]
            ---
            """)
        let (renderer, jobs) = try Self.plannedWithSmallPages(journal)
        var pages: [String: String] = [:]
        for job in jobs { pages[job.path] = String(decoding: try renderer.render(job), as: UTF8.self) }
        /// The links of the chart's bars, and of its table's rows, which must be the same.
        func chartLinks(_ path: String) throws -> [String] {
            let html = try #require(pages[path], "\(path) is not planned")
            let bars = html.components(separatedBy: "<a href=\"").dropFirst().compactMap { rest -> String? in
                let parts = rest.components(separatedBy: "\" class=\"chart-bar\">")
                return parts.count > 1 && !parts[0].contains("\"") ? parts[0] : nil
            }
            let rows = html.components(separatedBy: "<th scope=\"row\"><a href=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
            #expect(bars == rows, "\(path): the table links elsewhere than the bars")
            return bars
        }
        // By year (plays over more than two years). A's years before its latest have pages of
        // their own; B's two plays fit its page, so each year is a heading there. 2025 has no bar.
        #expect(try chartLinks("artists/a/index.html") == ["/artists/a/2023/", "/artists/a/2024/", "/artists/a/#y2026"])
        #expect(try chartLinks("artists/b/index.html") == ["/artists/b/#y2023", "/artists/b/#y2026"])
        #expect(try chartLinks("genres/rock/index.html") == ["/genres/rock/2023/", "/genres/rock/2024/", "/genres/rock/#y2026"])
        // By month: a month's bar goes where its year's plays are.
        #expect(try chartLinks("artists/d/index.html") == ["/artists/d/2025/", "/artists/d/#y2026"])
        #expect(try chartLinks("artists/c/index.html") == ["/artists/c/#y2026", "/artists/c/#y2026"])
        #expect(try chartLinks("genres/jazz/index.html") == ["/genres/jazz/2025/", "/genres/jazz/#y2026"])
        #expect(try chartLinks("genres/pop/index.html") == ["/genres/pop/#y2026", "/genres/pop/#y2026"])
        // Every target is a planned page, and every fragment a heading on it.
        for path in ["artists/a/", "artists/b/", "artists/c/", "artists/d/", "genres/rock/", "genres/jazz/", "genres/pop/"] {
            for link in try chartLinks(path + "index.html") {
                let parts = String(link.dropFirst()).components(separatedBy: "#")
                let target = try #require(pages[parts[0] + "index.html"], "\(link) is not planned")
                if parts.count > 1 { #expect(target.contains("<h3 class=\"year-label\" id=\"\(parts[1])\">"), "\(link)") }
            }
        }
    }
}
