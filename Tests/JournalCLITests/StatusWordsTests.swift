import Foundation
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal status` and imported or synced days (issue 37, "A reminder that knows"): a day with
/// `source:` counts as logged only once it has the writer's words (docs/reminders.md).
@Suite struct StatusWordsTests {
    let cli = CommandLineTests()
    static let settings = "title: T\ntimezone: UTC\n"
    static let tracks = "tracks:\n  - title: Hype Boy\n    artist: NewJeans\n    album: New Jeans\n    duration: \"2:59\"\n"

    /// A day as `journal import` and `journal sync` write it, with `extra` front matter lines and a body.
    static func imported(_ extra: String = "", body: String = "", trackNote: String? = nil) -> String {
        "---\n# Imported by `journal import` from listenbrainz: add a title, a mood or a few words any time.\nsource: listenbrainz\n"
            + extra + tracks + (trackNote.map { "    note: \($0)\n" } ?? "") + "---\n" + body
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func anImportedDayTodayWaitsForWordsAndCountsOnceItHasThem() throws {
        let today = Today.date(now: CommandLineTests.now, timezone: "UTC")
        let relative = "content/diary/\(today.iso).md"
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings, relative: Self.imported()])
        let file = folder.path + "/" + relative
        let quiet = cli.journal(["status", "--quiet", "--source", folder.path])
        #expect(quiet.status == 3 && quiet.out.isEmpty && quiet.errors.isEmpty, "\(quiet.out) \(quiet.errors)")
        let loud = cli.journal(["status", "--source", folder.path])
        #expect(loud.status == 3)
        #expect(loud.out.first?.hasSuffix("not logged yet: its listening is in, waiting for your words.") == true, "\(loud.out)")
        #expect(loud.out.contains { $0.hasPrefix("1 day imported or synced in the last 30 waits for your words; the newest: \(today.iso)") }, "\(loud.out)")
        #expect(loud.out.last == "Today's listening is in \(file): it counts once you add a title, a mood, tags, a note or a few words.")
        #expect(loud.out.contains { $0.hasPrefix("Last entry: none yet") }, "\(loud.out)")

        let words = [
            ("a mood", Self.imported("mood: rainy\n")), ("a title", Self.imported("title: Commute\n")),
            ("tags", Self.imported("tags: [bus]\n")), ("a body", Self.imported(body: "\nThe bus was late.\n")),
            ("a track's note", Self.imported(trackNote: "on repeat")),
            ("a body of Hangul", Self.imported(body: "비 오는 날\n")),
            ("a body that is an image", Self.imported(body: "![](https://example.org/bus.jpg)\n")),
        ]
        for (what, text) in words {
            try write(text, to: file)
            let run = cli.journal(["status", "--quiet", "--source", folder.path])
            #expect(run.status == 0, "\(what): \(run.errors)")
            #expect(cli.journal(["status", "--source", folder.path]).out.first?.hasSuffix(": logged.") == true, "\(what)")
        }
        // A day the writer made, without `source:`, is logged with its songs alone; so is one
        // whose `source:` was emptied.
        try write("---\n" + Self.tracks + "---\n", to: file)
        #expect(cli.journal(["status", "--quiet", "--source", folder.path]).status == 0)
        try write("---\nsource: \"\"\n" + Self.tracks + "---\n", to: file)
        #expect(cli.journal(["status", "--quiet", "--source", folder.path]).status == 0)
    }

    /// White space is no words: a body, a note, a title or a mood of spaces, tabs, blank lines,
    /// ideographic or no-break spaces, a zero-width space, or an HTML comment the page does not
    /// show.
    @Test func anImportedDayWhoseWordsAreOnlyWhiteSpaceStillWaits() throws {
        let today = Today.date(now: CommandLineTests.now, timezone: "UTC")
        let relative = "content/diary/\(today.iso).md"
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings, relative: Self.imported()])
        let file = folder.path + "/" + relative
        let blanks = [
            ("a body of spaces and blank lines", Self.imported(body: "\n   \n\t\n\n")),
            ("a body of ideographic and no-break spaces", Self.imported(body: "\n\u{3000}\u{3000}\n\u{00A0}\n")),
            ("a body of a zero-width space", Self.imported(body: "\u{200B}\n")),
            ("a body that is an HTML comment", Self.imported(body: "<!-- later -->\n")),
            ("a note of spaces", Self.imported(trackNote: "\"   \"")),
            ("a note of an ideographic space", Self.imported(trackNote: "\"\u{3000}\"")),
            ("a title and a mood of spaces", Self.imported("title: \"  \"\nmood: \"\\t\"\ntags: []\n")),
            ("a title, a mood and a tag of invisible characters", Self.imported("title: \"\u{200B}\"\nmood: \"\u{3000}\"\ntags: [\"\u{FEFF}\u{200D}\"]\n")),
        ]
        for (what, text) in blanks {
            try write(text, to: file)
            let run = cli.journal(["status", "--source", folder.path])
            #expect(run.status == 3, "\(what): \(run.out) \(run.errors)")
            #expect(run.out.first?.hasSuffix("waiting for your words.") == true, "\(what): \(run.out)")
        }
    }

    /// A day file with `source:` whose front matter is wrong is an error naming the file, never
    /// a day counted either way: `status` exits 1 and says what to fix.
    @Test func anImportedDayWithAMalformedFrontMatterIsAnError() throws {
        let today = Today.date(now: CommandLineTests.now, timezone: "UTC")
        let relative = "content/diary/\(today.iso).md"
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings])
        let file = folder.path + "/" + relative
        try FileManager.default.createDirectory(atPath: folder.path + "/content/diary", withIntermediateDirectories: true)
        let broken = [
            ("source as a list", "---\nsource: [listenbrainz]\n" + Self.tracks + "---\n", "'source' must be text"),
            ("source as a mapping", "---\nsource: {name: listenbrainz}\n" + Self.tracks + "---\n", "'source' must be text"),
            ("a YAML syntax error", "---\nsource: listenbrainz\ntracks: [\n---\n", relative),
            ("an unclosed front matter", "---\nsource: listenbrainz\n" + Self.tracks, relative),
        ]
        for (what, text, said) in broken {
            try write(text, to: file)
            let quiet = cli.journal(["status", "--quiet", "--source", folder.path])
            #expect(quiet.status == 1, "\(what): \(quiet.out) \(quiet.errors)")
            let loud = cli.journal(["status", "--source", folder.path])
            #expect(loud.status == 1, "\(what)")
            #expect((loud.out + loud.errors).contains { $0.contains(said) }, "\(what): \(loud.out) \(loud.errors)")
        }
    }

    /// The count of days waiting for words: of the last 30 days (today among them), in all, and
    /// the newest; a waiting day is no entry for the streaks, the week, the month or the last
    /// entry; a draft or a day after today is not counted.
    @Test func statusCountsTheDaysWaitingForWordsRecentAndInAll() throws {
        let today = try #require(CalendarDate(iso: "2026-11-27"))
        func path(_ offset: Int) -> String { "content/diary/\(today.adding(days: offset).iso).md" }
        var files = ["journal.yaml": Self.settings]
        // Waiting: yesterday, 10 and 29 days ago (the last 30), 30 and 100 days ago (before).
        for offset in [-1, -10, -29, -30, -100] { files[path(offset)] = Self.imported() }
        files[path(1)] = Self.imported()  // after today
        files[path(-2)] = Self.imported("mood: calm\n")  // words: logged
        files[path(-3)] = Self.imported("draft: true\n")  // a draft
        files[path(-4)] = "---\n" + Self.tracks + "---\n"  // the writer's
        let folder = try CommandLineTests.Folder(files)
        let journal = try #require(JournalLoader(source: folder.path).load(LoadOptions(drafts: true)).journal)
        let status = JournalStatus(journal: journal, today: today)
        #expect(status.waiting == JournalStatus.Waiting(recent: 3, total: 5, newest: today.adding(days: -1)))
        #expect(!status.todayLogged && !status.todayWaits)
        #expect(status.currentStreak == 0)
        #expect(status.lastEntry == today.adding(days: -2))
        #expect(status.month.logged == 2)
        #expect(
            status.lines.contains(
                "3 days imported or synced in the last 30 wait for your words (5 in all); the newest: 2026-11-26 (Thursday). Add a title, a mood, tags, a note or a few words to make a day yours."
            ), "\(status.lines)")
        // Only old ones: said as such; none: no line.
        let later = JournalStatus(journal: journal, today: today.adding(days: 60))
        #expect(later.waiting == JournalStatus.Waiting(recent: 0, total: 6, newest: today.adding(days: 1)))
        #expect(
            later.lines.contains { $0.hasPrefix("6 days imported or synced before the last 30 wait for your words; the newest: 2026-11-28") }, "\(later.lines)")
        let before = JournalStatus(journal: journal, today: today.adding(days: -200))
        #expect(before.waiting.total == 0 && !before.lines.contains { $0.contains("your words") })
    }
}
