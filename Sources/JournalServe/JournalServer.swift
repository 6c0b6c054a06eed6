import FlyingFox
import FlyingSocks
import Foundation
import JournalCore

/// What `journal serve` was asked to do.
public struct ServeOptions: Sendable {
    /// The journal folder.
    public var source: String
    /// An IP address to listen on (`localhost` means 127.0.0.1).
    public var host: String
    /// 0 lets the system choose a free port.
    public var port: UInt16
    public var drafts: Bool
    /// Sizes, timeouts and caps for clients (defaults in `ServeLimits`).
    public var limits: ServeLimits
    /// Where the builds' Markdown parses run, each under its budget (`MarkdownParseQueue`):
    /// the process's own; tests give one whose budget they can hold a parse past.
    var parseQueue = MarkdownParseQueue.shared
    /// What today is for each rebuild: the clock, read again by each (`BuildDay`), unless fixed.
    public var today = BuildDay.clock

    public init(source: String = ".", host: String = "127.0.0.1", port: UInt16 = 8080, drafts: Bool = false, limits: ServeLimits = ServeLimits()) {
        self.source = source
        self.host = host
        self.port = port
        self.drafts = drafts
        self.limits = limits
    }
}

/// Why `journal serve` could not start.
public enum ServeFailure: Error, Equatable, CustomStringConvertible {
    case portInUse(UInt16)
    case badHost(String)
    case cannotListen(String)

    public var description: String {
        switch self {
        case .portInUse(let port): "port \(port) is in use; pick another with --port"
        case .badHost(let host): "--host must be an IP address such as 127.0.0.1 or ::1, not '\(host)'"
        case .cannotListen(let reason): "cannot listen: \(reason)"
        }
    }
}

/// `journal serve`: the journal built into a folder of its own (never its `public/`), served
/// over HTTP with `base_url` set to the server's address, rebuilt when its files change, and
/// every open page reloaded (or shown the errors) after each rebuild.
///
/// Threads: `HTTPListener` accepts on a thread of its own and serves each connection on another
/// (handlers run as tasks on Swift concurrency's threads, briefly); the watcher waits for changes
/// on a thread of its own; builds run one at a time on the `RebuildQueue`'s thread.
public final class JournalServer: @unchecked Sendable {
    private let options: ServeOptions
    private let burst: Burst
    private let out: @Sendable (String) -> Void
    private let error: @Sendable (String) -> Void
    private let liveReload: LiveReload

    private let lock = NSLock()
    private var listener: HTTPListener?
    private var stopped = false
    /// `stopNow` has removed the folder; a build that outlived it removes what it made again.
    private var stopFinished = false
    private var watcher: (any ChangeWatcher)?
    private var queue: RebuildQueue?
    private var builds = 0
    /// The build under way has put the pages of its edit in place (its first pass wrote some).
    private var firstPassShown = false
    /// When the last build that was not stopped ended (`mayGiveWay`).
    private var lastWhole = ContinuousClock.now
    /// A build gives way only while the whole site is at most this old (20 s; tests shorten
    /// it): then one makes it, however fast the saves come, so the rest of the site never waits
    /// for a pause (the save that comes during that build waits for it).
    private let longestGivingWay: Duration
    /// The folder this run owns, removed on stop; the site is its `site` folder.
    public private(set) var workFolder: String?
    /// Where the server listens, e.g. `http://127.0.0.1:8080/`; nil before `start`.
    public private(set) var url: String?

    /// `out` gets the address and one line per rebuild; `error` gets the diagnostics.
    public init(
        _ options: ServeOptions, quiet: Double = 0.06, longestGivingWay: Duration = .seconds(20),
        out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.options = options
        self.longestGivingWay = longestGivingWay
        burst = Burst(quiet: quiet)
        liveReload = LiveReload(streams: options.limits.eventStreams)
        self.out = out
        self.error = error
    }

    /// The folder the site is built into and served from.
    public var siteFolder: String? { workFolder.map { $0 + "/site" } }

    /// Listens, prints the address, starts watching and starts the first build (pages asked for
    /// before it ends get a "Building…" page that reloads when it has).
    public func start() async throws(ServeFailure) {
        let address = try Self.address(options.host, port: options.port)
        // The folder's name holds the port, known only once listening: the handler gets it then.
        let site = SiteFolder()
        let listener: HTTPListener
        do {
            listener = try HTTPListener(
                address: address, limits: options.limits,
                handler: SiteHandlerBox(site: site, liveReload: liveReload), report: error)
        } catch SocketError.failed(_, let code, _) where code == EADDRINUSE {
            throw .portInUse(options.port)
        } catch SocketError.failed(_, _, let message) {
            throw .cannotListen(message)
        } catch {
            throw .cannotListen("\(error)")
        }
        guard let port = listener.port else {
            listener.stop()
            throw .cannotListen("no address")
        }
        let host = options.host.contains(":") ? "[\(Self.normalized(options.host))]" : Self.normalized(options.host)
        let url = "http://\(host):\(port)/"
        guard let work = Self.makeWorkFolder() else {
            listener.stop()
            throw .cannotListen("cannot make a folder for the site under \(FileManager.default.temporaryDirectory.path)")
        }
        site.set(work + "/site")

        // Listening on every address, the page's own address is not known: links stay site-relative.
        let everyAddress = ["0.0.0.0", "::"].contains(Self.normalized(options.host))
        var buildOptions = BuildOptions(source: options.source, output: work + "/site", baseURL: everyAddress ? "/" : url, drafts: options.drafts)
        buildOptions.servesLocally = true
        buildOptions.today = options.today
        buildOptions.parseQueue = options.parseQueue
        // Its cards show journal.yaml's address (SiteRenderer.cardsShowWrittenAddress), so they
        // are build's; a served draft's card is no reason to remove the ones build drew.
        buildOptions.pruneCardCache = false
        // Stopping, a build under way ends at its next page instead of keeping the cores; so does
        // one a newer save has made out of date, when that costs nothing the pages would show
        // (`mayGiveWay`): the next build's first pass shows the newer save at once instead of
        // after the whole site.
        buildOptions.stopRequested = { [weak self] in
            guard let self else { return true }
            return isStopped || mayGiveWay
        }
        let builder = SiteBuilder(
            options: buildOptions,
            onFirstPass: { [weak self, liveReload] paths in
                self?.lock.withLock { self?.firstPassShown = true }
                liveReload.publishFirstPass(paths)
            })
        let queue = RebuildQueue { [self] in
            lock.withLock { firstPassShown = false }
            let outcome = builder.rebuild()
            // A build that outlived a stop may have written into the removed folder: remove it
            // again. While the stop is still under way, it removes the folder itself once this
            // build has ended (two removals at once could leave half of it).
            if isStopped {
                if lock.withLock({ stopFinished }) { removeWorkFolder(fenced: false) }
            } else if outcome.stopped {
                // A build that gave way to a newer save says nothing: the next one will. The pages
                // its first pass put in place may change again, so the next reload skips none.
                liveReload.forgetFirstPasses()
            } else {
                lock.withLock { lastWhole = .now }
                rebuilt(outcome)
            }
        }
        let watcher = ChangeWatchers.make(for: builder.options, burst: burst)
        lock.withLock {
            self.listener = listener
            self.queue = queue
            self.watcher = watcher
            workFolder = work
            self.url = url
        }
        out("Serving \(options.source) at \(url) (Ctrl-C stops)")
        listener.start()
        watcher.start { queue.request() }
        queue.request()
    }

    /// Stops watching and serving, and removes the served folder. A build under way is told to
    /// stop (`BuildOptions.stopRequested`: it ends at its next page) and the folder is fenced off
    /// first (`removeWorkFolder`), so it can write nothing more; it is given `grace` seconds to
    /// end, then left to end on its own (a process that exits ends it; otherwise its thread
    /// removes what is left when it does). At most `removing` seconds go to removing the folder;
    /// what is left then is removed in the background. Returns whether some of it was.
    @discardableResult
    public func stop(grace: Double = 1, removing: Double = .infinity) async -> Bool {
        stopNow(grace: grace, removing: removing)
    }

    /// `stop`, for a caller that cannot wait on Swift's concurrency threads (a signal handler).
    @discardableResult
    public func stopNow(grace: Double = 1, removing: Double = .infinity) -> Bool {
        let (listener, watcher, queue) = lock.withLock {
            stopped = true
            return (self.listener, self.watcher, self.queue)
        }
        // No build starts from here, and the one under way ends at its next page (stopRequested).
        queue?.refuseMore()
        listener?.stop(waiting: 0.5)
        liveReload.finishAll()
        watcher?.stop()
        // Fenced first: from here a build under way can write nothing, even to make the folder again.
        let handedOver = removeWorkFolder(fenced: true, within: removing)
        // The fence goes only once the build has ended (or after `grace`): a build still running
        // could otherwise make the folder again in its place.
        queue?.stop(waiting: grace)
        // Said first: a build ending from here removes the folder again after this removal.
        lock.withLock { stopFinished = true }
        removeWorkFolder(fenced: false)
        lock.withLock {
            self.listener = nil
            self.watcher = nil
            self.queue = nil
        }
        return handedOver
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Whether the build under way may stop for a newer save: one is waiting, this build's first
    /// pass has already shown its edit (a first build, or one for a template, has none to show),
    /// the pages show no errors (a fix must be confirmed), and the last whole site is younger than
    /// `longestGivingWay`.
    private var mayGiveWay: Bool {
        let (queue, shown, whole) = lock.withLock { (self.queue, firstPassShown, lastWhole) }
        guard shown, ContinuousClock.now - whole < longestGivingWay, queue?.hasPending == true else { return false }
        return !liveReload.showsProblems
    }

    /// Removes the served folder. `fenced`: a build may still be writing it, so the folder is first
    /// renamed away and an empty file put in its place, where the build's next write fails
    /// (ENOTDIR) instead of making the folder again; unfenced, that file goes too. At most about
    /// `seconds` are spent removing it here; what is left then goes in the background
    /// (`FolderRemoval`), so a stop does not wait on a slow disk.
    /// Returns whether some of it was left to `rm` in the background.
    @discardableResult
    private func removeWorkFolder(fenced: Bool, within seconds: Double = .infinity) -> Bool {
        guard let work = lock.withLock({ workFolder }) else { return false }
        var handedOver = false
        let trash = work + ".removing"
        var status = stat()
        if lstat(work, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR && rename(work, trash) == 0 {
            if fenced {
                let fence = open(work, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
                if fence >= 0 { close(fence) }
            }
            // What time does not allow, or what would not go, is left to `rm` in the background.
            if FolderRemoval.remove(trash, within: seconds) != .removed {
                handedOver = FolderRemoval.removeInBackground(trash)
                if !handedOver { _ = FolderRemoval.remove(trash) }
            }
        }
        if !fenced { _ = FolderRemoval.remove(work) }
        return handedOver
    }

    /// Reports a finished build on the terminal and to the open pages.
    private func rebuilt(_ outcome: RebuildOutcome) {
        let first = lock.withLock {
            builds += 1
            return builds == 1
        }
        for diagnostic in outcome.diagnostics { error(diagnostic.description) }
        let seconds = String(format: "%.2f", outcome.seconds)
        if outcome.succeeded {
            out(first ? "Built \(outcome.pageCount) pages in \(seconds) s" : "Rebuilt in \(seconds) s")
        } else {
            let errors = outcome.diagnostics.errors.count
            error("Rebuild failed: \(errors) error\(errors == 1 ? "" : "s"); the pages show them until they are fixed.")
        }
        liveReload.publish(outcome)
    }

    // MARK: Listening

    private static func normalized(_ host: String) -> String { host == "localhost" ? "127.0.0.1" : host }

    private static func address(_ host: String, port: UInt16) throws(ServeFailure) -> any SocketAddress {
        let host = normalized(host)
        if host.contains(":"), let address = try? sockaddr_in6.inet6(ip6: host, port: port) { return address }
        if let address = try? sockaddr_in.inet(ip4: host, port: port), host.split(separator: ".").count == 4 { return address }
        throw .badHost(host)
    }

    /// A new folder of serve's own under the system's temporary folder, with a random name and
    /// only its owner's access (`mkdtemp`): never an existing folder or a link someone left there.
    private static func makeWorkFolder() -> String? {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array(((base.hasSuffix("/") ? String(base.dropLast()) : base) + "/journal-serve-XXXXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let start = buffer.baseAddress, let folder = mkdtemp(start) else { return nil }
            return String(cString: folder)
        }
        return made
    }
}

/// The served folder, known only once the port is (it is part of its name).
final class SiteFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var path: String?
    func set(_ path: String) { lock.withLock { self.path = path } }
    var current: String? { lock.withLock { path } }
}

/// `SiteHandler` for the folder once it is known.
struct SiteHandlerBox: HTTPHandler {
    let site: SiteFolder
    let liveReload: LiveReload

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        // A page on another site can point a name of its own at 127.0.0.1 (DNS rebinding) and
        // read the preview, drafts included: only requests for an address are answered.
        if let host = request.headers[.host], !HostCheck.isAddress(host) {
            return HTTPResponse(
                statusCode: .forbidden, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
                body: Data("journal serve answers only at an address such as 127.0.0.1 or localhost, not at '\(HostCheck.printable(host))'\n".utf8))
        }
        guard let folder = site.current else { return HTTPResponse(statusCode: .serviceUnavailable) }
        return try await SiteHandler(folder: folder, liveReload: liveReload).handleRequest(request)
    }
}
