import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls of `journal serve`'s connections, on a non-blocking socket, each bounded by a
/// deadline (`poll`), so no client can hold a thread longer than a limit allows. The platform
/// differences (accept4, MSG_NOSIGNAL, POLLRDHUP) live here only.
enum SocketIO {
    enum ReadOutcome {
        case bytes(Int)
        /// The client closed its side (or the connection broke).
        case closed
        case timedOut
    }

    /// Reads what has arrived into `buffer` (at most `buffer.count` bytes), waiting until `deadline`.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8], until deadline: ContinuousClock.Instant) -> ReadOutcome {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { return .timedOut }
            default: return .closed
            }
        }
    }

    /// Writes all of `bytes`, waiting at most until `deadline` for a client that does not read.
    static func write(_ descriptor: Int32, _ bytes: some ContiguousBytes, until deadline: ContinuousClock.Instant) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, noSignal)
                if sent > 0 {
                    offset += sent
                    continue
                }
                if sent < 0 && errno == EINTR { continue }
                guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK,
                    wait(descriptor, for: Int16(POLLOUT), until: deadline)
                else { return false }
            }
            return true
        }
    }

    /// Whether the client has closed its side or the connection has broken, without waiting.
    static func peerHasGone(_ descriptor: Int32) -> Bool {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN) | peerHangUp, revents: 0)]
        guard poll(&fds, 1, 0) > 0 else { return false }
        if fds[0].revents & (Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL) | peerHangUp) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK))
        return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// Waits until `events` can happen on `descriptor` or `deadline` passes; false on the deadline.
    static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var fds = [pollfd(fd: descriptor, events: events, revents: 0)]
            let ready = poll(&fds, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // let the read or write report it
        }
    }

    /// Accepts a connection as a non-blocking socket that is not inherited by children; -1 with
    /// `errno` set when none could be.
    static func accept(_ listening: Int32) -> Int32 {
        #if canImport(Glibc)
            let descriptor = Glibc.accept(listening, nil, nil)
        #else
            let descriptor = Darwin.accept(listening, nil, nil)
        #endif
        guard descriptor >= 0 else { return -1 }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Closes the sending side after a refusal and reads (and drops) what the client is still
    /// sending, for at most `seconds` or `bytes`, so the refusal is not lost to a reset when the
    /// connection closes with unread bytes (nginx's lingering close).
    static func linger(_ descriptor: Int32, seconds: Double, bytes: Int) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        while drained < bytes, case .bytes(let count) = read(descriptor, into: &buffer, until: deadline) { drained += count }
    }

    /// Ends both directions of a connection, waking a thread blocked on it (on stop).
    static func shutDown(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    #if os(Linux)
        private static let noSignal = Int32(MSG_NOSIGNAL)
        /// POLLRDHUP (Glibc hides it behind _GNU_SOURCE).
        private static let peerHangUp: Int16 = 0x2000
    #else
        private static let noSignal: Int32 = 0
        private static let peerHangUp: Int16 = 0
    #endif
}
