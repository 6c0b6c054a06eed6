import Foundation

/// How politely a client asks: the least time between two requests to one service, how often and
/// how long it retries a service that asks it to slow down, and how long it waits for an answer.
public struct LookupPolicy: Sendable, Equatable {
    /// Least seconds between the starts of two requests to one service. A service missing here is not paced.
    public var minimumInterval: [LookupService: Double]
    /// Retries after a 403, 429 or 503 (or Deezer's quota error) before answering `.refused`.
    public var retries: Int
    /// Seconds before the first retry when the answer gives no `Retry-After`; doubled at each retry.
    public var backoff: Double
    /// The longest `Retry-After` (seconds) the client honours; a longer one is answered `.refused` at once.
    public var longestWait: Double
    /// Seconds without an answer after which a request is `.unreachable`.
    public var timeout: Double

    public init(minimumInterval: [LookupService: Double], retries: Int, backoff: Double, longestWait: Double, timeout: Double) {
        self.minimumInterval = minimumInterval
        self.retries = retries
        self.backoff = backoff
        self.longestWait = longestWait
        self.timeout = timeout
    }

    /// The services' published limits: iTunes Search about 20 calls a minute; MusicBrainz one
    /// request a second (https://musicbrainz.org/doc/MusicBrainz_API/Rate_Limiting); the Cover Art
    /// Archive states none (0.2 s, to be polite); Deezer 50 requests in 5 s; Odesli 10 a minute
    /// without a key.
    public static let services = LookupPolicy(
        minimumInterval: [.itunes: 3, .musicbrainz: 1, .coverart: 0.2, .deezer: 0.1, .odesli: 6],
        retries: 3, backoff: 2, longestWait: 120, timeout: 20)

    /// For tests against a stub: no pacing but MusicBrainz's one request a second (tests assert it),
    /// short backoffs, and a timeout long enough for a machine busy running every other test.
    public static let testing = LookupPolicy(
        minimumInterval: [.musicbrainz: 1],
        retries: 2, backoff: 0.05, longestWait: 3, timeout: 10)

    /// Seconds between two requests to `service`.
    public func interval(for service: LookupService) -> Double { max(0, minimumInterval[service] ?? 0) }
}
