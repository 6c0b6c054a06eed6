import Foundation
import Testing

@testable import JournalCore

/// A calendar day's number and count stay readable on any cover (docs/content-format.md,
/// "Covers"): each sits on a dark pill, so white text keeps at least 4.5:1 (WCAG AA) even over
/// the palest cover, a white one, in light and dark alike (the cells do not change with the
/// colour scheme).
@Suite struct CalendarLegibilityTests {
    /// The default theme's stylesheet, as a build publishes it.
    static func stylesheet() throws -> String {
        let journal = try TestJournal(minimalConfig)
        let report = journal.build()
        #expect(report.succeeded)
        return try #require(journal.page("assets/site.css"))
    }

    /// The declarations of every rule whose selector list is exactly `selector`.
    static func declarations(_ selector: String, in css: String) -> [String] {
        css.components(separatedBy: "}").compactMap { rule in
            let parts = rule.components(separatedBy: "{")
            guard parts.count == 2, parts[0].split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == selector else { return nil }
            return parts[1]
        }
    }

    /// The alpha of `background: rgba(0,0,0,A)` in `declarations`.
    static func blackAlpha(_ declarations: String) -> Double? {
        guard let start = declarations.range(of: "background: rgba(0,0,0,"), let end = declarations[start.upperBound...].firstIndex(of: ")") else { return nil }
        return Double(declarations[start.upperBound..<end].trimmingCharacters(in: .whitespaces))
    }

    /// WCAG contrast of white text over black at `alpha` laid on a white cover.
    static func contrastOverWhite(alpha: Double) -> Double {
        let channel = (1 - alpha)
        let linear = channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        return 1.05 / (linear + 0.05)
    }

    @Test(arguments: ["a.cal-cell .cal-day", ".cal-count"])
    func textOnACoverHasADarkPillOfAtLeastAAContrast(selector: String) throws {
        let css = try Self.stylesheet()
        let rules = Self.declarations(selector, in: css)
        let alpha = try #require(rules.compactMap(Self.blackAlpha).first, "\(selector) has no dark background: \(rules)")
        #expect(Self.contrastOverWhite(alpha: alpha) >= 4.5, "\(selector): \(Self.contrastOverWhite(alpha: alpha)):1")
        #expect(css.contains("a.cal-cell { color: #fff;"))
    }
}
