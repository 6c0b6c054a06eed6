import Foundation

/// How artist names compare (docs/content-format.md, "A track" and "Browsing"): spellings that
/// differ only in case, punctuation or spaces are one artist, so `SEMATARY`, `Sematary` and
/// `Sematary.` share a page, and `Tyler, the Creator` is `Tyler the Creator`. Letters, digits,
/// accents and symbols (`$`, `+`) count: `Beyoncé` is not `Beyonce`, `Ke$ha` is not `Kesha`.
public enum ArtistKey {
    public static func fold(_ name: String) -> String {
        let kept = name.lowercased().unicodeScalars.filter { scalar in
            !scalar.properties.isWhitespace && !isPunctuation(scalar.properties.generalCategory)
        }
        // A name made only of punctuation (`!!!`) is its own, without case.
        guard !kept.isEmpty else { return name.lowercased().trimmingCharacters(in: .whitespaces) }
        return String(String.UnicodeScalarView(kept))
    }

    private static func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
