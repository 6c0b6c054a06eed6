import Foundation

/// A public music service `journal add` and `journal enrich` ask.
public enum LookupService: String, CaseIterable, Sendable, Hashable, Codable {
    case itunes, musicbrainz, coverart, deezer, odesli

    /// The service's own address (scheme and host), used unless the environment replaces it.
    public var defaultBase: String {
        switch self {
        case .itunes: "https://itunes.apple.com"
        case .musicbrainz: "https://musicbrainz.org"
        case .coverart: "https://coverartarchive.org"
        case .deezer: "https://api.deezer.com"
        case .odesli: "https://api.song.link"
        }
    }

    /// The environment variable whose value (`http://127.0.0.1:8123`) replaces the scheme and host;
    /// paths stay the service's own.
    public var environmentVariable: String {
        switch self {
        case .itunes: "JOURNAL_ITUNES_URL"
        case .musicbrainz: "JOURNAL_MUSICBRAINZ_URL"
        case .coverart: "JOURNAL_COVERART_URL"
        case .deezer: "JOURNAL_DEEZER_URL"
        case .odesli: "JOURNAL_ODESLI_URL"
        }
    }

    /// The name a writer knows the service by, for messages.
    public var displayName: String {
        switch self {
        case .itunes: "iTunes Search"
        case .musicbrainz: "MusicBrainz"
        case .coverart: "Cover Art Archive"
        case .deezer: "Deezer"
        case .odesli: "Odesli (song.link)"
        }
    }

    /// The base (scheme, host and port, no trailing slash) this run uses: the environment's value
    /// when set and not empty, else `defaultBase`. Throws when the variable holds anything but
    /// `http(s)://host[:port]`, with a message naming the variable.
    public func base(in environment: [String: String]) throws(LookupBaseError) -> String {
        guard let value = environment[environmentVariable], !value.isEmpty else { return defaultBase }
        return try Self.validatedBase(value, variable: environmentVariable)
    }

    /// Every service's base, or the first variable that is wrong: for a command to check once, up front.
    public static func bases(in environment: [String: String]) throws(LookupBaseError) -> [LookupService: String] {
        var bases: [LookupService: String] = [:]
        for service in allCases { bases[service] = try service.base(in: environment) }
        return bases
    }

    static func validatedBase(_ value: String, variable: String) throws(LookupBaseError) -> String {
        var text = value
        if text.hasSuffix("/") { text.removeLast() }
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.path.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else { throw LookupBaseError(variable: variable, value: value) }
        if let port = components.port, !(1...65535).contains(port) { throw LookupBaseError(variable: variable, value: value) }
        return text
    }
}

/// An environment variable that should name a service's scheme and host but does not.
public struct LookupBaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The variable, e.g. `JOURNAL_ITUNES_URL`.
    public var variable: String
    /// Its value as found.
    public var value: String

    public var description: String {
        "\(variable) is \"\(value)\": it should be a scheme and host only, like http://127.0.0.1:8123"
    }
}
