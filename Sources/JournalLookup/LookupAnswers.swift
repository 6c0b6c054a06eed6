import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an answer of a music service means to `LookupClient`: its status, its body (JSON, an
/// error sent as a 200), its `Retry-After`, or why it never came; and the time limit on the whole
/// exchange.
extension LookupClient {
    /// What one answer means: final, or worth asking again after a while.
    enum Attempt {
        case answer(LookupResult)
        /// `after`: the seconds the service asked for (`Retry-After`), nil for the policy's backoff.
        case retry(String, after: Double?)
    }

    /// No answer of a music service's API is larger (the largest recorded, Tests/Fixtures/lookup/,
    /// is 56 KB); covers have the caller's own limit.
    static let maxBody = 4 << 20

    /// The whole exchange within `seconds`, its body read in pieces by `transfer` and at most
    /// `limit` bytes: Foundation on Linux times only the silence between bytes, so a server that
    /// sends a byte now and then would hold the run for hours.
    static func data(
        for request: URLRequest, transfer: BoundedTransfer, session: URLSession, limit: Int, within seconds: Double
    ) async throws -> (Data, URLResponse) {
        try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await transfer.data(for: request, session: session, limit: limit) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            while let first = try await group.next() {
                if let answer = first { return answer }
                throw URLError(.timedOut)
            }
            throw URLError(.timedOut)
        }
    }

    /// What a status means, before the body is read.
    static func classify(
        status: Int, retryAfter: Double?, data: Data, name: String,
        interpret: (Data) -> Attempt
    ) -> Attempt {
        switch status {
        case 200...299: return interpret(data)
        case 404, 410: return .answer(.notFound)
        case 403, 429, 503: return .retry("\(name) answered \(status)", after: retryAfter)
        case 400, 405, 406, 411, 413, 414, 415, 422: return .answer(.invalid("\(name) answered \(status) (the request is wrong)"))
        default: return .answer(.refused("\(name) answered \(status)"))
        }
    }

    /// A 200's body from an API: JSON, or (Deezer) an error that arrived as a 200.
    static func interpretJSON(_ data: Data, from service: LookupService) -> Attempt {
        if let problem = JSONBudget.problem(in: data) { return .answer(.invalid("\(service.displayName) answered \(problem)")) }
        guard (try? JSONSerialization.jsonObject(with: data, options: [])) != nil else {
            return .answer(.invalid("\(service.displayName) answered something that is not JSON"))
        }
        // The iTunes store says a request is wrong with a 200 and `errorMessage`: not an answer to keep.
        if service == .itunes, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let message = object["errorMessage"] as? String
        {
            // The service's own words reach a terminal: one clean line, like every text it sends.
            let said = FoundSong.clean(message)
            return .answer(.invalid("iTunes Search: \(said.isEmpty ? "no message" : said)"))
        }
        if service == .deezer, let error = Deezer.error(in: data) {
            switch error {
            case .notFound: return .answer(.notFound)
            case .quota(let message): return .retry("Deezer refused: \(message)", after: nil)
            case .other(let code, let message): return .answer(.invalid("Deezer error \(code): \(message)"))
            }
        }
        return .answer(.found(data))
    }

    /// `Retry-After` in seconds (a number, or an HTTP date), nil when absent or unreadable.
    static func retryAfter(_ response: URLResponse) -> Double? {
        guard let http = response as? HTTPURLResponse else { return nil }
        let value = http.allHeaderFields.first { ($0.key as? String)?.lowercased() == "retry-after" }?.value as? String
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        // A number past a year (or `inf`) is a year: nobody waits that long, and no conversion overflows.
        if let seconds = Double(text), seconds >= 0 { return seconds.isFinite ? min(seconds, 31_536_000) : 31_536_000 }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return "no answer in time"
            case .cannotConnectToHost: return "connection refused"
            case .cannotFindHost, .dnsLookupFailed: return "unknown host"
            case .notConnectedToInternet: return "not connected"
            default: break
            }
        }
        return error.localizedDescription
    }
}
