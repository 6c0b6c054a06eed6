import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks the music services over HTTP: one request at a time per service, no closer together than
/// the policy's interval, retrying politely when told to slow down, caching every `found` and
/// `notFound` on disk so that a second run asks nothing, and giving up at once on a service that
/// could not be reached earlier in the run.
public actor LookupClient {
    private let cache: LookupCache
    private let policy: LookupPolicy
    private let userAgent: String
    private let session: URLSession
    /// The session's delegate: reads every answer against its limit, checks every redirect.
    private let transfer: BoundedTransfer
    /// Where requests may go: the bases as they are, anywhere else only on the internet.
    private let check: AddressCheck
    /// Each service's base, or why the environment's value is wrong.
    private let bases: [LookupService: Result<String, LookupBaseError>]

    /// Requests actually sent to each service (retries count; cache hits do not).
    public private(set) var requestsSent: [LookupService: Int] = [:]
    /// Answers served from the cache, per service (downloads under a service's host count for it).
    public private(set) var cacheHits: [LookupService: Int] = [:]
    /// Downloads sent to hosts that are no service's base (image CDNs).
    public private(set) var otherRequestsSent = 0
    /// Downloads from hosts that are no service's base, served from the cache.
    public private(set) var otherCacheHits = 0

    private var down: [LookupService: String] = [:]
    /// Services that refused (429, 503 …) past every retry: not asked again in this run.
    private var refused: [LookupService: String] = [:]
    private var downHosts: [String: String] = [:]
    private var lastSent: [LookupService: ContinuousClock.Instant] = [:]
    private var busy: Set<LookupService> = []
    private var waiting: [LookupService: [CheckedContinuation<Void, Never>]] = [:]

    /// - Parameters:
    ///   - cacheFolder: the folder that holds (or will hold) `lookup/`; nil caches nothing.
    ///   - environment: where `JOURNAL_*_URL` are read (normally `ProcessInfo.processInfo.environment`).
    ///   - policy: pacing, retries and timeout (`.services` for real runs, `.testing` in tests).
    ///   - userAgent: sent with every request; MusicBrainz requires `App/version ( contact )`,
    ///     see `LookupClient.userAgent(version:contact:)`.
    ///   - resolver: turns host names into addresses, to keep requests off this machine's network.
    public init(
        cacheFolder: String?, environment: [String: String], policy: LookupPolicy, userAgent: String,
        resolver: HostResolver = .system
    ) {
        cache = LookupCache(folder: cacheFolder)
        self.policy = policy
        self.userAgent = userAgent
        var bases: [LookupService: Result<String, LookupBaseError>] = [:]
        for service in LookupService.allCases {
            do throws(LookupBaseError) { bases[service] = .success(try service.base(in: environment)) } catch { bases[service] = .failure(error) }
        }
        self.bases = bases
        check = AddressCheck(bases: bases.values.compactMap { try? $0.get() }, resolver: resolver)
        transfer = BoundedTransfer(check: check)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: transfer.queue)
    }

    deinit {
        // The session keeps its delegate until it is told to let go.
        session.finishTasksAndInvalidate()
    }

    /// A User-Agent in the form MusicBrainz asks for: `journal/1.0 ( https://example.org/journal )`.
    public static func userAgent(version: String, contact: String) -> String {
        "journal/\(version) ( \(contact) )"
    }

    /// Whether `service` failed to answer earlier in this client's life: every later request to it
    /// answers `.unreachable` at once.
    public func isDown(_ service: LookupService) -> Bool { down[service] != nil || refused[service] != nil }

    /// Asks a request a builder made (`ITunesSearch.request(term:country:limit:)` and the like).
    public func get(_ request: LookupRequest) async -> LookupResult {
        await get(request.service, path: request.path, query: request.query.map { ($0.name, $0.value) })
    }

    /// Asks `service` for `path` (its own, e.g. `/search`) with `query` (unencoded pairs, in order).
    /// A cached answer makes no request.
    public func get(_ service: LookupService, path: String, query: [(String, String)]) async -> LookupResult {
        let base: String
        switch bases[service] ?? .success(service.defaultBase) {
        case .success(let value): base = value
        case .failure(let error): return .invalid(error.description)
        }
        let area = service.rawValue
        let key = LookupURL.cacheKey(path: path, query: query)
        if let cached = cache.read(area, key), Self.withinBudget(cached) {
            cacheHits[service, default: 0] += 1
            return cached
        }
        if let reason = down[service] { return .unreachable(reason) }
        if let reason = refused[service] { return .refused(reason) }
        let address = base + LookupURL.pathAndQuery(path: path, query: query)
        guard let url = URL(string: address) else { return .invalid("cannot make an address of \(address)") }

        await acquire(service)
        defer { release(service) }
        // Another call may have fetched the same thing, or found the service down, while this one waited.
        if let cached = cache.read(area, key), Self.withinBudget(cached) {
            cacheHits[service, default: 0] += 1
            return cached
        }
        if let reason = down[service] { return .unreachable(reason) }
        if let reason = refused[service] { return .refused(reason) }

        let tooLarge = "\(service.displayName) answered more than \(Self.maxBody) bytes, more than a lookup ever needs"
        let result = await fetch(url, accept: "application/json", service: service, limit: Self.maxBody, tooLarge: tooLarge) { data in
            Self.interpretJSON(data, from: service)
        }
        cache.write(area, key, result)
        return result
    }

    /// Fetches a cover image from whatever http(s) address a service gave (redirects followed).
    /// Refuses other schemes, bodies over `maxBytes` (read in pieces and dropped as soon as they
    /// pass it) and bodies that are not PNG, JPEG or WebP. An address, or a hop of its
    /// redirects, on this machine or its network (resolved) is refused unless it is a service's
    /// base exactly (scheme, host and port).
    /// Paced under the service whose base the address starts with, otherwise not paced; cached
    /// under `lookup/downloads/` (by path and query when under a service's base, so a stub and
    /// the real service share entries; by the whole address otherwise). `accept` says why a body
    /// is not wanted (a cover the build would refuse), or nil: a body it refuses is `.invalid` and
    /// never cached, and a cached one it refuses is asked for again.
    public func download(_ address: String, maxBytes: Int, accept: (@Sendable (Data) -> String?)? = nil) async -> LookupResult {
        guard var components = URLComponents(string: address),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty
        else { return .invalid("not an http(s) address: \(address)") }
        components.scheme = scheme
        guard let url = components.url else { return .invalid("not an http(s) address: \(address)") }
        let origin = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        let service = LookupService.allCases.first { service in
            if case .success(let base) = bases[service] { return base.lowercased() == origin }
            return false
        }
        let rest = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let key = service.map { LookupURL.cacheKey(url: $0.rawValue + ":" + rest) } ?? LookupURL.cacheKey(url: address)
        if let cached = cache.read("downloads", key), !Self.refuses(cached, accept) {
            if let service { cacheHits[service, default: 0] += 1 } else { otherCacheHits += 1 }
            return cached
        }
        if let service, let reason = down[service] { return .unreachable(reason) }
        if service == nil, let reason = downHosts[origin] { return .unreachable(reason) }
        // A cover comes from the internet: an answer that points at this machine or its network
        // (a cloud's metadata address, a router) is not followed, unless a service itself is there.
        if service == nil {
            let check = self.check
            switch await Task.detached(operation: { check.verdict(on: url) }).value {
            case .allowed: break
            case .refused(let reason): return .invalid("\(address) names \(reason), not a cover")
            case .unknownHost:
                let reason = "\(host) could not be reached: unknown host"
                downHosts[origin] = reason
                return .unreachable(reason)
            }
        }

        if let service { await acquire(service) }
        defer { if let service { release(service) } }
        if let service, let reason = down[service] { return .unreachable(reason) }

        let tooLarge = "\(address) is more than \(maxBytes) bytes, more than a cover ever needs"
        let result = await fetch(url, accept: "image/png, image/jpeg, image/webp", service: service, limit: maxBytes, tooLarge: tooLarge) { data in
            if data.count > maxBytes { return .answer(.invalid("\(address) is \(data.count) bytes, more than \(maxBytes)")) }
            guard ImageKind(sniffing: data) != nil else { return .answer(.invalid("\(address) is not a PNG, JPEG or WebP image")) }
            if let reason = accept?(data) { return .answer(.invalid("\(address): \(reason)")) }
            return .answer(.found(data))
        }
        if service == nil, case .unreachable(let reason) = result { downHosts[origin] = reason }
        cache.write("downloads", key, result)
        return result
    }

    /// Whether a cached answer may be parsed: one an earlier version kept may be past today's
    /// limits, and is then asked for again.
    private static func withinBudget(_ cached: LookupResult) -> Bool {
        guard case .found(let data) = cached else { return true }
        return data.count <= maxBody && JSONBudget.problem(in: data) == nil
    }

    /// Whether `accept` refuses the body of a cached `found`.
    private static func refuses(_ cached: LookupResult, _ accept: (@Sendable (Data) -> String?)?) -> Bool {
        guard let accept, case .found(let data) = cached else { return false }
        return accept(data) != nil
    }

    // MARK: Sending

    /// Sends `url` (paced under `service` when given), retrying while the service asks to slow
    /// down. A body over `limit` bytes is dropped as it arrives, answering `tooLarge`; a redirect
    /// `check` refuses is not followed. `interpret` reads a 200's body.
    private func fetch(
        _ url: URL, accept: String, service: LookupService?, limit: Int, tooLarge: String,
        interpret: @Sendable (Data) -> Attempt
    ) async -> LookupResult {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let name = service?.displayName ?? (url.host ?? url.absoluteString)
        var attempt = 0
        while true {
            if let service { await pace(service) }
            if Task.isCancelled { return .refused("cancelled") }
            if let service { requestsSent[service, default: 0] += 1 } else { otherRequestsSent += 1 }
            let outcome: Attempt
            do {
                let (data, response) = try await Self.data(
                    for: request, transfer: transfer, session: session, limit: limit, within: policy.timeout)
                // The interval runs from the answer too, so the service never sees two requests
                // closer than it, however long the first took to arrive.
                if let service { lastSent[service] = ContinuousClock.now }
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                outcome = Self.classify(
                    status: status, retryAfter: Self.retryAfter(response), data: data,
                    name: name, interpret: interpret)
            } catch let failure as BoundedTransfer.Failure {
                if let service { lastSent[service] = ContinuousClock.now }
                switch failure {
                case .tooLarge(_, let announced): return .invalid(tooLarge + (announced.map { " (it announced \($0))" } ?? ""))
                case .redirectRefused(let target, let reason): return .invalid("\(name) redirected to \(target): \(reason), not followed")
                }
            } catch {
                if let service { lastSent[service] = ContinuousClock.now }
                let reason = "\(name) could not be reached: \(Self.describe(error))"
                if let service { down[service] = reason }
                return .unreachable(reason)
            }
            switch outcome {
            case .answer(let result):
                return result
            case .retry(let reason, let after):
                // A service that keeps refusing is not asked again in this run: over years of
                // history, waiting out every song's retries would take days.
                if let after, after > policy.longestWait {
                    let refusal = "\(reason); it asks to wait \(Int(after.rounded())) s"
                    if let service { refused[service] = refusal }
                    return .refused(refusal)
                }
                guard attempt < policy.retries else {
                    let refusal = "\(reason) after \(attempt + 1) tries"
                    if let service { refused[service] = refusal }
                    return .refused(refusal)
                }
                let wait = after ?? policy.backoff * Double(1 << min(attempt, 16))
                attempt += 1
                try? await Task.sleep(for: .seconds(max(0, wait)))
            }
        }
    }

    // MARK: One at a time per service

    /// Waits until `lastSent + interval` (the last request's send or answer, whichever is later),
    /// then records now as the last send.
    private func pace(_ service: LookupService) async {
        let clock = ContinuousClock()
        let interval = policy.interval(for: service)
        if interval > 0, let last = lastSent[service] {
            let next = last.advanced(by: .seconds(interval))
            if clock.now < next { try? await Task.sleep(until: next, clock: clock) }
        }
        lastSent[service] = clock.now
    }

    private func acquire(_ service: LookupService) async {
        guard busy.contains(service) else {
            busy.insert(service)
            return
        }
        await withCheckedContinuation { continuation in waiting[service, default: []].append(continuation) }
    }

    /// Hands the service to the next waiting call, if any (it stays busy), else frees it.
    private func release(_ service: LookupService) {
        if var queue = waiting[service], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[service] = queue
            next.resume()
        } else {
            busy.remove(service)
        }
    }
}
