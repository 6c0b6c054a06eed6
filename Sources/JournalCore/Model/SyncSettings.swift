import Foundation

/// journal.yaml's `sync:` (docs/content-format.md, "Syncing"): the services `journal sync` brings
/// listens from. Secrets are never here: they come from the environment only.
public struct SyncSource: Sendable, Equatable {
    public enum Service: String, Sendable, CaseIterable {
        case listenbrainz, lastfm, maloja, koito

        /// Whether the service is named by a user (`listenbrainz`, `lastfm`) or by a server's
        /// address (`maloja`, `koito`, which people run themselves).
        public var needsServer: Bool { self == .maloja || self == .koito }
    }

    public var service: Service
    /// The account's name (ListenBrainz, Last.fm).
    public var user: String?
    /// The server, `https://music.example.org` (Maloja, Koito): scheme, host, port and path.
    public var server: String?
    /// Days re-read before the newest play the log has from the service: scrobbles batched
    /// offline arrive days late.
    public var lookBackDays: Int

    public static let defaultLookBackDays = 7

    public init(service: Service, user: String? = nil, server: String? = nil, lookBackDays: Int = SyncSource.defaultLookBackDays) {
        self.service = service
        self.user = user
        self.server = server
        self.lookBackDays = lookBackDays
    }

    /// A server address as `sync.url` accepts it: http(s), a host, no query, fragment or
    /// credentials; the trailing `/` dropped. Nil when it is not one.
    public static func normalizedServer(_ text: String) -> String? {
        var value = text.trimmingCharacters(in: .whitespaces)
        while value.hasSuffix("/") { value.removeLast() }
        guard let components = URLComponents(string: value),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        return value
    }
}

extension SyncSource {
    /// A user name as ListenBrainz and Last.fm allow them: 1-64 letters, digits, `-`, `_` or `.`
    /// (nothing that could change the path it is put in).
    public static func isUserName(_ text: String) -> Bool {
        (1...64).contains(text.count) && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}
