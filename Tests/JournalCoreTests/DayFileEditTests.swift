import Foundation
import Testing

@testable import JournalCore

/// Adding a track to a day file (`journal add`) keeps every byte that was there and inserts only
/// the new item's lines, at the end of `tracks:`, shaped like the items before it.
@Suite struct DayFileEditTests {
    /// Lines with their endings, so that joining them gives the text back byte for byte.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: current, as: UTF8.self))
                current = []
            }
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        return lines
    }

    /// Appends `track` to `original` and returns the inserted lines (with their endings), after
    /// checking that every original line is still there, in order, around one inserted run.
    func inserted(_ track: NewTrackLines, into original: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try DayFileEdit.appendTrack(track, to: original).get()
        let before = Self.lines(original)
        let after = Self.lines(result)
        let count = after.count - before.count
        #expect(count > 0, sourceLocation: sourceLocation)
        let start = zip(before, after).prefix { $0 == $1 }.count
        let kept = Array(after[..<start]) + Array(after[(start + count)...])
        #expect(kept == before, "an original line changed", sourceLocation: sourceLocation)
        #expect(result.utf8.count == original.utf8.count + after[start..<start + count].map(\.utf8.count).reduce(0, +), sourceLocation: sourceLocation)

        // The build reads it back: the same day with one more track, equal to what was asked for.
        let was = try Self.day(original)
        let now = try Self.day(result)
        #expect(Array(now.tracks.dropLast()) == was.tracks, sourceLocation: sourceLocation)
        #expect(now.bodyHTML == was.bodyHTML && now.tags == was.tags && now.title == was.title, sourceLocation: sourceLocation)
        let added = try #require(now.tracks.last, sourceLocation: sourceLocation)
        #expect(added.title == track.title.trimmingCharacters(in: .whitespaces), sourceLocation: sourceLocation)
        #expect(added.artists == track.artists.map { $0.trimmingCharacters(in: .whitespaces) }, sourceLocation: sourceLocation)
        #expect((added.noteHTML != nil) == (track.note != nil), sourceLocation: sourceLocation)
        return Array(after[start..<start + count])
    }

    /// A day file decoded as the build decodes it (no limit on tracks).
    static func day(_ text: String) throws -> Day {
        let decoded = try SourceText.decode(Array(text.utf8), path: "day.md").get()
        let file = try FrontMatter.split(decoded, path: "day.md").get()
        let result = ContentDecoding(markdown: Markdown(unsafeHTML: false), maxTracksPerDay: 0)
            .day(file, path: "day.md", nameDate: CalendarDate(iso: "2026-11-21"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.value)
    }

    static let hypeBoy = NewTrackLines(title: "Hype Boy", artists: ["NewJeans"])

    @Test func itemsIndentedUnderTracksWithCommentsAndMoreKeysAfter() throws {
        let original = """
            ---
            # The first snow.
            title: First snow
            tracks:
              # On the bus.
              - title: 밤편지
                artist: 아이유   # her best
                genre: [Ballad, K-Pop]

              # At lunch.
              - title: 'Ditto'
                artist: "NewJeans"
                links:
                  spotify: https://open.spotify.com/track/1
            tags: [commute]   # and more
            mood: calm
            ---
            The bus was late.

            ---

            tracks:
              - title: not front matter
            """
        #expect(
            try inserted(Self.hypeBoy, into: original) == [
                "  - title: \"Hype Boy\"\n",
                "    artist: \"NewJeans\"\n",
            ])
    }

    @Test func itemsAtTheIndentationOfTracksAsTheLastKey() throws {
        let original = "---\ndate: 2026-11-21\ntracks:\n- title: A\n  artist: B\n- {title: C, artist: D}\n---\n"
        #expect(
            try inserted(NewTrackLines(title: "Hype Boy", artists: ["NewJeans", "Zico"], note: "Played it *twice*."), into: original) == [
                "- {title: \"Hype Boy\", artist: [\"NewJeans\", \"Zico\"], note: \"Played it *twice*.\"}\n"
            ])
        let blockLast = "---\ntracks:\n- title: A\n  artist: B\n---\nBody.\n"
        #expect(try inserted(Self.hypeBoy, into: blockLast) == ["- title: \"Hype Boy\"\n", "  artist: \"NewJeans\"\n"])
    }

    @Test func commentsAfterTheLastItemStayAfterIt() throws {
        let original = """
            ---
            tracks:
              - title: A
                artist: B
                # find the album
              # - title: Maybe tomorrow
              #   artist: Someone

            tags: [x]
            ---
            """
        let lines = try inserted(Self.hypeBoy, into: original)
        #expect(lines == ["  - title: \"Hype Boy\"\n", "    artist: \"NewJeans\"\n"])
        let result = try DayFileEdit.appendTrack(Self.hypeBoy, to: original).get()
        #expect(result.contains("    # find the album\n  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\n  # - title: Maybe tomorrow\n"))
    }

    @Test func aBlockScalarNoteInTheLastItemIsKeptWhole() throws {
        let original = """
            ---
            tracks:
              - title: A
                artist: B
                note: |
                  First line.

                  # not a comment: part of the note
              - title: C
                artist: D
                note: >-
                  Folded
                  text.
            tags: [x]
            ---
            """
        let lines = try inserted(NewTrackLines(title: "E", artists: ["F"], note: "Line one.\nLine two: #2"), into: original)
        #expect(lines == ["  - title: \"E\"\n", "    artist: \"F\"\n", "    note: \"Line one.\\nLine two: #2\"\n"])
        let result = try DayFileEdit.appendTrack(NewTrackLines(title: "E", artists: ["F"]), to: original).get()
        #expect(result.contains("      text.\n  - title: \"E\"\n    artist: \"F\"\ntags: [x]\n"))
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreKept() throws {
        let original = "\u{FEFF}---\r\ntitle: Snow\r\ntracks:\r\n  - title: A\r\n    artist: B\r\ntags: [x]\r\n---\r\nBody\r\n"
        #expect(try inserted(Self.hypeBoy, into: original) == ["  - title: \"Hype Boy\"\r\n", "    artist: \"NewJeans\"\r\n"])
        let result = try DayFileEdit.appendTrack(Self.hypeBoy, to: original).get()
        #expect(result.hasPrefix("\u{FEFF}---\r\n"))
        #expect(!result.utf8.split(separator: UInt8(ascii: "\n")).dropLast().contains { $0.last != UInt8(ascii: "\r") })
    }

    @Test func otherLayoutsOfTheList() throws {
        // A dash alone on its line, wider dashes, a deeper list.
        let bare = "---\ntracks:\n  -\n    title: A\n    artist: B\n---\n"
        #expect(try inserted(Self.hypeBoy, into: bare) == ["  - title: \"Hype Boy\"\n", "    artist: \"NewJeans\"\n"])
        let commented = "---\ntracks:\n  - title: A\n  # a comment inside the item\n    artist: B\n---\n"
        #expect(try inserted(Self.hypeBoy, into: commented) == ["  - title: \"Hype Boy\"\n", "    artist: \"NewJeans\"\n"])
        let wide = "---\ntracks:\n    -   title: A\n        artist: B\n---\n"
        #expect(try inserted(Self.hypeBoy, into: wide) == ["    -   title: \"Hype Boy\"\n", "        artist: \"NewJeans\"\n"])
        // No items yet.
        let empty = "---\ntracks:   # none yet\ntags: [x]\n---\n"
        let result = try DayFileEdit.appendTrack(Self.hypeBoy, to: empty).get()
        #expect(result == "---\ntracks:   # none yet\n  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\ntags: [x]\n---\n")
        #expect(try Self.day(result).tracks.map(\.title) == ["Hype Boy"])
    }

    @Test func valuesThatNeedQuotingReadBackAsTheyWere() throws {
        var text = "---\ntracks:\n  - title: A\n    artist: B\n---\n"
        let titles = [
            "Hype Boy", "밤편지", "\"Quoted\" & 'odd': #1", "- dash", "yes", "2046", "null", "~", "a\\b", "[x]", "{y}", "*star", "&anchor", "!tag", "%percent",
            "@at", "`tick`", "|", ">", "? q", ": c", "tab\there", "line\u{2028}separator", "  padded  ",
        ]
        for title in titles {
            let track = NewTrackLines(title: title, artists: ["x, y", "[z]", "no"], note: "**\(title)**")
            _ = try inserted(track, into: text)
            text = try DayFileEdit.appendTrack(track, to: text).get()
        }
        let day = try Self.day(text)
        #expect(day.tracks.map(\.title) == ["A"] + titles.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(day.tracks.dropFirst().allSatisfy { $0.artists == ["x, y", "[z]", "no"] })
    }

    /// Whatever the lines look like, a result that does not read back as the original plus the
    /// track is never returned.
    @Test func anEditThatWouldNotReadBackIsRefused() {
        // Lines of the last item no deeper than its dash: the place found is inside it. A flow
        // mapping would no longer parse; a single-quoted note would swallow the new lines.
        let flow = "---\ntracks:\n  - {title: A,\n  artist: B}\n---\n"
        #expect(DayFileEdit.appendTrack(Self.hypeBoy, to: flow) == .failure(.notVerified))
        let quoted = "---\ntracks:\n  - title: A\n    artist: B\n    note: 'a note\n  that goes on'\n---\n"
        #expect((try? Self.day(quoted))?.tracks.first?.noteHTML == "<p>a note that goes on</p>\n")
        #expect(DayFileEdit.appendTrack(Self.hypeBoy, to: quoted) == .failure(.notVerified))
    }

    @Test func whatCannotBeEditedSafelyIsAProblem() {
        func problem(_ text: String, _ track: NewTrackLines = DayFileEditTests.hypeBoy) -> DayFileEdit.Problem? {
            if case .failure(let problem) = DayFileEdit.appendTrack(track, to: text) { return problem }
            return nil
        }
        #expect(problem("---\ntracks: []\n---\n") == .flowList(line: 2))
        #expect(problem("---\ndate: 2026-11-21\ntracks: [{title: A, artist: B}]\n---\n") == .flowList(line: 3))
        #expect(problem("---\ntracks:\n  [{title: A, artist: B}]\n---\n") == .flowList(line: 3))
        #expect(problem("---\ntitle: x\n---\n") == .noTracks)
        #expect(problem("---\ntracks: Hype Boy\n---\n") == .notAList(line: 2))
        #expect(problem("no front matter\n")?.message.hasPrefix("cannot read the front matter (line 1): missing front matter") == true)
        #expect(problem("---\ntracks: [\n---\n")?.message.hasPrefix("cannot read the front matter") == true)
        #expect(
            problem("---\ntracks:\n  - title: A\n    artist: B\n---\n", NewTrackLines(title: " ", artists: ["B"])) == .invalidValue("the track needs a title"))
        #expect(
            problem("---\ntracks:\n  - title: A\n    artist: B\n---\n", NewTrackLines(title: "A", artists: [""])) == .invalidValue("the track needs an artist"))
        #expect(
            problem("---\ntracks:\n  - title: A\n    artist: B\n---\n", NewTrackLines(title: "A\u{1B}[31m", artists: ["B"]))?.message.contains(
                "control character") == true)
    }
}
