import ArgumentParser
import Foundation
import JournalCore
import JournalLookup

/// `journal sync`: new listens from the services journal.yaml names (docs/content-format.md,
/// "Syncing"). With `add` and `enrich`, the only commands that use the network.
struct SyncCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring new listens from ListenBrainz, Last.fm, Maloja or Koito into the journal.",
        discussion: """
            Reads the services journal.yaml's `sync:` names, from a look-back window (7 days, `look_back_days`) before the newest play the listening log has from each, and adds what the log lacks, month by month, each month all or nothing. Days that are over get a diary day as `journal import` writes them (a day the journal has is left alone). Secrets come only from the environment: LISTENBRAINZ_TOKEN (optional), LASTFM_API_KEY (needed for Last.fm), MALOJA_API_KEY, KOITO_API_KEY. Ctrl-C keeps every month written; the next sync goes on from there.

            Examples:
              journal sync
              journal sync --since 2024-01-01 --dry-run
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Flag(name: .customLong("dry-run"), help: "Read from the services and say what would be written; write nothing.")
    var dryRun = false
    @Option(help: "Read from this date (YYYY-MM-DD) instead of from the newest play synced.")
    var since: String?

    func validate() throws {
        if let since, CalendarDate(iso: since) == nil { throw ValidationError("--since '\(since)' is not a date: use YYYY-MM-DD") }
    }

    func execute(_ console: Console) -> Int32 {
        let source = sourceOptions.source
        let configFile = JournalLoader(source: source).readConfig(overrides: ConfigOverrides())
        guard let config = configFile.config, !configFile.diagnostics.hasErrors else {
            console.print(configFile.diagnostics, quiet: false)
            console.error("Sync failed: journal.yaml has errors (above); nothing was written.")
            return 1
        }
        let contact = config.origin == nil || ControlCharacters.contains(config.baseURL) ? "a personal listening journal" : config.baseURL
        let options = JournalSync.Options(
            environment: ProcessInfo.processInfo.environment, userAgent: LookupClient.userAgent(version: LookupSetup.version, contact: contact),
            now: console.now(), dryRun: dryRun, since: since.flatMap { CalendarDate(iso: $0) })
        let interruption = SyncInterruption()
        let watch = SignalWatch([SIGINT, SIGTERM]) { signal in
            switch interruption.request() {
            case .endNow: SignalWatch.end(signal, saying: "Sync interrupted: every month written is whole; `journal sync` goes on from there.")
            case .wait: return
            }
        }
        guard let watch else {
            console.error("error: cannot watch for Ctrl-C (\(String(cString: strerror(errno)))); nothing was synced.")
            return 2
        }
        defer { watch.stop() }
        let runOptions = options
        let line = ProgressLine(console: console)
        let report = Blocking.wait {
            await JournalSync.run(source: source, config: config, options: runOptions, interruption: interruption) { line.show($0) }
        }
        line.finish()
        for line in report.recovered { console.out(line) }
        console.print(report.diagnostics, quiet: false)
        for part in report.sources {
            for line in part.lines {
                console.out(
                    dryRun
                        ? line.replacingOccurrences(of: " written,", with: " would be written,").replacingOccurrences(
                            of: " added to", with: " would be added to") : line)
            }
            if dryRun { for path in part.written { console.out("would write \(path)") } }
            if let failure = part.failure, failure != .interrupted {
                console.error("error: \(part.source.service.displayName) (\(part.name)): \(failure)")
            }
        }
        if report.interrupted {
            console.error("Sync interrupted: every month written is whole; `journal sync` goes on from there.")
            return 128 + (watch.received ?? SIGINT)
        }
        if report.failed {
            console.error("Sync failed: what was written before the problem stays; fix it and sync again.")
            return 1
        }
        return 0
    }

}

/// Progress on standard error: one line redrawn on a terminal, else a line every 10 s; only for a
/// long read (a first sync), not for the few listens of a scheduled one.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let terminal = isatty(STDERR_FILENO) == 1
    private let clock = ProgressClock()
    private let lock = NSLock()
    private var drawn = false

    init(console: Console) { self.console = console }

    func show(_ progress: JournalSync.Progress) {
        guard progress.elapsed >= 2 else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn && clock.elapsed() < (terminal ? 0.5 : 10) { return }
        clock.start()
        var line = "\(progress.service): \(progress.read)" + (progress.total.map { " of \($0)" } ?? "") + " listens read"
        if let reached = progress.reached { line += " (up to \(reached.iso))" }
        if let left = progress.secondsLeft { line += ", about \(EnrichCommand.duration(left)) left" }
        if terminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            console.error(line)
        }
        drawn = true
    }

    /// Ends a line drawn on a terminal, so that what follows starts on its own.
    func finish() {
        lock.withLock {
            if terminal && drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
