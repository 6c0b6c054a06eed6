import Foundation
import JournalCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks one listening service for `journal sync`, as politely as it asks to be asked: one request
/// at a time, no closer together than `interval`, waiting out `X-RateLimit-Reset-In` when
/// `X-RateLimit-Remaining` reaches 0 (ListenBrainz) and `Retry-After` on a 429 or 503, retrying a
/// dropped connection a few times. Every answer is read against a size and a time limit; a
/// redirect is followed only where `AddressCheck` allows (the configured server itself is trusted
/// as configured: a Maloja at home is on the home network). Nothing is cached: a sync wants
/// what the service holds now. The secret travels in a header or the query and is never part of
/// a message.
actor SyncClient {
    struct Policy: Sendable {
        /// Least seconds between two requests.
        var interval: Double
        /// Retries of a refused (429, 503, Last.fm's error 29) or dropped request.
        var retries: Int
        /// Seconds before the first retry when the service names none; doubled at each retry.
        var backoff: Double
        /// The longest wait the client accepts from a service; a longer one stops the sync.
        var longestWait: Double
        /// Seconds an exchange may take.
        var timeout: Double

        /// The services' published limits: Last.fm, 5 requests a second averaged over five
        /// minutes (https://www.last.fm/api/tos); ListenBrainz names its own in headers.
        static func service(_ service: SyncSource.Service) -> Policy {
            Policy(interval: service == .lastfm ? 0.25 : 0, retries: 4, backoff: 2, longestWait: 300, timeout: 60)
        }
    }

    /// An answer: status, headers (names lowercased) and body.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// The largest answer read: a page of 1,000 listens is about 2 MB.
    static let maxBody = 32 << 20

    let service: SyncSource.Service
    let endpoint: SyncEndpoint
    private let policy: Policy
    private let userAgent: String
    private let session: URLSession
    private let transfer: BoundedTransfer
    private var lastSent: ContinuousClock.Instant?
    /// Set from `X-RateLimit-Reset-In` when the service said no request is left.
    private var resumeAt: ContinuousClock.Instant?
    /// Requests sent, retries included.
    private(set) var requestsSent = 0
    /// Seconds spent waiting because the service asked to.
    private(set) var secondsWaited = 0.0

    init(service: SyncSource.Service, endpoint: SyncEndpoint, policy: Policy, userAgent: String, resolver: HostResolver = .system) {
        self.service = service
        self.endpoint = endpoint
        self.policy = policy
        self.userAgent = userAgent
        let check = AddressCheck(bases: [SyncClient.origin(of: endpoint.base)], resolver: resolver)
        transfer = BoundedTransfer(check: check, onlyOrigin: URL(string: endpoint.base).flatMap(AddressCheck.origin))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: transfer.queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Scheme, host and port of an address (the part `AddressCheck` trusts).
    static func origin(of base: String) -> String {
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased() else {
            return base
        }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// GETs `path` (under the endpoint's base) with `query` and `headers`. A 2xx answer is
    /// returned; 429 and 503, a 500, 502 or 504, a dropped connection, and an answer `slowDown`
    /// says asks to slow down (Last.fm's error 29, whatever its status) are waited out
    /// (`Retry-After`, `X-RateLimit-Reset-In`, else a doubling backoff) and asked again; other
    /// statuses are returned for the caller to read.
    func get(
        _ path: String, query: [(String, String)], headers: [String: String] = [:],
        slowDown: @Sendable (Answer) -> Bool = { _ in false }
    ) async throws(SyncFailure) -> Answer {
        let address = endpoint.base + LookupURL.pathAndQuery(path: path, query: query)
        guard let url = URL(string: address) else { throw .configuration("cannot make an address of \(endpoint.base) and \(path)") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let name = service.displayName
        var attempt = 0
        while true {
            await pace()
            requestsSent += 1
            var wait: Double?
            var reason = ""
            do {
                let (data, response) = try await LookupClient.data(
                    for: request, transfer: transfer, session: session, limit: Self.maxBody, within: policy.timeout)
                lastSent = ContinuousClock.now
                let http = response as? HTTPURLResponse
                var answerHeaders: [String: String] = [:]
                for (key, value) in http?.allHeaderFields ?? [:] {
                    if let key = key as? String, let value = value as? String { answerHeaders[key.lowercased()] = value }
                }
                let answer = Answer(status: http?.statusCode ?? 0, headers: answerHeaders, body: data)
                noteRateLimit(answerHeaders)
                let backoff = policy.backoff * Double(1 << min(attempt, 16))
                if slowDown(answer) {
                    (wait, reason) = (LookupClient.retryAfter(response) ?? backoff, "\(name) asked to slow down")
                } else {
                    switch answer.status {
                    case 200...299:
                        return answer
                    case 429, 503:
                        (wait, reason) = (
                            LookupClient.retryAfter(response) ?? Self.number(answerHeaders["x-ratelimit-reset-in"]) ?? backoff,
                            "\(name) answered \(answer.status)"
                        )
                    case 500, 502, 504:
                        (wait, reason) = (backoff, "\(name) answered \(answer.status)")
                    default:
                        return answer
                    }
                }
            } catch let failure as BoundedTransfer.Failure {
                lastSent = ContinuousClock.now
                switch failure {
                case .tooLarge(let limit, _): throw .invalid("\(name) answered more than \(limit) bytes to one request")
                case .redirectRefused(let target, let why): throw .invalid("\(name) redirected to \(Self.withoutQuery(target)): \(why), not followed")
                }
            } catch {
                lastSent = ContinuousClock.now
                if Task.isCancelled { throw .interrupted }
                (wait, reason) = (policy.backoff * Double(1 << min(attempt, 16)), "\(name) could not be reached: \(LookupClient.describe(error))")
            }
            let seconds = max(0, wait ?? 0)
            guard seconds <= policy.longestWait else {
                throw .unreachable("\(reason), and asks to wait \(Int(seconds.rounded())) s: sync again later")
            }
            guard attempt < policy.retries else { throw .unreachable("\(reason) (\(attempt + 1) tries): sync again later") }
            attempt += 1
            secondsWaited += seconds
            try? await Task.sleep(for: .seconds(seconds))
            if Task.isCancelled { throw .interrupted }
        }
    }

    /// Waits out the interval since the last answer, and a rate limit's reset.
    private func pace() async {
        let clock = ContinuousClock()
        var next = lastSent.map { $0.advanced(by: .seconds(policy.interval)) } ?? clock.now
        if let resumeAt, resumeAt > next { next = resumeAt }
        if clock.now < next {
            secondsWaited += Double((next - clock.now).components.seconds)
            try? await Task.sleep(until: next, clock: clock)
        }
        resumeAt = nil
    }

    /// ListenBrainz's `X-RateLimit-Remaining` and `X-RateLimit-Reset-In`: none left, wait for the reset.
    private func noteRateLimit(_ headers: [String: String]) {
        guard let remaining = Self.number(headers["x-ratelimit-remaining"]), remaining < 1,
            let resetIn = Self.number(headers["x-ratelimit-reset-in"])
        else { return }
        resumeAt = ContinuousClock.now.advanced(by: .seconds(min(max(0, resetIn), policy.longestWait)))
    }

    /// A header's number of seconds, at most a year (nobody waits longer, and no conversion overflows).
    static func number(_ text: String?) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), let value = Double(text), value.isFinite else { return nil }
        return min(value, 31_536_000)
    }

    /// An address without its query, which may hold a key.
    static func withoutQuery(_ address: String) -> String {
        address.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? address
    }
}
