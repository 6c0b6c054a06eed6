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
        // Its bars are links, so it is a labelled graphics document (the role of <svg>), not an
        // image holding links (axe-core's nested-interactive); a chart without links is an image.
        #expect(attr(root, "role") == nil)
        #expect(attr(root, "aria-label")?.stringValue == "Week")
        let unlinked = StackedBarChart(
            genres: Self.genres,
            slots: slots.map {
                var slot = $0
                slot.href = nil
                return slot
            }, title: "Week", l10n: Localization(.en))
        #expect(attr(try parse(unlinked.svg(standalone: true)), "role")?.stringValue == "img")
        let bars = elements(root, "a") + elements(root, "g").filter { attr($0, "class")?.stringValue == "chart-bar" }
        #expect(bars.count == 3)  // the empty day keeps its slot
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
        #expect(close(number(segments[0], "y"), number(segments[1], "y") + unit))  // Jazz sits on top of K-Pop
        #expect(close(number(segments[0], "y") + number(segments[0], "height"), number(segments[2], "y") + number(segments[2], "height")))  // shared baseline
        // Every segment has a title naming day, genre and count.
        #expect(segments[0].elements(forName: "title").first?.stringValue == "16 Nov 2026 · K-Pop · 2 tracks")
        // The genres present, in order, for the legend a file of its own draws (EmbedFrame).
        #expect(chart.presentGenres.map(\.name) == ["K-Pop", "Jazz", "Other"])
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
        let journal = try TestJournal(
            """
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
            let root = try parse(svg)  // well-formed XML
            #expect(attr(root, "viewBox") != nil)
        }
        let week = try parse(try #require(journal.page("weeks/2026-12-28/chart.svg")))
        let bars = (elements(week, "a") + elements(week, "g")).filter { attr($0, "class")?.stringValue == "chart-bar" }
        #expect(bars.count == 7)
        let counts = elements(week, "rect").compactMap { attr($0, "data-count")?.stringValue }
        #expect(counts == ["1", "1", "1"])  // Jazz + K-Pop on the 28th, Jazz on the 2nd
        let december = try parse(try #require(journal.page("2026/12/chart.svg")))
        #expect((elements(december, "a") + elements(december, "g")).filter { attr($0, "class")?.stringValue == "chart-bar" }.count == 31)
        let year = try parse(try #require(journal.page("2027/chart.svg")))
        #expect((elements(year, "a") + elements(year, "g")).filter { attr($0, "class")?.stringValue == "chart-bar" }.count == 12)
        // The week page shows the chart inline with its table of numbers.
        let page = try #require(journal.page("weeks/2026-12-28/index.html"))
        #expect(page.contains("<svg class=\"chart\""))
        #expect(page.contains("<caption>"))
        #expect(attributeValues("href", in: page).contains("/2027/01/02/"))
    }

    /// The rows of the numbers table of a page's chart (the one captioned `caption`), each as
    /// its visible text.
    func tableRows(_ html: String, caption: String) throws -> [String] {
        let table = try #require(
            html.components(separatedBy: "<caption>\(caption)</caption>").dropFirst().first?
                .components(separatedBy: "</table>").first, "no table captioned \(caption)")
        return table.components(separatedBy: "<tr").dropFirst(2).map { visibleText("<tr" + $0) }
    }

    @Test func chartTablesSayNotYetForDaysAfterTheLastLoggedDay() throws {
        let files = """
            -- journal.yaml --
            title: T
            -- content/diary/2026-12-29.md --
            ---
            tracks: [{title: a, artist: x, genre: Jazz}, {title: b, artist: x, genre: K-Pop}]
            ---
            -- content/diary/2026-12-31.md --
            ---
            tracks: [{title: c, artist: x, genre: Jazz}]
            ---
            """
        let journal = try TestJournal(files)
        // Built on the last day: the 30th is an empty day (zeros), 1 to 3 January are not yet.
        #expect(journal.build(today: .date(try #require(CalendarDate(iso: "2026-12-31")))).succeeded)
        let week = try tableRows(try #require(journal.page("weeks/2026-12-28/index.html")), caption: "Week of 28 Dec 2026 · Genres · 3 songs logged")
        #expect(
            week == [
                "28 Dec 2026 0 0 0", "29 Dec 2026 1 1 2", "30 Dec 2026 0 0 0", "31 Dec 2026 1 0 1",
                "1 Jan 2027 not yet", "2 Jan 2027 not yet", "3 Jan 2027 not yet",
            ])
        let weekPage = try #require(journal.page("weeks/2026-12-28/index.html"))
        #expect(weekPage.contains("<tr class=\"future\"><th scope=\"row\">1 Jan 2027</th><td colspan=\"3\">not yet</td></tr>"))
        // The year: every month had days before the last one, so none is not yet; the month table
        // of December likewise. A journal whose last day is in November leaves December not yet.
        let shortened = try TestJournal(
            files.replacingOccurrences(of: "2026-12-31", with: "2026-11-20")
                .replacingOccurrences(of: "2026-12-29", with: "2026-11-10").replacingOccurrences(of: "title: T\n", with: "title: T\nlanguage: ko\n"))
        #expect(shortened.build(today: .date(try #require(CalendarDate(iso: "2026-11-20")))).succeeded)
        let year = try tableRows(try #require(shortened.page("2026/index.html")), caption: "2026 · 장르 · 기록한 곡 3곡")
        #expect(year.count == 12)
        #expect(year[9] == "2026년 10월 0 0 0")
        #expect(year[10] == "2026년 11월 2 1 3")
        #expect(year[11] == "2026년 12월 아직")
        let month = try tableRows(try #require(shortened.page("2026/11/index.html")), caption: "2026년 11월 · 장르 · 기록한 곡 3곡")
        #expect(month.count == 30)
        #expect(month[19] == "2026년 11월 20일 1 0 1")
        #expect(month[20...].allSatisfy { $0.hasSuffix(" 아직") })
    }

    // MARK: Phone-proof labels

    /// The drawn x labels of an inline chart at one size, by line (y): wide-only labels are
    /// hidden on narrow screens, narrow-only ones on wide screens.
    func xLabels(_ root: XMLElement, narrow: Bool) -> [Double: [(x: Double, text: String)]] {
        var lines: [Double: [(x: Double, text: String)]] = [:]
        for text in elements(root, "text") where attr(text, "text-anchor")?.stringValue == "middle" {
            let classes = attr(text, "class")?.stringValue ?? ""
            if classes.contains(narrow ? "wide-only" : "narrow-only") { continue }
            lines[number(text, "y"), default: []].append((number(text, "x"), text.stringValue ?? ""))
        }
        return lines
    }

    /// Release years on a phone: the labels that do not fit are thinned from the newest, so the
    /// current decade is always named, and no two drawn labels touch at the phone's size.
    @Test func aThinnedColumnChartAlwaysNamesItsLastColumn() throws {
        let decades = (0..<8).map { ColumnChart.Column(label: "\(1950 + $0 * 10)s", name: "\(1950 + $0 * 10)–\(1959 + $0 * 10)", value: 1000 + $0) }
        let root = try parse(ColumnChart(columns: decades, title: "Release years", l10n: Localization(.en)).svg())
        let labels = elements(root, "text").filter { attr($0, "class")?.stringValue == "chart-label" }
        let named = labels.map { $0.stringValue ?? "" }
        #expect(named.last == "2020s", "\(named)")
        #expect(named.count >= 4, "\(named)")
        let xs = labels.map { number($0, "x") }
        for (a, b) in zip(xs, xs.dropFirst()) {
            #expect(b - a >= StackedBarChart.textWidth("2020s", size: 18), "labels touch: \(named)")
        }
        // Values above the columns are counts, grouped.
        #expect(elements(root, "text").contains { $0.stringValue == "1,007" })
    }

    @Test func axisLabelsFitInsideTheChartAtFourDigits() throws {
        let slots: [StackedBarChart.Slot] = (1...12).map {
            .init(label: ["Dec"], name: "m\($0)", counts: [$0 == 12 ? 1093 : 400, 0, 0], href: nil)
        }
        let chart = StackedBarChart(genres: Self.genres, slots: slots, title: "Year", l10n: Localization(.en))
        for standalone in [false, true] {
            let root = try parse(chart.svg(standalone: standalone))
            let width = try #require(attr(root, "viewBox")?.stringValue?.split(separator: " ").dropFirst(2).first.flatMap { Double($0) })
            let ticks = elements(root, "text").filter { attr($0, "text-anchor")?.stringValue == "end" }
            // Grouped as the language writes counts.
            #expect(ticks.map { $0.stringValue ?? "" }.last == "1,250")
            for tick in ticks {
                // Sized for the larger of the theme's label sizes, so the phone's too.
                let text = tick.stringValue ?? ""
                #expect(number(tick, "x") - StackedBarChart.textWidth(text, size: StackedBarChart.narrowLabelSize) >= 0, "\(text) clipped")
            }
            for label in elements(root, "text") where attr(label, "text-anchor")?.stringValue == "middle" {
                let half = StackedBarChart.textWidth(label.stringValue ?? "", size: StackedBarChart.narrowLabelSize) / 2
                #expect(number(label, "x") - half >= 0 && number(label, "x") + half <= width)
            }
        }
    }

    @Test func xLabelsNeverTouchAtAnyNumberOfSlots() throws {
        let korean = Localization(.ko)
        for count in 1...60 {
            let slots: [StackedBarChart.Slot] = (0..<count).map { index in
                let month = index % 12 + 1
                return .init(
                    label: [korean.shortMonth(month), month == 1 || index == 0 ? String(2020 + index / 12) : ""],
                    name: "slot \(index)", counts: [index % 4, 1, 0], href: nil)
            }
            let chart = StackedBarChart(genres: Self.genres, slots: slots, title: "Over time", l10n: korean)
            let root = try parse(chart.svg())
            for narrow in [false, true] {
                let size = narrow ? StackedBarChart.narrowLabelSize : StackedBarChart.labelSize
                for (_, line) in xLabels(root, narrow: narrow) {
                    for (a, b) in zip(line, line.dropFirst()) {
                        let room = (StackedBarChart.textWidth(a.text, size: size) + StackedBarChart.textWidth(b.text, size: size)) / 2
                        #expect(b.x - a.x >= room, "\(count) slots: \(a.text) and \(b.text) touch at \(size)")
                    }
                }
            }
            // Month labels stay: thinned, never all gone.
            #expect(xLabels(root, narrow: true).count == 2)
        }
    }

    @Test func monthBucketsAreLabelledWithTheirYearNotAsDates() throws {
        for (language, september) in [("en", "Sep"), ("ko", "9월")] {
            let journal = try TestJournal(
                """
                -- journal.yaml --
                title: T
                language: \(language)
                -- content/diary/2026-09-03.md --
                ---
                tracks: [{title: a, artist: Band, genre: Jazz}]
                ---
                -- content/diary/2027-02-10.md --
                ---
                tracks: [{title: b, artist: Band, genre: Jazz}]
                ---
                """)
            #expect(journal.build().succeeded)
            let page = try #require(journal.page("artists/band/index.html"))
            let svg = try #require(page.range(of: "<svg class=\"chart\"").map { String(page[$0.lowerBound...]) })
            let root = try parse(String(svg[..<svg.range(of: "</svg>")!.upperBound]))
            let labels = elements(root, "text").filter { attr($0, "text-anchor")?.stringValue == "middle" }
            let first = labels.filter { number($0, "x") == number(labels[0], "x") }.map { $0.stringValue ?? "" }
            #expect(first == [september, "2026"], "\(language): \(first)")
            #expect(labels.contains { $0.stringValue == "2027" })  // under January
            #expect(!labels.contains { ($0.stringValue ?? "").contains("26") && $0.stringValue != "2026" })
        }
    }

    // MARK: Days after today are not yet (docs/content-format.md, "Statistics")

    @Test func daysAfterTheLastEntryAreNotYet() throws {
        // The last entry is Wednesday 18 November 2026, the day of the build; weeks start on Monday.
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            -- content/diary/2026-11-16.md --
            ---
            tracks: [{title: a, artist: x, genre: Jazz}]
            ---
            -- content/diary/2026-11-18.md --
            ---
            tracks: [{title: b, artist: x, genre: Jazz}]
            ---
            """)
        #expect(journal.build(today: .date(try #require(CalendarDate(iso: "2026-11-18")))).succeeded)
        for path in ["2026/11/index.html", "index.html"] {
            let page = try #require(journal.page(path))
            let start = try #require(page.range(of: "<table class=\"calendar\">"))
            let calendar = String(page[start.lowerBound..<page.range(of: "</table>", range: start.upperBound..<page.endIndex)!.upperBound])
            // Rows: the 1st, 2–8, 9–15, 16–22; none for 23–29 or the 30th.
            #expect(calendar.components(separatedBy: "<tr>").count - 2 == 4, "\(path)")
            let future = calendar.components(separatedBy: "<span class=\"cal-cell future\">").dropFirst()
                .map { $0.components(separatedBy: "<span class=\"cal-day\">")[1].prefix { $0.isNumber } }
            #expect(future == ["19", "20", "21", "22"], "\(path)")
            #expect(calendar.contains("not yet"))
            #expect(attributeValues("href", in: calendar).filter { $0.hasPrefix("/2026/11/") }.count == 2 + 1)  // two days and the caption
        }
        // Charts: no bar, a muted label and a band for every day not yet come.
        let week = try parse(try #require(journal.page("weeks/2026-11-16/chart.svg")))
        #expect(elements(week, "g").filter { attr($0, "data-future") != nil }.count == 4)
        #expect(
            elements(week, "text").filter { (attr($0, "class")?.stringValue ?? "").contains("future") }.map { $0.stringValue ?? "" }
                .filter { $0.allSatisfy(\.isNumber) } == ["19", "20", "21", "22"])
        let month = try parse(try #require(journal.page("2026/11/chart.svg")))
        #expect(elements(month, "rect").filter { attr($0, "class")?.stringValue == "chart-future" }.count == 12)
        let year = try parse(try #require(journal.page("2026/chart.svg")))
        #expect(elements(year, "rect").filter { attr($0, "class")?.stringValue == "chart-future" }.count == 1)  // December
        // The heatmap: 12 days of November and all of December, muted and not linked.
        let yearPage = try #require(journal.page("2026/index.html"))
        let heatmapStart = try #require(yearPage.range(of: "<svg class=\"heatmap\""))
        let heatmapText = String(
            yearPage[heatmapStart.lowerBound..<yearPage.range(of: "</svg>", range: heatmapStart.upperBound..<yearPage.endIndex)!.upperBound])
        let heatmap = try parse(heatmapText)
        let cells = elements(heatmap, "use")
        #expect(cells.count == 365)
        #expect(cells.filter { attr($0, "class")?.stringValue == "heat heat-future" }.count == 12 + 31)
        #expect(cells.filter { $0.parent?.name == "a" }.count == 2)
    }

    @Test func heatmapIsOneRowPerMonthOutOfTheTabOrder() throws {
        let start = try #require(CalendarDate(year: 2028, month: 1, day: 1))
        let cells = (0..<366).map { offset in
            let date = start.adding(days: offset)
            return YearHeatmap.Cell(date: date, count: offset % 5, href: offset % 5 == 0 ? nil : "/d/\(offset)/", isFuture: offset > 300)
        }
        let heatmap = YearHeatmap(year: 2028, cells: cells, title: "2028", l10n: Localization(.en))
        let root = try parse(heatmap.svg())  // well-formed
        let viewBox = try #require(attr(root, "viewBox")?.stringValue).split(separator: " ").compactMap { Double($0) }
        // At 390 px the theme draws it about 342 px wide (site.css): labels of 11 px or more.
        #expect(YearHeatmap.labelSize * 342 / viewBox[2] >= 11)
        let rects = elements(root, "use")
        #expect(rects.count == 366)
        // A row per month: each cell's row is its group's.
        let rows = elements(root, "g").compactMap { attr($0, "transform")?.stringValue }
        #expect(Set(rows).count == 12 && rows.allSatisfy { $0.hasPrefix("translate(0 ") })
        #expect(rects.allSatisfy { $0.parent?.name == "g" || $0.parent?.parent?.name == "g" })
        #expect(Set(rects.map { number($0, "x") }).count == 31)
        for text in elements(root, "text") {
            let x = number(text, "x")
            let half = StackedBarChart.textWidth(text.stringValue ?? "", size: YearHeatmap.labelSize)
            switch attr(text, "text-anchor")?.stringValue {
            case "end": #expect(x - half >= 0)
            case "middle": #expect(x - half / 2 >= 0 && x + half / 2 <= viewBox[2])
            default: #expect(x + half <= viewBox[2])
            }
        }
        let links = elements(root, "a")
        #expect(links.count == (0...300).filter { $0 % 5 != 0 }.count)
        #expect(links.allSatisfy { attr($0, "tabindex")?.stringValue == "-1" })
    }
}
