import Foundation

/// Which `Host` headers `journal serve` answers (README, "journal serve"): an IP address,
/// `localhost` or a name under `.localhost`, with any port. A DNS name is refused, since a page on
/// another site can make its own name lead to 127.0.0.1 and read the preview through it; as
/// webpack-dev-server and Vite do, addresses are trusted and names are not.
enum HostCheck {
    static func isAddress(_ header: String) -> Bool {
        let value = header.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty, value.count <= 260 else { return false }
        let host: Substring
        if value.hasPrefix("[") {
            // [IPv6]:port
            guard let end = value.firstIndex(of: "]") else { return false }
            host = value[value.index(after: value.startIndex)..<end]
            let rest = value[value.index(after: end)...]
            guard rest.isEmpty || isPort(rest.dropFirst()) && rest.first == ":" else { return false }
            return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        if parts.count == 2, !isPort(parts[1]) { return false }
        host = parts[0]
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        // Digits only: UInt8("+1") is 1, and a name is no address.
        return octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } && UInt8($0) != nil }
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The header as a message may show it: printable ASCII only, at most 100 characters.
    static func printable(_ header: String) -> String {
        String(header.unicodeScalars.prefix(100).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}
