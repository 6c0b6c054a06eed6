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

    public init(source: String = ".", host: String = "127.0.0.1", port: UInt16 = 8080, drafts: Bool = false) {
        self.source = source
        self.host = host
        self.port = port
        self.drafts = drafts
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
/// Threads: FlyingFox serves requests on Swift concurrency's threads; the watcher waits for
/// changes on a thread of its own; builds run one at a time on the `RebuildQueue`'s thread.
public final class JournalServer: @unchecked Sendable {
    private let options: ServeOptions
    private let burst: Burst
    private let out: @Sendable (String) -> Void
    private let error: @Sendable (String) -> Void
    private let liveReload = LiveReload()

    private let lock = NSLock()
    private var server: HTTPServer?
    private var serverTask: Task<Void, any Error>?
    private var watcher: (any ChangeWatcher)?
    private var queue: RebuildQueue?
    private var builds = 0
    /// The folder this run owns, removed on stop; the site is its `site` folder.
    public private(set) var workFolder: String?
    /// Where the server listens, e.g. `http://127.0.0.1:8080/`; nil before `start`.
    public private(set) var url: String?

    /// `out` gets the address and one line per rebuild; `error` gets the diagnostics.
    public init(_ options: ServeOptions, quiet: Double = 0.06,
                out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.options = options
        burst = Burst(quiet: quiet)
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
        let server = HTTPServer(config: .init(address: address, timeout: 30, logger: .disabled),
                                handler: SiteHandlerBox(site: site, liveReload: liveReload))
        let failure = RunFailure()
        let task = Task {
            do { try await server.run() } catch { failure.error = error; throw error }
        }
        do throws(ServeFailure) {
            try await Self.waitUntilListening(server, failure: failure, port: options.port)
        } catch {
            task.cancel()
            throw error
        }

        guard let port = await Self.port(of: server) else {
            await server.stop()
            throw .cannotListen("no address")
        }
        let host = options.host.contains(":") ? "[\(Self.normalized(options.host))]" : Self.normalized(options.host)
        let url = "http://\(host):\(port)/"
        guard let work = Self.makeWorkFolder() else {
            await server.stop()
            task.cancel()
            throw .cannotListen("cannot make a folder for the site under \(FileManager.default.temporaryDirectory.path)")
        }
        site.set(work + "/site")

        // Listening on every address, the page's own address is not known: links stay site-relative.
        let everyAddress = ["0.0.0.0", "::"].contains(Self.normalized(options.host))
        var buildOptions = BuildOptions(source: options.source, output: work + "/site", baseURL: everyAddress ? "/" : url, drafts: options.drafts)
        buildOptions.servesLocally = true
        // Its cards name the local address: the cards `journal build` drew stay in the cache.
        buildOptions.pruneCardCache = false
        let builder = SiteBuilder(options: buildOptions,
                                  onFirstPass: { [liveReload] paths in liveReload.publishFirstPass(paths) })
        let queue = RebuildQueue { [self] in rebuilt(builder.rebuild()) }
        let watcher = ChangeWatchers.make(for: builder.options, burst: burst)
        lock.withLock {
            self.server = server
            serverTask = task
            self.queue = queue
            self.watcher = watcher
            workFolder = work
            self.url = url
        }
        out("Serving \(options.source) at \(url) (Ctrl-C stops)")
        watcher.start { queue.request() }
        queue.request()
    }

    /// Stops watching, lets a build under way finish, closes every connection and removes the
    /// served folder.
    public func stop() async {
        let (server, task, watcher, queue, work) = lock.withLock { (self.server, serverTask, self.watcher, self.queue, workFolder) }
        watcher?.stop()
        queue?.stop()
        liveReload.finishAll()
        await server?.stop(timeout: 0.5)
        task?.cancel()
        if let work { try? FileManager.default.removeItem(atPath: work) }
        lock.withLock {
            self.server = nil
            self.watcher = nil
            self.queue = nil
        }
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

    /// Waits until the server listens, or says why it cannot.
    private static func waitUntilListening(_ server: HTTPServer, failure: RunFailure, port: UInt16) async throws(ServeFailure) {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if await server.isListening { return }
            if let error = failure.error {
                if case SocketError.failed(_, let code, _) = error, code == EADDRINUSE { throw .portInUse(port) }
                if case SocketError.failed(_, _, let message) = error { throw .cannotListen(message) }
                throw .cannotListen(error.localizedDescription)
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        throw .cannotListen("the server did not start listening within 60 s")
    }

    private static func port(of server: HTTPServer) async -> UInt16? {
        switch await server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: return nil
        }
    }

    /// A folder of this run's own under the system's temporary folder, named after the journal's
    /// real path and the port, so two journals (or one served twice) never share one.
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

/// Why the server's task ended, if it did.
final class RunFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
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
            return HTTPResponse(statusCode: .forbidden, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
                                body: Data("journal serve answers only at an address such as 127.0.0.1 or localhost, not at '\(HostCheck.printable(host))'\n".utf8))
        }
        guard let folder = site.current else { return HTTPResponse(statusCode: .serviceUnavailable) }
        return try await SiteHandler(folder: folder, liveReload: liveReload).handleRequest(request)
    }
}
