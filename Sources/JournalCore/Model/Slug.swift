import Foundation

/// URL slugs (SPEC 5): lowercase; Unicode letters and digits kept (Hangul stays Hangul); any
/// other run of characters becomes one `-`; trimmed of `-`; never empty, `.` or `..`.
public enum Slug {
    /// The slug used when a name has no letters or digits at all.
    public static let fallback = "untitled"

    public static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if isKept(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? fallback : slug
    }

    static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

/// Hands out unique slugs in the order asked: the second `rain` becomes `rain-2`, the third
/// `rain-3`. Ask in a stable order and the numbering is stable too.
public struct SlugAllocator: Sendable {
    private var taken: Set<String>

    /// `reserved` slugs are never handed out (for example top-level folders of the site).
    public init(reserved: Set<String> = []) {
        taken = reserved
    }

    public mutating func allocate(_ base: String) -> String {
        let base = base.isEmpty ? Slug.fallback : base
        if taken.insert(base).inserted { return base }
        var number = 2
        while !taken.insert("\(base)-\(number)").inserted { number += 1 }
        return "\(base)-\(number)"
    }
}
