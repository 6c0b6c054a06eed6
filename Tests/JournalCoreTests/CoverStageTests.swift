import Foundation
import Testing

@testable import JournalCore

/// The covers of a build (`CoverStage`): a cover that is gone by the time its squares must be
/// made is an error at its file that says why, and nothing of it reaches the site.
@Suite struct CoverStageTests {
    @Test func aCoverGoneBeforeItIsResizedIsAnErrorSayingWhy() throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("cover-stage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: journal + "/static/artwork", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: journal) }
        let writer = try SiteWriter(output: journal + "/public", source: journal)
        defer { writer.discardStaging() }
        // Read for its digest by Load, then removed before the build resizes it.
        let cover = CoverSource(relative: "artwork/gone.jpg", digest: String(repeating: "c", count: 64), width: 600, height: 600)
        let stopped = Diagnostic.error("stopped", at: SourceLocation(path: "journal.yaml", line: 1, column: 1))
        let result = CoverStage.run(
            [cover], resizing: CoverResizing(store: CoverCache(source: journal)), source: journal, writer: writer, parallel: false,
            stop: ({ false }, stopped))
        #expect(result.squares.isEmpty)
        #expect(result.failures.count == 1)
        let failure = try #require(result.failures.first)
        #expect(failure.path == journal + "/static/artwork/gone.jpg")
        #expect(failure.message == "cannot resize this cover: cannot read static/artwork/gone.jpg: \(Platform.describe(ENOENT))")
    }
}
