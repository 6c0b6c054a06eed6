import Foundation

/// `journal init --sync SERVICE:NAME` (or `SERVICE:URL`): a service `journal sync` brings plays
/// from, checked as journal.yaml's `sync:` checks it (`SyncSource`, docs/content-format.md,
/// "Syncing"), and the secret the publishing workflow passes it from the repository's secrets
/// (docs/publishing.md).
extension JournalInit {
    public struct Sync: Equatable, Sendable {
        public var source: SyncSource

        public var service: SyncSource.Service { source.service }

        /// The forms `--sync` takes, for messages.
        public static let forms = "listenbrainz:NAME, lastfm:NAME, maloja:URL or koito:URL"

        /// `listenbrainz:NAME`, `lastfm:NAME`, `maloja:URL` or `koito:URL`; otherwise what is
        /// wrong with `text`, said so that the writer can fix it.
        public static func parse(_ text: String) -> Result<Sync, Problem> {
            let shown = ControlCharacters.escaped(text)
            guard let colon = text.firstIndex(of: ":"), let service = SyncSource.Service(rawValue: text[..<colon].lowercased()) else {
                return .failure(Problem("--sync must be \(forms), not '\(shown)'"))
            }
            let value = String(text[text.index(after: colon)...])
            let name = Sync(source: SyncSource(service: service)).serviceName
            if service.needsServer {
                guard !ControlCharacters.contains(value), !value.contains(where: \.isWhitespace), let server = SyncSource.normalizedServer(value) else {
                    return .failure(
                        Problem(
                            "--sync \(service.rawValue): needs your \(name) server's address after the colon, http:// or https:// and a host, like \(service.rawValue):https://music.example.org, not '\(shown)'"
                        ))
                }
                return .success(Sync(source: SyncSource(service: service, server: server)))
            }
            guard SyncSource.isUserName(value) else {
                return .failure(
                    Problem(
                        "--sync \(service.rawValue): needs your \(name) user name after the colon (letters, digits, -, _ and . only), like \(service.rawValue):NAME, not '\(shown)'"
                    ))
            }
            return .success(Sync(source: SyncSource(service: service, user: value)))
        }

        public struct Problem: Error, Equatable, Sendable {
            public var message: String
            init(_ message: String) { self.message = message }
        }

        /// The environment variable that holds the service's key or token (docs/content-format.md,
        /// "Syncing"), and whether sync cannot work without it.
        public var secret: (name: String, needed: Bool) {
            switch service {
            case .listenbrainz: ("LISTENBRAINZ_TOKEN", false)
            case .lastfm: ("LASTFM_API_KEY", true)
            case .maloja: ("MALOJA_API_KEY", false)
            case .koito: ("KOITO_API_KEY", false)
            }
        }

        public var serviceName: String {
            switch service {
            case .listenbrainz: "ListenBrainz"
            case .lastfm: "Last.fm"
            case .maloja: "Maloja"
            case .koito: "Koito"
            }
        }

        /// The mapping's lines (`service:`, then `user:` or `url:`), unindented.
        var lines: [String] {
            let value = source.server.map { "url: \(NewEntry.yamlQuoted($0))" } ?? "user: \(NewEntry.yamlQuoted(source.user ?? ""))"
            return ["service: \(service.rawValue)", value]
        }
    }

    /// journal.yaml's `sync:` section: one mapping, or a list of them for several services; with
    /// none, an empty `sync:` and an example.
    static func syncSettings(_ sources: [Sync]) -> String {
        guard !sources.isEmpty else {
            return """
                # Where `journal sync` brings new listens from (listenbrainz or lastfm with a user,
                # maloja or koito with a url; see docs/content-format.md, "Syncing"), like
                #   service: listenbrainz
                #   user: YOUR-NAME
                sync:
                """
        }
        var lines = [
            "# Where `journal sync` brings new listens from, into listening/ and new diary days (see",
            "# docs/content-format.md, \"Syncing\"); the publishing workflow runs it every hour. A key or",
            "# token is never written here: sync reads it from the environment, and the workflow passes",
            "# it from the repository's secrets (the journal tool's docs/publishing.md). look_back_days:",
            "# the days read again before the newest play synced, as scrobbles sent offline arrive late.",
            "sync:",
        ]
        let single = sources.count == 1
        for source in sources {
            for (index, line) in (source.lines + ["# look_back_days: 7"]).enumerated() {
                lines.append("  \(single ? "" : index == 0 ? "- " : "  ")\(line)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
