import Foundation
import JournalCore

/// One source of a `journal sync`: reads its feed and writes each month once the feed has given
/// all of it (`JournalSync`).
struct SourceSync {
    let source: String
    let config: SiteConfig
    let entry: SyncSource
    let options: JournalSync.Options
    let interruption: SyncInterruption
    let progress: @Sendable (JournalSync.Progress) -> Void
    let zone: TimeZone
    /// Days from this one on are still under way: their plays go to the log, not their day files.
    let today: CalendarDate
    var report: JournalSync.SourceReport
    var diagnostics: [Diagnostic] = []
    /// Listens read and not yet written, oldest first.
    private var pending: [ImportedPlay] = []
    /// Where the next sync of this source starts (before its look-back).
    let mark: SyncMark
    private var markedUpTo: Int64?

    /// A first read or a `--since` longer than this asks the service how many listens there are, for progress.
    static let longRead: Int64 = 31 * 86_400

    init(
        source: String, config: SiteConfig, entry: SyncSource, options: JournalSync.Options, interruption: SyncInterruption,
        progress: @escaping @Sendable (JournalSync.Progress) -> Void
    ) {
        self.source = source
        self.config = config
        self.entry = entry
        self.options = options
        self.interruption = interruption
        self.progress = progress
        zone = config.timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        today = Today.date(now: options.now, timezone: config.timezone)
        report = JournalSync.SourceReport(source: entry)
        mark = SyncMark(source: source, entry: entry)
    }

    mutating func run() async {
        let endpoint: SyncEndpoint
        switch SyncEndpoint.of(entry, environment: options.environment) {
        case .success(let found): endpoint = found
        case .failure(let failure):
            report.failure = failure
            return
        }
        let after: Int64
        var firstRead = true
        if let since = options.since {
            after = LoggedSource.start(of: since, in: zone) - 1
        } else {
            var newest = LoggedSource.newestPlay(source: source, format: entry.service.rawValue, timezone: zone)
            diagnostics += newest.diagnostics
            guard !newest.diagnostics.hasErrors else {
                report.failure = .invalid("the listening log cannot be read (above)")
                return
            }
            if let marked = mark.read(), marked > (newest.start ?? Int64.min) { newest.start = marked }
            // The look-back, and never less than the whole day of the newest play: that day may
            // have had only its first plays at the last sync, and its day file is written from
            // what this read gives.
            after = newest.start.map { min($0 - Int64(entry.lookBackDays) * 86_400, LoggedSource.start(of: localDate($0), in: zone)) - 1 } ?? 0
            firstRead = newest.start == nil
        }
        report.after = after > 0 ? after : nil
        var policy = SyncClient.Policy.service(entry.service)
        policy.backoff = options.backoff
        policy.timeout = options.timeout
        let client = SyncClient(service: entry.service, endpoint: endpoint, policy: policy, userAgent: options.userAgent, resolver: options.resolver)
        let feed = makeFeed(endpoint)
        let nowSeconds = Int64(options.now.timeIntervalSince1970)
        var total: Int?
        // A first sync (or one from --since) may read years: the count makes its progress; a
        // scheduled sync reads a few days and asks nothing more than its page.
        if firstRead && nowSeconds - after > Self.longRead { total = await feed.count(after: after, client: client) }
        let started = ContinuousClock.now
        do throws(SyncFailure) {
            try await feed.read(after: after, client: client) { page throws(SyncFailure) in
                try take(page, total: &total, started: started)
            }
            if !pending.isEmpty { try write(upTo: Int64.max) }
        } catch {
            report.failure = error
        }
        report.requests = await client.requestsSent
        report.secondsWaited = await client.secondsWaited
    }

    /// The feed of the configured service.
    private func makeFeed(_ endpoint: SyncEndpoint) -> any ListenFeed {
        switch entry.service {
        case .listenbrainz:
            var feed = ListenBrainzFeed(user: entry.user ?? "", token: endpoint.secret)
            if let size = options.pageSize { feed.pageSize = size }
            return feed
        case .lastfm:
            var feed = LastFMFeed(user: entry.user ?? "", key: endpoint.secret ?? "", until: Int64(options.now.timeIntervalSince1970) + 60)
            if let size = options.pageSize { feed.pageSize = size }
            return feed
        case .maloja:
            var feed = MalojaFeed()
            if let size = options.pageSize { feed.pageSize = size }
            return feed
        case .koito:
            var feed = KoitoFeed(key: endpoint.secret)
            if let size = options.pageSize { feed.pageSize = size }
            return feed
        }
    }

    /// A page read: its listens kept, the months it completes written; false stops the read.
    private mutating func take(_ page: FeedPage, total: inout Int?, started: ContinuousClock.Instant) throws(SyncFailure) -> Bool {
        report.read += page.plays.count
        for (reason, count) in page.passedOver { report.passedOver[reason, default: 0] += count }
        if total == nil, let said = page.total { total = said }
        // A listen more than a day ahead of this machine's clock is a wrong clock somewhere, not
        // a play: it would count in days still to come and move the next sync's start past today.
        let latest = Int64(options.now.timeIntervalSince1970) + 86_400
        let future = page.plays.filter { $0.started > latest }.count
        if future > 0 {
            report.passedOver["dated more than a day ahead", default: 0] += future
            pending += page.plays.filter { $0.started <= latest }
        } else {
            pending += page.plays
        }
        let elapsed = ContinuousClock.now - started
        progress(
            JournalSync.Progress(
                service: entry.service.displayName, read: report.read, total: total,
                reached: page.plays.last.map { localDate($0.started) },
                elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            ))
        if interruption.isRequested { throw .interrupted }
        try write(upTo: page.completeBefore)
        return true
    }

    /// Writes the listens of every month that ends before `instant` (all of them for `Int64.max`).
    private mutating func write(upTo instant: Int64) throws(SyncFailure) {
        let limit = instant == Int64.max ? Int.max : monthKey(instant)
        let zone = self.zone
        let isReady = { (play: ImportedPlay) in Self.monthKey(play.started, zone: zone) < limit }
        let ready = pending.filter(isReady)
        guard !ready.isEmpty else { return }
        pending.removeAll(where: isReady)
        var plays = ready
        if config.listening.detail == .days {
            // A log of days keeps a day as first written: a day under way waits until it is over.
            let before = plays.count
            plays.removeAll { localDate($0.started) >= today }
            for play in ready where localDate(play.started) >= today { report.underWay.insert(localDate(play.started)) }
            if plays.count < before { report.passedOver["of today, kept for a later sync (a log of days)", default: 0] += before - plays.count }
        }
        if interruption.isRequested { throw .interrupted }
        let writing = interruption.beginWriting()
        defer { interruption.endWriting() }
        let summary = JournalImport.apply(
            plays, summary: JournalImport.Summary(), source: source, config: config, options: JournalImport.Options(files: [], dryRun: options.dryRun),
            daysBefore: today, interruption: writing)
        diagnostics += summary.diagnostics
        report.duplicates += summary.duplicates
        report.added += summary.logged
        report.alreadyLogged += summary.alreadyLogged
        report.daysAlreadyLogged += summary.daysAlreadyLogged
        report.logFiles += summary.logFiles.filter { !report.logFiles.contains($0) }
        report.written += summary.written
        report.present += summary.present.count
        report.underWay.formUnion(summary.daysUnderWay)
        if summary.interrupted { throw .interrupted }
        if summary.diagnostics.hasErrors { throw .invalid("nothing more was written (the problems are above)") }
        if !options.dryRun, let newest = ready.lazy.map(\.started).max() {
            markedUpTo = max(markedUpTo ?? newest, newest)
            if let markedUpTo { mark.write(markedUpTo) }
        }
    }

    private func localDate(_ instant: Int64) -> CalendarDate { Self.localDate(instant, zone: zone) }

    private func monthKey(_ instant: Int64) -> Int { Self.monthKey(instant, zone: zone) }

    static func localDate(_ instant: Int64, zone: TimeZone) -> CalendarDate {
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
        let local = instant + offset
        return CalendarDate(dayNumber: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    static func monthKey(_ instant: Int64, zone: TimeZone) -> Int {
        let date = localDate(instant, zone: zone)
        return date.year * 12 + date.month - 1
    }
}
