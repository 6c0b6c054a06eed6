import Foundation

/// `journal import`: listening history from an export into diary days the build understands,
/// once, correctly and safely (docs/content-format.md, "Importing"). It never modifies or deletes
/// a file: a day that already has a file is left alone; every new file of a run is written, or
/// none is; a second run of the same import writes nothing.
public enum JournalImport {
    /// The formats it reads, each recognised from the file itself.
    static var readers: [any ImportFormat.Type] {
        [
            SpotifyHistory.self, ListenBrainzListens.self, LastFMHistory.self, ScrobblerLog.self, AppleMusicPlayActivity.self,
            YouTubeMusicHistory.self,
        ]
    }
    public static var formats: [String] { readers.map { $0.name } }

    public struct Options: Sendable {
        public var files: [String]
        /// A format name; nil to recognise each file.
        public var format: String?
        public var since: CalendarDate?
        public var until: CalendarDate?
        public var dryRun: Bool

        public init(files: [String], format: String? = nil, since: CalendarDate? = nil, until: CalendarDate? = nil, dryRun: Bool = false) {
            self.files = files
            self.format = format
            self.since = since
            self.until = until
            self.dryRun = dryRun
        }
    }

    public struct Summary: Sendable {
        public init() {}

        public var files: [ImportFileReport] = []
        public var duplicates = 0
        public var outsideRange = 0
        /// Days written (or, with --dry-run, that would be), by path.
        public var written: [String] = []
        /// Days left alone because the journal has them already, by date.
        public var present: [CalendarDate] = []
        /// Days not written because they are not over yet (`journal sync`): their plays are in
        /// the log, and a later sync writes the day.
        public var daysUnderWay: [CalendarDate] = []
        /// Plays added to the listening log (or, with --dry-run, that would be).
        public var logged = 0
        /// Plays the listening log already had, not added again.
        public var alreadyLogged = 0
        /// In a log of days only: plays of days the log already had, left out.
        public var daysAlreadyLogged = 0
        /// The log's month files written, as messages show them.
        public var logFiles: [String] = []
        public var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) + extra }
        var extra: [Diagnostic] = []
        /// What was done about imports stopped earlier (`ImportRecovery`), as lines to show.
        public var recovered: [String] = []
        /// Ctrl-C or SIGTERM stopped the import before its days were decided: nothing was written.
        public var interrupted = false

        /// The summary as the terminal shows it.
        public var lines: [String] {
            var lines: [String] = []
            for file in files {
                var line =
                    "\(file.path) (\(file.format)\(file.encoding.map { ", read as \($0)" } ?? "")): \(file.playsRead) play\(file.playsRead == 1 ? "" : "s") read"
                for (reason, count) in file.skipped.sorted(by: { $0.key < $1.key }) { line += ", \(count) skipped (\(reason))" }
                lines.append(line)
            }
            let long = files.flatMap(\.skippedLong).reduce(into: [String: Int]()) { $0[$1.key, default: 0] += $1.value }
            if !long.isEmpty {
                let total = long.values.reduce(0, +)
                lines.append(
                    "\(total) of the rows passed over played 30 s or more: "
                        + long.sorted(by: { $0.key < $1.key }).map { "\($0.value) (\($0.key))" }.joined(separator: ", ") + ".")
            }
            lines.append(
                "\(duplicates) duplicate\(duplicates == 1 ? "" : "s") counted once" + (outsideRange > 0 ? ", \(outsideRange) outside --since/--until" : "")
                    + ".")
            lines.append(
                "\(logged) play\(logged == 1 ? "" : "s") added to the listening log (\(logFiles.count) month file\(logFiles.count == 1 ? "" : "s")), \(alreadyLogged) already in it"
                    + (daysAlreadyLogged > 0 ? ", \(daysAlreadyLogged) of days it already has (a log of days keeps a day as first imported)" : "") + ".")
            lines.append("\(written.count) day\(written.count == 1 ? "" : "s") written, \(present.count) already in the journal (left as they are).")
            return lines
        }
    }

    /// Reads every file, plans the days and writes them (unless `dryRun`). Problems in any file
    /// stop the run before anything is written.
    public static func run(source: String, config: SiteConfig, options: Options, interruption: ImportInterruption? = nil) -> Summary {
        var summary = Summary()
        // What a stopped import left is finished or removed first, so the days present are known.
        if !options.dryRun {
            let recovered = recover(source: source)
            summary.recovered = recovered.lines
            summary.extra += recovered.diagnostics
            guard !recovered.diagnostics.hasErrors else { return summary }
        }
        var plays: [ImportedPlay] = []
        // Files are read on every core; their results are taken in the order given.
        var results = ParallelMap.map(options.files) { path -> (plays: [ImportedPlay], report: ImportFileReport?, problem: Diagnostic?) in
            switch FileTree.read(path, limit: 1 << 30) {
            case .bytes(let bytes):
                let (read, report) = ExportFile.read(bytes, path: path, format: options.format)
                return (read, report, nil)
            case .failed(let code):
                return ([], nil, Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: path, line: 1, column: 1))
            case .tooLarge(let size):
                return ([], nil, Diagnostic(.error, "the file is \(size) bytes, over 1 GB", path: path, line: 1, column: 1))
            }
        }
        for result in results {
            if plays.isEmpty { plays = result.plays } else { plays += result.plays }
            if let report = result.report { summary.files.append(report) }
            if let problem = result.problem { summary.extra.append(problem) }
        }
        results.removeAll()
        guard !summary.diagnostics.hasErrors else { return summary }
        return apply(consume plays, summary: summary, source: source, config: config, options: options, interruption: interruption)
    }

    /// Plans the days and the log's months for `plays` (read by `run`, or brought by `journal
    /// sync`) and writes them (unless `options.dryRun`), into `summary`. Days on or after
    /// `daysBefore` are not written (a day still under way: its plays go to the log, its day file
    /// waits until the day is over), and counted in `summary.daysUnderWay`.
    public static func apply(
        _ plays: consuming [ImportedPlay], summary: consuming Summary, source: String, config: SiteConfig, options: Options,
        daysBefore: CalendarDate? = nil, interruption: ImportInterruption? = nil
    ) -> Summary {
        var summary = summary
        let zone = config.timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        var planner = DayPlanner(timezone: zone, maxTracksPerDay: config.maxTracksPerDay, since: options.since, until: options.until)
        planner.listening = config.listening
        let plan = planner.plan(plays)
        // The plan holds every play kept: the plays read are let go (half a million take 100 MB).
        plays = []
        summary.duplicates = plan.duplicates
        summary.outsideRange = plan.outsideRange
        let log = ListeningLogUpdate.plan(plan.plays, source: source, timezone: zone, detail: config.listening.detail) {
            NewEntry.display($0, source: source)
        }
        summary.extra += log.diagnostics
        summary.logged = log.added
        summary.alreadyLogged = log.alreadyLogged
        summary.daysAlreadyLogged = log.daysAlreadyLogged
        summary.logFiles = log.months.map { NewEntry.display($0.relative, source: source) }
        var files: [(relative: String, text: String)] = []
        let present = NewEntry.dayFiles(source: source)
        for day in plan.days {
            if let daysBefore, day.date >= daysBefore {
                summary.daysUnderWay.append(day.date)
                continue
            }
            if present[day.date] != nil {
                summary.present.append(day.date)
                continue
            }
            let relative = "content/diary/\(CalendarDate.pad(day.date.year, 4))/\(CalendarDate.pad(day.date.month, 2))/\(day.date.iso).md"
            files.append((relative, dayFile(day, format: day.tracks.first?.format ?? summary.files.first?.format ?? "import")))
        }
        summary.written = files.map { NewEntry.display($0.relative, source: source) }
        // Never a day the build would refuse (docs/content-format.md, "Importing").
        summary.extra += ImportedDayCheck.problems(files, config: config) { NewEntry.display($0, source: source) }
        guard !summary.diagnostics.hasErrors else {
            summary.written = []
            summary.logFiles = []
            summary.logged = 0
            return summary
        }
        guard !options.dryRun else { return summary }
        // The log is locked (and `listening/` made) only when there are plays to write; then no
        // other import appends to one of its month files until this one is done, and a month
        // file another import changed after this one read it is never replaced.
        var logStaging: ListeningLogStaging?
        if !log.months.isEmpty {
            do throws(ImportStaging.Failure) {
                logStaging = try ListeningLogStaging(root: join(source, "listening"))
            } catch {
                summary.extra.append(Diagnostic(.error, error.reason + "; nothing was written", path: NewEntry.display("listening", source: source)))
                return summary
            }
            if let changed = changedSinceRead(log.months, source: source) {
                summary.extra.append(
                    Diagnostic(
                        .error, "another journal import changed this file while this one was reading it; nothing was written: run journal import again",
                        path: NewEntry.display(changed, source: source)))
                summary.written = []
                summary.logFiles = []
                summary.logged = 0
                return summary
            }
        }
        writeAll(files, log: logStaging.map { ($0, log.months) }, source: source, interruption: interruption, summary: &summary)
        _ = interruption?.enter(.done)
        return summary
    }

    /// The first month file (relative to the journal) that is no longer what the plan read: its
    /// new text must still begin with every byte the file holds now, and the file must exist
    /// exactly when it did. Nil when none changed.
    static func changedSinceRead(_ months: [ListeningLogUpdate.Month], source: String) -> String? {
        for month in months {
            let path = join(source, month.relative)
            var status = stat()
            let exists = lstat(path, &status) == 0
            guard exists == month.exists else { return month.relative }
            guard exists else { continue }
            guard (status.st_mode & S_IFMT) == S_IFREG, case .bytes(let now) = FileTree.read(path, limit: ListeningLogUpdate.maxFileBytes),
                Array(month.text.utf8).starts(with: now)
            else { return month.relative }
        }
        return nil
    }

    /// Finishes an import stopped while putting its days in place, and removes the staging
    /// folders of imports stopped before (`journal import --resume`, and the start of every import).
    public static func recover(source: String) -> (lines: [String], diagnostics: [Diagnostic]) {
        let log = ListeningLogStaging.recover(root: join(source, "listening")) { $0 }
        let diary = ImportRecovery.recover(diary: join(source, "content/diary")) { NewEntry.display("content/diary/" + $0, source: source) }
        return (log.lines + diary.lines, log.diagnostics + diary.diagnostics)
    }

    /// A day's file: `source` and its tracks, as a person would write them. Control characters an
    /// export may hold (which no day file may) become U+FFFD.
    static func dayFile(_ day: DayPlanner.PlannedDay, format: String) -> String {
        func quoted(_ text: String) -> String { NewEntry.yamlQuoted(ControlCharacters.replaced(in: text)) }
        var text = "---\n# Imported by `journal import` from \(format): add a title, a mood or a few words any time.\nsource: \(format)\ntracks:\n"
        for track in day.tracks {
            text += "  - title: \(quoted(track.title))\n"
            text +=
                track.artists.count == 1
                ? "    artist: \(quoted(track.artists[0]))\n"
                : "    artist: [\(track.artists.map(quoted).joined(separator: ", "))]\n"
            if let album = track.album { text += "    album: \(quoted(album))\n" }
            if let genre = track.genre { text += "    genre: \(quoted(genre))\n" }
            if let duration = track.duration, duration > 0 { text += "    duration: \"\(duration / 60):\(CalendarDate.pad(duration % 60, 2))\"\n" }
            if let artwork = track.artwork { text += "    artwork: \(quoted(artwork))\n" }
            if !track.links.isEmpty {
                text += "    links:\n" + track.links.map { "      \($0.service): \(quoted($0.url))\n" }.joined()
            }
        }
        return text + "---\n"
    }

    /// Writes every file or none (`ImportStaging`, `ListeningLogStaging`): days staged in a hidden
    /// folder of the diary and month files in one of the log, decided by commit records, then put
    /// in place (a day is linked, never replacing a file; a month file is renamed over the old
    /// one). A problem before the decision, or Ctrl-C, removes the staging folders and leaves the
    /// journal as it was; after it, every day and month goes in place (a day that cannot is taken
    /// back, with the others).
    static func writeAll(
        _ files: [(relative: String, text: String)], log: (staging: ListeningLogStaging, months: [ListeningLogUpdate.Month])?, source: String,
        interruption: ImportInterruption?, summary: inout Summary
    ) {
        let months = log?.months ?? []
        guard !files.isEmpty || !months.isEmpty else { return }
        let diary = join(source, "content/diary")
        let prefix = "content/diary/"
        func stop() {
            summary.interrupted = true
            summary.written = []
            summary.logFiles = []
            summary.logged = 0
        }
        func fail(_ failure: ImportStaging.Failure) {
            summary.extra.append(Diagnostic(.error, failure.reason + "; nothing was written", path: failure.path))
            summary.written = []
            summary.logFiles = []
            summary.logged = 0
        }
        guard interruption?.enter(.staging) ?? true else { return stop() }
        var staging: ImportStaging?
        do throws(ImportStaging.Failure) {
            if !files.isEmpty { staging = try ImportStaging(diary: diary) }
        } catch {
            return fail(error)
        }
        func discard() {
            staging?.discard()
            log?.staging.discard()
        }
        var taken: [String] = []
        do throws(ImportStaging.Failure) {
            for month in months {
                if interruption?.isRequested == true {
                    discard()
                    return stop()
                }
                try log?.staging.add(Array(month.text.utf8), at: String(month.relative.dropFirst("listening/".count)))
            }
            try log?.staging.prepare()
            for file in files {
                if interruption?.isRequested == true {
                    discard()
                    return stop()
                }
                try staging?.add(Array(file.text.utf8), at: String(file.relative.dropFirst(prefix.count)))
            }
            taken = try staging?.prepare() ?? []
            guard interruption?.enter(.publishing) ?? true else {
                discard()
                return stop()
            }
            try log?.staging.commit(diary: staging.map { "content/diary/" + $0.name })
        } catch {
            discard()
            return fail(error)
        }
        do throws(ImportStaging.Failure) {
            try staging?.commit(leaving: Set(taken))
        } catch {
            // The log's record is written but nothing is in place yet: taken back whole.
            discard()
            return fail(error)
        }
        if let failure = log?.staging.publish() {
            summary.extra.append(
                Diagnostic(.error, failure.reason + "; run `journal import --resume` to finish putting the listening log in place", path: failure.path))
        }
        guard let staging else { return }
        summary.extra += taken.map {
            Diagnostic(
                .warning, "this file appeared while importing: left as it is, the import's day for this date is not written",
                path: NewEntry.display(prefix + $0, source: source))
        }
        summary.written.removeAll { path in taken.contains { NewEntry.display(prefix + $0, source: source) == path } }
        let outcome = staging.publish()
        summary.extra += outcome.leftAlone.map {
            Diagnostic(
                .warning, "this file appeared while importing: left as it is, the import's day for this date is not written",
                path: NewEntry.display(prefix + $0, source: source))
        }
        let leftAlone = Set(outcome.leftAlone.map { NewEntry.display(prefix + $0, source: source) })
        summary.written.removeAll { leftAlone.contains($0) }
        if let failure = outcome.failure {
            summary.extra.append(
                Diagnostic(
                    .error,
                    "cannot put this day in place: \(failure.reason); "
                        + (outcome.stillPending
                            ? "the days placed could not all be taken back: run `journal import --resume`"
                            : months.isEmpty ? "nothing was written" : "no day was written (the listening log was)"),
                    path: failure.path))
            summary.written = []
        }
    }
}
