import Foundation
import Testing

@testable import JournalCore

/// The remaining messages a user can meet, each triggered once with its location.
@Suite struct MoreErrorTests {
    @Test func configValuesOutOfShape() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            base_url: ftp://example.org/
            timezone: Mars/Olympus
            max_tracks_per_day: many
            genres:
              top: 0
              aliases: [kpop]
              colors:
                Jazz: blue
            markdown: yes
            limits:
              max_file_size: -1
            """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "journal.yaml:2:11: error: 'base_url' must be an http(s) URL like https://me.github.io/journal/ or a path starting with '/'",
                "journal.yaml:3:11: error: unknown time zone 'Mars/Olympus': use an IANA name like Asia/Seoul",
                "journal.yaml:4:21: error: 'max_tracks_per_day' must be a whole number, found 'many'",
                "journal.yaml:6:8: error: 'genres.top' must be between 1 and 100, found 0",
                "journal.yaml:7:12: error: 'genres.aliases' must map a spelling to a genre, like 'kpop: K-Pop'",
                "journal.yaml:9:11: error: colour 'blue' for Jazz must be written #rrggbb",
                "journal.yaml:10:11: error: 'markdown' must be a mapping, found 'yes'",
                "journal.yaml:12:18: error: 'limits.max_file_size' must be between 1 and 67108864, found -1",
            ])
    }

    @Test func badBaseURLFlag() throws {
        let journal = try TestJournal(minimalConfig)
        let report = journal.build(baseURL: "javascript:alert(1)")
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "command line:1:1: error: --base-url 'javascript:alert(1)' must be an http(s) URL or a path starting with '/'"
            ])
    }

    @Test func trackShapes() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks:
                  - just a string
                  - title: A
                    artist: []
                    links: https://open.spotify.com/x
                  - title: B
                    artist: X
                    links: {myspace: "https://myspace.com/x"}
                ---
                -- content/diary/2026-11-22.md --
                ---
                - a list, not a mapping
                ---
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026-11-21.md:3:5: error: track 1 must be a mapping with at least 'title' and 'artist', found 'just a string'",
                "content/diary/2026-11-21.md:5:13: error: 'artist' must name at least one artist",
                "content/diary/2026-11-21.md:6:12: error: 'links' must be a mapping like 'spotify: https://...', found 'https://open.spotify.com/x'",
                "content/diary/2026-11-21.md:9:13: warning: unknown field 'myspace' in links",
                "content/diary/2026-11-22.md:2:1: error: the front matter must be a mapping of fields (like 'title: ...'), found a list",
            ])
    }

    @Test func staticFileHiddenByAGeneratedPageIsAWarning() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- static/404.html --
                <p>mine</p>
                """)
        let report = journal.build()
        #expect(report.succeeded)
        #expect(
            journal.lines(report.diagnostics.apartFromBaseURLAdvice) == [
                "static/404.html:1:1: warning: static/404.html is not copied: the site generates a file at /404.html"
            ])
        #expect(journal.page("404.html")?.contains("Page not found") == true)
    }

    @Test func aPageNamedLikeAYearGetsAnotherSlug() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- content/pages/2026.md --
                ---
                title: My year
                ---
                """)
        #expect(journal.build().succeeded)
        #expect(journal.page("page-2026/index.html")?.contains("My year") == true)
        #expect(journal.page("2026/11/20/index.html") != nil)
    }

    @Test func outputThatIsAFile() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("public", "not a folder")
        let report = journal.build()
        #expect(!report.succeeded)
        let line = try #require(journal.lines(report.diagnostics).first)
        #expect(line.hasPrefix("journal.yaml:1:1: error: "), "\(line)")
        #expect(line.contains("public exists and is not a folder"), "\(line)")
    }
}
