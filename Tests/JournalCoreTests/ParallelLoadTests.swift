import Testing

@testable import JournalCore

/// Load decodes files on every core; nothing it produces may depend on that.
@Suite struct ParallelLoadTests {
    /// cmark-gfm parses one at a time on its queue and renders on every core: documents using every extension
    /// come out the same on many threads as on one.
    @Test func markdownRendersTheSameOnEveryCore() {
        let markdown = Markdown(unsafeHTML: false)
        let documents = (0..<400).map { number in
            """
            Day \(number): ~~struck~~ and ~single~, https://example.org/\(number) and www.example.com.

            | a | b |
            |---|:-:|
            | \(number) | ~~x~~ |

            - [x] done
            - [ ] not yet

            A note[^1] and <script>alert(\(number))</script>.

            [^1]: Footnote \(number).
            """
        }
        let serial = documents.map { (try? markdown.render($0, path: "test.md").get())?.html ?? "" }
        let parallel = ParallelMap.map(documents) { (try? markdown.render($0, path: "test.md").get())?.html ?? "" }
        #expect(parallel == serial)
        let first = serial[7]
        #expect(first.contains("<del>struck</del>"))
        #expect(first.contains("<a href=\"https://example.org/7\">"))
        #expect(first.contains("<table>"))
        #expect(first.contains("type=\"checkbox\""))
        #expect(first.contains("footnote"))
        #expect(!first.contains("<script>"))
    }

    /// Errors from many files come out in file order, whatever thread decoded them.
    @Test func diagnosticsKeepFileOrder() throws {
        var files = "-- journal.yaml --\ntitle: Parallel\n"
        for day in 1...28 {
            let date = "2026-02-\(day < 10 ? "0" : "")\(day)"
            files += "-- content/diary/\(date).md --\n---\ntitle: Day \(day)\nwether: rain\ntracks: [{title: Song, artist: Someone}]\n---\n"
        }
        let journal = try TestJournal(files)
        var options = LoadOptions()
        let parallel = JournalLoader(source: journal.path).load(options)
        options.parallel = false
        let serial = JournalLoader(source: journal.path).load(options)
        #expect(parallel.diagnostics.count == 28)
        #expect(parallel.diagnostics == serial.diagnostics)
        let paths = parallel.diagnostics.map(\.path)
        #expect(paths == paths.sorted())
        #expect(paths.first?.hasSuffix("content/diary/2026-02-01.md") == true)
        #expect(parallel.journal?.days.map(\.date.iso) == serial.journal?.days.map(\.date.iso))
    }
}
