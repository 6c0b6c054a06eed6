import Foundation
import Testing

@testable import JournalCore

/// A cache of decoded files (`journal serve` keeps one) skips work and nothing else: after any
/// series of edits, a load or build with it gives exactly what a fresh one gives.
@Suite struct LoadCacheTests {
    static func day(_ title: String, _ artist: String = "B") -> String {
        "---\ntitle: \(title)\ntracks:\n  - {title: \(title) song, artist: \(artist), genre: Jazz}\n---\nText of \(title).\n"
    }

    /// Loads fresh and with `cache`; they must agree.
    func loadBoth(_ journal: TestJournal, cache: LoadCache) throws -> LoadResult {
        let fresh = JournalLoader(source: journal.path).load(LoadOptions(drafts: true))
        let cached = JournalLoader(source: journal.path).load(LoadOptions(drafts: true, cache: cache))
        #expect(cached.diagnostics == fresh.diagnostics)
        #expect(cached.journal?.days == fresh.journal?.days)
        #expect(cached.journal?.playlists.map(\.title) == fresh.journal?.playlists.map(\.title))
        return cached
    }

    @Test func aLoadWithTheCacheDecodesOnlyWhatChangedAndEqualsAFreshOne() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                \(Self.day("One"))
                -- content/diary/2026-11-21.md --
                \(Self.day("Two"))
                -- content/playlists/mix.md --
                ---
                title: Mix
                tracks:
                  - {title: A, artist: B}
                ---
                """)
        let cache = LoadCache()
        _ = try loadBoth(journal, cache: cache)
        #expect(cache.decodedLastTime == 3)
        _ = try loadBoth(journal, cache: cache)
        #expect(cache.decodedLastTime == 0)

        // An edit of the same size, a new file, then a file that breaks, a delete and a rename.
        try journal.write("content/diary/2026-11-21.md", Self.day("Tw0"))
        _ = try loadBoth(journal, cache: cache)
        #expect(cache.decodedLastTime == 1)
        try journal.write("content/diary/2026-11-22.md", Self.day("Three"))
        let added = try loadBoth(journal, cache: cache)
        #expect(added.journal?.days.map(\.title) == ["One", "Tw0", "Three"])
        #expect(cache.decodedLastTime == 1)
        try journal.write("content/diary/2026-11-20.md", "---\ntracks: [\n")
        let broken = try loadBoth(journal, cache: cache)
        #expect(broken.journal == nil)
        try journal.remove("content/diary/2026-11-20.md")
        try FileManager.default.moveItem(atPath: journal.path + "/content/diary/2026-11-22.md", toPath: journal.path + "/content/diary/2026-11-23.md")
        let moved = try loadBoth(journal, cache: cache)
        #expect(moved.journal?.days.map(\.date.iso) == ["2026-11-21", "2026-11-23"])

        // Settings that change what a file decodes to are part of the key.
        try journal.write("journal.yaml", "title: Test Journal\nmax_tracks_per_day: 1\n")
        try journal.write("content/diary/2026-11-21.md", "---\ntracks:\n  - {title: A, artist: B}\n  - {title: C, artist: D}\n---\n")
        _ = try loadBoth(journal, cache: cache)
        try journal.write("journal.yaml", "title: Test Journal\nmax_tracks_per_day: 2\n")
        let relaxed = try loadBoth(journal, cache: cache)
        #expect(relaxed.journal?.days.first?.tracks.count == 2)
    }

    @Test func aBuildWithTheCacheWritesTheSameSiteAsAFreshBuild() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                \(Self.day("One", "Ann"))
                -- content/diary/2026-11-21.md --
                \(Self.day("Two", "Bob"))
                """)
        let cache = LoadCache()
        var options = journal.options(output: journal.path + "/cached")
        options.cache = cache
        #expect(Build.run(options).succeeded)
        try journal.write("content/diary/2026-11-21.md", Self.day("Two again", "Ann"))
        try journal.write("content/diary/2026-11-25.md", Self.day("Five", "Cy"))
        #expect(Build.run(options).succeeded)
        #expect(cache.decodedLastTime == 2)
        #expect(Self.isWhatAFreshBuildWrites(journal.path + "/cached", journal))
    }

    @Test func theFirstPassPutsTheEditedDaysPagesInPlaceBeforeTheRest() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                \(Self.day("One", "Ann"))
                -- content/diary/2026-11-21.md --
                \(Self.day("Two", "Bob"))
                -- content/diary/2026-11-22.md --
                \(Self.day("Three", "Cy"))
                """)
        let (options, seen, output) = Self.served(journal, day: "2026/11/21/index.html", search: "search/days-2026-12.json")
        @Sendable func text(_ path: String) -> String {
            FileManager.default.contents(atPath: output + "/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        #expect(Build.run(options).succeeded)
        #expect(seen.calls.isEmpty || seen.calls == [[]], "nothing to put first on the first build: \(seen.calls)")

        try journal.write("content/diary/2026-11-21.md", Self.day("Deux", "Bob"))
        #expect(Build.run(options).succeeded)
        let paths = try #require(seen.calls.last)
        #expect(
            paths
                == [
                    "2026/11/20/index.html", "2026/11/21/index.html", "2026/11/22/index.html", "2026/11/index.html", "2026/chart.svg", "2026/review/index.html",
                    "2026/index.html", "2026/11/chart.svg", "2026/11/calendar.svg", "2026/heatmap.svg", "feed.xml", "index.html", "search-index.json",
                    "search/days-2026-11.json", "weeks/2026-11-16/chart.svg", "weeks/2026-11-16/index.html",
                    "artists/bob/index.html", "genres/jazz/index.html",
                ].sorted())
        #expect(seen.days.last?.contains("Deux") == true, "the day's page was in place when the first pass ended")
        #expect(Self.isWhatAFreshBuildWrites(output, journal))

        // A day in a month that had none, after a November too long to share a search file
        // with it: the new search-index.json names December's text file, which the first pass
        // puts in place with the day's text, so the search page fetches no missing file.
        let long = "---\ntracks: [{title: Long, artist: Ann}]\n---\n" + String(repeating: "word ", count: 27_000) + "\n"
        try journal.write("content/diary/2026-11-23.md", long)
        #expect(Build.run(options).succeeded)
        try journal.write("content/diary/2026-12-01.md", Self.day("Four", "Di"))
        #expect(Build.run(options).succeeded)
        let december = try #require(seen.calls.last)
        #expect(december.contains("search/days-2026-12.json"))
        #expect(!december.contains("search/days-2026-11.json"), "November's file did not change")
        #expect(seen.searches.last?.contains("Text of Four.") == true, "December's search text was in place when the first pass ended")
        #expect(text("search-index.json").contains("\"text\":[\"search/days-2026-12.json\",\"search/days-2026-11.json\"]"))
        // A new playlist's text goes with it, in the file of playlists' and pages' text.
        try journal.write("content/playlists/rain.md", "---\ntitle: Rain\ntracks: [{title: A, artist: B}]\n---\nSongs for rainy days.\n")
        #expect(Build.run(options).succeeded)
        #expect(seen.calls.last?.contains("search/playlists-pages.json") == true)
        #expect(seen.calls.last?.contains { $0.hasPrefix("search/days-") } == false)
        #expect(Self.isWhatAFreshBuildWrites(output, journal))
    }

    /// The first pass remakes the pages of what an edited day names now and of what it named
    /// before: the artist, genre and tag it gained and the ones it lost, from the plan's inputs.
    @Test func theFirstPassRemakesThePagesOfWhatADayNamesAndNamedBefore() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tags: [rain]
                tracks: [{title: Old Song, artist: Ann, genre: Jazz}]
                ---
                -- content/diary/2026-11-21.md --
                ---
                tags: [rain, sun]
                tracks: [{title: Old Song, artist: Ann, genre: Jazz}, {title: Other, artist: Di, genre: Rock}]
                ---
                -- content/diary/2026-11-22.md --
                ---
                tracks: [{title: Old Song, artist: Ann, genre: Jazz}]
                ---
                """)
        let (options, seen, output) = Self.served(journal)
        #expect(Build.run(options).succeeded)
        try journal.write("content/diary/2026-11-20.md", "---\ntags: [sun]\ntracks: [{title: New Song, artist: Bo, genre: Rock}]\n---\n")
        #expect(Build.run(options).succeeded)
        let paths = try #require(seen.calls.last)
        for page in [
            "artists/ann/index.html", "artists/bo/index.html", "tags/rain/index.html", "tags/sun/index.html",
            "genres/jazz/index.html", "genres/rock/index.html", "artists/ann/tracks/old-song/index.html",
        ] {
            #expect(paths.contains(page), "\(page) is not in \(paths)")
        }
        #expect(!paths.contains("artists/di/index.html"), "Di is on another day only")
        #expect(!paths.contains { $0.hasSuffix(".jpg") }, "cards wait for the whole site")
        #expect(Self.isWhatAFreshBuildWrites(output, journal))
    }

    /// A version of a day that only a stopped build's first pass showed (Bob, rain) is remade by
    /// the next first pass, not only the versions the whole site showed and shows now.
    @Test func aVersionOnlyAStoppedFirstPassShowedIsRemadeByTheNext() throws {
        func day(_ title: String, _ artist: String, tags: String = "[]") -> String {
            "---\ntitle: \(title)\ntags: \(tags)\ntracks:\n  - {title: \(title) song, artist: \(artist), genre: Jazz}\n---\nText of \(title).\n"
        }
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-10.md --
                \(day("Other", "Bob", tags: "[rain]"))
                -- content/diary/2026-11-21.md --
                \(day("Two", "Ann"))
                """)
        let (options, seen, output) = Self.served(journal, day: "artists/bob/index.html")
        #expect(Build.run(options).succeeded)
        /// Stopped at its first page after the first pass, as a newer save stops it.
        func stoppedAfterFirstPass() -> BuildReport {
            var stopping = options
            let asked = Seen()
            stopping.stopRequested = {
                asked.record([], day: "", search: "")
                return asked.calls.count > 1
            }
            return Build.run(stopping)
        }
        try journal.write("content/diary/2026-11-21.md", day("Middle", "Bob", tags: "[rain]"))
        #expect(stoppedAfterFirstPass().stopped)
        #expect(seen.days.last?.contains("Middle song") == true, "the stopped build's first pass showed the middle version")
        try journal.write("content/diary/2026-11-21.md", day("Final", "Cy"))
        #expect(stoppedAfterFirstPass().stopped)
        let last = try #require(seen.calls.last)
        #expect(last.contains("artists/bob/index.html") && last.contains("tags/rain/index.html"), "\(last)")
        #expect(seen.days.last?.contains("Middle song") == false, "Bob's page no longer shows the middle version")
        #expect(Build.run(options).succeeded)
        #expect(Self.isWhatAFreshBuildWrites(output, journal))
    }

    /// `journal serve` stops a build a newer save has made out of date: what that build loaded
    /// is not lost, the next build's first pass puts the pages of both edits in place.
    @Test func aStoppedBuildLeavesItsEditsToTheNextFirstPass() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-10-10.md --
                \(Self.day("One", "Ann"))
                -- content/diary/2026-11-15.md --
                \(Self.day("Between", "Cy"))
                -- content/diary/2026-11-21.md --
                \(Self.day("Two", "Bob"))
                """)
        let (options, seen, _) = Self.served(journal)
        #expect(Build.run(options).succeeded)

        try journal.write("content/diary/2026-10-10.md", Self.day("Uno", "Ann"))
        var stopping = options
        stopping.stopRequested = { true }
        let stopped = Build.run(stopping)
        #expect(stopped.stopped && !stopped.succeeded)
        try journal.write("content/diary/2026-11-21.md", Self.day("Dos", "Bob"))
        #expect(Build.run(options).succeeded)
        let paths = try #require(seen.calls.last)
        #expect(paths.contains("2026/10/10/index.html") && paths.contains("2026/11/21/index.html"), "\(paths)")
        // Once the whole site is in place, only new edits go first.
        try journal.write("content/diary/2026-11-21.md", Self.day("Tres", "Bob"))
        #expect(Build.run(options).succeeded)
        #expect(seen.calls.last?.contains("2026/10/10/index.html") == false, "\(seen.calls.last ?? [])")
    }

    /// Options for builds into `served/` with a cache, as `journal serve` makes them; each first
    /// pass is recorded with the text then in place at `day` and `search` (site paths).
    static func served(_ journal: TestJournal, day: String? = nil, search: String? = nil) -> (options: BuildOptions, seen: Seen, output: String) {
        let output = journal.path + "/served"
        let seen = Seen()
        @Sendable func text(_ path: String?) -> String {
            path.flatMap { FileManager.default.contents(atPath: output + "/" + $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        var options = journal.options(output: output)
        options.cache = LoadCache()
        options.firstPass = { paths in seen.record(paths, day: text(day), search: text(search)) }
        return (options, seen, output)
    }

    /// Whether `folder` holds what a fresh build of `journal` writes, the marker aside.
    static func isWhatAFreshBuildWrites(_ folder: String, _ journal: TestJournal) -> Bool {
        let fresh = journal.path + "/fresh"
        guard Build.run(journal.options(output: fresh)).succeeded else { return false }
        return journal.tree(folder).filter { $0.key != SiteWriter.markerName } == journal.tree(fresh).filter { $0.key != SiteWriter.markerName }
    }

    /// What the first pass reported, from its thread.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [([String], String, String)] = []
        func record(_ paths: [String], day: String, search: String) { lock.withLock { recorded.append((paths, day, search)) } }
        var calls: [[String]] { lock.withLock { recorded.map(\.0) } }
        var days: [String] { lock.withLock { recorded.map(\.1) } }
        var searches: [String] { lock.withLock { recorded.map(\.2) } }
    }
}
