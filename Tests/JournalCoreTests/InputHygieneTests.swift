import Foundation
import Testing

@testable import JournalCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Hostile or careless input gives a well-formed site or a clear, one-line error at the right
/// place, the same one on every run.
@Suite struct InputHygieneTests {
    func wellFormed(_ data: Data?) -> Bool {
        guard let data else { return false }
        return XMLParser(data: data).parse()
    }

    @Test func yamlEscapesOfControlCharactersAreErrorsAtTheirValue() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                title: "Rain\\x01"
                tracks:
                  - {title: "A\\x0cB", artist: B, genre: "Jazz\\x1f"}
                  - {title: C, artist: D, genre: "\\uFFFE"}
                ---
                """)
        let lines = journal.lines(journal.build().diagnostics)
        #expect(
            lines == [
                "content/diary/2026-11-20.md:2:8: error: 'title' holds a control character (U+0001), which no page or feed can show; remove the escape",
                "content/diary/2026-11-20.md:4:13: error: 'title' holds a control character (U+000C), which no page or feed can show; remove the escape",
                "content/diary/2026-11-20.md:4:41: error: 'genre' holds a control character (U+001F), which no page or feed can show; remove the escape",
                "content/diary/2026-11-20.md:5:34: error: 'genre' holds a control character (U+FFFE), which no page or feed can show; remove the escape",
            ])
    }

    @Test func aRawControlCharacterIsReportedOnOneLineAtItsPlaceAndTheRestIsStillChecked() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                title: ok
                tracks: [{title: "a\u{1B}[2Jb", artist: B}]
                mood: [not, text]
                ---
                Body \u{85} and \u{1B}[31m red.
                """)
        let report = journal.build()
        let lines = journal.lines(report.diagnostics)
        #expect(
            lines == [
                "content/diary/2026-11-20.md:3:20: error: a control character (U+001B) is not allowed: no page or feed can show it; remove it (and 2 more in this file)",
                "content/diary/2026-11-20.md:4:7: error: 'mood' must be text, found a list",
            ])
        // What reaches a terminal has no control character of its own, whatever the message quotes.
        let printed = report.diagnostics.map(\.description).joined(separator: "\n")
        #expect(!printed.unicodeScalars.contains { ControlCharacters.isForbidden($0) })
        let quoting = Diagnostic(.warning, "unknown field 'a\u{1B}[2J\nb'", path: "x\u{7}.md")
        #expect(quoting.description == "x\\u{7}.md:1:1: warning: unknown field 'a\\u{1B}[2J\\u{A}b'")
        #expect(!quoting.githubAnnotation.unicodeScalars.contains { ControlCharacters.isForbidden($0) || $0 == "\n" })
    }

    @Test func characterReferencesToControlCharactersNeverReachTheXML() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                title: References
                tracks: [{title: A, artist: B, genre: Jazz, note: "x &#1; y"}]
                ---
                One &#1; two &#x80; three &#xFFFE; four &#x1F; five.
                """)
        #expect(journal.build().succeeded)
        #expect(wellFormed(FileManager.default.contents(atPath: journal.output + "/feed.xml")))
        #expect(wellFormed(FileManager.default.contents(atPath: journal.output + "/2026/11/chart.svg")))
        let page = try #require(journal.page("2026/11/20/index.html"))
        #expect(!page.unicodeScalars.contains { ControlCharacters.isForbidden($0) })
        #expect(page.contains("One \u{FFFD} two \u{FFFD} three \u{FFFD} four \u{FFFD} five."))
    }

    @Test func anchorsAndAliasesAreRefusedBeforeTheyExpand() throws {
        // Ten times more per level: nine levels would be a billion nodes used as a mapping key.
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "? *a9\n: boom\n"
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                \(yaml)tracks: [{title: A, artist: B}]
                ---
                -- content/diary/2026-11-21.md --
                ---
                base: &track {title: A, artist: B}
                tracks: [*track]
                ---
                """)
        let started = Date()
        let lines = journal.lines(journal.build().diagnostics)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(
            lines == [
                "content/diary/2026-11-20.md:2:5: error: YAML anchors and aliases are not accepted, found an anchor (&name): write the value out where it is needed",
                "content/diary/2026-11-21.md:2:7: error: YAML anchors and aliases are not accepted, found an anchor (&name): write the value out where it is needed",
            ])
        // journal.yaml too, and an alias alone is named as one.
        try journal.write("journal.yaml", "title: T\ndescription: *nothing\n")
        #expect(
            journal.lines(journal.build().diagnostics).contains(
                "journal.yaml:2:14: error: YAML anchors and aliases are not accepted, found an alias (*name): write the value out where it is needed"))
    }

    @Test func anEndOfFileErrorPointsIntoTheFile() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tracks: [{title: A, artist: B}]
                title: "never closed
                ---
                """)
        #expect(
            journal.lines(journal.build().diagnostics) == [
                "content/diary/2026-11-20.md:3:8: error: the quote (\") that opens this value is never closed: end the value with \" on the same line"
            ])
        try journal.write("journal.yaml", "title: [Test\n")
        let line = try #require(journal.lines(journal.build().diagnostics).first { $0.hasPrefix("journal.yaml") })
        #expect(line.hasPrefix("journal.yaml:1:13: error: invalid YAML"), "\(line)")
    }

    @Test func oneBadKeyInJournalYamlLeavesEveryOtherKeyApplied() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: Test Journal
            week_start: friday
            max_tracks_per_day: 5
            -- content/diary/2026-11-20.md --
            ---
            tracks: [{title: A, artist: B}, {title: C, artist: D}, {title: E, artist: F}, {title: G, artist: H}]
            ---
            """)
        #expect(
            journal.lines(journal.build().diagnostics) == [
                "journal.yaml:2:13: error: 'week_start' must be monday or sunday, found 'friday'"
            ])
    }

    @Test func twoColoursOrAliasesForOneGenreWarnAndTheFirstAlwaysWins() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: Test Journal
            genres:
              aliases:
                hiphop: Hip-Hop
                Hip Hop: Rap
              colors:
                K-Pop: "#111111"
                kpop: "#222222"
                k pop: "#111111"
            -- content/diary/2026-11-20.md --
            ---
            tracks: [{title: A, artist: B, genre: kpop}, {title: C, artist: D, genre: hip hop}]
            ---
            """)
        var charts: Set<Data> = []
        for _ in 0..<6 {
            let report = journal.build(output: journal.path + "/out-\(charts.count)")
            #expect(
                journal.lines(report.diagnostics.apartFromBaseURLAdvice) == [
                    "journal.yaml:5:5: warning: 'Hip Hop' is the same spelling as 'hiphop' on line 4, which already makes it Hip-Hop; this alias to Rap is ignored",
                    "journal.yaml:8:5: warning: 'kpop' is the same genre as 'K-Pop' on line 7, which already has the colour #111111; #222222 is ignored",
                ])
            let chart = try #require(FileManager.default.contents(atPath: journal.path + "/out-\(charts.count)/2026/11/chart.svg"))
            #expect(String(decoding: chart, as: UTF8.self).contains("#111111"))
            #expect(!String(decoding: chart, as: UTF8.self).contains("#222222"))
            charts.insert(chart)
        }
        #expect(charts.count == 1)
    }
}

/// `check` is `build` without writing: what would fail at write time is
/// found while planning, all at once, by both.
@Suite struct PlanCheckTests {
    @Test func veryLongNamesMakeShortSlugsInsteadOfFailingToWrite() throws {
        let long = String(repeating: "가", count: 86)  // 258 bytes: over a file system's 255
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tags: ["\(long)"]
                tracks: [{title: A, artist: "\(long)", genre: "\(long)"}, {title: B, artist: "\(long)나"}]
                ---
                """)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let slug = String(repeating: "가", count: 40)
        for folder in ["artists/\(slug)", "artists/\(slug)-2", "genres/\(slug)", "tags/\(slug)"] {
            #expect(journal.page(folder + "/index.html") != nil, "\(folder)")
        }
        #expect(Slug.make(String(repeating: "ab ", count: 100)).utf8.count <= Slug.maxBytes)
        #expect(!Slug.make(String(repeating: "ab ", count: 100)).hasSuffix("-"))
    }

    @Test func everyPathThatCannotBeWrittenIsFoundByCheckAndBuildAtOnce() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- static/2026 --
                a file where the year's pages go
                -- static/weeks --
                another
                -- static/feed.xml/entry.txt --
                a folder where the feed goes
                -- templates/robots.txt --
                User-agent: *
                """)
        let expected = [
            "static/2026:1:1: error: static/2026 is a file, but the site needs a folder at /2026/ for its own pages; rename or move it",
            "static/feed.xml/entry.txt:1:1: error: static/feed.xml/entry.txt needs a folder at /feed.xml/, but the site generates a file there; rename or move static/feed.xml",
            "static/weeks:1:1: error: static/weeks is a file, but the site needs a folder at /weeks/ for its own pages; rename or move it",
            "templates/robots.txt:1:1: error: two files of the site would be written to /robots.txt",
        ]
        #expect(journal.lines(Check.run(source: journal.path, strict: false).apartFromBaseURLAdvice) == expected)
        let report = journal.build()
        #expect(journal.lines(report.diagnostics.apartFromBaseURLAdvice) == expected)
        #expect(!FileManager.default.fileExists(atPath: journal.output))
    }
}

@Suite struct TemplateRecursionTests {
    @Test func aPartialThatIncludesItselfIsAnErrorAtTheIncludeInCheckAndBuild() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- templates/partials/footer.mustache --
                <footer>{{> partials/twice}}</footer>
                -- templates/partials/twice.mustache --
                <p>{{> partials/twice}}
                {{> partials/twice}}</p>
                -- templates/partials/ping.mustache --
                {{#site}}{{> partials/pong}}{{/site}}
                -- templates/partials/pong.mustache --
                {{> partials/ping}}
                """)
        let expected = [
            "templates/partials/pong.mustache:1:1: error: template recursion: partials/ping includes partials/pong includes partials/ping; it would never finish rendering",
            "templates/partials/twice.mustache:1:4: error: template recursion: partials/twice includes partials/twice; it would never finish rendering",
            "templates/partials/twice.mustache:2:1: error: template recursion: partials/twice includes partials/twice; it would never finish rendering",
        ]
        let started = Date()
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == expected)
        #expect(journal.lines(journal.build().diagnostics) == expected)
        #expect(Date().timeIntervalSince(started) < 5)
    }
}

/// Positions found by fuzzing (Fuzz/crashes/MarkdownFuzz): every diagnostic points inside the file.
@Suite struct MarkdownPositionTests {
    @Test func linkErrorsPointAtTheLinkInScalarsOnLoneCRLinesAndAutolinks() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tracks: [{title: A, artist: B}]
                ---
                한글 텍스트 [x](javascript:alert(1))
                > quoted
                lazy [y](javascript:alert(2))

                Chat with me at xmpp:foo@bar.baz today.
                """)
        try journal.write("content/diary/2026-11-21.md", bytes: Array("---\rtracks: [{title: A, artist: B}]\r---\ra\r\rb\r[x](javascript:a)\r".utf8))
        let lines = journal.lines(journal.build().diagnostics)
        let places = lines.map { $0.components(separatedBy: ": error:")[0] }
        #expect(places.count == 4, "\(lines)")
        #expect(places[0] == "content/diary/2026-11-20.md:4:8")  // in characters, not UTF-8 bytes
        // cmark-gfm counts a lazy line's columns as if the quote's "> " stood before it: the
        // column is kept inside the line (it says 8, where the link starts at 6).
        #expect(places[1].hasPrefix("content/diary/2026-11-20.md:6:"))
        #expect((Int(places[1].split(separator: ":").last ?? "") ?? 99) <= "lazy [y](javascript:alert(2))".count + 1)
        #expect(places[2] == "content/diary/2026-11-20.md:8:1")  // an autolink: its paragraph's place, not line 0
        #expect(places[3] == "content/diary/2026-11-21.md:7:1")  // lone CRs end lines

    }
}
