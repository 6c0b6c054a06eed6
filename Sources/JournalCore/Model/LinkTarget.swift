import Foundation

/// A URL that is safe to put in an `href` or `src`: `http:`/`https:` (or `mailto:` where allowed)
/// or a relative path. A path starting with `/` is relative to the site root, so it is resolved
/// against `base_url` when rendered.
public struct LinkTarget: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `http:`, `https:`, `mailto:` or protocol-relative `//host/...`.
        case absolute
        /// `/static/path`: relative to the site root.
        case siteRoot
        /// Anything else without a scheme (`covers/a.jpg`, `./a.jpg`): also a path from the site
        /// root, since content cannot know which page shows it (a track appears on its day,
        /// week and artist pages alike).
        case relative
    }

    public let text: String
    public let kind: Kind

    /// Why a URL was refused.
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case unsafeScheme(String)
        case invalidCharacter
    }

    /// Checks `text` against the allowed schemes.
    public static func check(_ raw: String, allowMailto: Bool = false) -> Result<LinkTarget, Problem> {
        let text = raw.trimmed(.whitespaces)
        guard !text.isEmpty else { return .failure(.empty) }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(.invalidCharacter)
        }
        if let scheme = scheme(of: text) {
            let lower = scheme.lowercased()
            if lower == "http" || lower == "https" || (allowMailto && lower == "mailto") {
                return .success(LinkTarget(text: text, kind: .absolute))
            }
            return .failure(.unsafeScheme(scheme))
        }
        if text.hasPrefix("//") { return .success(LinkTarget(text: text, kind: .absolute)) }
        if text.hasPrefix("/") { return .success(LinkTarget(text: text, kind: .siteRoot)) }
        return .success(LinkTarget(text: text, kind: .relative))
    }

    /// The scheme if the text has one: letters, digits, `+ - .` before the first `:` that comes
    /// before any `/ ? #`. Browsers also strip tabs and newlines, which `check` refuses anyway.
    static func scheme(of text: String) -> String? {
        var scheme = ""
        for character in text {
            if character == ":" { return scheme.isEmpty ? nil : scheme }
            if character == "/" || character == "?" || character == "#" { return nil }
            scheme.append(character)
        }
        return nil
    }
}

extension LinkTarget.Problem {
    public func message(for field: String, allowMailto: Bool = false) -> String {
        switch self {
        case .empty:
            return "\(field) is empty"
        case .invalidCharacter:
            return "\(field) contains a control character"
        case .unsafeScheme(let scheme):
            let allowed = allowMailto ? "http:, https:, mailto: and relative paths" : "http:, https: and relative paths"
            return "\(field) uses the URL scheme '\(scheme):', which is not allowed (only \(allowed))"
        }
    }
}
