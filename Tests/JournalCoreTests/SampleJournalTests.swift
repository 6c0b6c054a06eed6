import Foundation
import FoundationXML
import Testing

@testable import JournalCore

/// The sample journal this repository ships (`content/`, `journal.yaml`) builds cleanly into a
/// site whose links all resolve.
@Suite struct SampleJournalTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func buildsWithoutWarningsButTheBaseURLsAndEveryLinkResolves() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("journal-sample-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let report = Build.run(BuildOptions(source: Self.root, output: output))
        #expect(report.succeeded)
        #expect(report.diagnostics.apartFromBaseURLAdvice.isEmpty, "\(report.diagnostics.map(\.description))")

        let loaded = JournalLoader(source: Self.root).load()
        let journal = try #require(loaded.journal)
        let stats = Stats(journal: journal, catalog: GenreCatalog(journal: journal))
        let urls = SiteURLs(config: journal.config)
        var tree: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: output)
        while let item = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: output + "/" + item), walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                tree[item] = data
            }
        }
        // A page for every day, week, month and year with entries, and a chart beside each period.
        for day in journal.days { #expect(tree[urls.day(day.date) + "index.html"] != nil) }
        // 밤편지 was last played on a day that names no album or cover; its page shows what its
        // other plays say (docs/content-format.md, "Songs are remembered").
        let night = String(decoding: tree["artists/아이유/tracks/밤편지/index.html"] ?? Data(), as: UTF8.self)
        #expect(night.contains("src=\"/artwork/palette.svg\""))
        #expect(night.contains("Palette"))
        for week in stats.weeks {
            #expect(tree[urls.week(week.start) + "index.html"] != nil)
            #expect(tree[urls.week(week.start) + "chart.svg"] != nil)
        }
        for month in stats.months { #expect(tree[urls.month(year: month.start.year, month: month.start.month) + "index.html"] != nil) }
        for year in stats.years { #expect(tree[urls.year(year.start.year) + "index.html"] != nil) }
        #expect(stats.months.count >= 3)
        #expect(stats.chartGenres.count >= 8)

        // Every share card is a whole JPEG of its stated size: 1200x630, a review's story 1080x1920; a
        // week, month, year and review page names its own card as og:image, and it exists.
        let cards = tree.keys.filter { $0.hasSuffix("card.jpg") || $0.hasSuffix("story.jpg") }
        #expect(cards.count == stats.weeks.count + stats.months.count + 3 * stats.years.count)
        for path in cards {
            CardBuildTests.expectCard([UInt8](tree[path] ?? Data()), path: path)
        }
        for card in cards where card.hasSuffix("card.jpg") {
            let page = String(decoding: tree[String(card.dropLast("card.jpg".count)) + "index.html"] ?? Data(), as: UTF8.self)
            #expect(page.contains("<meta property=\"og:image\" content=\"/\(card)\">"), "\(card) is not its page's og:image")
        }

        // No local link or source points at a missing file.
        var checked = 0
        for (path, data) in tree where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for link in attributeValues("href", in: html) + attributeValues("src", in: html) where link.hasPrefix("/") {
                var target = String(link.dropFirst()).components(separatedBy: "#")[0]
                target = target.removingPercentEncoding ?? target
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                #expect(tree[target] != nil, "\(path) links to \(link), which does not exist")
                checked += 1
            }
        }
        #expect(checked > 1000)
        // Every SVG is well-formed XML.
        for (path, data) in tree where path.hasSuffix(".svg") {
            #expect((try? XMLDocument(data: data, options: [])) != nil, "\(path) is not well-formed")
        }
    }
}
