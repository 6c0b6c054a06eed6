import Foundation
import FoundationXML
import Testing

@testable import JournalCore

/// The built pages carry the content and links a reader needs.
@Suite struct RenderTests {
    static let threeDays =
        minimalConfig + """

            -- content/diary/2026/11/2026-11-19.md --
            ---
            title: Before
            tracks: [{title: Earlier Song, artist: Someone, genre: Jazz}]
            ---
            -- content/diary/2026/11/2026-11-20.md --
            ---
            title: Rain again
            mood: sleepy
            tags: [commute, late night]
            tracks:
              - title: Hype Boy
                artist: NewJeans
                album: New Jeans
                genre: K-Pop
                duration: "2:59"
                released: 2022
                artwork: /artwork/new-jeans.svg
                preview: /previews/hype.ogg
                links:
                  apple_music: https://music.apple.com/kr/album/hype-boy/1636789969?i=1636789973
                  youtube_music: https://music.youtube.com/watch?v=abc&list=x
                note: Played it *twice*.
              - title: 밤편지
                artist: [아이유, Guest]
                genre: [Ballad, K-Pop]
            ---
            The bus was late, so *Hype Boy* twice.
            -- content/diary/2026/11/2026-11-22.md --
            ---
            tracks: [{title: Later Song, artist: Someone}]
            ---
            -- content/playlists/rainy-commute.md --
            ---
            title: Rainy Commute
            description: For the 7:40 bus.
            cover: /artwork/rain.svg
            tracks:
              - {title: First, artist: A, duration: "3:00", genre: Indie}
              - {title: Second, artist: B, duration: "4:30", preview: /previews/b.ogg}
              - {title: Third, artist: C, duration: "1:00:00"}
            ---
            Made for *wet* mornings.
            -- content/pages/about.md --
            ---
            title: About me
            ---
            I keep a diary of songs.
            -- static/artwork/new-jeans.svg --
            <svg xmlns="http://www.w3.org/2000/svg"/>
            -- static/artwork/rain.svg --
            <svg xmlns="http://www.w3.org/2000/svg"/>
            -- static/previews/hype.ogg --
            not really audio
            -- static/previews/b.ogg --
            not really audio
            """

    /// Every local `href` and `src` of every HTML page points at a file of the site.
    func expectLocalLinksResolve(_ journal: TestJournal, basePath: String = "/") {
        let tree = journal.tree()
        for (path, data) in tree where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for link in attributeValues("href", in: html) + attributeValues("src", in: html) where link.hasPrefix("/") {
                #expect(link.hasPrefix(basePath), "\(path): \(link) is outside \(basePath)")
                var target = String(link.dropFirst(basePath.count)).components(separatedBy: "#")[0]
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                #expect(tree[target] != nil, "\(path) links to \(link), which does not exist")
            }
        }
    }

    @Test func dayPageShowsEveryTrackFieldAndLinksToNeighbours() throws {
        let journal = try TestJournal(Self.threeDays)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/11/20/index.html"))
        let text = visibleText(html)
        for expected in [
            "Friday, 20 November 2026", "Rain again", "sleepy", "#commute", "#late night", "Hype Boy", "NewJeans",
            "New Jeans", "2022", "K-Pop", "2:59", "Played it twice", "밤편지", "아이유", "Guest", "Ballad",
            "The bus was late, so Hype Boy twice.", "Apple Music", "YouTube Music",
        ] {
            #expect(text.contains(expected), "day page lacks \(expected)")
        }
        #expect(html.contains("<title>Rain again · 20 Nov 2026 · Test Journal</title>"))
        let hrefs = attributeValues("href", in: html)
        #expect(hrefs.contains("https://music.apple.com/kr/album/hype-boy/1636789969?i=1636789973"))
        #expect(hrefs.contains("https://music.youtube.com/watch?v=abc&amp;list=x"))  // escaped in the attribute
        #expect(hrefs.contains("/2026/11/19/"))  // previous logged day
        #expect(hrefs.contains("/2026/11/22/"))  // next logged day, skipping the empty 21st
        #expect(!hrefs.contains("/2026/11/21/"))
        let sources = attributeValues("src", in: html)
        #expect(sources.contains("/artwork/new-jeans.svg"))
        #expect(sources.contains("/previews/hype.ogg"))
        #expect(html.contains("<source src=\"/previews/hype.ogg\" type=\"audio/ogg\">"))
        // A track without artwork gets a generated cover in its genre's colour with its initial.
        #expect(html.contains("aria-label=\"밤편지 · 아이유\""))
        #expect(html.contains("style=\"--cover: #"))
        #expect(html.contains("<span class=\"single\" aria-hidden=\"true\">밤</span>"))
        // The tracks are in the order listened to.
        let first = try #require(html.range(of: "Hype Boy"))
        let second = try #require(html.range(of: "밤편지</p>"))
        #expect(first.lowerBound < second.lowerBound)
        expectLocalLinksResolve(journal)
    }

    @Test func playlistPageNumbersTracksAndTotalsDuration() throws {
        let journal = try TestJournal(Self.threeDays)
        #expect(journal.build().succeeded)
        let html = try #require(journal.page("playlists/rainy-commute/index.html"))
        let text = visibleText(html)
        #expect(text.contains("Rainy Commute"))
        #expect(text.contains("For the 7:40 bus."))
        #expect(text.contains("3 tracks · Total 1 h 8 min"))
        #expect(text.contains("Made for wet mornings."))
        #expect(text.contains("1 First A"))
        #expect(text.contains("2 Second B"))
        #expect(text.contains("3 Third C"))
        #expect(attributeValues("src", in: html).contains("/artwork/rain.svg"))
        #expect(attributeValues("src", in: html).contains("/previews/b.ogg"))
        let index = try #require(journal.page("playlists/index.html"))
        #expect(attributeValues("href", in: index).contains("/playlists/rainy-commute/"))
        #expect(visibleText(index).contains("3 tracks · 1 h 8 min"))
        expectLocalLinksResolve(journal)
    }

    @Test func homeListsLatestDaysNewestFirstAndPaginates() throws {
        var files = minimalConfig + "\n"
        for day in 1...25 {
            files += "-- content/diary/2026-10-\(day < 10 ? "0" : "")\(day).md --\n---\ntitle: Day \(day)\ntracks: [{title: Song \(day), artist: X}]\n---\n"
        }
        let journal = try TestJournal(files)
        #expect(journal.build().succeeded)
        let first = try #require(journal.page("index.html"))
        let titles = visibleText(first).components(separatedBy: " ").filter { $0 == "Day" }
        #expect(titles.count == 10)
        let dayList = String(try #require(first.components(separatedBy: "class=\"day-list\"").last))
        let order = attributeValues("href", in: dayList).filter { $0.hasPrefix("/2026/10/") && $0.count == 12 }
        #expect(order.first == "/2026/10/25/")
        #expect(order.last == "/2026/10/16/")
        #expect(attributeValues("href", in: first).contains("/page/2/"))
        let third = try #require(journal.page("page/3/index.html"))
        #expect(attributeValues("href", in: third).filter { $0.hasPrefix("/2026/10/") && $0.count == 12 }.count == 10)  // 5 days, two links each
        #expect(journal.page("page/4/index.html") == nil)
        expectLocalLinksResolve(journal)
    }

    /// Hostile text in every field a journal has, in every kind of file the site is made of:
    /// HTML, XML (feed, sitemap), SVG (charts) and JSON (the search index).
    @Test func scriptInAnyFieldIsEscapedInEveryFile() throws {
        let evil = "<script>alert(1)</script>"
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: "\(evil)"
            description: "\(evil)"
            -- content/diary/2026-11-21.md --
            ---
            title: "\(evil)"
            mood: "\(evil)"
            tags: ["\(evil)"]
            tracks:
              - title: "\(evil)"
                artist: "\(evil)"
                album: "\(evil)"
                genre: "\(evil)"
                note: "\(evil) *note*"
            ---
            \(evil)

            <img src=x onerror=alert(2)>
            -- content/playlists/p.md --
            ---
            title: "\(evil)"
            description: "\(evil)"
            tracks: [{title: "\(evil)", artist: "\(evil)"}]
            ---
            -- content/pages/about.md --
            ---
            title: "\(evil)"
            ---
            \(evil)
            """)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        var pagesShowingIt = 0
        var shownIn: [String: Int] = [:]
        for (path, data) in journal.tree() {
            let kind = (path as NSString).pathExtension
            guard ["html", "xml", "svg", "json"].contains(kind) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains(evil), "\(path) has the text unescaped")
            #expect(!text.contains("onerror=alert"), "\(path) has raw HTML from Markdown")
            switch kind {
            case "html":
                if text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") { pagesShowingIt += 1 }
            case "json":
                // Parsed, the text is there as itself.
                let parsed = try JSONSerialization.jsonObject(with: data)
                let again = try JSONSerialization.data(withJSONObject: parsed, options: [.withoutEscapingSlashes])
                if String(decoding: again, as: UTF8.self).contains(evil) { shownIn[kind, default: 0] += 1 }
            default:
                // Well-formed, so nothing in the text closed an element or opened one.
                let parser = XMLParser(data: data)
                #expect(parser.parse(), "\(path) is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
                if text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") { shownIn[kind, default: 0] += 1 }
            }
        }
        #expect(pagesShowingIt == journal.tree().keys.filter { $0.hasSuffix(".html") }.count)
        // The text reaches every kind of file, so each was really tried: the feed and sitemap's
        // XML, the charts' SVG, the search index's JSON.
        #expect(shownIn["xml", default: 0] >= 1 && shownIn["svg", default: 0] >= 1 && shownIn["json", default: 0] >= 1, "\(shownIn)")
    }

    @Test func rawHTMLIsKeptOnlyWhenEnabled() throws {
        let files = """
            -- content/diary/2026-11-21.md --
            ---
            tracks: [{title: A, artist: X}]
            ---
            Some <mark>highlighted</mark> words.
            """
        let safe = try TestJournal(minimalConfig + "\n" + files)
        #expect(safe.build().succeeded)
        #expect(safe.page("2026/11/21/index.html")?.contains("<mark>") == false)
        let unsafe = try TestJournal("-- journal.yaml --\ntitle: T\nmarkdown:\n  unsafe_html: true\n" + files)
        #expect(unsafe.build().succeeded)
        #expect(unsafe.page("2026/11/21/index.html")?.contains("<mark>highlighted</mark>") == true)
    }

    @Test func everyLinkWorksUnderASubPath() throws {
        let journal = try TestJournal(Self.threeDays)
        let report = journal.build(baseURL: "https://someone.github.io/journal/")
        #expect(report.succeeded)
        let html = try #require(journal.page("2026/11/20/index.html"))
        #expect(html.contains("<link rel=\"canonical\" href=\"https://someone.github.io/journal/2026/11/20/\">"))
        #expect(attributeValues("href", in: html).contains("/journal/assets/site.css"))
        expectLocalLinksResolve(journal, basePath: "/journal/")
    }

    @Test func koreanInterface() throws {
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: 노래 일기\nlanguage: ko\n" + """
                -- content/diary/2026-11-21.md --
                ---
                tracks: [{title: 밤편지, artist: 아이유}, {title: B, artist: X}]
                ---
                """)
        #expect(journal.build().succeeded)
        let html = try #require(journal.page("2026/11/21/index.html"))
        #expect(html.contains("<html lang=\"ko\">"))
        #expect(visibleText(html).contains("2곡 2026년 11월 21일 토요일"))
        #expect(visibleText(html).contains("플레이리스트"))
    }

    @Test func collidingSlugsAreNumberedAndNeitherOverwrites() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/playlists/Rain.md --
                ---
                title: Rain (capital)
                tracks: []
                ---
                -- content/playlists/rain.md --
                ---
                title: rain (lower)
                tracks: []
                ---
                -- content/pages/playlists.md --
                ---
                title: A page named like a section
                ---
                """)
        #expect(journal.build().succeeded)
        #expect(journal.page("playlists/rain/index.html")?.contains("Rain (capital)") == true)
        #expect(journal.page("playlists/rain-2/index.html")?.contains("rain (lower)") == true)
        #expect(journal.page("playlists-2/index.html")?.contains("A page named like a section") == true)
        #expect(journal.page("playlists/index.html")?.contains("<h1>Playlists</h1>") == true)
    }

    @Test func notFoundPageAndThemeAssets() throws {
        let journal = try TestJournal(Self.threeDays)
        #expect(journal.build(baseURL: "/j/").succeeded)
        let html = try #require(journal.page("404.html"))
        #expect(visibleText(html).contains("Page not found"))
        #expect(attributeValues("href", in: html).contains("/j/"))
        #expect(journal.page("assets/site.css")?.contains("prefers-color-scheme: dark") == true)
        #expect(journal.page("assets/favicon.svg") != nil)
    }
}
