import Foundation

/// How much `journal serve` gives one client (README, "journal serve"): bounds that keep a
/// hostile or broken client (a header without an end, a trickle of bytes, thousands of idle
/// connections) from taking the preview away from the writer. The defaults are nginx's and
/// Node's order of size; tests make them small.
public struct ServeLimits: Sendable, Equatable {
    /// Bytes of a request line and its headers together; over it: 431, and the connection closes.
    public var headBytes = 16 * 1024
    /// Seconds a request head may take to arrive once its first byte has (slowloris): 408, closed.
    public var headSeconds: Double = 10
    /// Seconds a kept-alive connection may wait for its next request: then it is closed.
    public var idleSeconds: Double = 10
    /// Seconds one write of a response may wait for a client that does not read: then it is closed.
    public var writeSeconds: Double = 30
    /// Open connections at once, the pages' event streams included; more are answered 503 and
    /// closed at once. Never more than a quarter of the process's file descriptors.
    public var connections = 256
    /// Open live-reload event streams (one per open page); more are answered 503. These are
    /// long-lived by design: no idle limit, but a write that cannot go out closes them.
    public var eventStreams = 64

    public init() {}

    /// `connections`, lowered so that clients can never take the file descriptors a build needs.
    var effectiveConnections: Int {
        var limit = rlimit()
        #if os(Linux)
            let got = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let got = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard got == 0, limit.rlim_cur < 1 << 40 else { return max(1, connections) }
        let quarter = Int(clamping: limit.rlim_cur / 4)
        return max(1, min(connections, quarter))
    }
}
