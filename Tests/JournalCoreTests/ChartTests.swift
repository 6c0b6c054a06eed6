import Foundation
import FoundationXML
import Testing
@testable import JournalCore

/// Charts parsed back from their SVG: slots, segments and heights match the counts.
@Suite struct ChartTests {
    static let genres = [
        Genre(key: "kpop", name: "K-Pop", slug: "k-pop", color: "#0072b2", plays: 5, isTop: true),
        Genre(key: "jazz", name: "Jazz", slug: "jazz", color: "#d55e00", plays: 3, isTop: true),
        Genre(key: "\u{0}other", name: "Other", slug: "other", color: "#888888", plays: 1, isTop: false),
    ]

    func parse(_ svg: String) throws -> XMLElement {
        let document = try XMLDocument(xmlString: svg, options: [])
        return try #require(document.rootElement())
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

    func number(_ element: XMLElement, _ attribute: String) -> Double {
        Double(attr(element, attribute)?.stringValue ?? "") ?? .nan
    }

    /// An attribute by name (FoundationXML's `attribute(forName:)` misses them in a default namespace).
    func attr(_ element: XMLElement, _ name: String) -> XMLNode? {
        element.attributes?.first { $0.name == name }
    }

    @Test func segmentsStackInGenreOrderWithHeightsProportionalToCounts() throws {
        let slots: [StackedBarChart.Slot] = [
            .init(label: ["M", "16"], name: "16 Nov 2026", counts: [2, 1, 0], href: "/2026/11/16/"),
            .init(label: ["T", "17"], name: "17 Nov 2026", counts: [0, 0, 0], href: nil),
            .init(label: ["W", "18"], name: "18 Nov 2026", counts: [1, 0, 2], href: "/2026/11/18/"),
        ]
        let chart = StackedBarChart(genres: Self.genres, slots: slots, title: "Week", l10n: Localization(.en))
        let root = try parse(chart.svg(standalone: true))
        #expect(attr(root, "role")?.stringValue == "img")
        #expect(attr(root, "aria-label")?.stringValue == "Week")
        let bars = elements(root, "a") + elements(root, "g").filter { attr($0, "class")?.stringValue == "chart-bar" }
        #expect(bars.count == 3) // the empty day keeps its slot
        let links = elements(root, "a").compactMap { attr($0, "href")?.stringValue }
        #expect(links == ["/2026/11/16/", "/2026/11/18/"])

        let segments = elements(root, "rect").filter { attr($0, "data-count") != nil }
        #expect(segments.count == 4)
        // Bottom to top: K-Pop (2) then Jazz (1) on the first bar.
        #expect(segments.map { attr($0, "data-genre")?.stringValue ?? "" } == ["K-Pop", "Jazz", "K-Pop", "Other"])
        #expect(segments.map { attr($0, "fill")?.stringValue ?? "" } == ["#0072b2", "#d55e00", "#0072b2", "#888888"])
        let unit = number(segments[1], "height")
        // Coordinates carry two decimals, so compare within a hundredth or two.
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.02 }
        #expect(unit > 0)
        #expect(close(number(segments[0], "height"), 2 * unit))
        #expect(close(number(segments[3], "height"), 2 * unit))
        #expect(close(number(segments[0], "y"), number(segments[1], "y") + unit)) // Jazz sits on top of K-Pop
        #expect(close(number(segments[0], "y") + number(segments[0], "height"), number(segments[2], "y") + number(segments[2], "height"))) // shared baseline
        // Every segment has a title naming day, genre and count.
        #expect(segments[0].elements(forName: "title").first?.stringValue == "16 Nov 2026 · K-Pop · 2 tracks")
        // A legend of the genres present, in order.
        let legend = elements(root, "text").filter { attr($0, "class")?.stringValue == "chart-legend" }.map { $0.stringValue ?? "" }
        #expect(legend == ["K-Pop", "Jazz", "Other"])
    }

    @Test func yTicksAreWholeNumbersThatAdapt() {
        #expect(StackedBarChart.yScale(maximum: 0) == (1, 1))
        #expect(StackedBarChart.yScale(maximum: 3) == (3, 1))
        #expect(StackedBarChart.yScale(maximum: 7) == (8, 2))
        #expect(StackedBarChart.yScale(maximum: 54) == (60, 20))
        #expect(StackedBarChart.yScale(maximum: 1093) == (1250, 250))
    }

    @Test func heatmapLevels() {
        #expect(YearHeatmap.level(count: 0, maximum: 3) == 0)
        #expect((1...3).map { YearHeatmap.level(count: $0, maximum: 3) } == [1, 2, 3])
        #expect((1...8).map { YearHeatmap.level(count: $0, maximum: 8) } == [1, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func builtChartsMatchTheJournal() throws {
        let journal = try TestJournal("""
        -- journal.yaml --
        title: T
        -- content/diary/2026-12-28.md --
        ---
        tracks: [{title: a, artist: x, genre: Jazz}, {title: b, artist: x, genre: K-Pop}]
        ---
        -- content/diary/2027-01-02.md --
        ---
        tracks: [{title: c, artist: x, genre: Jazz}]
        ---
        """)
        #expect(journal.build().succeeded)
        for path in ["weeks/2026-12-28/chart.svg", "2026/12/chart.svg", "2027/01/chart.svg", "2026/chart.svg", "2027/chart.svg"] {
            let svg = try #require(journal.page(path), "\(path) missing")
            let root = try parse(svg) // well-formed XML
            #expect(attr(root, "viewBox") != nil)
        }
        let week = try parse(try #require(journal.page("weeks/2026-12-28/chart.svg")))
        let bars = elements(week, "a") + elements(week, "g").filter { attr($0, "class")?.stringValue == "chart-bar" }
        #expect(bars.count == 7)
        let counts = elements(week, "rect").compactMap { attr($0, "data-count")?.stringValue }
        #expect(counts == ["1", "1", "1"]) // Jazz + K-Pop on the 28th, Jazz on the 2nd
        let december = try parse(try #require(journal.page("2026/12/chart.svg")))
        #expect((elements(december, "a") + elements(december, "g").filter { attr($0, "class")?.stringValue == "chart-bar" }).count == 31)
        let year = try parse(try #require(journal.page("2027/chart.svg")))
        #expect((elements(year, "a") + elements(year, "g").filter { attr($0, "class")?.stringValue == "chart-bar" }).count == 12)
        // The week page shows the chart inline with its table of numbers.
        let page = try #require(journal.page("weeks/2026-12-28/index.html"))
        #expect(page.contains("<svg class=\"chart\""))
        #expect(page.contains("<caption>"))
        #expect(attributeValues("href", in: page).contains("/2027/01/02/"))
    }
}
