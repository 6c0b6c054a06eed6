import Foundation
import Testing
import Yams

@testable import JournalCLI
@testable import JournalCore

/// The writer's commands end to end: `init`, `new`, `status` and `check --format json`, run
/// through the command line library in temporary folders.
@Suite struct WritingCommandTests {
    let cli = CommandLineTests()

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An empty temporary folder, removed afterwards.
    func emptyFolder() throws -> CommandLineTests.Folder {
        let folder = try CommandLineTests.Folder([:])
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        return folder
    }

    // MARK: init

    /// `TZ` as a POSIX rule (issue 35: init wrote Etc/UTC for each, silently): the zone with its
    /// offsets is written and said; a rule no zone keeps writes none, says so and asks for one;
    /// either journal builds.
    @Test func initWritesTheZoneOfAPOSIXRuleOrAsksForOne() async throws {
        for (tz, zone) in [("JST-9", "Etc/GMT-9"), ("<+0530>-5:30", "Asia/Kolkata"), ("XYZ-5:17", nil)] {
            let parent = try emptyFolder()
            let journal = parent.path + "/j"
            let run = try await AddCommandTests.run(["init", journal], environment: ["TZ": tz])
            #expect(run.status == 0, "\(run.errors)")
            let settings = try #require(read(journal + "/journal.yaml"))
            if let zone {
                #expect(settings.contains("\ntimezone: \(zone)\n"), "\(tz)")
                #expect(run.out.contains("TZ is the POSIX rule '\(tz)': wrote timezone: \(zone), a zone with the same offsets"), "\(run.out)")
            } else {
                #expect(!settings.contains("\ntimezone:"), "\(settings)")
                #expect(settings.contains("# timezone: Asia/Seoul"))
                #expect(
                    run.errors.contains("the time zone could not be told from TZ='XYZ-5:17'") && run.errors.contains("set it to yours"),
                    "\(run.errors)")
            }
            #expect(cli.journal(["build", "--strict", "--source", journal]).status == 0)
        }
    }

    /// The writer's first hour: a new journal builds strictly with no word; it has logged
    /// nothing; `journal new` (which init suggests) writes today's page; that skeleton builds
    /// (the day waits, said once) and still counts as nothing logged; filled in, it is today's.
    @Test func theFirstHourFromInitToTheFirstDayHasNoStumble() throws {
        for language in ["en", "ko"] {
            let parent = try emptyFolder()
            let journal = parent.path + "/my journal"
            let made = cli.journal(["init", journal, "--language", language, "--title", "Songs & Days"])
            #expect(made.status == 0, "\(made.errors)")
            #expect(made.out.contains { $0.contains("journal new") }, "\(made.out)")
            for file in ["journal.yaml", ".gitignore", ".github/workflows/publish.yml", "content/pages/about.md", "static/favicon.svg"] {
                #expect(FileManager.default.fileExists(atPath: journal + "/" + file), "\(language): \(file)")
            }
            #expect(!FileManager.default.fileExists(atPath: journal + "/content/diary"), "init wrote a day")
            let built = cli.journal(["build", "--strict", "--source", journal])
            #expect(built.status == 0 && built.errors.isEmpty, "\(language): \(built.errors)")
            let home = try #require(read(journal + "/public/index.html"))
            #expect(home.contains("Songs &amp; Days"))
            #expect(home.contains(language == "ko" ? "lang=\"ko\"" : "lang=\"en\""))
            #expect(read(journal + "/.gitignore")?.contains("/public/") == true)
            #expect(read(journal + "/.gitignore")?.contains("/.journal-cache/") == true)
            let fresh = cli.journal(["status", "--source", journal])
            #expect(
                fresh.out.first?.hasSuffix("not logged yet.") == true && fresh.out.contains("Last entry: none yet (journal new writes today's)."),
                "\(fresh.out)")

            // What init suggests works, and its skeleton builds as it is.
            let new = cli.journal(["new", "--source", journal])
            #expect(new.status == 0, "\(new.errors)")
            let day = try #require(new.out.first)
            let skeleton = cli.journal(["build", "--source", journal])
            #expect(skeleton.status == 0, "\(skeleton.errors)")
            #expect(
                skeleton.errors.count == 1 && skeleton.errors[0].contains("warning: no track filled in yet: this day stays out of the site"),
                "\(skeleton.errors)")
            let started = cli.journal(["status", "--source", journal])
            #expect(started.out.first?.hasSuffix("not logged yet.") == true)
            #expect(started.out.contains { $0.hasPrefix("Today's page is started in ") && $0.contains(day) }, "\(started.out)")

            let filled = try #require(read(day)).replacingOccurrences(
                of: "  - title: \"\"\n    artist: \"\"", with: "  - title: \"Ditto\"\n    artist: \"NewJeans\"")
            try Data(filled.utf8).write(to: URL(fileURLWithPath: day))
            let written = cli.journal(["build", "--strict", "--source", journal])
            #expect(written.status == 0 && written.errors.isEmpty, "\(written.errors)")
            #expect(cli.journal(["status", "--source", journal]).out.first?.hasSuffix(": logged.") == true)
        }
    }

    @Test func initWritesEverySettingAndAWorkflowThatIsYAML() throws {
        let parent = try emptyFolder()
        let journal = parent.path + "/j"
        #expect(cli.journal(["init", journal, "--tool-repository", "someone/journal"]).status == 0)
        let settings = try #require(read(journal + "/journal.yaml"))
        for key in ConfigLoading.topLevel { #expect(settings.contains("\n\(key):"), "journal.yaml lacks \(key)") }
        for key in ["top:", "aliases:", "colors:", "unsafe_html:", "max_file_size:"] { #expect(settings.contains(key)) }
        let workflow = try #require(read(journal + "/.github/workflows/publish.yml"))
        let parsed = try #require(try Yams.load(yaml: workflow) as? [String: Any])
        let jobs = try #require(parsed["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["build", "deploy"])
        #expect(workflow.contains("uses: someone/journal@v1\n"))
        #expect(!workflow.contains("schedule") && !workflow.contains("sync"))
        #expect((try Yams.load(yaml: settings) as? [String: Any])?["sync"] is NSNull)
        #expect(workflow.contains("actions/deploy-pages"))
        // The address is GitHub Pages' own (user sites and custom domains included).
        #expect(workflow.contains("uses: actions/configure-pages@v6") && workflow.contains("base-url: ${{ steps.pages.outputs.base_url }}/\n"))
        #expect(!workflow.contains("github.io"))
    }

    /// `init --sync` in each form: journal.yaml's `sync:` says the service and its user or
    /// server, and the one workflow syncs every hour (and on a push, and by hand), passes the
    /// service's secret from the repository's secrets, may commit, and never runs two at once.
    @Test func initWithSyncWritesTheSectionAndOneWorkflowThatSyncsEveryHour() throws {
        let forms: [(argument: String, service: String, key: String, value: String, secret: String)] = [
            ("listenbrainz:some_one", "listenbrainz", "user", "some_one", "LISTENBRAINZ_TOKEN"),
            ("lastfm:rj", "lastfm", "user", "rj", "LASTFM_API_KEY"),
            ("maloja:https://music.example.org/maloja", "maloja", "url", "https://music.example.org/maloja", "MALOJA_API_KEY"),
            ("Koito:http://192.168.1.20:4110", "koito", "url", "http://192.168.1.20:4110", "KOITO_API_KEY"),
        ]
        for form in forms {
            let parent = try emptyFolder()
            let journal = parent.path + "/j"
            let run = cli.journal(["init", journal, "--sync", form.argument, "--tool-repository", "someone/journal"])
            #expect(run.status == 0, "\(form.argument): \(run.errors)")
            #expect(run.out.contains { $0.contains(form.secret) }, "\(run.out)")
            let settingsText = try #require(read(journal + "/journal.yaml"))
            let settings = try #require(try Yams.load(yaml: settingsText) as? [String: Any])
            let sync = try #require(settings["sync"] as? [String: Any], "\(form.argument)")
            #expect(sync as? [String: String] == ["service": form.service, form.key: form.value], "\(sync)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: journal + "/.github/workflows") == ["publish.yml"])
            let text = try #require(read(journal + "/.github/workflows/publish.yml"))
            let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
            let on = try #require(workflow["on"] as? [String: Any])
            #expect(Set(on.keys) == ["push", "schedule", "workflow_dispatch"])
            #expect((on["schedule"] as? [[String: String]]) == [["cron": "17 * * * *"]])
            #expect(workflow["permissions"] as? [String: String] == ["contents": "write", "pages": "write", "id-token": "write"])
            let concurrency = try #require(workflow["concurrency"] as? [String: Any])
            #expect(concurrency["group"] as? String == "pages" && concurrency["cancel-in-progress"] as? Bool == false)
            let jobs = try #require(workflow["jobs"] as? [String: Any])
            let steps = try #require((jobs["build"] as? [String: Any])?["steps"] as? [[String: Any]])
            let action = try #require(steps.first { $0["uses"] as? String == "someone/journal@v1" })
            #expect((action["with"] as? [String: Any])?["sync"] as? Bool == true)
            #expect(action["env"] as? [String: String] == [form.secret: "${{ secrets.\(form.secret) }}"])
            // The same run publishes: upload after the action, then deploy.
            #expect(steps.last?["uses"] as? String == "actions/upload-pages-artifact@v5" && jobs["deploy"] != nil)
            // journal.yaml is what the settings' reader takes, with no warning.
            let check = cli.journal(["check", "--strict", "--source", journal])
            #expect(check.status == 0 && check.errors.isEmpty, "\(form.argument): \(check.errors)")
        }
        // Several services: a list, and each one's secret.
        let parent = try emptyFolder()
        let run = cli.journal(["init", parent.path + "/j", "--sync", "lastfm:rj", "--sync", "maloja:https://music.example.org"])
        #expect(run.status == 0, "\(run.errors)")
        let settingsText = try #require(read(parent.path + "/j/journal.yaml"))
        let settings = try #require(try Yams.load(yaml: settingsText) as? [String: Any])
        #expect(
            settings["sync"] as? [[String: String]] == [["service": "lastfm", "user": "rj"], ["service": "maloja", "url": "https://music.example.org"]])
        let workflow = try #require(read(parent.path + "/j/.github/workflows/publish.yml"))
        #expect(workflow.contains("LASTFM_API_KEY: ${{ secrets.LASTFM_API_KEY }}") && workflow.contains("MALOJA_API_KEY: ${{ secrets.MALOJA_API_KEY }}"))
        #expect(workflow.contains("uses: \(JournalInit.defaultToolRepository)@v1\n"))
    }

    /// A `--sync` init cannot read is a usage error that says what it takes, and writes nothing.
    @Test func initRefusesASyncItCannotRead() throws {
        let parent = try emptyFolder()
        let bad: [(argument: String, says: String)] = [
            ("spotify:me", "--sync must be listenbrainz:NAME, lastfm:NAME, maloja:URL or koito:URL, not 'spotify:me'"),
            ("listenbrainz", "--sync must be listenbrainz:NAME"),
            (
                "listenbrainz:",
                "--sync listenbrainz: needs your ListenBrainz user name after the colon (letters, digits, -, _ and . only), like listenbrainz:NAME"
            ),
            ("listenbrainz:a/b", "needs your ListenBrainz user name"),
            ("lastfm: rj", "needs your Last.fm user name"),
            ("lastfm:r\nj", "needs your Last.fm user name"),
            ("maloja:", "--sync maloja: needs your Maloja server's address after the colon, http:// or https://"),
            ("maloja:music.example.org", "needs your Maloja server's address"),
            ("koito:ftp://music.example.org", "needs your Koito server's address"),
            ("koito:https://", "needs your Koito server's address"),
        ]
        for form in bad {
            let run = cli.journal(["init", parent.path + "/j", "--sync", form.argument])
            #expect(run.status == 2, "\(form.argument)")
            #expect(run.errors.joined(separator: "\n").contains(form.says), "\(form.argument): \(run.errors)")
        }
        let twice = cli.journal(["init", parent.path + "/j", "--sync", "lastfm:rj", "--sync", "lastfm:rj"])
        #expect(twice.status == 2 && twice.errors.joined().contains("given twice"), "\(twice.errors)")
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/j"))
    }

    /// A folder named by one character, relative to the current one: Foundation on Linux traps
    /// on its parent (`NSString.deletingLastPathComponent`), and `journal init q` crashed.
    @Test func initMakesAJournalInAFolderOfOneCharacter() async throws {
        let parent = try emptyFolder()
        for name in ["q", "é"] {
            let run = try await AddCommandTests.run(["init", name], environment: [:], in: parent.path)
            #expect(run.status == 0, "\(run.errors)")
            #expect(FileManager.default.fileExists(atPath: parent.path + "/" + name + "/journal.yaml"))
            let build = try await AddCommandTests.run(
                ["build", "--quiet", "--source", name, "--output", name == "q" ? "o" : "p"], environment: [:], in: parent.path)
            #expect(build.status == 0, "\(build.errors)")
        }
    }

    @Test func initRefusesAFolderWithAnythingInItAndTouchesNothing() throws {
        let folder = try CommandLineTests.Folder([".hidden": "mine\n"])
        let run = cli.journal(["init", folder.path])
        #expect(run.status == 2)
        #expect(run.errors.first?.contains("is not empty") == true, "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".hidden"])
        #expect(read(folder.path + "/.hidden") == "mine\n")
        #expect(cli.journal(["init", folder.path, "--language", "fr"]).status == 2)
        let parent = try emptyFolder()
        for bad in [
            ["--title", "   "], ["--title", "a\u{1}b"], ["--tool-repository", "*a/b"], ["--tool-repository", "a/${{x"], ["--tool-repository", "me/.."],
        ] {
            #expect(cli.journal(["init", parent.path + "/j"] + bad).status == 2, "\(bad)")
        }
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/j"))
        #expect(cli.journal(["init", ""]).status == 2)
    }

    // MARK: new

    static let settings = "title: T\ntimezone: UTC\n"

    @Test func newWritesTodayInTheJournalsZoneAndNeverOverwrites() throws {
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings])
        let today = Today.date(now: CommandLineTests.now, timezone: "UTC")
        let expected = "content/diary/\(today.iso.prefix(4))/\(today.iso.dropFirst(5).prefix(2))/\(today.iso).md"
        let run = cli.journal(["new", "--source", folder.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out == [folder.path + "/" + expected])
        let skeleton = try #require(read(folder.path + "/" + expected))
        #expect(skeleton.hasPrefix("---\n"))
        #expect(skeleton.contains("tracks:\n  - title: \"\"\n    artist: \"\""))

        try Data("---\ntracks:\n  - {title: Mine, artist: Me}\n---\nMy words.\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + expected))
        let again = cli.journal(["new", "today", "--source", folder.path])
        #expect(again.status == 1)
        #expect(again.errors.first?.contains("already exists") == true)
        #expect(again.out == [folder.path + "/" + expected])
        #expect(read(folder.path + "/" + expected) == "---\ntracks:\n  - {title: Mine, artist: Me}\n---\nMy words.\n")
    }

    @Test func newFindsADateWrittenInAnotherFilesFrontMatter() throws {
        let folder = try CommandLineTests.Folder([
            "journal.yaml": Self.settings,
            "content/diary/old/first-day.md": "---\ndate: 2026-11-21\ntracks:\n  - {title: A, artist: B}\n---\n",
        ])
        let run = cli.journal(["new", "2026-11-21", "--source", folder.path])
        #expect(run.status == 1)
        #expect(run.out == [folder.path + "/content/diary/old/first-day.md"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/11/2026-11-21.md"))
        #expect(cli.journal(["new", "2026-11-20", "--source", folder.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/content/diary/2026/11/2026-11-20.md"))
        // The date however the YAML writes it: a BOM and CRLF, a quoted key, a flow mapping.
        try Data("\u{FEFF}---\r\n\"date\": 2026-11-18\r\ntracks:\r\n  - {title: A, artist: B}\r\n---\r\n".utf8)
            .write(to: URL(fileURLWithPath: folder.path + "/content/diary/old/windows.md"))
        try Data("---\n{date: 2026-11-17, tracks: [{title: A, artist: B}]}\n---\n".utf8)
            .write(to: URL(fileURLWithPath: folder.path + "/content/diary/old/flow.md"))
        #expect(cli.journal(["new", "2026-11-18", "--source", folder.path]).out == [folder.path + "/content/diary/old/windows.md"])
        #expect(cli.journal(["new", "2026-11-17", "--source", folder.path]).out == [folder.path + "/content/diary/old/flow.md"])
    }

    @Test func newTakesYesterdayAndPlaylistsAndRefusesBadDates() throws {
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings])
        let yesterday = Today.date(now: CommandLineTests.now, timezone: "UTC").adding(days: -1)
        #expect(cli.journal(["new", "yesterday", "--source", folder.path]).out.first?.hasSuffix("/\(yesterday.iso).md") == true)
        let playlist = cli.journal(["new", "playlist", "Rainy", "commute", "--source", folder.path])
        #expect(playlist.out == [folder.path + "/content/playlists/rainy-commute.md"])
        #expect(read(folder.path + "/content/playlists/rainy-commute.md")?.contains("title: \"Rainy commute\"") == true)
        #expect(cli.journal(["new", "playlist", "Rainy commute", "--source", folder.path]).status == 1)
        for bad in [["2026-02-30"], ["21/11/2026"], ["tomorrow", "today"], ["playlist"]] {
            let run = cli.journal(["new"] + bad + ["--source", folder.path])
            #expect(run.status == 2, "\(bad)")
        }
        #expect(cli.journal(["new", "2026-02-30", "--source", folder.path]).errors.joined().contains("YYYY-MM-DD"))
        let empty = try emptyFolder()
        #expect(cli.journal(["new", "--source", empty.path]).status == 1)
    }

    // MARK: status

    @Test func statusCountsStreaksWeeksAndMonthsUpToToday() throws {
        func day(_ draft: Bool = false) -> String { "---\n\(draft ? "draft: true\n" : "")tracks:\n  - {title: A, artist: B}\n---\n" }
        // 2026-11-25 is a Wednesday.
        var files = ["journal.yaml": "title: T\n", "content/diary/2026-11-25.md": day(true)]
        for date in ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-20", "2026-11-23", "2026-11-24"] { files["content/diary/\(date).md"] = day() }
        let folder = try CommandLineTests.Folder(files)
        let journal = try #require(JournalLoader(source: folder.path).load(LoadOptions(drafts: true)).journal)
        let today = try #require(CalendarDate(iso: "2026-11-25"))
        let status = JournalStatus(journal: journal, today: today)
        #expect(!status.todayLogged)
        #expect(status.currentStreak == 2)
        #expect(status.longestStreak.map { "\($0.start.iso) \($0.end.iso)" } == "2026-11-01 2026-11-03")
        #expect(status.week.logged == 2 && status.week.days == 3)
        #expect(status.month.logged == 6 && status.month.days == 25)
        #expect(status.lastEntry?.iso == "2026-11-24")
        #expect(status.drafts == [folder.path + "/content/diary/2026-11-25.md"])
        #expect(status.lines[1] == "Current streak: 2 days, through yesterday: log today to keep it going. Longest: 3 days (2026-11-01 to 2026-11-03).")
        #expect(JournalStatus(journal: journal, today: today.adding(days: 1)).currentStreak == 0)
        #expect(JournalStatus(journal: journal, today: today.adding(days: -1)).currentStreak == 2)
    }

    @Test func aJournalBegunThisMonthCountsItsWeekAndMonthFromItsFirstDay() throws {
        let today = try #require(CalendarDate(iso: "2026-11-25"))
        // Begun today, with no day yet: 0 of 1, not 0 of 25.
        let fresh = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let none = JournalStatus(journal: try #require(JournalLoader(source: fresh.path).load(LoadOptions(drafts: true)).journal), today: today)
        #expect(none.week.days == 1 && none.month.days == 1)
        #expect(none.lines[2] == "This week: 0 of 1 day logged. This month: 0 of 1 day (counted from today, the journal's first day).")
        // Begun on Monday the 23rd, logged that day and the next.
        let day = "---\ntracks:\n  - {title: A, artist: B}\n---\n"
        let begun = try CommandLineTests.Folder([
            "journal.yaml": "title: T\n", "content/diary/2026-11-23.md": day, "content/diary/2026-11-24.md": day,
        ])
        let two = JournalStatus(journal: try #require(JournalLoader(source: begun.path).load(LoadOptions(drafts: true)).journal), today: today)
        #expect(two.week.logged == 2 && two.week.days == 3)
        #expect(two.month.logged == 2 && two.month.days == 3)
        #expect(two.lines[2] == "This week: 2 of 3 days logged. This month: 2 of 3 days (counted from 2026-11-23, the journal's first day).")
    }

    @Test func statusQuietExitsZeroWhenTodayIsLoggedAndThreeWhenNot() throws {
        let today = Today.date(now: CommandLineTests.now, timezone: "UTC")
        let entry = "---\ntracks:\n  - {title: A, artist: B}\n---\n"
        let folder = try CommandLineTests.Folder(["journal.yaml": Self.settings, "content/diary/\(today.adding(days: -1).iso).md": entry])
        let open = cli.journal(["status", "--quiet", "--source", folder.path])
        #expect(open.status == 3)
        #expect(open.out.isEmpty && open.errors.isEmpty)
        let loud = cli.journal(["status", "--source", folder.path])
        #expect(loud.status == 3)
        #expect(loud.out.first?.hasSuffix("not logged yet.") == true, "\(loud.out)")
        try Data(entry.utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/\(today.iso).md"))
        #expect(cli.journal(["status", "--quiet", "--source", folder.path]).status == 0)
        try Data("---\ntracks: [\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/diary/\(today.iso).md"))
        #expect(cli.journal(["status", "--quiet", "--source", folder.path]).status == 1)
    }

    // MARK: check --format json

    @Test func checkPrintsDiagnosticsAsJSON() throws {
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\n",
            "content/diary/2026-11-21.md": "---\ntracks:\n  - title: \"Quote \\\" and \\t tab\"\n    artist: B\n    genra: Pop\n---\n",
            "content/diary/2026-11-22.md": "no front matter\n",
        ])
        let run = cli.journal(["check", "--format", "json", "--source", folder.path])
        #expect(run.status == 1)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined(separator: "\n").utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.map { $0["severity"] as? String } == ["warning", "error"])
        #expect(items[0]["path"] as? String == folder.path + "/content/diary/2026-11-21.md")
        #expect(items[0]["line"] as? Int == 5 && items[0]["column"] as? Int == 5)
        #expect((items[0]["message"] as? String)?.hasPrefix("unknown field 'genra'") == true)
        let clean = try CommandLineTests.Folder(["journal.yaml": "title: T\nbase_url: https://example.org/\n"])
        let none = cli.journal(["check", "--format", "json", "--source", clean.path])
        #expect(none.status == 0 && none.out == ["[]"])
        #expect(cli.journal(["check", "--format", "xml", "--source", clean.path]).status == 2)
    }
}
