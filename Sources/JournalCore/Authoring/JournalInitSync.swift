import Foundation

/// `journal init --sync SERVICE:NAME` (or `SERVICE:URL`): a service `journal sync` brings plays
/// from, as journal.yaml's `sync:` section says it (docs/content-format.md), and the secret the
/// publishing workflow passes it from the repository's secrets (docs/publishing.md).
extension JournalInit {
    public struct Sync: Equatable, Sendable {
        public enum Service: String, CaseIterable, Sendable {
            case listenbrainz, lastfm, maloja, koito

            /// Whether the service is named by a user name (`user:`) rather than a server (`url:`).
            var hasUser: Bool { self == .listenbrainz || self == .lastfm }

            /// The environment variable that holds the service's key or token, and whether sync
            /// cannot work without it.
            public var secret: (name: String, needed: Bool) {
                switch self {
                case .listenbrainz: ("LISTENBRAINZ_TOKEN", false)
                case .lastfm: ("LASTFM_API_KEY", true)
                case .maloja: ("MALOJA_API_KEY", false)
                case .koito: ("KOITO_API_KEY", false)
                }
            }

            public var displayName: String {
                switch self {
                case .listenbrainz: "ListenBrainz"
                case .lastfm: "Last.fm"
                case .maloja: "Maloja"
                case .koito: "Koito"
                }
            }
        }

        public var service: Service
        /// The user name (ListenBrainz, Last.fm) or the server's address (Maloja, Koito).
        public var value: String

        /// The forms `--sync` takes, for messages.
        public static let forms = "listenbrainz:NAME, lastfm:NAME, maloja:URL or koito:URL"

        /// `listenbrainz:NAME`, `lastfm:NAME`, `maloja:URL` or `koito:URL`; otherwise what is
        /// wrong with `text`, said so that the writer can fix it.
        public static func parse(_ text: String) -> Result<Sync, Problem> {
            let shown = ControlCharacters.escaped(text)
            guard let colon = text.firstIndex(of: ":"), let service = Service(rawValue: text[..<colon].lowercased()) else {
                return .failure(Problem("--sync must be \(forms), not '\(shown)'"))
            }
            let value = String(text[text.index(after: colon)...])
            let clean =
                !value.isEmpty && value == value.trimmingCharacters(in: .whitespacesAndNewlines)
                && !value.contains(where: { $0.isNewline || $0 == "\t" }) && !ControlCharacters.contains(value)
            if service.hasUser {
                guard clean else {
                    return .failure(
                        Problem(
                            "--sync \(service.rawValue): needs your \(service.displayName) user name after the colon, like \(service.rawValue):NAME, not '\(shown)'"
                        ))
                }
            } else {
                guard clean, !value.contains(" "), let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    !(url.host ?? "").isEmpty
                else {
                    return .failure(
                        Problem(
                            "--sync \(service.rawValue): needs your \(service.displayName) server's address after the colon, http:// or https://, like \(service.rawValue):https://music.example.org, not '\(shown)'"
                        ))
                }
            }
            return .success(Sync(service: service, value: value))
        }

        public struct Problem: Error, Equatable, Sendable {
            public var message: String
            init(_ message: String) { self.message = message }
        }

        /// The mapping's lines (`service:`, then `user:` or `url:`), unindented.
        var lines: [String] {
            ["service: \(service.rawValue)", "\(service.hasUser ? "user" : "url"): \(NewEntry.yamlQuoted(value))"]
        }
    }

    /// journal.yaml's `sync:` section: one mapping, or a list of them for several services;
    /// empty for none.
    static func syncSettings(_ sources: [Sync]) -> String {
        guard !sources.isEmpty else { return "" }
        var text = """
            # Where `journal sync` brings new plays from, into listening/ and new diary days (the
            # publishing workflow runs it every hour). A key or token is never written here: sync
            # reads it from the environment, and the workflow passes it from the repository's
            # secrets (the journal tool's docs/publishing.md). look_back_days: the days read
            # again before the newest play synced, as scrobbles sent offline arrive late.
            sync:

            """
        let single = sources.count == 1
        for source in sources {
            let lines = source.lines + ["# look_back_days: 7"]
            text += lines.enumerated().map { "  \(single ? "" : $0.offset == 0 ? "- " : "  ")\($0.element)\n" }.joined()
        }
        return text
    }
}
