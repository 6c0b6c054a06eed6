import Foundation
import JournalCore

/// What `journal sync` needs to know of each service it reads (docs/content-format.md, "Syncing"):
/// where it answers, which environment variables move it and hold its secret.
extension SyncSource.Service {
    /// The name a listener knows the service by, for messages.
    public var displayName: String {
        switch self {
        case .listenbrainz: "ListenBrainz"
        case .lastfm: "Last.fm"
        case .maloja: "Maloja"
        case .koito: "Koito"
        }
    }

    /// The variable whose value (`http://127.0.0.1:8123`) replaces the scheme and host of the
    /// service's address (paths stay): tests point it at a stub.
    public var environmentVariable: String { "JOURNAL_\(rawValue.uppercased())_URL" }

    /// The variable that holds the service's secret, read from the environment only.
    public var secretVariable: String {
        switch self {
        case .listenbrainz: "LISTENBRAINZ_TOKEN"
        case .lastfm: "LASTFM_API_KEY"
        case .maloja: "MALOJA_API_KEY"
        case .koito: "KOITO_API_KEY"
        }
    }

    /// Whether the service answers nothing without its secret (Last.fm's API key).
    public var secretRequired: Bool { self == .lastfm }

    /// The public service's address; nil for the servers people run themselves.
    var defaultBase: String? {
        switch self {
        case .listenbrainz: "https://api.listenbrainz.org"
        case .lastfm: "https://ws.audioscrobbler.com"
        case .maloja, .koito: nil
        }
    }
}

/// Where one configured source answers: its base (scheme, host and port, plus a path for a
/// server behind one) and its secret.
struct SyncEndpoint: Sendable {
    var base: String
    var secret: String?

    /// The endpoint of `source` in `environment`, or why there is none (a variable that is not an
    /// address, a secret the service needs that is not set).
    static func of(_ source: SyncSource, environment: [String: String]) -> Result<SyncEndpoint, SyncFailure> {
        let service = source.service
        guard var base = source.server ?? service.defaultBase else {
            return .failure(.configuration("journal.yaml's sync entry for \(service.rawValue) names no 'url'"))
        }
        if let value = environment[service.environmentVariable], !value.isEmpty {
            let replacement: String
            do throws(LookupBaseError) {
                replacement = try LookupService.validatedBase(value, variable: service.environmentVariable)
            } catch {
                return .failure(.configuration(error.description))
            }
            // Scheme and host replaced, the path kept.
            let path = URLComponents(string: base)?.percentEncodedPath ?? ""
            base = replacement + path
        }
        while base.hasSuffix("/") { base.removeLast() }
        let secret = environment[service.secretVariable].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        if service.secretRequired && secret == nil {
            return .failure(
                .configuration(
                    "\(service.secretVariable) is not set: \(service.displayName) answers nothing without an API key (see docs/publishing.md, \"Syncing\")"))
        }
        if let secret, secret.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) {
            return .failure(.configuration("\(service.secretVariable) holds spaces or characters a key never has: is it the right value?"))
        }
        return .success(SyncEndpoint(base: base, secret: secret))
    }
}

/// Why a sync of one source stopped.
public enum SyncFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// journal.yaml or the environment is wrong: nothing was asked.
    case configuration(String)
    /// The service could not be reached, or kept refusing: what was synced before stays.
    case unreachable(String)
    /// The service answered something that cannot be read.
    case invalid(String)
    /// The service refused the request for good (an unknown user, a wrong key).
    case refused(String)
    /// Ctrl-C or SIGTERM.
    case interrupted

    public var description: String {
        switch self {
        case .configuration(let text), .unreachable(let text), .invalid(let text), .refused(let text): text
        case .interrupted: "interrupted"
        }
    }
}
