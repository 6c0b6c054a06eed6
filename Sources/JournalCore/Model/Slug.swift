import Foundation

/// URL slugs (docs/content-format.md, "Browsing"): lowercase; Unicode letters and digits kept (Hangul stays Hangul); any
/// other run of characters becomes one `-`; trimmed of `-`; never empty, `.` or `..`.
public enum Slug {
    /// The slug used when a name has no letters or digits at all.
    public static let fallback = "untitled"
    /// A slug is a folder name: file systems take 255 bytes, and a URL of a few hundred bytes
    /// helps nobody. 120 bytes is 120 Latin letters or 40 Hangul syllables; `-2` ... fit after.
    public static let maxBytes = 120

    public static func make(_ text: String) -> String {
        var slug = ""
        var bytes = 0
        var pendingDash = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if isKept(scalar) {
                let dash = pendingDash && !slug.isEmpty ? 1 : 0
                guard bytes + dash + scalar.utf8.count <= maxBytes else { break }
                if dash == 1 { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                bytes += dash + scalar.utf8.count
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
