import Foundation
import Testing

@testable import JournalCore

/// A Markdown parse past its budget is an error at its file, never the end of the process
/// (`MarkdownParseQueue`): the file stops waiting, the parse finishes unseen and is thrown away,
/// files asking meanwhile hear the parser is busy, and the queue serves again once it is free.
/// The parses here are closures held on a semaphore, so nothing depends on how fast this machine is.
@Suite struct MarkdownParseQueueTests {
    /// A parse that runs until `release()`, then returns `value`.
    final class HeldParse: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let discarded = DispatchSemaphore(value: 0)
        func release() { gate.signal() }
    }

    /// Holds `queue` with a parse of `path` until the returned parse is released; returns once
    /// the hold has been given up on (so the queue is busy with it).
    func hold(_ queue: MarkdownParseQueue, path: String) -> HeldParse {
        let held = HeldParse()
        let outcome = queue.run(
            path,
            { () -> Int in
                held.gate.wait()
                return 1
            }, discard: { _ in held.discarded.signal() })
        #expect(outcome == .failure(.overBudget))
        return held
    }

    @Test func aParsePastItsBudgetIsGivenUpOnAndItsResultThrownAway() {
        let queue = MarkdownParseQueue(budget: .milliseconds(50))
        let clock = ContinuousClock()
        let start = clock.now
        let held = hold(queue, path: "content/diary/runaway.md")
        #expect(clock.now - start < .seconds(5))
        held.release()
        // The late result goes to `discard`, to free what it holds.
        #expect(held.discarded.wait(timeout: .now() + 10) == .success)
    }

    @Test func filesAskingMeanwhileHearItIsBusyAndTheQueueServesOnceFree() {
        let queue = MarkdownParseQueue(budget: .milliseconds(50))
        let held = hold(queue, path: "content/diary/runaway.md")
        let meanwhile = queue.run("content/diary/other.md", { 2 }, discard: { _ in })
        #expect(meanwhile == .failure(.busy(path: "content/diary/runaway.md")))
        held.release()
        _ = held.discarded.wait(timeout: .now() + 10)
        #expect(queue.run("content/diary/other.md", { 3 }, discard: { _ in }) == .success(3))
    }

    @Test func aParseWithinItsBudgetGivesItsResult() {
        let queue = MarkdownParseQueue(budget: .seconds(10))
        let results = ParallelMap.map(Array(0..<200)) { number in queue.run("\(number).md", { number * 2 }, discard: { _ in }) }
        #expect(results == (0..<200).map { .success($0 * 2) })
    }

    /// Through a whole build: the file is an error at its path, the build fails and leaves the
    /// previous site, the process goes on, and nothing of the failed parse is kept: the next build,
    /// with the parser free, succeeds.
    @Test func aBuildWhoseParserIsHeldFailsAtTheFileAndTheNextOneSucceeds() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/11/2026-11-21.md --
                ---
                tracks: [{title: A, artist: B}]
                ---
                A line of the diary.
                """)
        #expect(journal.build().succeeded)
        let site = journal.tree()
        try journal.write("content/diary/2026/11/2026-11-21.md", "---\ntracks: [{title: A, artist: B}]\n---\nAnother line.\n")
        let queue = MarkdownParseQueue(budget: .milliseconds(50))
        let held = hold(queue, path: "elsewhere.md")
        var options = journal.options()
        options.parseQueue = queue
        let report = Build.run(options)
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026/11/2026-11-21.md:4:1: error: not parsed: the Markdown parser is still busy with elsewhere.md, which ran for over 0.05 s; this file is parsed once that one is fixed"
            ])
        #expect(journal.tree() == site)
        held.release()
        _ = held.discarded.wait(timeout: .now() + 10)
        #expect(Build.run(options).succeeded)
        #expect(journal.page("2026/11/21/index.html")?.contains("Another line.") == true)
    }

    /// `MarkdownBounds` was measured against one cmark-gfm: another may have other slow shapes.
    @Test func theLinkedCmarkGFMIsTheOneTheBoundsWereMeasuredAgainst() {
        #expect(
            Markdown.linkedVersion == Markdown.calibratedVersion,
            """
            cmark-gfm \(Markdown.linkedVersion) is linked, but MarkdownBounds was calibrated against \(Markdown.calibratedVersion): \
            run MarkdownBoundsTests' worst inputs (theWorstInputsInsideTheLimitsAreNotReportedAndRender) against the new version, \
            check each limit in MarkdownBounds.swift still keeps a file's parse well under a second, then set Markdown.calibratedVersion
            """)
    }
}

extension MarkdownParseQueue.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .overBudget: "overBudget"
        case .busy(let path): "busy(\(path))"
        }
    }
}
