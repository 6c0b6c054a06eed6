import Testing

@testable import JournalCore

/// Day cards are converted once and kept for a journal of up to `SiteRenderer.keptDayCardsLimit`
/// days, and made by each page that shows them beyond it (memory at fifty years): the site is
/// the same either way.
@Suite struct DayCardKeepingTests {
    @Test func pagesAreTheSameWhetherDayCardsAreKeptOrMadeWhereShown() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let loaded = journal.load()
        let value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        let theme = try #require(loaded.theme)
        let analysis = Analysis(journal: value, parallel: false)
        let kept = SiteRenderer(journal: value, analysis: analysis, theme: theme, parallel: false)
        let made = SiteRenderer(journal: value, analysis: analysis, theme: theme, parallel: false, keptDayCards: 0)
        #expect(kept.dayCards.count == value.days.count && value.days.count >= 3)
        #expect(made.dayCards.isEmpty)
        let jobs = made.plan().jobs
        #expect(jobs.map(\.path) == kept.plan().jobs.map(\.path))
        // Home, day, week, tag and 404 pages show day cards; every file is compared.
        for path in ["index.html", "2026/11/19/index.html", "weeks/2026-11-16/index.html", "tags/commute/index.html", "404.html"] {
            #expect(jobs.contains { $0.path == path }, "\(path)")
        }
        for (a, b) in zip(kept.plan().jobs, jobs) where a.rasterSize == nil {
            #expect(try kept.render(a) == made.render(b), "\(a.path)")
        }
    }
}
