import Foundation
import Testing

@testable import JournalCore

/// Every error a user can see, with its path:line:column.
@Suite struct LoadErrorTests {
    /// Builds `files` and returns the printed diagnostics; the build must fail and write nothing.
    func failingBuild(_ files: String, strict: Bool = false) throws -> [String] {
        let journal = try TestJournal(minimalConfig + "\n" + files)
        let report = journal.build(strict: strict)
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: journal.output), "a failed build wrote the output")
        return journal.lines(report.diagnostics)
    }

    @Test func missingFrontMatter() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            Just a body, no front matter.
            """)
        #expect(lines == ["content/diary/2026-11-21.md:1:1: error: missing front matter: the file must start with a line '---', then YAML, then a line '---'"])
    }

    @Test func unterminatedFrontMatter() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - title: A
                artist: B
            """)
        #expect(lines == ["content/diary/2026-11-21.md:1:1: error: unterminated front matter: no closing '---' line after the opening one"])
    }

    @Test func yamlSyntaxErrorPointsIntoTheFile() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            title: fine
            tracks: [unclosed
            ---
            """)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("content/diary/2026-11-21.md:"))
        #expect(line.contains(": error: invalid YAML:"))
        // libyaml notices the missing ']' at the end of the front matter, on file line 4 or 5.
        let lineNumber = Int(line.split(separator: ":")[1]) ?? 0
        #expect((3...5).contains(lineNumber), "\(line)")
    }

    @Test func missingRequiredFields() throws {
        let lines = try failingBuild(
            """
            -- content/diary/notes.md --
            ---
            title: No date and no tracks
            ---
            -- content/diary/2026-11-20.md --
            ---
            tracks:
              - title: No artist
              - artist: No title
            ---
            -- content/playlists/empty.md --
            ---
            description: no title
            tracks: []
            ---
            """)
        #expect(
            lines == [
                "content/diary/2026-11-20.md:3:5: error: missing required field 'artist' in track 1",
                "content/diary/2026-11-20.md:4:5: error: missing required field 'title' in track 2",
                "content/diary/notes.md:2:1: error: missing required field 'date' (or name the file YYYY-MM-DD.md)",
                "content/diary/notes.md:2:1: error: missing required field 'tracks' in a diary day",
                "content/playlists/empty.md:2:1: error: missing required field 'title' in a playlist",
            ])
    }

    @Test func invalidDatesAndWrongTypes() throws {
        let lines = try failingBuild(
            """
            -- content/diary/feb.md --
            ---
            date: 2026-02-30
            tracks:
              - title: A
                artist: B
            ---
            -- content/diary/2026-11-21.md --
            ---
            tracks: Hype Boy
            draft: maybe
            tags: {a: b}
            ---
            -- content/diary/2026-11-22.md --
            ---
            tracks:
              - title: [A, list]
                artist: B
                duration: "2:75"
                released: last year
            ---
            """)
        #expect(
            lines == [
                "content/diary/2026-11-21.md:2:9: error: 'tracks' must be a list of tracks, found 'Hype Boy'",
                "content/diary/2026-11-21.md:3:8: error: 'draft' must be true or false, found 'maybe'",
                "content/diary/2026-11-21.md:4:7: error: 'tags' must be text or a list of text, found a mapping",
                "content/diary/2026-11-22.md:3:12: error: 'title' must be text, found a list",
                "content/diary/2026-11-22.md:5:15: error: invalid duration '2:75': write m:ss (3:41), h:mm:ss (1:02:03) or whole seconds (221)",
                "content/diary/2026-11-22.md:6:15: error: invalid release date 'last year': write a year (2022) or a date (2022-08-01)",
                "content/diary/feb.md:2:7: error: invalid date '2026-02-30' in 'date': expected a calendar date written YYYY-MM-DD",
            ])
    }

    @Test func tooManyTracksForTheDay() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - {title: A, artist: X}
              - {title: B, artist: X}
              - {title: C, artist: X}
              - {title: D, artist: X}
            ---
            """)
        #expect(lines == ["content/diary/2026-11-21.md:6:5: error: a day lists at most 3 tracks (max_tracks_per_day), this one lists 4"])
    }

    @Test func maxTracksPerDayZeroMeansNoLimit() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            max_tracks_per_day: 0
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - {title: A, artist: X}
              - {title: B, artist: X}
              - {title: C, artist: X}
              - {title: D, artist: X}
            ---
            """)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
    }

    @Test func twoFilesForOneDateNameBoth() throws {
        let lines = try failingBuild(
            """
            -- content/diary/a/2026-11-21.md --
            ---
            tracks: [{title: A, artist: X}]
            ---
            -- content/diary/b/first-snow.md --
            ---
            date: 2026-11-21
            tracks: [{title: B, artist: X}]
            ---
            """)
        #expect(
            lines == [
                "content/diary/b/first-snow.md:1:1: error: two files for 2026-11-21: content/diary/a/2026-11-21.md and content/diary/b/first-snow.md; keep one file per date"
            ])
    }

    @Test func fileNameAndDateMustAgree() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            date: 2026-11-22
            tracks: [{title: A, artist: X}]
            ---
            """)
        #expect(lines == ["content/diary/2026-11-21.md:2:7: error: 'date' is 2026-11-22 but the file is named 2026-11-21.md: they must agree"])
    }

    @Test func unsafeURLSchemesAreRefusedEverywhere() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - title: A
                artist: X
                artwork: javascript:alert(1)
                preview: data:audio/ogg;base64,AAAA
                links:
                  spotify: file:///etc/passwd
            ---
            A [bad link](javascript:alert(document.cookie)) and ![img](vbscript:x).
            [mail](mailto:me@example.com) is fine.
            """)
        #expect(
            lines == [
                "content/diary/2026-11-21.md:5:14: error: 'artwork' uses the URL scheme 'javascript:', which is not allowed (only http:, https: and relative paths)",
                "content/diary/2026-11-21.md:6:14: error: 'preview' uses the URL scheme 'data:', which is not allowed (only http:, https: and relative paths)",
                "content/diary/2026-11-21.md:8:16: error: 'links.spotify' uses the URL scheme 'file:', which is not allowed (only http:, https: and relative paths)",
                "content/diary/2026-11-21.md:10:3: error: link 'javascript:alert(document.cookie)' uses the URL scheme 'javascript:', which is not allowed (only http:, https:, mailto: and relative paths)",
                "content/diary/2026-11-21.md:10:53: error: image source 'vbscript:x' uses the URL scheme 'vbscript:', which is not allowed (only http:, https:, mailto: and relative paths)",
            ])
    }

    @Test func unknownFieldIsAWarningAndStrictMakesItAnError() throws {
        let files = """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - title: A
                artist: X
                genra: Jazz
            colour: red
            ---
            """
        let journal = try TestJournal(minimalConfig + "\n" + files)
        let lenient = journal.build()
        #expect(lenient.succeeded)
        #expect(
            journal.lines(lenient.diagnostics.apartFromBaseURLAdvice) == [
                "content/diary/2026-11-21.md:5:5: warning: unknown field 'genra' in track 1 (did you mean 'genre'?)",
                "content/diary/2026-11-21.md:6:1: warning: unknown field 'colour' in a diary day",
            ])
        let strict = try TestJournal(minimalConfig + "\n" + files)
        let report = strict.build(strict: true)
        #expect(!report.succeeded)
        #expect(strict.lines(report.diagnostics).first == "content/diary/2026-11-21.md:5:5: error: unknown field 'genra' in track 1 (did you mean 'genre'?)")
    }

    @Test func notUTF8() throws {
        let journal = try TestJournal(minimalConfig)
        try journal.write("content/diary/2026-11-21.md", bytes: Array("---\ntracks:\n  - {title: Caf".utf8) + [0xE9] + Array(", artist: X}\n---\n".utf8))
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics) == ["content/diary/2026-11-21.md:3:16: error: the file is not valid UTF-8 (save it as UTF-8)"])
    }

    @Test func fileOverTheSizeLimit() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            limits:
              max_file_size: 200
            -- content/diary/2026-11-21.md --
            ---
            tracks: [{title: A, artist: X}]
            ---
            \(String(repeating: "la ", count: 100))
            """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026-11-21.md:1:1: error: the file is 341 bytes, over the limit of 200 (limits.max_file_size in journal.yaml)"
            ])
    }

    @Test func everyProblemInEveryFileInOneRun() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-20.md --
            no front matter
            -- content/diary/2026-11-21.md --
            ---
            date: 2026-11-22
            tracks: [{title: A, artist: X}]
            ---
            -- content/playlists/mix.md --
            ---
            title: Mix
            tracks:
              - {title: A}
            ---
            -- content/pages/about.md --
            ---
            draft: sometimes
            ---
            """)
        #expect(lines.count == 5, "\(lines)")
        #expect(
            Set(lines.map { String($0.split(separator: ":")[0]) }) == [
                "content/diary/2026-11-20.md", "content/diary/2026-11-21.md", "content/playlists/mix.md", "content/pages/about.md",
            ])
    }

    @Test func configErrorsAreReportedWithContentErrors() throws {
        let journal = try TestJournal(
            """
            -- journal.yaml --
            title: T
            week_start: friday
            language: fr
            genres:
              colors:
                Jazz: #123456
            -- content/diary/2026-11-21.md --
            ---
            tracks: nope
            ---
            """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026-11-21.md:2:9: error: 'tracks' must be a list of tracks, found 'nope'",
                "journal.yaml:2:13: error: 'week_start' must be monday or sunday, found 'friday'",
                "journal.yaml:3:11: error: unsupported language 'fr': use one of en, ko, or add templates/i18n/fr.yaml",
                "journal.yaml:6:5: error: no colour given for 'Jazz': quote it, like \"#d55e00\" (a bare # starts a YAML comment)",
            ])
    }

    @Test func missingConfig() throws {
        let journal = try TestJournal(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks: [{title: A, artist: X}]
            ---
            """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics) == ["journal.yaml:1:1: error: no journal.yaml here: is this a journal folder?"])
    }

    @Test func aConfigThatIsAPipeIsAnErrorNotAWaitForEver() throws {
        let journal = try TestJournal(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks: [{title: A, artist: X}]
            ---
            """)
        #expect(mkfifo(journal.path + "/journal.yaml", 0o644) == 0)
        let report = try #require(finishes(within: 60) { journal.build() }, "the build never ended: it opened the pipe and waits for a writer")
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "journal.yaml:1:1: error: cannot read journal.yaml: it is not a regular file (a pipe, a socket or a device)"
            ])
    }

    @Test func duplicateFieldIsAnError() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            title: One
            title: Two
            tracks: [{title: A, artist: X}]
            ---
            """)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("content/diary/2026-11-21.md:2:1: error: duplicate field 'title'") == true, "\(lines)")
    }
}
