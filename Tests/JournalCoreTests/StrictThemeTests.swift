import Foundation
import Mustache
import Testing

@testable import JournalCore

/// Every page of the default theme, rendered from the sample journal with strict rendering: a
/// name a template asks for that no view gives (a misspelt key, a key a view no longer has) is
/// an error naming the template and line, instead of silently rendering nothing.
@Suite struct StrictThemeTests {
    /// The sample journal, planned: the renderer and every page job with its template.
    static func plannedSample() throws -> (SiteRenderer, [FileJob]) {
        let loaded = JournalLoader(source: SampleJournalTests.root).load()
        let journal = try #require(loaded.journal, "\(loaded.diagnostics.map(\.description))")
        let theme = try #require(loaded.theme)
        let renderer = SiteRenderer(journal: journal, analysis: Analysis(journal: journal), theme: theme)
        return (renderer, renderer.plan().jobs.filter { $0.page != nil })
    }

    /// Renders each page strictly with `library`; returns every error, once each.
    static func strictErrors(_ jobs: [FileJob], library: TemplateLibrary) -> [String] {
        var errors: [String] = []
        for job in jobs {
            guard case .page(_, let template, let data) = job.content else { continue }
            do {
                _ = try library.render(data(), template: template, options: RenderOptions(strict: true))
            } catch {
                if !errors.contains(error.description) { errors.append(error.description) }
            }
        }
        return errors
    }

    @Test func everyDefaultTemplateRendersStrictlyFromTheSampleJournal() throws {
        let (renderer, jobs) = try Self.plannedSample()
        #expect(Self.strictErrors(jobs, library: renderer.theme.library) == [])
        // The pages only a longer journal has (an artist's earlier years, lists cut into pages)
        // come from two years of days planned with pages of two items.
        let twoYears = try TestJournal(BoundedPagesTests.twoYears)
        let (small, smallJobs) = try BoundedPagesTests.plannedWithSmallPages(twoYears)
        #expect(Self.strictErrors(smallJobs, library: small.theme.library) == [])
        // Every page template of the theme is reached (the partials through them).
        let pageTemplates = Set(
            ThemeFiles.defaultFiles.keys.filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("partials/") && $0 != "layout.mustache" }
                .map { String($0.dropLast(".mustache".count)) })
        #expect(Set((jobs + smallJobs).compactMap(\.page?.template)) == pageTemplates)
    }

    @Test func aMisspeltKeyFailsNamingTheTemplateAndLine() throws {
        let (renderer, jobs) = try Self.plannedSample()
        var files = ThemeFiles.defaultFiles
        let track = try #require(files["partials/track.mustache"].map { String(decoding: $0, as: UTF8.self) })
        #expect(track.contains("{{durationISO}}"))
        files["partials/track.mustache"] = Array(track.replacingOccurrences(of: "{{durationISO}}", with: "{{durationIso}}").utf8)
        var diagnostics: [Diagnostic] = []
        let broken = ThemeFiles.compile(files, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        let line = try #require(track.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("{{durationISO}}") }) + 1
        let errors = Self.strictErrors(jobs, library: broken.library)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("templates/partials/track.mustache (default theme):\(line):") == true, "\(errors)")
        #expect(errors.first?.contains("durationIso") == true)
        // Rendering leniently, as a build does, the same theme silently drops the value: a day
        // whose tracks have durations gets empty `datetime` attributes, no error.
        let day = try #require(
            jobs.first { job in
                job.page?.template == "day" && String(decoding: (try? renderer.render(job)) ?? [], as: UTF8.self).contains("datetime=\"PT")
            })
        guard case .page(_, let template, let data) = day.content else { return }
        let lenient = String(decoding: try broken.library.render(value: .object(data()), template: template), as: UTF8.self)
        #expect(lenient.contains("<time datetime=\"\">") && !lenient.contains("datetime=\"PT"))
    }
}
