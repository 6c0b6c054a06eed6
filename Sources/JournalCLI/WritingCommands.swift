import ArgumentParser
import Foundation
import JournalCore

/// The commands of the writer's side: start a journal, add a day or a playlist, see where the
/// diary stands.

struct InitCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new journal in a folder.",
        discussion: """
            Writes journal.yaml (every setting, commented), today's entry as an example, a playlist, an about page, a favicon, a .gitignore and a GitHub Actions workflow that publishes the site to GitHub Pages. The folder must be empty or not exist; `journal build` then works in it with no edit.

            Example:
              journal init my-journal --title "Songs of the Day" --language ko
            """)

    @Argument(help: "The folder to create the journal in (empty or new).")
    var folder: String
    @Option(help: "The site's title.")
    var title: String?
    @Option(help: "The theme's language: \(JournalInit.languages.map(\.rawValue).joined(separator: " or ")).")
    var language: String = "en"
    @Option(name: .customLong("tool-repository"), help: "OWNER/NAME of the journal tool's GitHub repository, for the publishing workflow.")
    var toolRepository: String?

    func validate() throws {
        guard !folder.isEmpty else { throw ValidationError("name the folder to start the journal in, like: journal init my-journal") }
        if let title {
            guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !ControlCharacters.contains(title) else {
                throw ValidationError("--title must have words in it, and no control characters")
            }
        }
        guard JournalInit.languages.contains(Language(rawValue: language.lowercased())) else {
            throw ValidationError("--language must be \(JournalInit.languages.map(\.rawValue).joined(separator: " or ")), not '\(language)'")
        }
        if let toolRepository, !Self.isRepository(toolRepository) {
            throw ValidationError("--tool-repository must be a GitHub OWNER/NAME, like someone/journal")
        }
    }

    /// `OWNER/NAME` as GitHub allows them: letters, digits and `-` for the owner; also `.` and
    /// `_` for the name, which is never `.` or `..`. Nothing else reaches the workflow's YAML.
    static func isRepository(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[1] != ".", parts[1] != ".." else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }
    }

    func execute(_ console: Console) -> Int32 {
        let tz = ProcessInfo.processInfo.environment["TZ"]
        let zone = SystemZone.name(tz: tz)
        let options = JournalInit.Options(
            title: title, language: Language(rawValue: language.lowercased()), toolRepository: toolRepository,
            today: console.today(timezone: zone), timezone: zone)
        do throws(JournalInit.Refusal) {
            let files = try JournalInit.run(in: folder, options: options)
            console.out("Started a journal in \(folder) (\(files.count) files). Inside it:")
            let shown = ControlCharacters.escaped(tz ?? "")
            if let zone, SystemZone.isRule(tz) {
                console.out(
                    "TZ is the POSIX rule '\(shown)': wrote timezone: \(zone), a zone with the same offsets and changes, in journal.yaml (put your own city's zone there if you like)."
                )
            } else if zone == nil {
                console.error(
                    "warning: the time zone could not be told from TZ='\(shown)' (no IANA zone has its offsets and changes, or it is not one): journal.yaml has no timezone; set it to yours, like timezone: Asia/Seoul, so that \"today\" is your day"
                )
            }
            console.out("  journal new      write today's page (then fill in the file it names)")
            console.out("  journal serve    preview the site as you write")
            console.out("  journal build    write the site to public/")
            if toolRepository == nil {
                console.out(
                    "To publish with GitHub Pages, set the repository variable JOURNAL_TOOL_REPOSITORY to the journal tool's OWNER/NAME (see .github/workflows/publish.yml)."
                )
            }
            return 0
        } catch {
            return console.refuse(error)
        }
    }
}

struct NewCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Add a day (today by default) or a playlist, ready to fill in.",
        discussion: """
            Writes content/diary/YYYY/MM/YYYY-MM-DD.md for today (the date in journal.yaml's timezone), or for DATE, and prints its path. A date that already has a file is refused. `journal new playlist TITLE` writes content/playlists/SLUG.md.

            Examples:
              journal new
              journal new yesterday
              journal new 2026-11-21
              journal new playlist "Rainy commute"
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Argument(help: "YYYY-MM-DD, today or yesterday; or `playlist` and its title.")
    var words: [String] = []

    func validate() throws {
        if words.first == "playlist" {
            guard words.count > 1, !words.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("`journal new playlist` needs a title, like: journal new playlist \"Rainy commute\"")
            }
            guard !ControlCharacters.contains(words.joined()) else { throw ValidationError("a playlist's title cannot hold control characters") }
        } else if words.count > 1 {
            throw ValidationError("expected one date (YYYY-MM-DD, today or yesterday), got \(words.count) words")
        } else if let word = words.first, Today.parse(word, today: CalendarDate(dayNumber: 0)) == nil {
            throw ValidationError("'\(word)' is not a date: use YYYY-MM-DD (like 2026-11-21), today or yesterday")
        }
    }

    func execute(_ console: Console) -> Int32 {
        let source = sourceOptions.source
        let configFile = JournalLoader(source: source).readConfig(overrides: ConfigOverrides())
        // A setting with a bad value would silently be its default (the system's zone for a
        // misspelt `timezone`, and "today" another day): refused, like `check` refuses it.
        guard let config = configFile.config, !configFile.diagnostics.hasErrors else {
            console.print(configFile.diagnostics, quiet: false)
            console.error("journal.yaml has errors (above): fix them first; nothing was written.")
            return 1
        }
        do throws(NewEntry.Refusal) {
            if words.first == "playlist" {
                let path = try NewEntry.playlist(title: words.dropFirst().joined(separator: " "), source: source)
                console.out(path)
            } else {
                let today = console.today(timezone: config.timezone)
                let date = words.first.flatMap { Today.parse($0, today: today) } ?? today
                let path = try NewEntry.day(date, source: source, config: config)
                console.out(path)
            }
            return 0
        } catch {
            return console.refuse(error)
        }
    }
}

struct StatusCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Whether today is logged, the streaks, this week and month.",
        discussion: """
            "Today" is the date in journal.yaml's timezone. With --quiet nothing is printed and the exit status says it: 0 when today is logged, 3 when it is not (a day journal import or journal sync wrote counts once you add words to it), 1 when the journal has errors. A daily reminder from cron (docs/reminders.md):

              0 21 * * * cd ~/j && journal status --quiet; [ $? = 3 ] && notify-send Log
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Flag(help: "Print nothing; exit 0 if today is logged, 3 if not.")
    var quiet = false

    /// The exit status of a day not yet logged.
    static let notLogged: Int32 = 3

    func execute(_ console: Console) -> Int32 {
        let loaded = JournalLoader(source: sourceOptions.source).load(LoadOptions(drafts: true))
        guard let journal = loaded.journal else {
            console.print(loaded.diagnostics, quiet: false)
            return 1
        }
        let status = JournalStatus(journal: journal, today: console.today(timezone: journal.config.timezone))
        if !quiet {
            console.print(loaded.diagnostics, quiet: false)
            for line in status.lines { console.out(line) }
            // `journal new` already wrote today's page (`journal new` would be refused): say where it is.
            if !status.todayLogged, let file = NewEntry.dayFile(for: status.today, source: sourceOptions.source) {
                let shown = NewEntry.display(file, source: sourceOptions.source)
                console.out(
                    status.todayWaits
                        ? "Today's listening is in \(shown): it counts once you add a title, a mood, tags, a note or a few words."
                        : "Today's page is started in \(shown): it counts once a track has a title and an artist.")
            }
        }
        return status.todayLogged ? 0 : Self.notLogged
    }
}

struct ImportCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring listening history from an export into diary days.",
        discussion: """
            Reads exports and writes one diary day per date that has plays, in journal.yaml's timezone, with at most max_tracks_per_day tracks (the most played). A date the journal already has is left alone, every file is written or none (Ctrl-C or a kill included: the next import finishes or removes what a stopped one left, and `journal import --resume` does only that), and running the same import again writes nothing. Formats: \(JournalImport.formats.joined(separator: ", ")) (recognised from the file when not given).

            Examples:
              journal import Streaming_History_Audio_2023.json Streaming_History_Audio_2024.json
              journal import --dry-run --since 2024-01-01 spotify endsong_0.json
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Flag(name: .customLong("dry-run"), help: "Print what would be written, and write nothing.")
    var dryRun = false
    @Flag(help: "Finish an import that was stopped (killed, or the machine went down) while putting its days in place; every import does this first.")
    var resume = false
    @Option(help: "Only days from this date (YYYY-MM-DD).")
    var since: String?
    @Option(help: "Only days up to this date (YYYY-MM-DD).")
    var until: String?
    @Argument(help: "An optional format (\(JournalImport.formats.joined(separator: ", "))), then the export files.")
    var words: [String] = []

    var format: String? { words.first.flatMap { JournalImport.formats.contains($0) ? $0 : nil } }
    var files: [String] { format == nil ? words : Array(words.dropFirst()) }

    func validate() throws {
        guard !files.isEmpty || resume else { throw ValidationError("name the export files to import, like: journal import Streaming_History_Audio_2024.json") }
        if resume && dryRun { throw ValidationError("--resume writes what a stopped import decided; it has no --dry-run") }
        for (flag, value) in [("--since", since), ("--until", until)] {
            if let value, CalendarDate(iso: value) == nil { throw ValidationError("\(flag) '\(value)' is not a date: use YYYY-MM-DD") }
        }
    }

    func execute(_ console: Console) -> Int32 {
        let configFile = JournalLoader(source: sourceOptions.source).readConfig(overrides: ConfigOverrides())
        // A bad `timezone` would put every play on the system zone's dates, and a later import
        // after the fix would put the same plays on other days: refused, like `check` refuses it.
        guard let config = configFile.config, !configFile.diagnostics.hasErrors else {
            console.print(configFile.diagnostics, quiet: false)
            console.error("Import failed: journal.yaml has errors (above); nothing was written.")
            return 1
        }
        if files.isEmpty {
            let recovered = JournalImport.recover(source: sourceOptions.source)
            console.print(recovered.diagnostics, quiet: false)
            for line in recovered.lines { console.out(line) }
            if recovered.lines.isEmpty && recovered.diagnostics.isEmpty { console.out("No stopped import to finish.") }
            return recovered.diagnostics.hasErrors ? 1 : 0
        }
        let options = JournalImport.Options(
            files: files, format: format, since: since.flatMap { CalendarDate(iso: $0) },
            until: until.flatMap { CalendarDate(iso: $0) }, dryRun: dryRun)
        let interruption = ImportInterruption()
        let watch = SignalWatch([SIGINT, SIGTERM]) { signal in
            let exitNow: String
            switch interruption.request() {
            case .endNothingWritten: exitNow = "Import interrupted: nothing was imported."
            case .endFinished: exitNow = "Interrupted: the import had finished, its days are written."
            case .wait: return
            }
            SignalWatch.end(signal, saying: exitNow)
        }
        guard let watch else {
            console.error("error: cannot watch for Ctrl-C (\(String(cString: strerror(errno)))); nothing was imported.")
            return 2
        }
        defer { watch.stop() }
        let summary = JournalImport.run(source: sourceOptions.source, config: config, options: options, interruption: interruption)
        for line in summary.recovered { console.out(line) }
        if summary.interrupted {
            console.print(summary.diagnostics, quiet: false)
            console.error("Import interrupted: nothing was imported.")
            return 128 + (watch.received ?? SIGINT)
        }
        console.print(summary.diagnostics, quiet: false)
        if summary.diagnostics.hasErrors {
            console.error("Import failed: \(summary.diagnostics.errors.count) error\(summary.diagnostics.errors.count == 1 ? "" : "s"); nothing was written.")
            return 1
        }
        if dryRun { for path in summary.written { console.out("would write \(path)") } }
        for line in summary.lines { console.out(dryRun ? line.replacingOccurrences(of: " written,", with: " would be written,") : line) }
        // Ctrl-C came once the days were decided: they went in place; nothing more is done.
        if let signal = watch.received {
            console.error("Interrupted after the import finished: its days are written.")
            return 128 + signal
        }
        if !dryRun, let gaps = GenreGaps.summary(Check.artistsWithoutGenre(source: sourceOptions.source)) { console.out(gaps) }
        return 0
    }
}
