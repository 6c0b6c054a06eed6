import Foundation
import Testing

@testable import JournalCore

/// What a build guarantees: nothing half-written, deterministic output.
@Suite(.serialized) struct BuildTests {
    /// A build into a folder of its own, which really builds (never the up-to-date shortcut);
    /// its tree without the marker, which records where the build went.
    static func freshTree(_ journal: TestJournal, _ name: String) -> [String: Data] {
        let output = journal.path + "/" + name
        let report = journal.build(output: output)
        #expect(report.succeeded && !report.upToDate && report.filesWritten > 10, "\(name)")
        return journal.tree(output).filter { $0.key != SiteWriter.markerName }
    }

    @Test func twoBuildsGiveIdenticalTrees() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let first = Self.freshTree(journal, "out-1")
        #expect(first.count > 10)
        #expect(Self.freshTree(journal, "out-2") == first)
    }

    /// Built in three zones, each its own `journal build` with `TZ` set for it alone (never for
    /// this process, whose other suites run meanwhile), on one fixed today (which is the date in
    /// the zone, so the zones would otherwise build a day apart): the same bytes.
    @Test func sameBytesInEveryTimeZone() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        guard let binary = journalBinary() else { return }
        var trees: [[String: Data]] = []
        // UTC+14 and UTC-10: a date decoded as a UTC instant would move a day in one of them.
        for zone in ["Pacific/Kiritimati", "America/Adak", "Asia/Seoul"] {
            let output = journal.path + "/out-\(trees.count)"
            let built = try runProcess(
                binary, ["build", "--quiet", "--source", journal.path, "--output", output],
                environment: ["TZ": zone, "PATH": "/usr/bin:/bin", "JOURNAL_TODAY": "2026-11-28"])
            #expect(built.status == 0, "\(zone): \(built.errors)")
            let tree = journal.tree(output).filter { $0.key != SiteWriter.markerName }
            #expect(tree["2026/11/20/index.html"].map { String(decoding: $0, as: UTF8.self).contains("Friday, 20 November 2026") } == true, "\(zone)")
            #expect(tree["2026/11/21/index.html"] == nil, "\(zone)")
            trees.append(tree)
        }
        #expect(trees[0].count > 10)
        #expect(trees[0] == trees[1])
        #expect(trees[1] == trees[2])
        // The zones did reach the builds: UTC+14 and UTC-10 are a day apart at every hour, and
        // `status` (which reads the clock, fixed here for the builds) says so.
        func today(_ zone: String) throws -> String {
            let status = try runProcess(binary, ["status", "--source", journal.path], environment: ["TZ": zone, "PATH": "/usr/bin:/bin"])
            return status.out.split(separator: "\n").first.map(String.init) ?? ""
        }
        let ahead = try today("Pacific/Kiritimati")
        let behind = try today("America/Adak")
        #expect(ahead.hasPrefix("Today, ") && behind.hasPrefix("Today, ") && ahead != behind, "\(ahead) / \(behind)")
    }

    @Test func failedBuildLeavesThePreviousSiteByteForByte() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let before = journal.tree()
        try journal.write("content/diary/2026/11/2026-11-22.md", "---\ntracks: [unclosed\n---\n")
        try journal.write("content/diary/2026/11/2026-11-23.md", "---\ntracks: [{title: New, artist: X}]\n---\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.tree() == before)
        // No staging folder is left behind either.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: journal.path)
        #expect(siblings.filter { $0.contains("staging") || $0.contains(".old-") }.isEmpty, "\(siblings)")
    }

    /// Told to stop (`journal serve` stopping), a build ends at its next page: it renders no more,
    /// leaves the previous site byte for byte and no staging folder, and says why.
    @Test func aBuildToldToStopEndsAtItsNextPageAndLeavesThePreviousSite() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let full = journal.build()
        #expect(full.succeeded)
        let before = journal.tree()
        try journal.write("content/diary/2026/11/2026-11-23.md", "---\ntracks: [{title: New, artist: X}]\n---\n")
        let asked = AskCounter()
        var options = journal.options()
        options.singleThreaded = true
        // Yes from the fourth question on: after the stages and two pages.
        options.stopRequested = { asked.next() > 3 }
        let report = Build.run(options)
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics.filter { $0.severity == .error })
                == ["journal.yaml:1:1: error: the build was stopped before it ended; the output was left as it was"], "\(journal.lines(report.diagnostics))")
        #expect(journal.tree() == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: journal.path)
        #expect(siblings.filter { $0.contains("staging") || $0.contains(".old-") }.isEmpty, "\(siblings)")
        // Two pages' work (the first are the biggest), not the site's.
        #expect(report.renderWork.steps * 4 < full.renderWork.steps, "\(report.renderWork) of \(full.renderWork)")
    }

    @Test func successfulRebuildReplacesTheWholeSite() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        try journal.remove("content/diary/2026/11/2026-11-22.md")
        #expect(journal.build().succeeded)
        #expect(journal.page("2026/11/22/index.html") == nil)  // nothing stale survives
        #expect(journal.page("2026/11/20/index.html") != nil)
    }

    @Test func neverReplacesAFolderItDidNotMake() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("public/notes.txt", "my own file")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics).first?.contains("is not empty and was not made by journal") == true)
        #expect(journal.page("notes.txt") == "my own file")
    }

    @Test func refusesToWriteOverTheJournal() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let report = journal.build(output: journal.path)
        #expect(!report.succeeded)
        #expect(FileManager.default.fileExists(atPath: journal.path + "/content/diary/2026/11/2026-11-20.md"))
    }

    @Test func staticFilesAreCopiedAsTheyAre() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("static/CNAME", bytes: Array("music.example.org\n".utf8))
        try journal.write("static/img/photo.bin", bytes: [0, 1, 2, 255])
        #expect(journal.build().succeeded)
        #expect(journal.tree()["CNAME"] == Data("music.example.org\n".utf8))
        #expect(journal.tree()["img/photo.bin"] == Data([0, 1, 2, 255]))
    }

    /// Static files are copied with their own modification time, and a file of the previous site
    /// with the source's size and time is kept as it is (as rsync and Zola decide); an edit that
    /// keeps the size still gets through, its time being new.
    @Test func staticFilesKeepTheirTimeAndAnEditOfTheSameSizeIsCopied() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("static/img/photo.bin", bytes: [0, 1, 2, 255])
        let source = journal.path + "/static/img/photo.bin"
        let site = journal.output + "/img/photo.bin"
        func status(_ path: String) -> stat {
            var status = stat()
            _ = lstat(path, &status)
            return status
        }
        #expect(journal.build().succeeded)
        #expect(status(site).st_mtim.tv_sec == status(source).st_mtim.tv_sec && status(site).st_mtim.tv_nsec == status(source).st_mtim.tv_nsec)
        let first = status(site).st_ino
        try journal.write("content/diary/2026/11/2026-11-20.md", "---\ntitle: Edited\ntracks: [{title: X, artist: Y}]\n---\n")
        #expect(journal.build().succeeded)
        #expect(status(site).st_ino == first, "an unchanged static file is kept, not copied again")
        try journal.write("static/img/photo.bin", bytes: [9, 8, 7, 6])
        #expect(journal.build().succeeded)
        #expect(journal.tree()["img/photo.bin"] == Data([9, 8, 7, 6]))
        // The same size again, its time set back as `cp -p` or `touch -r` would: still copied.
        var times = Platform.accessAndModificationTimes(status(source))
        try journal.write("static/img/photo.bin", bytes: [5, 5, 5, 5])
        utimensat(AT_FDCWD, source, &times, 0)
        #expect(journal.build().succeeded)
        #expect(journal.tree()["img/photo.bin"] == Data([5, 5, 5, 5]))
    }

    /// A diary file with a second name (a hard link) edited with its size and time kept is built
    /// again all the same: its status-change time moved.
    @Test func anEntryWithASecondNameEditedInPlaceIsBuiltAgain() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let entry = journal.path + "/content/diary/2026/11/2026-11-20.md"
        #expect(link(entry, journal.path + "/second-name.md") == 0)
        #expect(journal.build().succeeded)
        var status = stat()
        _ = lstat(entry, &status)
        var times = Platform.accessAndModificationTimes(status)
        var text = try String(contentsOfFile: entry, encoding: .utf8)
        let index = try #require(text.firstIndex(of: "t"))
        text.replaceSubrange(index...index, with: "T")
        let handle = try #require(FileHandle(forWritingAtPath: entry))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        utimensat(AT_FDCWD, entry, &times, 0)
        #expect(!journal.build().upToDate)
    }

    @Test func theJournalsTemplatesOverrideTheDefaultThemeFileByFile() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- templates/partials/footer.mustache --
                <footer class="mine">Kept by {{site.title}}</footer>
                """)
        #expect(journal.build().succeeded)
        let html = try #require(journal.page("2026/11/20/index.html"))
        #expect(html.contains("<footer class=\"mine\">Kept by Test Journal</footer>"))
        #expect(html.contains("class=\"tracks\""))  // the rest is still the default theme
    }

    /// A home.mustache written when the pager's links were `newer` and `older` (before they were
    /// `previous` and `next`) still shows its pager.
    @Test func aHomeTemplateWrittenForNewerAndOlderKeepsItsPager() throws {
        var files = "-- journal.yaml --\ntitle: T\n"
        for day in 1...12 {
            files += "-- content/diary/2026-03-\(CalendarDate.pad(day, 2)).md --\n---\ntracks: [{title: Song \(day), artist: A}]\n---\n"
        }
        let journal = try TestJournal(
            files + """
                -- templates/home.mustache --
                {{<layout}}
                {{$content}}
                {{#days}}{{> partials/day-card}}{{/days}}
                {{#pagination}}
                <nav class="pagination" aria-label="{{t.pagination}}">
                  {{#newer}}<a class="button" rel="prev" href="{{newer}}">← {{t.newer}}</a>{{/newer}}
                  {{#older}}<a class="button" rel="next" href="{{older}}">{{t.older}} →</a>{{/older}}
                </nav>
                {{/pagination}}
                {{/content}}
                {{/layout}}
                """)
        #expect(journal.build().succeeded)
        let first = try #require(journal.page("index.html"))
        let second = try #require(journal.page("page/2/index.html"))
        #expect(first.contains("<a class=\"button\" rel=\"next\" href=\"/page/2/\">Older →</a>"))
        #expect(!first.contains("rel=\"prev\""))
        #expect(second.contains("<a class=\"button\" rel=\"prev\" href=\"/\">← Newer</a>"))
        #expect(!second.contains("rel=\"next\""))
    }

    @Test func templateSyntaxErrorsPointIntoTheTemplate() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- templates/day.mustache --
                <p>fine</p>
                {{#day}}unclosed
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        let line = try #require(journal.lines(report.diagnostics).first)
        #expect(line.hasPrefix("templates/day.mustache:"), "\(line)")
        #expect(line.contains("error: template syntax error"))
    }

    @Test func summaryCountsPages() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let report = journal.build()
        // home, 3 days, their week, month, year and the year in review (8); artists index and 4 artists (12); genres index
        // and 3 genres (17: a track with no genre has no genre page); tags index and 2 tags (20);
        // archive, search, playlists, 1 playlist, about, 404 (26); each track is played once, so
        // it is its card on its day and has no page
        #expect(report.pageCount == 26)
        // "Built 26 pages … (N files written)": N is every file of the site, the marker aside.
        let files = journal.tree().filter { $0.key != SiteWriter.markerName }
        #expect(report.fileCount == files.count && report.filesWritten == files.count, "\(report.fileCount) \(report.filesWritten) \(files.count)")
        #expect(files.keys.filter { $0.hasSuffix("index.html") || $0 == "404.html" }.count == report.pageCount)
    }
}

@Suite struct GenreCatalogTests {
    @Test func foldsSpellingsAppliesAliasesAndOrdersByPlays() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            genres:
              top: 2
              aliases: {"hip hop": Hip-Hop}
              colors: {jazz: "#123456"}
            -- content/diary/2026-11-01.md --
            ---
            tracks: [{title: a, artist: x, genre: K-Pop}, {title: b, artist: x, genre: kpop}, {title: c, artist: x, genre: k pop}]
            ---
            -- content/diary/2026-11-02.md --
            ---
            tracks: [{title: a, artist: x, genre: Jazz}, {title: b, artist: x, genre: hip_hop}, {title: c, artist: x, genre: K-pop}]
            ---
            -- content/diary/2026-11-03.md --
            ---
            tracks: [{title: a, artist: x, genre: Jazz}, {title: d, artist: x}, {title: c, artist: x, genre: K-Pop}]
            ---
            """)
        let catalog = GenreCatalog(journal: try #require(journal.load().journal))
        // A track with no genre is no genre: counted apart, never ranked.
        #expect(catalog.genres.map(\.name) == ["K-Pop", "Jazz", "Hip-Hop"])
        #expect(catalog.genres.map(\.plays) == [5, 2, 1])
        #expect(catalog.noGenre.plays == 1)
        #expect(catalog.genres.map(\.isTop) == [true, true, false])
        #expect(catalog.genre(named: "jazz").color == "#123456")  // configured colour
        #expect(catalog.genre(named: "K POP").color == GenreCatalog.palette[0])  // first palette colour
        // Beyond the top: Other, in its grey, wherever a colour is drawn (charts, calendars, lists).
        #expect(catalog.genre(named: "hip hop").color == GenreCatalog.otherColor)
        #expect(catalog.otherGenres.map(\.name) == ["Hip-Hop"])
        #expect(catalog.other.plays == 1)
    }

    /// A genre journal.yaml gives a colour is drawn as itself, charts included, wherever it
    /// ranks; the palette skips the colours journal.yaml took, so no two genres share one.
    @Test func aConfiguredColourDrawsItsGenreAsItselfAndIsNotGivenTwice() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            genres:
              top: 1
              colors: {Classical: "#0072B2"}
            -- content/diary/2026-11-01.md --
            ---
            tracks: [{title: a, artist: x, genre: K-Pop}, {title: b, artist: x, genre: K-Pop}, {title: c, artist: x, genre: Classical}]
            ---
            -- content/diary/2026-11-02.md --
            ---
            tracks: [{title: d, artist: x, genre: Jazz}, {title: a, artist: x, genre: K-Pop}]
            ---
            """)
        let catalog = GenreCatalog(journal: try #require(journal.load().journal))
        #expect(catalog.genres.map(\.name) == ["K-Pop", "Classical", "Jazz"])
        #expect(catalog.genres.map(\.isTop) == [true, true, false])
        #expect(catalog.genre(named: "K-Pop").color == GenreCatalog.palette[1], "the palette's first colour is Classical's")
        #expect(catalog.genre(named: "Classical").color.lowercased() == "#0072b2")
        #expect(catalog.genre(named: "Jazz").color == GenreCatalog.otherColor)
        // On the month's page the chart and the calendar agree: Jazz's day and bar are Other's grey.
        #expect(journal.build().succeeded)
        let calendar = try #require(journal.page("2026/11/calendar.svg"))
        let chart = try #require(journal.page("2026/11/chart.svg"))
        // The calendar draws each day by its first track: K-Pop's, then Jazz's as Other.
        for (svg, drawn) in [
            (calendar, [GenreCatalog.palette[1], GenreCatalog.otherColor]),
            (chart, [GenreCatalog.palette[1], "#0072b2", GenreCatalog.otherColor]),
        ] {
            let fills = Set(attributeValues("fill", in: svg).filter { $0.hasPrefix("#") }.map { $0.lowercased() })
            #expect(fills.isSuperset(of: drawn), "\(fills)")
            #expect(!fills.contains(GenreCatalog.palette[2]), "Jazz drawn in a colour of its own: \(fills)")
        }
    }
}

/// Incremental output: a rebuild writes only what changed.
@Suite(.serialized) struct IncrementalWriteTests {
    func mtimes(_ folder: String) -> [String: Date] {
        var result: [String: Date] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let item = walker?.nextObject() as? String {
            if walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                result[item] = walker?.fileAttributes?[.modificationDate] as? Date
            }
        }
        return result
    }

    @Test func noChangeRebuildTouchesNoFile() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let before = mtimes(journal.output).filter { $0.key != SiteWriter.markerName }
        let tree = journal.tree()
        Thread.sleep(forTimeInterval: 0.05)
        // journal.yaml written again with the same bytes: the up-to-date stamp no longer
        // matches, so the whole pipeline runs and compares every file.
        let config = try #require(journal.page("journal.yaml", in: journal.path))
        try journal.write("journal.yaml", config)
        let report = journal.build()
        #expect(report.succeeded && !report.upToDate)
        #expect(report.stages.map(\.name).contains("generate"))
        #expect(report.filesWritten == 0 && report.filesRemoved == 0)
        #expect(mtimes(journal.output).filter { $0.key != SiteWriter.markerName } == before)
        #expect(journal.tree().filter { $0.key != SiteWriter.markerName } == tree.filter { $0.key != SiteWriter.markerName })
    }

    @Test func aBuildWithNothingChangedBuildsNothing() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let first = journal.build()
        #expect(first.succeeded && !first.upToDate)
        let before = mtimes(journal.output)
        let second = journal.build()
        #expect(second.succeeded && second.upToDate)
        #expect(second.pageCount == first.pageCount)
        #expect(!second.stages.map(\.name).contains("load"))
        #expect(mtimes(journal.output) == before)
        // Other options build other sites.
        let drafts = journal.build(drafts: true)
        #expect(drafts.succeeded && !drafts.upToDate)
    }

    @Test func aTouchedEntryOrAnAlteredOutputIsBuiltAgain() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        // Same bytes, new status-change time: built again, but no output file changes.
        let entry = "content/diary/2026/11/2026-11-19.md"
        let text = try #require(journal.page(entry, in: journal.path))
        Thread.sleep(forTimeInterval: 0.02)
        try journal.write(entry, text)
        let before = mtimes(journal.output)
        let rebuilt = journal.build()
        #expect(rebuilt.succeeded && !rebuilt.upToDate)
        // Only the marker changed (it records the new stamp), and it is not counted as a page.
        #expect(rebuilt.filesWritten == 0)
        #expect(mtimes(journal.output).filter { $0.key != SiteWriter.markerName } == before.filter { $0.key != SiteWriter.markerName })
        // A page removed or edited in the output by hand is put back.
        try journal.remove("public/2026/11/19/index.html")
        try journal.write("public/assets/site.css", "body { color: red }")
        let repaired = journal.build()
        #expect(repaired.succeeded && !repaired.upToDate)
        #expect(journal.page("2026/11/19/index.html") != nil)
        #expect(journal.page("assets/site.css")?.contains("color: red") == false)
        #expect(journal.build().upToDate)
    }

    @Test func warningsAreShownOnEveryBuild() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write(
            "content/diary/2026/11/2026-11-19.md", "---\ntitle: Before\nwether: rain\ntracks: [{title: Earlier Song, artist: Someone, genre: Jazz}]\n---\n")
        let first = journal.build()
        #expect(first.succeeded && first.diagnostics.apartFromBaseURLAdvice.count == 1)
        let before = mtimes(journal.output)
        let second = journal.build()
        #expect(second.succeeded && !second.upToDate)
        #expect(second.diagnostics == first.diagnostics)
        // The full pipeline ran and compared every file: none was rewritten.
        #expect(second.filesWritten == 0 && second.filesRemoved == 0)
        #expect(mtimes(journal.output) == before)
    }

    @Test func oneChangedEntryRewritesOnlyThePagesThatShowIt() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let before = mtimes(journal.output)
        Thread.sleep(forTimeInterval: 0.05)
        try journal.write(
            "content/diary/2026/11/2026-11-19.md", "---\ntitle: Before, edited\ntracks: [{title: Earlier Song, artist: Someone, genre: Jazz}]\n---\n")
        let report = journal.build()
        #expect(report.succeeded)
        let after = mtimes(journal.output)
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(rewritten.contains("2026/11/19/index.html"))
        #expect(rewritten.contains("2026/11/20/index.html"))  // its "previous day" link shows the title
        #expect(!rewritten.contains("assets/site.css"))
        #expect(!rewritten.contains("playlists/rainy-commute/index.html"))
        #expect(report.filesWritten == rewritten.subtracting([SiteWriter.markerName]).count)
        #expect(journal.page("2026/11/19/index.html")?.contains("Before, edited") == true)
        // Static files too: only a changed one is copied again.
        let staticBefore = mtimes(journal.output)["artwork/rain.svg"]
        try journal.write("static/artwork/new-jeans.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>")
        #expect(journal.build().succeeded)
        #expect(mtimes(journal.output)["artwork/rain.svg"] == staticBefore)
        #expect(journal.page("artwork/new-jeans.svg")?.contains("<rect/>") == true)
    }

    @Test func singleThreadedBuildGivesTheSameBytes() throws {
        let source = try TestJournal(try Self.syntheticYear())
        let generated = source.path
        var parallel = BuildOptions(source: generated, output: generated + "/out-parallel")
        var single = BuildOptions(source: generated, output: generated + "/out-single")
        single.singleThreaded = true
        parallel.singleThreaded = false
        #expect(Build.run(parallel).succeeded)
        #expect(Build.run(single).succeeded)
        var a = source.tree(generated + "/out-parallel")
        var b = source.tree(generated + "/out-single")
        // The marker records where each build went, so it alone may differ.
        a[SiteWriter.markerName] = nil
        b[SiteWriter.markerName] = nil
        #expect(a.count > 500)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
    }

    /// A year of listening, made up deterministically: 1-3 tracks on most days from a skewed
    /// catalogue (collaborations, Korean titles, missing genres), tags, moods, Markdown bodies
    /// with links, lists and tables, playlists and a page: enough that every kind of page and
    /// chart is rendered many times.
    static func syntheticYear() throws -> String {
        var seed: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let artists = ["NewJeans", "아이유", "Bill Evans Trio", "Hiroshi Sato", "검정치마", "Phoebe Bridgers", "Nujabes", "LE SSERAFIM", "Mariya Takeuchi", "혁오"]
        let genres = ["K-Pop", "kpop", "Ballad", "Jazz", "City Pop", "Indie", "Hip-Hop", "Folk", "R&B", "Electronic", "Ambient", ""]
        let words = ["rain", "bus", "night", "coffee", "snow", "window", "밤", "바다", "train", "walk"]
        let catalogue = (0..<60).map { number -> String in
            let artist = number % 7 == 0 ? "[\(artists[number % 10]), \(artists[(number + 3) % 10])]" : "\"\(artists[number % 10])\""
            let genre = genres[number % genres.count]
            return "  - title: \"\(words[number % 10].capitalized) \(number) \(words[(number * 3) % 10])\"\n    artist: \(artist)\n"
                + (genre.isEmpty ? "" : "    genre: \(genre)\n")
                + "    duration: \"\(2 + number % 4):\(10 + number % 50)\"\n"
                + (number % 5 == 0 ? "    links: {spotify: \"https://open.spotify.com/track/\(number)\"}\n" : "")
        }
        var files = "-- journal.yaml --\ntitle: A synthetic year\nbase_url: https://example.org/\ngenres: {top: 6}\n"
        var date = try #require(CalendarDate(year: 2025, month: 1, day: 1))
        for day in 0..<365 {
            defer { date = date.adding(days: 1) }
            guard next(100) < 88 else { continue }
            var text = "-- content/diary/\(date.iso).md --\n---\n"
            if day % 4 == 0 { text += "title: \"\(words[next(10)]) and \(words[next(10)])\"\n" }
            if day % 6 == 0 { text += "mood: \(words[next(10)])\n" }
            if day % 3 == 0 { text += "tags: [\(words[next(10)]), \(words[next(10)])]\n" }
            text += "tracks:\n"
            for _ in 0..<(1 + next(3)) { text += catalogue[min(next(60), next(60))] }
            text += "---\nA *\(words[next(10)])* day, \(words[next(10)]) and [more](https://example.org/\(day)).\n"
            if day % 10 == 0 { text += "\n- one\n- two\n\n| a | b |\n|---|---|\n| \(day) | ~~x~~ |\n" }
            files += text
        }
        for number in 0..<12 {
            files += "-- content/playlists/mix-\(number).md --\n---\ntitle: Mix \(number)\ntags: [\(words[number % 10])]\ntracks:\n"
            for offset in 0..<(8 + number) { files += catalogue[(number * 7 + offset) % 60] }
            files += "---\nFor \(words[number % 10]).\n"
        }
        files += "-- content/pages/about.md --\n---\ntitle: About\n---\nA year of songs.\n"
        return files
    }

}

/// A template that renders past the limits is a build error at the template, and the previous
/// site stays as it was.
@Suite struct TemplateRenderErrorTests {
    @Test func aPageOverTheRenderLimitsIsAnErrorAndNothingIsWritten() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let before = journal.tree()
        // Twenty-five sections over the same two-track list, nested: 2^25 renders.
        let deep = String(repeating: "{{#tracks}}", count: 25) + "{{title}}" + String(repeating: "{{/tracks}}", count: 25)
        try journal.write("templates/day.mustache", "<p>{{#day}}\n\(deep)\n{{/day}}</p>\n")
        let report = journal.build()
        #expect(!report.succeeded)
        let lines = journal.lines(report.diagnostics.apartFromBaseURLAdvice)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("templates/day.mustache:2:"), "\(line)")
        #expect(line.contains(": error: the page takes more than 5000000 render steps, the limit"), "\(line)")
        #expect(journal.tree() == before)
    }
}

/// Counts the questions a build asks, from any thread.
final class AskCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
