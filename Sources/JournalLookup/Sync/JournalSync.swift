import Foundation
import JournalCore

/// `journal sync` (docs/content-format.md, "Syncing"): new listens from the services journal.yaml
/// names, into the listening log and, for days that are over, diary days, exactly as `journal
/// import` writes them (a day the writer wrote is never touched). Each service is read from a
/// look-back window before the newest play the log has from it; what the log has already is not
/// added again. Listens are read oldest first and each month is written as soon as the service
/// has given all of it, all or nothing, so a long first sync stopped with Ctrl-C keeps every
/// month it wrote, and the next sync goes on from there.
public enum JournalSync {
    public struct Options: Sendable {
        public var dryRun = false
        /// Read from this date on (in the journal's zone) instead of from the log's newest play.
        public var since: CalendarDate?
        /// Where base addresses and secrets are read.
        public var environment: [String: String]
        /// `journal/VERSION ( contact )`, as ListenBrainz and MusicBrainz ask.
        public var userAgent: String
        /// Now: which days are over, where a first read ends. Tests fix it.
        public var now: Date
        public var resolver: HostResolver = .system
        /// Seconds before a first retry (doubled at each); tests make it short.
        public var backoff: Double = 2
        /// Seconds an exchange may take before it counts as dropped.
        public var timeout: Double = 60
        /// Listens a page of each service asks for (the services' maximum); tests make it small.
        var pageSize: Int?

        public init(environment: [String: String], userAgent: String, now: Date = Date(), dryRun: Bool = false, since: CalendarDate? = nil) {
            self.environment = environment
            self.userAgent = userAgent
            self.now = now
            self.dryRun = dryRun
            self.since = since
        }
    }

    /// Where a sync is, for a progress line.
    public struct Progress: Sendable {
        public var service: String
        /// Listens read so far.
        public var read: Int
        /// How many there are to read, when the service said.
        public var total: Int?
        /// The date (in the journal's zone) of the newest listen read.
        public var reached: CalendarDate?
        public var elapsed: Double
        /// Seconds left at the pace so far, when the total is known.
        public var secondsLeft: Double? {
            guard let total, read > 0, total > read, elapsed > 0 else { return nil }
            return elapsed / Double(read) * Double(total - read)
        }
    }

    /// What a sync did with one source.
    public struct SourceReport: Sendable {
        public var source: SyncSource
        /// Where reading started (Unix seconds, exclusive); nil for the whole history.
        public var after: Int64?
        public var read = 0
        public var passedOver: [String: Int] = [:]
        public var duplicates = 0
        public var added = 0
        public var alreadyLogged = 0
        public var daysAlreadyLogged = 0
        public var logFiles: [String] = []
        public var written: [String] = []
        public var present = 0
        public var underWay: Set<CalendarDate> = []
        public var requests = 0
        public var secondsWaited = 0.0
        public var failure: SyncFailure?

        /// The account or server, as a listener wrote it.
        public var name: String { source.user ?? source.server ?? "" }

        public var lines: [String] {
            let service = source.service.displayName
            var first = "\(service) (\(name)): \(read) listen\(read == 1 ? "" : "s") read in \(requests) request\(requests == 1 ? "" : "s")"
            if secondsWaited >= 1 { first += ", \(Int(secondsWaited.rounded())) s waited for the service's limits" }
            for (reason, count) in passedOver.sorted(by: { $0.key < $1.key }) { first += ", \(count) passed over (\(reason))" }
            if duplicates > 0 { first += ", \(duplicates) duplicate\(duplicates == 1 ? "" : "s") counted once" }
            var lines = [first + "."]
            lines.append(
                "\(added) play\(added == 1 ? "" : "s") added to the listening log (\(logFiles.count) month file\(logFiles.count == 1 ? "" : "s")), \(alreadyLogged) already in it"
                    + (daysAlreadyLogged > 0 ? ", \(daysAlreadyLogged) of days it already has" : "") + ".")
            var days = "\(written.count) day\(written.count == 1 ? "" : "s") written, \(present) already in the journal (left as they are)"
            if !underWay.isEmpty {
                days +=
                    underWay.count == 1 ? "; today's day file waits until the day is over" : "; \(underWay.count) days' files wait until those days are over"
            }
            lines.append(days + ".")
            return lines
        }
    }

    public struct Report: Sendable {
        public var sources: [SourceReport] = []
        public var diagnostics: [Diagnostic] = []
        /// What was done about imports or syncs stopped earlier.
        public var recovered: [String] = []
        public var interrupted = false
        public var failed: Bool { diagnostics.hasErrors || sources.contains { $0.failure != nil && $0.failure != .interrupted } }
    }

    /// Syncs every source of `config.sync`, one after another.
    public static func run(
        source: String, config: SiteConfig, options: Options, interruption: SyncInterruption = SyncInterruption(),
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async -> Report {
        var report = Report()
        guard !config.sync.isEmpty else {
            report.diagnostics.append(
                Diagnostic(
                    .error,
                    "journal.yaml names no service to sync from: add 'sync:' with 'service: listenbrainz' and 'user: NAME' (docs/content-format.md, \"Syncing\")",
                    path: NewEntry.display("journal.yaml", source: source)))
            return report
        }
        if !options.dryRun {
            let recovered = JournalImport.recover(source: source)
            report.recovered = recovered.lines
            report.diagnostics += recovered.diagnostics
            guard !recovered.diagnostics.hasErrors else { return report }
        }
        for entry in config.sync {
            if interruption.isRequested {
                report.interrupted = true
                break
            }
            var sync = SourceSync(source: source, config: config, entry: entry, options: options, interruption: interruption, progress: progress)
            await sync.run()
            report.sources.append(sync.report)
            report.diagnostics += sync.diagnostics
            if sync.report.failure == .interrupted { report.interrupted = true }
        }
        return report
    }
}
