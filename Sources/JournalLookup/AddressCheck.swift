import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where the lookup client may send a request: a service's base the writer (or a test) set is
/// trusted for exactly its scheme, host and port; any other address, a cover a service named or
/// a hop of a redirect, must be http(s) and resolve only to addresses on the internet, never to
/// this machine or its network. URLSession resolves the name again when it connects, so a name
/// whose answer changes in between (DNS rebinding) is not caught: see docs/content-format.md,
/// "Adding what a service knows".
struct AddressCheck: Sendable {
    /// What the check says of an address.
    enum Verdict: Equatable, Sendable {
        case allowed
        /// Not asked: the reason, for a message (`127.0.0.1, an address on this machine or its network`).
        case refused(String)
        /// The host has no address.
        case unknownHost
    }

    /// `scheme://host:port` of every base this run uses, lowercased, the port always written.
    let trusted: Set<String>
    let resolver: HostResolver
    /// The addresses of this machine's own interfaces: a public or documentation address a
    /// machine holds (a cloud VM's, 192.0.2.2) reaches its services as well as 127.0.0.1 does.
    let machine: Set<IPAddress>

    init(bases: [String], resolver: HostResolver, machine: Set<IPAddress> = IPAddress.ofThisMachine()) {
        trusted = Set(bases.compactMap { URL(string: $0).flatMap(Self.origin) })
        self.resolver = resolver
        self.machine = machine
    }

    /// `http://127.0.0.1:8123`: an address's scheme, host and port (80 or 443 when not written).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
    }

    /// Whether `url` may be asked. Resolves its host (blocking, as `getaddrinfo` does).
    func verdict(on url: URL) -> Verdict {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .refused("not an http(s) address")
        }
        guard let origin = Self.origin(of: url), let rawHost = url.host else { return .refused("an address without a host") }
        if trusted.contains(origin) { return .allowed }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        // RFC 6761: every name under `localhost` is this machine, whatever a resolver says.
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if name == "localhost" || name.hasSuffix(".localhost") { return .refused("\(host), a name of this machine") }
        guard let addresses = resolver.resolve(host), !addresses.isEmpty else { return .unknownHost }
        if let inside = addresses.first(where: { $0.isInternal || machine.contains($0.unmapped) }) {
            let shown = inside.description == host ? host : "\(host) (\(inside))"
            return .refused("\(shown), an address on this machine or its network")
        }
        return .allowed
    }
}

/// Turns a host name (or an address written as one) into its IP addresses: the system's
/// resolver in runs, a table in tests, so a test can make a name mean 127.0.0.1.
public struct HostResolver: Sendable {
    /// nil or empty: the host has no address.
    let resolve: @Sendable (String) -> [IPAddress]?

    init(resolve: @escaping @Sendable (String) -> [IPAddress]?) {
        self.resolve = resolve
    }

    /// `getaddrinfo`: `/etc/hosts`, then DNS; numeric forms (`2130706433`, `0x7f.1`) as the C
    /// library reads them, which is how the request would be sent.
    public static let system = HostResolver { host in
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var next = list
        while let entry = next {
            if let address = IPAddress(entry.pointee.ai_addr, family: entry.pointee.ai_family) { addresses.append(address) }
            next = entry.pointee.ai_next
        }
        return addresses
    }

    /// Names resolve to the addresses given (written as text); any other host to nothing.
    static func table(_ names: [String: [String]]) -> HostResolver {
        HostResolver { host in names[host.lowercased()]?.compactMap(IPAddress.init(text:)) }
    }
}

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// `127.0.0.1` or `::1` (no names, no brackets).
    init?(text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v6) { Array($0) })
        } else {
            return nil
        }
    }

    init?(_ socket: UnsafeMutablePointer<sockaddr>?, family: Int32) {
        guard let socket else { return nil }
        switch family {
        case AF_INET:
            let bytes = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
            self.init(bytes: bytes)
        case AF_INET6:
            let bytes = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            self.init(bytes: bytes)
        default:
            return nil
        }
    }

    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The addresses of this machine's interfaces (`getifaddrs`), IPv4-mapped ones as IPv4.
    static func ofThisMachine() -> Set<IPAddress> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: Set<IPAddress> = []
        var next = list
        while let entry = next {
            if let socket = entry.pointee.ifa_addr, let address = IPAddress(socket, family: Int32(socket.pointee.sa_family)) {
                addresses.insert(address.unmapped)
            }
            next = entry.pointee.ifa_next
        }
        return addresses
    }

    /// An IPv4 address carried in IPv6 (`::ffff:a.b.c.d`) as that IPv4 address; others as they are.
    var unmapped: IPAddress {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff,
            let v4 = IPAddress(bytes: Array(bytes[12...]))
        else { return self }
        return v4
    }

    /// Somewhere only this machine or its network reaches, or no single host: loopback, the
    /// private ranges (10/8, 172.16/12, 192.168/16), shared CGNAT (100.64/10), link-local
    /// (169.254/16, fe80::/10), unique-local (fc00::/7), "this network" (0/8, ::), multicast
    /// and the reserved block up to broadcast (224/3, ff00::/8), documentation and benchmarking
    /// networks (192.0.2/24, 198.51.100/24, 203.0.113/24, 198.18/15, 2001:db8::/32) and IETF's
    /// 192.0.0/24; an IPv6 address carrying an
    /// IPv4 one (`::ffff:a.b.c.d`, `::a.b.c.d`, NAT64's `64:ff9b::a.b.c.d`) as that IPv4 address.
    var isInternal: Bool {
        if bytes.count == 4 { return Self.isInternal(v4: bytes) }
        let head = bytes[0..<12]
        if head.allSatisfy({ $0 == 0 }) {
            // `::` and `::1`, else an IPv4-compatible address.
            if bytes[12..<15].allSatisfy({ $0 == 0 }) && bytes[15] <= 1 { return true }
            return Self.isInternal(v4: Array(bytes[12...]))
        }
        if head.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return Self.isInternal(v4: Array(bytes[12...]))
        }
        if Array(head) == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return Self.isInternal(v4: Array(bytes[12...])) }
        switch (bytes[0], bytes[1] & 0xc0) {
        case (0xfe, 0x80), (0xfe, 0xc0): return true  // link-local, and the old site-local
        default: break
        }
        // Documentation (2001:db8::/32) and discard-only (100::/64) addresses are no service either.
        if bytes[0..<4] == [0x20, 0x01, 0x0d, 0xb8] || (bytes[0..<2] == [0x01, 0x00] && bytes[2..<8].allSatisfy { $0 == 0 }) { return true }
        return bytes[0] & 0xfe == 0xfc || bytes[0] == 0xff
    }

    private static func isInternal(v4 bytes: [UInt8]) -> Bool {
        switch (bytes[0], bytes[1], bytes[2]) {
        case (0, _, _), (10, _, _), (127, _, _), (169, 254, _), (192, 168, _), (172, 16...31, _), (100, 64...127, _): return true
        case (224...255, _, _): return true
        // IETF protocol assignments, the three documentation networks and benchmarking (RFC
        // 6890): never a service on the internet, and what a VM is sometimes given as its own.
        case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113), (198, 18...19, _): return true
        default: return false
        }
    }
}
