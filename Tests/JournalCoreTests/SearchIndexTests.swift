import Foundation
import Testing

@testable import JournalCore

/// The search index: what each file holds, that counts are never searched, that rows carry
/// plays for ranking, and that the files are the same on every build.
@Suite struct SearchIndexTests {
    static let journalFiles = """
        -- journal.yaml --
        title: Test Journal
        -- content/diary/2025-12-31.md --
        ---
        title: Last day of the year
        tags: [Rain, commute]
        mood: sleepy
        tracks:
          - {title: Hype Boy, artist: NewJeans, genre: K-Pop, note: "Played *twice* at the café"}
          - {title: Café del Mar, artist: Energy 52, genre: Electronic}
        ---
        Walked to the **harbour** & back; "the lights" were <on>.

        - first snow
        - 호떡 at the station
        -- content/diary/2026-01-02.md --
        ---
        tags: [rain]
        tracks:
          - {title: Ditto, artist: newjeans, genre: kpop, album: OMG}
          - {title: 가을 발라드, artist: [아이유, NewJeans], genre: Ballad}
        ---
        A quiet day.
        -- content/playlists/wet.md --
        ---
        title: Wet Mornings
        description: For the 7:40 bus
        tags: [rain]
        tracks: [{title: Ditto, artist: NewJeans, note: "the rainiest one"}]
        ---
        Songs for umbrellas.
        -- content/pages/about.md --
        ---
        title: About
        ---
        Kept since the winter of 2025.
        """

    /// A file of the built index, parsed.
    static func json(_ journal: TestJournal, _ path: String) throws -> [String: Any] {
        let text = try #require(journal.page(path), "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The rows of the names file, with their kind's name first (days apart, newest first as the
    /// file has them), the text of every text file it lists by path, and those files.
    static func rows(_ journal: TestJournal) throws -> (names: [[Any]], days: [[Any]], texts: [String: String], files: [String]) {
        let parts = try textFiles(journal)
        var texts: [String: String] = [:]
        for (_, pairs) in parts { for (path, text) in pairs { texts[path] = text } }
        let index = try json(journal, "search-index.json")
        let kinds = try #require(index["kinds"] as? [String])
        let rows = try #require(index["items"] as? [[Any]]).map { row in [kinds[Self.at(row, 0) as? Int ?? 0]] + row.dropFirst() }
        return (rows.filter { at($0, 0) as? String != "day" }, rows.filter { at($0, 0) as? String == "day" }, texts, parts.map(\.file))
    }

    /// The text files the names file lists, in its order, each with its `[path, text]` pairs in order.
    static func textFiles(_ journal: TestJournal) throws -> [(file: String, pairs: [(String, String)])] {
        let files = try #require(try json(journal, "search-index.json")["text"] as? [String])
        return try files.map { file in
            let part = try json(journal, file)
            #expect(part["items"] == nil, "\(file): names are all in search-index.json")
            return (file, (part["text"] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
        }
    }

    /// A field of a row, nil past its end (a row ends early when it has no aliases or text).
    static func at(_ row: [Any]?, _ index: Int) -> Any? {
        guard let row, index < row.count else { return nil }
        return row[index]
    }

    static func row(_ rows: [[Any]], _ kind: String, _ name: String) -> [Any]? {
        rows.first { at($0, 0) as? String == kind && at($0, 1) as? String == name }
    }

    @Test func namesCoverEveryKindWithPathsUnderTheBaseAndPlaysForRanking() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build(baseURL: "/journal/").succeeded)
        let (names, _, _, files) = try Self.rows(journal)
        #expect(try Self.json(journal, "search-index.json")["kinds"] as? [String] == SearchIndex.kinds)
        // [kind, name, path, plays, context]: NewJeans has 2 plays as the primary artist.
        let newJeans = try #require(Self.row(names, "artist", "NewJeans"))
        #expect(Self.at(newJeans, 2) as? String == "artists/newjeans/" && Self.at(newJeans, 3) as? Int == 2)
        let ditto = try #require(Self.row(names, "track", "Ditto"))
        // Played once: its card on that day.
        // Its artist by the spelling the diary writes most (`NewJeans`, not this day's `newjeans`).
        #expect(Self.at(ditto, 2) as? String == "2026/01/02/#track-1" && Self.at(ditto, 3) as? Int == 1 && Self.at(ditto, 4) as? String == "NewJeans")
        #expect(ditto.count == 7 && Self.at(ditto, 6) as? String == "NewJeans", "a track's artists are its searched text")
        #expect(Self.at(Self.row(names, "genre", "K-Pop"), 3) as? Int == 2)
        let rain = try #require(Self.row(names, "tag", "Rain"))
        #expect(Self.at(rain, 2) as? String == "tags/rain/" && Self.at(rain, 3) as? Int == 4 && Self.at(rain, 4) as? String == "2 days")
        let december = try #require(Self.row(names, "month", "December 2025"))
        #expect(Self.at(december, 2) as? String == "2025/12/" && Self.at(december, 3) as? Int == 2)
        #expect(Self.at(december, 5) as? [String] == ["2025-12", "Dec 2025"])
        #expect(Self.at(Self.row(names, "year", "2026"), 2) as? String == "2026/")
        #expect(Self.row(names, "year", "2026")?.count == 5, "in English a year has no other name")
        #expect(Self.at(Self.row(names, "playlist", "Wet Mornings"), 4) as? String == "For the 7:40 bus")
        #expect(Self.at(Self.row(names, "page", "About"), 2) as? String == "about/")
        // Paths are relative to the site root: the script puts the base path in front.
        for row in names { #expect((Self.at(row, 2) as? String).map { !$0.hasPrefix("/") && !$0.hasPrefix("journal/") } == true) }
        #expect(files == ["search/days-2025-12.json", "search/playlists-pages.json"])
        let search = try #require(journal.page("search/index.html"))
        #expect(search.contains("data-index=\"/journal/search-index.json\""))
        #expect(search.contains("data-label-plays=\"{&quot;other&quot;:&quot;{n} songs logged&quot;,&quot;one&quot;:&quot;1 song logged&quot;}\""))
        #expect(attributeValues("src", in: search).contains("/journal/assets/search.js"))
    }

    @Test func diaryTextIsPlainAndFindsItsDay() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build().succeeded)
        let (_, days, texts, _) = try Self.rows(journal)
        #expect(days.map { Self.at($0, 1) as? String } == ["Friday, 2 January 2026", "Last day of the year"], "newest first")
        // A day's names are in the names file (so a result found by one is known at once), its
        // text in a text file.
        let last = try #require(Self.row(days, "day", "Last day of the year"))
        #expect(Self.at(last, 2) as? String == "2025/12/31/" && Self.at(last, 3) as? Int == 2)
        #expect(Self.at(last, 4) as? String == "31 Dec 2025 · Hype Boy, Café del Mar")
        #expect(Self.at(last, 5) as? [String] == ["2025-12-31", "Wednesday, 31 December 2025"])
        #expect(last.count == 6, "a day's text is not in the names file")
        // The body without markup (entities decoded, list items apart), the tracks' notes, the mood.
        #expect(texts["2025/12/31/"] == "Walked to the harbour & back; \"the lights\" were . first snow 호떡 at the station Played twice at the café sleepy")
        let untitled = try #require(days.first)
        #expect(Self.at(untitled, 4) as? String == "Ditto, 가을 발라드" && Self.at(untitled, 5) as? [String] == ["2026-01-02"])
        #expect(
            texts == [
                "2025/12/31/": texts["2025/12/31/"] ?? "", "2026/01/02/": "A quiet day.",
                "playlists/wet/": "For the 7:40 bus Songs for umbrellas. the rainiest one", "about/": "Kept since the winter of 2025.",
            ])
    }

    @Test func countsAndContextLinesAreNeverSearched() throws {
        let journal = try TestJournal(Self.journalFiles)
        #expect(journal.build().succeeded)
        let (names, days, texts, _) = try Self.rows(journal)
        let counts = try NSRegularExpression(pattern: #"\d+ (plays?|tracks?|days?)\b"#)
        func searched(_ row: [Any]) -> [String] {
            [Self.at(row, 1) as? String ?? ""] + (Self.at(row, 5) as? [String] ?? []) + [Self.at(row, 6) as? String ?? ""]
        }
        for text in (names + days).flatMap(searched) + texts.values {
            #expect(counts.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(text)")
        }
        // The genre's count is its context only, beside a name that is just the name.
        let genre = try #require(Self.row(names, "genre", "K-Pop"))
        #expect(genre.count == 5 && Self.at(genre, 4) as? String == "")
    }

    @Test func monthsAndYearsAreNamedInTheSiteLanguage() throws {
        let journal = try TestJournal(Self.journalFiles.replacingOccurrences(of: "title: Test Journal", with: "title: Test Journal\nlanguage: ko"))
        #expect(journal.build().succeeded)
        let (names, days, _, _) = try Self.rows(journal)
        let december = try #require(Self.row(names, "month", "2025년 12월"))
        #expect(Self.at(december, 5) as? [String] == ["2025-12", "12월 2025"])
        #expect(Self.at(Self.row(names, "year", "2026"), 5) as? [String] == ["2026년"])
        #expect(Self.row(days, "day", "2026년 1월 2일 금요일") != nil)
        #expect(Self.at(Self.row(names, "tag", "Rain"), 4) as? String == "2일")
    }

    @Test func filesAreWholeMonthsNewestFirstAndTheSameOnEveryBuild() throws {
        // Each month's text is over half the limit of a file, so every month is a file of its own.
        let long = String(repeating: "Rain on the window. ", count: SearchIndex.partLimit / 2 / 20 + 10)
        var files = "-- journal.yaml --\ntitle: T\n"
        for (date, title) in [("2026-01-05", "one"), ("2026-01-20", "two"), ("2026-02-01", "three"), ("2026-03-09", "four")] {
            files += "-- content/diary/\(date).md --\n---\ntitle: \(title)\ntracks: [{title: T, artist: A}]\n---\n\(long)\n"
        }
        let journal = try TestJournal(files)
        #expect(journal.build().succeeded)
        let parts = try Self.textFiles(journal)
        #expect(parts.map(\.file) == ["search/days-2026-03.json", "search/days-2026-02.json", "search/days-2026-01.json"])
        #expect(parts.map { $0.pairs.map(\.0) } == [["2026/03/09/"], ["2026/02/01/"], ["2026/01/20/", "2026/01/05/"]], "newest first")

        // Small months share a file, named by the first.
        let small = try TestJournal(Self.journalFiles)
        #expect(small.build().succeeded)
        let first = small.tree().filter { $0.key.hasPrefix("search") }
        #expect(small.build(output: small.path + "/again").succeeded)
        #expect(small.tree(small.path + "/again").filter { $0.key.hasPrefix("search") } == first, "byte-identical on rebuild")
        #expect(Set(first.keys) == ["search-index.json", "search/days-2025-12.json", "search/playlists-pages.json", "search/index.html"])
    }

    @Test func stringsAreEscapedSoEveryFileIsJSON() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            -- content/diary/2026-01-01.md --
            ---
            title: "Quotes \\" and a backslash \\\\ </script>"
            tracks: [{title: "Line\\u2028Separator", artist: "Tab\\tArtist"}]
            ---
            Text with a <script>alert(1)</script> tag and `</script>` in code.
            """)
        #expect(journal.build().succeeded)
        let (names, days, texts, _) = try Self.rows(journal)
        #expect(Self.row(days, "day", "Quotes \" and a backslash \\ </script>") != nil)
        #expect(Self.at(Self.row(names, "track", "Line\u{2028}Separator"), 4) as? String == "Tab\tArtist")
        let text = try #require(texts["2026/01/01/"])
        // Raw HTML is left out of the page (markdown.unsafe_html), so out of the text too.
        #expect(text == "Text with a alert(1) tag and </script> in code.")
        for file in ["search-index.json", "search/days-2026-01.json"] {
            #expect(journal.page(file)?.contains("</") == false, "\(file) never closes a script element")
        }
    }

    @Test func plainTextOfHTML() {
        #expect(
            PlainText.of(html: "<p>One <em>two</em>, <a href=\"x\">three</a>.</p>\n<p>Four&amp;five &#233;&#xE9; &lt;b&gt;</p>")
                == "One two, three. Four&five éé <b>")
        #expect(PlainText.of(html: "<ul>\n<li>a</li>\n<li>b</li>\n</ul><!-- raw HTML omitted --><STYLE>p{}</STYLE>c") == "a b c")
        #expect(PlainText.of(html: "fish &chips; &unknown; <br />x") == "fish &chips; &unknown; x")
    }
}
