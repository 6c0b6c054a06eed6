import Foundation
import Testing

@testable import JournalCore

/// MarkdownBounds reports each input class that makes cmark-gfm super-linear, at its place, and
/// nothing in ordinary diaries (benchmarks/pathological.py times the same classes).
@Suite struct MarkdownBoundsTests {
    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    /// The only problem reported for `text`, which must be one.
    static func single(_ text: String) -> MarkdownBounds.Problem? {
        let problems = MarkdownBounds.check(text)
        #expect(problems.count == 1, "\(problems)")
        return problems.first
    }

    static func expectSafe(_ text: String, _ comment: Comment? = nil) {
        let problems = MarkdownBounds.check(text)
        #expect(problems.isEmpty, comment ?? "\(problems)")
    }

    // MARK: Nesting

    @Test func deepBlockQuotesAreReportedWhereTheyPassTheLimit() throws {
        let text = "Intro\n\n" + Self.repeated(">", 40) + " a*b*\n"
        let problem = try #require(Self.single(text))
        #expect(problem.line == 3)
        #expect(problem.column == 33)
        #expect(problem.message.contains("at most 32 deep"))
        Self.expectSafe("Intro\n\n" + Self.repeated(">", 32) + " a*b*\n")
    }

    @Test func deepListsByMarkersOrIndentationAreReported() throws {
        let markers = try #require(Self.single("한글 먼저\n" + Self.repeated("- ", 33) + "x\n"))
        #expect(markers.line == 2 && markers.column == 65)
        #expect(markers.message.contains("32"))
        Self.expectSafe("한글 먼저\n" + Self.repeated("- ", 32) + "x\n")

        // One level a line, two more spaces each time.
        var stairs = ""
        for level in 0..<40 { stairs += Self.repeated("  ", level) + "- item\n" }
        let indented = try #require(Self.single(stairs))
        #expect(indented.line == 33 && indented.column == 65)
        var lowStairs = ""
        for level in 0..<32 { lowStairs += Self.repeated("  ", level) + "- item\n" }
        Self.expectSafe(lowStairs)
    }

    @Test func deepFootnoteDefinitionsAreReported() throws {
        let problem = try #require(Self.single("See[^a].\n\n" + Self.repeated("[^a]: ", 33) + "x\n"))
        #expect(problem.line == 3 && problem.column == 193)
        Self.expectSafe("See[^a].\n\n" + Self.repeated("[^a]: ", 32) + "x\n")
    }

    @Test func thematicBreaksAndBoxedTextAreNotNesting() {
        Self.expectSafe(Self.repeated("* ", 50) + "\n\n" + Self.repeated("- ", 40) + "\n")
        Self.expectSafe("*" + Self.repeated(" ", 70) + "*\n*  6. Disclaimer" + Self.repeated(" ", 60) + "*\n")
    }

    // MARK: Tables

    @Test func wideTableRowsAreReported() throws {
        let header = Self.repeated("|a", 129) + "|\n"
        let problem = try #require(Self.single("Songs:\n\n" + header + Self.repeated("|-", 129) + "|\n"))
        #expect(problem.line == 3 && problem.column == 1)
        #expect(problem.message.contains("at most 128 cells (this one has 129)"))
        Self.expectSafe("Songs:\n\n" + Self.repeated("|a", 128) + "|\n" + Self.repeated("|-", 128) + "|\n")

        // A long row under a narrow header is split in full before it is cut to two cells.
        let row = try #require(Self.single("a|b\n-|-\n1|2\n" + Self.repeated("a|", 129) + "\n"))
        #expect(row.line == 4 && row.column == 1)
        Self.expectSafe("a|b\n-|-\n1|2\n" + Self.repeated("a|", 128) + "\n")
        // Outside tables a long run of pipes costs nothing.
        Self.expectSafe(Self.repeated("|", 5000) + "\n")
    }

    @Test func shortRowsPaddedToAWideHeaderAreCounted() throws {
        // 50 columns: 1,000 one-byte rows would make 50,050 cells.
        let table = Self.repeated("|a", 50) + "|\n" + Self.repeated("|-", 50) + "|\n"
        let problem = try #require(Self.single("x\n\n" + table + Self.repeated("a\n", 1000)))
        #expect(problem.line == 4 && problem.column == 1)
        #expect(problem.message.contains("at most 50000 cells"))
        Self.expectSafe("x\n\n" + table + Self.repeated("a\n", 998))
    }

    @Test func delimiterRowsThatStartNoTableAreCounted() throws {
        // Each `|-|` under a two-column header fails and re-reads the paragraph above it.
        let text = "intro\n\n" + Self.repeated("|a|b|\n|-|\n", 1000)
        let problem = try #require(Self.single(text))
        #expect(problem.message.contains("delimiter row"))
        #expect(problem.message.contains("2000000"))
        #expect(problem.column == 1)
        #expect(problem.line > 3 && problem.line % 2 == 0)
        Self.expectSafe("intro\n\n" + Self.repeated("|a|b|\n|-|\n", 200))
        // Splitting a line into cells costs the square of their number.
        let pipes = Self.repeated(Self.repeated("|", 127) + "\n", 125)
        let wide = try #require(Self.single(pipes + "|-|\n"))
        #expect(wide.line == 126 && wide.column == 1)
        Self.expectSafe(Self.repeated(Self.repeated("|", 127) + "\n", 115) + "|-|\n")
    }

    // MARK: Inline HTML

    @Test func unclosedInlineHTMLOpenersAreReportedAtTheFirst() throws {
        for (opener, closer, name) in [("<?", "?>", "'<?'"), ("<!A ", ">", "'<!'"), ("<![CDATA[", "]]>", "'<![CDATA['")] {
            let text = "Fine <b>day</b>.\n\nSo " + opener + "x " + closer + " and " + Self.repeated("a " + opener, 65) + "\nmore\n"
            let problem = try #require(Self.single(text), "\(opener)")
            #expect(problem.line == 3, "\(opener)")
            // "So ", the closed pair, " and ", then "a " before the first unclosed opener.
            #expect(problem.column == 1 + 3 + opener.count + 2 + closer.count + 5 + 2, "\(opener)")
            #expect(problem.message.contains("at most 64 \(name)"), "\(opener)")
            Self.expectSafe("So " + Self.repeated("a " + opener, 64) + "\nmore\n", "\(opener)")
            // A closer at the end makes the first opener take everything.
            Self.expectSafe("So " + Self.repeated("a " + opener, 200) + closer + "\n", "\(opener)")
            // Paragraphs apart are scanned apart.
            Self.expectSafe(Self.repeated("a " + opener + "\n\n", 200), "\(opener)")
        }
    }

    // MARK: Brackets

    @Test func linksAfterManyImageOpenersAreReported() throws {
        let text = "a\n\n" + Self.repeated("![", 1001) + Self.repeated("[a](b)", 1000)
        let problem = try #require(Self.single(text))
        #expect(problem.line == 3)
        // The 1,000th ']' brings 1,001 × 1,000 pairs.
        #expect(problem.column == 2002 + 999 * 6 + 3)
        #expect(problem.message.contains("at most 1000000 pairs"))
        Self.expectSafe("a\n\n" + Self.repeated("![", 1000) + Self.repeated("[a](b)", 1000))
        // Matched images pair with nothing.
        Self.expectSafe(Self.repeated("![photo](p.jpg)\n\n", 3000))
    }

    // MARK: Autolinks

    @Test func wordsWithManyAtSignsAreReported() throws {
        let text = "mail me\n" + Self.repeated("a@", 40)
        let problem = try #require(Self.single(text))
        #expect(problem.line == 2 && problem.column == 1)
        #expect(problem.message.contains("at most 32 '@' (this one has 40)"))
        Self.expectSafe("mail me\n" + Self.repeated("a@", 32) + " " + Self.repeated("a@", 32))
        Self.expectSafe(Self.repeated("@", 500))
    }

    @Test func wwwAfterUnderscoresIsReported() throws {
        let problem = try #require(Self.single("go to " + Self.repeated("www._", 9)))
        #expect(problem.line == 1 && problem.column == 7)
        #expect(problem.message.contains("at most 8 'www.'"))
        Self.expectSafe("go to " + Self.repeated("www._", 8))
        // After a letter or dot `www.` starts no link, so it costs nothing.
        Self.expectSafe(Self.repeated("awww.", 50) + " " + Self.repeated("www.", 50))
    }

    @Test func addressesEndingInManyParenthesesAreReported() throws {
        let problem = try #require(Self.single("see\n  (https://example.com/a" + Self.repeated(")", 33) + " ok"))
        #expect(problem.line == 2 && problem.column == 3)
        #expect(problem.message.contains("at most 32 ')' (this one has 33)"))
        Self.expectSafe("see\n  (https://example.com/a" + Self.repeated(")", 32) + " ok")
        Self.expectSafe("not an address" + Self.repeated(")", 100))
    }

    // MARK: Reference definitions

    @Test func referenceDefinitionsCopiedTooOftenAreReported() throws {
        let definition = "[a]: /" + Self.repeated("x", 3999) + "\n\n"
        // 4,000 bytes × 1,001 ']' (the definition's own counts).
        let text = definition + Self.repeated("[a] ", 1000)
        let problem = try #require(Self.single(text))
        #expect(problem.line == 3 && problem.column == 4 * 999 + 3)
        #expect(problem.message.contains("at most 4000000 bytes"))
        Self.expectSafe(definition + Self.repeated("[a] ", 999))
        // Titles count, and a definition can come after its uses.
        let titled = Self.repeated("[a] ", 999) + "\n\n[a]: /x\n  \"" + Self.repeated("t", 4100) + "\"\n"
        let late = try #require(Self.single(titled))
        #expect(late.line == 3 && late.column == 1)
    }

    // MARK: Every class at once

    @Test func eachClassIsReportedOnceInTextOrder() {
        let text =
            Self.repeated("www._", 20) + "\n\n" + Self.repeated(">", 40) + "\n\n"
            + Self.repeated(">", 50) + "\n\n" + Self.repeated("a <?", 100) + "\n\n" + Self.repeated("a <?", 100)
        let problems = MarkdownBounds.check(text)
        #expect(problems.map(\.line) == [1, 3, 7])
        #expect(problems.map(\.column) == [1, 33, 3])
    }

    @Test func positionsCountUnicodeScalarsAndLineEndings() throws {
        let text = "첫째 줄\r\n둘째\r셋째 🎵 " + Self.repeated("a@", 33)
        let problem = try #require(Self.single(text))
        #expect(problem.line == 3)
        #expect(problem.column == 6)
    }

    // MARK: No false positives

    static let realistic = """
        # 오늘의 노래 — *Hype Boy*

        Rain all day. I played **NewJeans** on repeat, then [밤편지](https://music.apple.com/kr/album/1) by 아이유.
        Details at <https://example.com/a?b=c&d=e>, www.example.com/path_(x) and jiwoo.han@example.com.
        Quick ~~edit~~ and a footnote[^1], plus an image ![cover](/artwork/cover.svg "Cover").

        > A quote from the liner notes,
        > > nested once, with `code` and <span class="x">inline HTML</span>.
        > - a list in a quote
        >   - nested
        >     - three deep
        >       - four deep

        1. First
           - [x] done
           - [ ] not yet
             1. ordered inside
                > quoted inside
        2. Second with a line  
           break

        | Time | Song | Artist | Album | Genre | Mood | Rating | Notes |
        |:-----|:----:|-------:|-------|-------|------|--------|-------|
        | 7:10 | Hype Boy | NewJeans | New Jeans | K-Pop | 😀 | 5 | bus \\| late |
        | 8:05 | 밤편지 | 아이유 | Palette | Ballad | 😌 | 4 | |
        | 9:30 | So What | Miles Davis | Kind of Blue | Jazz | | 5 | `a|b` |

        ```swift
        let table = "| a | b |"
        for i in 0..<10 { print(array[i]) } // ![not an image]
        if x < y && y > z { print("<?php ?> <!DOCTYPE html>") }
        ```

            indented code with [brackets] and > signs

        <details><summary>More</summary>

        <!-- a comment --> and <![CDATA[ x ]]> and <?php echo 1; ?>

        </details>

        * * *

        Links: [one][1], [two][], [three], <mailto:a@b.co>, https://example.com/x(y)z.
        C++ and e-mail a.b+c@d.e are fine, as is @handle and @@ or a@b@c.

        [1]: https://example.com/one "One"
        [two]: <https://example.com/two two> 'Two'
        [three]: https://example.com/three
          (Three)

        [^1]: The footnote, with its own paragraph.

            And an indented continuation.

        ---
        Setext heading
        --------------
        """

    @Test func realisticMarkdownIsNotReported() throws {
        Self.expectSafe(Self.realistic)
        // A long diary day: the same page fifty times.
        Self.expectSafe(Self.repeated(Self.realistic + "\n\n", 50))
        // And rendering it takes the normal path.
        #expect(try Markdown(unsafeHTML: false).render(Self.realistic, path: "realistic.md").get().html.contains("<table>"))
    }

    @Test func theSampleJournalIsNotReported() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let content = root.appendingPathComponent("content")
        let walker = try #require(FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil))
        var count = 0
        for case let url as URL in walker where url.pathExtension == "md" {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(MarkdownBounds.check(text).isEmpty, "\(url.path)")
            count += 1
        }
        #expect(count > 10)
    }

    // MARK: The worst inside the limits still renders

    /// Bodies of about 250 KB, each at the edge of one limit (timed in benchmarks/pathological.py).
    static let insideLimits: [(String, String)] = {
        let size = 250_000
        func fill(_ unit: String) -> String { repeated(unit, size / unit.utf8.count) }
        let wide = repeated("|a", 128) + "|\n" + repeated("|-", 128) + "|\n"
        return [
            ("quote depth and emphasis", repeated(">", 32) + fill("a*")),
            ("list depth and blank lines", repeated("- ", 32) + "x\n" + fill("\n")),
            ("quote and list depth", "> " + repeated("- ", 31) + "x\n" + fill(">\n")),
            ("footnote depth", "[^a]\n\n" + repeated("[^a]: ", 32) + "x\n" + fill("\n")),
            ("wide table", wide + repeated(repeated("|a", 128) + "|\n", 385) + "\n" + repeated("z ", 60_000)),
            ("wide rows", "a|b\n-|-\n" + fill(repeated("|", 127) + "\n")),
            ("table cells", "|a|\n|-|\n" + repeated("a\n", 49_990) + "\n" + repeated("x ", 60_000)),
            ("delimiter re-reads", repeated(repeated("|", 127) + "\n", 115) + "|-|\n\n" + repeated("a ", 110_000)),
            ("html openers", repeated("a <?", 64) + repeated(" <!A", 64) + repeated(" <![CDATA[", 64) + fill(" a")),
            ("image openers", repeated("![", 1000) + repeated("[]()", 999) + "\n\n" + fill("a ")),
            ("at signs", repeated(repeated(repeated("a", 1000) + "@", 32) + " ", 7)),
            ("www", repeated(repeated("_www." + repeated("a", 1000), 8) + " ", 30)),
            ("address parens", fill("www.a.b/" + repeated("x", 1000) + repeated(")", 32) + " ")),
            ("reference copies", "[a]: /" + repeated("x", 3999) + "\n\n" + repeated("[a] ", 999) + fill("z ")),
        ]
    }()

    @Test func theWorstInputsInsideTheLimitsAreNotReportedAndRender() throws {
        for (name, text) in Self.insideLimits {
            #expect(text.utf8.count > 200_000 && text.utf8.count < 262_144, "\(name): \(text.utf8.count) bytes")
            #expect(MarkdownBounds.check(text).isEmpty, "\(name): \(MarkdownBounds.check(text))")
            let output = try Markdown(unsafeHTML: false).render(text, path: "\(name).md").get()
            #expect(!output.html.isEmpty, "\(name)")
        }
    }
}
