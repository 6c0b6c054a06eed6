import Foundation
import JournalCore

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
        return httpDate(text).map { min(max(0, $0 - Date().timeIntervalSince1970), 31_536_000) }
    }

    /// An HTTP date (RFC 9110, 5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, always ASCII) as seconds
    /// since 1970, read on its bytes. Not DateFormatter: a service's header is anyone's text, and
    /// Foundation's formatter traps on some (a combining mark in the day name, found by LookupFuzz,
    /// Fuzz/crashes/LookupFuzz/retry-after-combining-mark).
    static func httpDate(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[26...] == Array("GMT".utf8)[...] else { return nil }
        let space = UInt8(ascii: " ")
        let colon = UInt8(ascii: ":")
        for (index, separator) in [(4, space), (7, space), (11, space), (16, space), (19, colon), (22, colon), (25, space)]
        where bytes[index] != separator {
            return nil
        }
        guard httpDays.contains(String(decoding: bytes[0..<3], as: UTF8.self)) else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let monthIndex = httpMonths.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
            let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19),
            let minute = number(20..<22), let second = number(23..<25), hour < 24, minute < 60, second < 61,
            let date = CalendarDate(year: year, month: monthIndex + 1, day: day)
        else { return nil }
        return Double(date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second)
    }

    private static let httpDays: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let httpMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

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
