import Foundation
import Testing

@testable import JournalCore

/// A theme no page could render is refused by `check` and `build` alike, at the tag to blame,
/// quickly and without crashing; and a build as a whole has a budget, not only each page.
@Suite struct ThemeLimitTests {
    /// `check`'s lines and `build`'s, which must be the same, and the build wrote nothing.
    func refused(_ journal: TestJournal) -> [String] {
        let started = Date()
        let checked = journal.lines(Check.run(source: journal.path, strict: false).apartFromBaseURLAdvice)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics.apartFromBaseURLAdvice) == checked)
        #expect(!FileManager.default.fileExists(atPath: journal.output))
        #expect(Date().timeIntervalSince(started) < 60)  // a hang detector, not a benchmark
        return checked
    }

    @Test func sectionsNestedAHundredThousandDeepAreAnErrorInCheckAndBuildNotACrash() throws {
        let deep = String(repeating: "{{#day}}", count: 100_000) + "x" + String(repeating: "{{/day}}", count: 100_000)
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("templates/day.mustache", "<p>fine</p>\n\(deep)\n")
        #expect(
            refused(journal) == [
                "templates/day.mustache:2:801: error: template syntax error: sections, parents and blocks nest deeper than 100 here, the limit"
            ])
    }

    @Test func sectionsNestedAtTheLimitBuild() throws {
        let deep = String(repeating: "{{#day}}", count: 100) + "<b>{{date}}</b>" + String(repeating: "{{/day}}", count: 100)
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("templates/day.mustache", "\(deep)\n")
        #expect(Check.run(source: journal.path, strict: false).errors.isEmpty)
        let report = journal.build()
        #expect(report.succeeded)
        #expect(journal.page("2026/11/20/index.html")?.contains("<b>") == true)
    }

    @Test func aLongChainOfPartialsIsTooDeepNotALoopInCheckAndBuild() throws {
        var files = RenderTests.threeDays + "\n-- templates/day.mustache --\n<main>{{> partials/c0}}</main>\n"
        for index in 0..<70 { files += "-- templates/partials/c\(index).mustache --\n<i>{{> partials/c\(index + 1)}}</i>\n" }
        files += "-- templates/partials/c70.mustache --\nend\n"
        let journal = try TestJournal(files)
        #expect(
            refused(journal) == [
                "templates/day.mustache:1:7: error: partials nest deeper than 64: day → partials/c0 → partials/c1 → partials/c2 → … (65 more) → partials/c68 → partials/c69 → partials/c70"
            ])
    }

    @Test func aPartialThatIncludesItselfIsStillALoop() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- templates/day.mustache --
                <main>{{> partials/me}}</main>
                -- templates/partials/me.mustache --
                {{#day}}{{> partials/me}}{{/day}}
                """)
        #expect(
            refused(journal) == [
                "templates/partials/me.mustache:1:9: error: template recursion: partials/me includes partials/me; it would never finish rendering"
            ])
    }

    @Test func partialsThatIncludeTheNextSeveralTimesAreRefusedByCheckAndBuild() throws {
        // Each includes the next four times, twelve deep: 4^12 renders of the last.
        var files = RenderTests.threeDays + "\n-- templates/day.mustache --\n<main>{{> partials/f0}}</main>\n"
        for level in 0..<12 {
            files +=
                "-- templates/partials/f\(level).mustache --\n"
                + String(repeating: "{{> partials/f\(level + 1)}}", count: 4) + "\n"
        }
        files += "-- templates/partials/f12.mustache --\n{{#day}}{{date}}{{/day}}\n"
        let journal = try TestJournal(files)
        let lines = refused(journal)
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "templates/partials/f3.mustache:1:1: error: 'partials/f3' could render more than 1000000 template tags and texts for one page") == true,
            "\(lines)")
    }

    @Test func aBuildOverItsRenderBudgetStopsWithOneErrorNamingTheTemplate() throws {
        // Each day page takes about 500,000 steps; all the other pages together far fewer.
        let heavy = String(repeating: "{{date}}.", count: 250_000)
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("templates/day.mustache", "<main>\(heavy)</main>\n")
        var options = journal.options()
        options.maxRenderSteps = 1_000_000
        let report = Build.run(options)
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics.apartFromBaseURLAdvice) == [
                "templates/day.mustache:1:1: error: the site's pages take more than 1000000 render steps in all, the limit for one build; this template's pages took the most of it"
            ])
        #expect(!FileManager.default.fileExists(atPath: journal.output))
        // Check renders nothing, so it has nothing to say about it.
        #expect(Check.run(source: journal.path, strict: false).errors.isEmpty)

        // The same journal within the default budget: what it took is reported, far inside it.
        let built = journal.build()
        #expect(built.succeeded)
        #expect(built.renderWork.steps > 1_500_000 && built.renderWork.steps < SiteRenderBudget.defaultMaxSteps / 100)
        #expect(built.renderWork.bytes > 0)
    }

    @Test func aBuildOverItsByteBudgetSaysSo() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("templates/day.mustache", "<main>\(String(repeating: "x", count: 1 << 20))</main>\n")
        var options = journal.options()
        options.maxRenderBytes = 2 << 20
        let report = Build.run(options)
        let lines = journal.lines(report.diagnostics.apartFromBaseURLAdvice)
        #expect(
            lines == [
                "templates/day.mustache:1:1: error: the site's pages are larger than 2 MB in all, the limit for one build; this template's pages took the most of it"
            ])
    }
}
