import Foundation
import FoundationXML
import Testing

@testable import JournalCore

/// Artist, genre and tag pages, feeds and metadata (the search index: SearchIndexTests).
@Suite struct BrowseTests {
    static let journalFiles =
        minimalConfig + """

            -- content/diary/2025-12-31.md --
            ---
            title: Last day of the year
            tags: [Rain, commute]
            tracks:
              - {title: Hype Boy, artist: NewJeans, genre: K-Pop, artwork: /artwork/nj.svg}
              - {title: Café del Mar, artist: Energy 52, genre: Electronic}
            ---
            -- content/diary/2026-01-02.md --
            ---
            tags: [rain]
            tracks:
              - {title: Ditto, artist: newjeans, genre: kpop, album: OMG}
              - {title: 가을 발라드, artist: [아이유, NewJeans], genre: Ballad}
            ---
            -- content/playlists/wet.md --
            ---
            title: Wet Mornings
            tags: [rain]
            tracks: [{title: Ditto, artist: NewJeans}]
            ---
            -- static/artwork/nj.svg --
            <svg xmlns="http://www.w3.org/2000/svg"/>
            """

    /// An artist heard only as a guest is said to be, not "0 plays + 1 with others".
    @Test func anArtistHeardOnlyAsAGuestIsSaidToBe() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks: [{title: Duet, artist: [Lead Singer, Guest Star]}, {title: Solo, artist: Lead Singer}]
                ---
                """)
        #expect(journal.build().succeeded)
        let names = visibleText(try #require(journal.page("artists/index.html")))
        #expect(names.contains("Guest Star 1 song logged with others"), "\(names)")
        #expect(!names.contains("0 plays") && !names.contains("0 songs"))
        #expect(names.contains("Lead Singer 2 songs logged"))
        let page = visibleText(try #require(journal.page("artists/guest-star/index.html")))
        #expect(page.contains("1 song logged with others") && !page.contains("0 songs"), "\(page)")
    }

    @Test func artistPagesMatchNamesCaseInsensitivelyAndListEveryPlay() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build().succeeded)
        let index = try #require(journal.page("artists/index.html"))
        let names = visibleText(index)
        // NewJeans: 2 plays as primary artist (Hype Boy, Ditto spelled "newjeans"), 1 more as a guest.
        #expect(names.contains("NewJeans 2 songs logged + 1 with others"))
        #expect(names.range(of: "NewJeans")!.lowerBound < names.range(of: "Energy 52")!.lowerBound)
        let page = try #require(journal.page("artists/newjeans/index.html"))
        let text = visibleText(page)
        #expect(text.contains("First listened 31 Dec 2025"))
        #expect(text.contains("Last listened 2 Jan 2026"))
        #expect(text.contains("Ditto — OMG"))
        // Every play, newest year first, a day at a time, linked to the day: three plays fit one
        // page, so no year has a page of its own (BoundedPagesTests has an artist that does).
        let lists = Array(page.components(separatedBy: "class=\"play-list\"")[1...])
        func days(_ html: String) -> [String] {
            attributeValues("href", in: html).filter { $0.count == 12 && $0.hasPrefix("/20") && $0.hasSuffix("/") && $0.split(separator: "/").count == 3 }
        }
        #expect(lists.count == 2)
        #expect(days(lists.joined()).prefix(2) == ["/2026/01/02/", "/2025/12/31/"])
        #expect(text.contains("2026 · 2 songs logged 2 Jan Ditto · 가을 발라드 (with 아이유)"))
        #expect(text.contains("2025 · 1 song logged 31 Dec Hype Boy"))
        #expect(text.contains("2 songs logged + 1 with others"))
        #expect(!attributeValues("href", in: page).contains("/artists/newjeans/2025/"))
        #expect(journal.page("artists/newjeans/2025/index.html") == nil)
        // Collaborations credit every artist, each linked.
        let day = try #require(journal.page("2026/01/02/index.html"))
        #expect(attributeValues("href", in: day).contains("/artists/아이유/"))
        #expect(attributeValues("href", in: day).contains("/artists/newjeans/"))
        #expect(attributeValues("href", in: day).contains("/genres/k-pop/"))
        #expect(journal.page("artists/아이유/index.html") != nil)
    }

    @Test func genreAndTagPages() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build().succeeded)
        let genres = try #require(journal.page("genres/index.html"))
        #expect(visibleText(genres).contains("K-Pop 2 songs logged · 50%"))
        let kpop = try #require(journal.page("genres/k-pop/index.html"))
        #expect(kpop.contains("<svg class=\"chart\""))
        // The latest year's days on the page, the year before on a page of its own.
        #expect(!attributeValues("href", in: kpop).contains("/2025/12/31/"))
        #expect(attributeValues("href", in: kpop).contains("/2026/01/02/"))
        #expect(visibleText(kpop).contains("2026 · 1 day · 1 song logged Jan 2"))
        #expect(attributeValues("href", in: kpop).contains("/genres/k-pop/2025/"))
        let kpop2025 = try #require(journal.page("genres/k-pop/2025/index.html"))
        #expect(attributeValues("href", in: kpop2025).contains("/2025/12/31/"))
        #expect(attributeValues("href", in: kpop2025).contains("/genres/k-pop/"))
        #expect(visibleText(kpop).contains("1 NewJeans 2 songs logged"))
        // Tags match without case: "Rain" and "rain" are one tag, holding days and playlists.
        let rain = try #require(journal.page("tags/rain/index.html"))
        #expect(visibleText(rain).contains("2 days"))
        #expect(attributeValues("href", in: rain).contains("/playlists/wet/"))
        #expect(attributeValues("href", in: rain).contains("/2025/12/31/"))
        #expect(journal.page("tags/commute/index.html") != nil)
        #expect(attributeValues("href", in: try #require(journal.page("2026/01/02/index.html"))).contains("/tags/rain/"))
    }

    @Test func atomFeedSitemapRobotsAndNoJekyll() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build(baseURL: "https://someone.github.io/journal/").succeeded)
        let feed = try XMLDocument(xmlString: try #require(journal.page("feed.xml")), options: [])
        let root = try #require(feed.rootElement())
        #expect(root.name == "feed")
        let entries = root.elements(forName: "entry")
        #expect(entries.count == 2)
        #expect(entries.first?.elements(forName: "id").first?.stringValue == "https://someone.github.io/journal/2026/01/02/")
        #expect(entries.first?.elements(forName: "updated").first?.stringValue == "2026-01-02T00:00:00Z")
        let content = try #require(entries.last?.elements(forName: "content").first?.stringValue)
        #expect(content.contains("<strong>Hype Boy</strong> — NewJeans"))

        let sitemap = try #require(journal.page("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://someone.github.io/journal/2026/01/02/</loc>"))
        #expect(sitemap.contains("<loc>https://someone.github.io/journal/artists/%EC%95%84%EC%9D%B4%EC%9C%A0/</loc>"))
        #expect(!sitemap.contains("404.html"))
        #expect(try XMLDocument(xmlString: sitemap, options: []).rootElement()?.name == "urlset")
        #expect(journal.page("robots.txt") == "User-agent: *\nAllow: /\nSitemap: https://someone.github.io/journal/sitemap.xml\n")
        #expect(journal.page(".nojekyll") == "")

        let day = try #require(journal.page("2025/12/31/index.html"))
        #expect(day.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Test Journal\" href=\"/journal/feed.xml\">"))
        // Social sites show no SVG: the day's image is its week's card.
        #expect(day.contains("<meta property=\"og:image\" content=\"https://someone.github.io/journal/weeks/2025-12-29/card.jpg\">"))
        #expect(day.contains("<meta property=\"og:url\" content=\"https://someone.github.io/journal/2025/12/31/\">"))
        #expect(day.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        #expect(day.contains("<meta property=\"og:type\" content=\"article\">"))
    }

    @Test func feedIdsAreAbsoluteEvenWithARelativeBaseURL() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build().succeeded)
        let text = try #require(journal.page("feed.xml"))
        let feed = try #require(try XMLDocument(xmlString: text, options: []).rootElement())
        #expect(feed.elements(forName: "id").first?.stringValue == "tag:journal.invalid,2026:/")
        #expect(feed.elements(forName: "entry").first?.elements(forName: "id").first?.stringValue == "tag:journal.invalid,2026:/2026/01/02/")
    }

    @Test func playerMarkupIsAPlainTrackListWithoutJavaScript() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let html = try #require(journal.page("playlists/rainy-commute/index.html"))
        #expect(html.contains("data-queue"))
        #expect(html.contains("data-label-play-all=\"Play all\""))
        #expect(html.components(separatedBy: "data-track").count - 1 == 3)
        #expect(html.contains("<audio class=\"preview\" controls preload=\"none\""))
        #expect(attributeValues("src", in: html).contains("/assets/player.js"))
        #expect(journal.page("assets/player.js") != nil)
    }
}
