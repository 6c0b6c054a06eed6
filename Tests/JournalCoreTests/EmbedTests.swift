import Foundation
import FoundationXML
import Testing

@testable import JournalCore

/// The files made to be embedded elsewhere (chart.svg, calendar.svg, heatmap.svg), parsed back:
/// each says what it shows, whose it is and where it comes from; and the Share block that hands
/// them out with absolute URLs.
@Suite struct EmbedTests {
    /// A month with a hostile site title and genre name, a track with no genre, and a week that
    /// starts on Sunday.
    static func journal(baseURL: String = "https://example.org/journal/") throws -> TestJournal {
        try TestJournal(
            """
            -- journal.yaml --
            title: Tom & "Jerry" <script>
            base_url: \(baseURL)
            week_start: sunday
            -- content/diary/2026-11-03.md --
            ---
            tracks: [{title: a, artist: x, genre: "R&B <b>"}, {title: b, artist: y, genre: Jazz}]
            ---
            -- content/diary/2026-11-05.md --
            ---
            tracks: [{title: c, artist: z}]
            ---
            """)
    }

    func parse(_ text: String?) throws -> XMLElement {
        let text = try #require(text, "file missing")
        return try #require(try XMLDocument(xmlString: text, options: []).rootElement())
    }

    func elements(_ root: XMLElement, _ name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ element: XMLElement) {
            if element.name == name { found.append(element) }
            for child in element.children ?? [] { if let child = child as? XMLElement { walk(child) } }
        }
        walk(root)
        return found
    }

    func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    /// The text of every `<text>` of a class.
    func texts(_ root: XMLElement, _ className: String) -> [String] {
        elements(root, "text").filter { (attr($0, "class") ?? "").split(separator: " ").contains(Substring(className)) }.map { $0.stringValue ?? "" }
    }

    @Test func eachFileSaysWhatItShowsWhoseItIsAndWhereItComesFrom() throws {
        let journal = try Self.journal()
        #expect(journal.build().succeeded)
        let site = #"Tom & "Jerry" <script>"#
        let files: [(path: String, title: String, page: String)] = [
            ("2026/11/chart.svg", "November 2026 · Genres · 3 songs logged", "2026/11/"),
            ("2026/11/calendar.svg", "November 2026 · Calendar · 2 of 3 days logged", "2026/11/"),
            ("2026/heatmap.svg", "2026 · Every day of the year · 2 of 3 days logged", "2026/"),
            ("2026/chart.svg", "2026 · Genres · 3 songs logged", "2026/"),
            ("weeks/2026-11-01/chart.svg", "Week of 1 Nov 2026 · Genres · 3 songs logged", "weeks/2026-11-01/"),
            ("archive/chart.svg", "All time · Genres · 3 songs logged", "archive/"),
        ]
        for file in files {
            let root = try parse(journal.page(file.path))  // well-formed, hostile names and all
            #expect(attr(root, "viewBox") != nil, "\(file.path)")
            #expect(root.elements(forName: "title").first?.stringValue == "\(file.title) · \(site)", "\(file.path)")
            #expect(texts(root, "embed-title") == [file.title], "\(file.path)")
            #expect(texts(root, "embed-foot") == ["\(site) · example.org/journal/\(file.page)"], "\(file.path)")
            let foot = elements(root, "a").last.flatMap { attr($0, "href") }
            #expect(foot == "https://example.org/journal/\(file.page)", "\(file.path)")
            let style = root.elements(forName: "style").first?.stringValue ?? ""
            #expect(style.contains("prefers-color-scheme:dark"), "\(file.path) follows the dark scheme on its own")
            #expect(elements(root, "image").isEmpty, "\(file.path) loads no picture from elsewhere")
        }
        // The chart's and the calendar's legends name every colour drawn, no genre apart.
        let chart = try parse(journal.page("2026/11/chart.svg"))
        #expect(texts(chart, "embed-legend") == ["Jazz", "R&B <b>", "No genre"])
        #expect(elements(chart, "rect").contains { (attr($0, "class") ?? "").contains("embed-swatch chart-seg-none") })
        let calendar = try parse(journal.page("2026/11/calendar.svg"))
        #expect(texts(calendar, "embed-legend") == ["R&B <b>", "No genre"])  // the days' first tracks
        // The heatmap keeps its own legend, less to more.
        let heatmap = try parse(journal.page("2026/heatmap.svg"))
        #expect(texts(heatmap, "heat-label").contains("Less"))
        #expect(texts(heatmap, "heat-label").contains("More"))
        // Its logged days link to their pages by their full address.
        let dayLinks = elements(heatmap, "a").compactMap { attr($0, "href") }.filter { $0.contains("/2026/11/0") }
        #expect(dayLinks == ["https://example.org/journal/2026/11/03/", "https://example.org/journal/2026/11/05/"])
    }

    @Test func theCalendarFileStartsOnTheWeeksFirstDayAndCountsEachDaysTracks() throws {
        let journal = try Self.journal()
        #expect(journal.build().succeeded)
        let calendar = try parse(journal.page("2026/11/calendar.svg"))
        #expect(texts(calendar, "cal-head") == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        // 1 November 2026 is a Sunday: the 1st is the first cell, the 3rd the third.
        #expect(texts(calendar, "cal-number").prefix(3) == ["1", "2", "3"])
        let logged = elements(calendar, "a").filter {
            attr($0, "href")?.hasSuffix("/2026/11/03/") == true || attr($0, "href")?.hasSuffix("/2026/11/05/") == true
        }
        #expect(logged.count == 2)
        #expect(logged.map { texts($0, "cal-count") } == [["2"], ["1"]])
        #expect(logged.first?.elements(forName: "title").first?.stringValue == "Tuesday, 3 November 2026 · 2 tracks · R&B <b>")
        let fills = logged.compactMap { $0.elements(forName: "rect").first.flatMap { attr($0, "fill") } }
        #expect(fills.count == 2 && fills[0] != fills[1], "each day in its first track's colour")
    }

    @Test func underABarePathTheFilesSayTheSiteTitleAlone() throws {
        let journal = try Self.journal(baseURL: "/journal/")
        #expect(journal.build().succeeded)
        let chart = try parse(journal.page("2026/11/chart.svg"))
        #expect(texts(chart, "embed-foot") == [#"Tom & "Jerry" <script>"#])
        #expect(elements(chart, "a").last.flatMap { attr($0, "href") } == "/journal/2026/11/")
    }

    /// The Share block's snippets, HTML-unescaped from their fields, by field id.
    func snippets(_ html: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = html[...]
        while let start = rest.range(of: "<textarea id=\"") {
            let after = rest[start.upperBound...]
            guard let idEnd = after.firstIndex(of: "\""), let open = after.firstIndex(of: ">"),
                let close = after.range(of: "</textarea>")
            else { break }
            let text = String(after[after.index(after: open)..<close.lowerBound])
            result[String(after[..<idEnd])] = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            rest = after[close.upperBound...]
        }
        return result
    }

    @Test(arguments: ["https://example.org/", "https://someone.github.io/journal/"])
    func theShareBlockHandsOutAbsoluteURLsOfFilesThatExist(baseURL: String) throws {
        let journal = try Self.journal(baseURL: baseURL)
        #expect(journal.build().succeeded)
        // Each page's card (card.jpg) comes first, then its SVGs.
        let pages = [
            "2026/11/index.html": ["card", "calendar", "chart"], "2026/index.html": ["card", "heatmap", "chart"],
            "weeks/2026-11-01/index.html": ["card", "chart"], "2026/review/index.html": ["card", "story", "heatmap", "chart"],
        ]
        for (page, ids) in pages {
            let html = try #require(journal.page(page))
            let found = snippets(html)
            #expect(Set(found.keys) == Set(ids.flatMap { ["share-\($0)-markdown", "share-\($0)-html"] }), "\(page)")
            for id in ids {
                let markdown = try #require(found["share-\(id)-markdown"])
                let html = try #require(found["share-\(id)-html"])
                // ![alt](url): the url is absolute and names a file of the site.
                let url = try #require(markdown.split(separator: "(").last.map { String($0.dropLast()) })
                #expect(url.hasPrefix(baseURL), "\(page) \(id): \(url)")
                #expect(FileManager.default.fileExists(atPath: journal.output + "/" + String(url.dropFirst(baseURL.count))), "\(url) is not in the output")
                #expect(markdown.hasPrefix("!["))
                // The cards' alt text says what they show; an SVG's also whose it is.
                let isCard = id == "card" || id == "story"
                #expect(isCard || markdown.contains(#"Tom & "Jerry" <script>]("#), "the alt text says what it shows and whose")
                // <a href="page"><img src="url" alt=… width=… height=…></a>, the same file, a real size.
                #expect(html.hasPrefix("<a href=\"\(baseURL)\(page.dropLast("index.html".count))\"><img src=\"\(url)\""), "\(html)")
                #expect(isCard || html.contains("&quot;Jerry&quot; &lt;script&gt;"), "the alt text is escaped in the snippet")
                #expect(attributeValues("width", in: html).count == 1 && attributeValues("height", in: html).count == 1)
            }
        }
    }

    @Test func theShareBlockNamesAMarkdownImagesBracketsSafely() {
        #expect(SiteRenderer.markdownText("a [b] \\ c") == "a \\[b\\] \\\\ c")
        #expect(SiteRenderer.markdownDestination("https://x.org/a(b)/c.svg") == "<https://x.org/a(b)/c.svg>")
        #expect(SiteRenderer.markdownDestination("https://x.org/c.svg") == "https://x.org/c.svg")
    }

    // MARK: The bare-path warning

    @Test func aBarePathBaseURLIsWarnedOfOnceAtItsPlace() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            base_url: /journal/
            -- content/diary/2026-11-03.md --
            ---
            tracks: [{title: a, artist: x}]
            ---
            """)
        let report = journal.build()
        #expect(report.succeeded)
        let lines = journal.lines(report.diagnostics)
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.first?.hasPrefix(
                "journal.yaml:2:11: warning: base_url '/journal/' has no host: shared links, cards and feed entries need an absolute address") == true,
            "\(lines)")
        // Said again by a build with nothing to do, and by check.
        let again = journal.build()
        #expect(again.upToDate)
        #expect(journal.lines(again.diagnostics) == lines)
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == lines)
        // About publishing, not the journal: --strict leaves it a warning.
        let strict = journal.build(strict: true)
        #expect(strict.succeeded)
        #expect(strict.diagnostics.map(\.severity) == [.warning])
        #expect(Check.run(source: journal.path, strict: true).map(\.severity) == [.warning])
    }

    @Test func theWarningNamesTheFlagAndIsNotGivenForTheRootOrAnAddress() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-03.md --
                ---
                tracks: [{title: a, artist: x}]
                ---
                """)
        // The default root, as a new journal has it, works anywhere: nothing to say.
        #expect(journal.build().diagnostics.isEmpty)
        #expect(journal.build(baseURL: "/", output: journal.path + "/root").diagnostics.isEmpty)
        let flag = journal.build(baseURL: "/sub/", output: journal.path + "/sub")
        #expect(journal.lines(flag.diagnostics).map { $0.prefix(57) } == ["command line:1:1: warning: --base-url '/sub/' has no host"])
        #expect(journal.build(baseURL: "https://example.org/", output: journal.path + "/abs").diagnostics.isEmpty)
        // journal serve builds for its own local address: nothing to say.
        var served = journal.options(output: journal.path + "/served", baseURL: "/")
        served.servesLocally = true
        #expect(Build.run(served).diagnostics.isEmpty)
    }
}
