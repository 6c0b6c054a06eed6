import Foundation
import Testing

@testable import JournalCore
@testable import JournalServe

/// A Markdown parse past its budget (`MarkdownParseQueue`) as `journal serve` meets it: the file
/// whose parse could not run is an error the open pages show over themselves, the last good site
/// is still served, and once the parser is free and the file saved again, the next build succeeds
/// and the pages reload. The parse is held on a semaphore, so nothing depends on how fast this
/// machine is.
extension ServeTests {
    /// A parse that runs until `release()`; `discarded` is signalled once the queue has thrown
    /// its late result away (the parser is free again).
    final class HeldParse: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let discarded = DispatchSemaphore(value: 0)
        func release() { gate.signal() }
    }

    /// Holds `queue` with a parse of `path` until the returned parse is released; returns once
    /// the hold has been given up on (so the queue is busy with it). Blocks: call it off the pool.
    static func hold(_ queue: MarkdownParseQueue, path: String) -> (HeldParse, MarkdownParseQueue.Failure?) {
        let held = HeldParse()
        let outcome = queue.run(
            path,
            { () -> Int in
                held.gate.wait()
                return 1
            }, discard: { _ in held.discarded.signal() })
        guard case .failure(let failure) = outcome else { return (held, nil) }
        return (held, failure)
    }

    @Test func aParseHeldPastItsBudgetIsShownOverThePageAndServeGoesOn() async throws {
        let journal = try Journal()
        // Long enough that no parse of the first build comes near it on a busy machine; only the
        // held one ever runs past it.
        let queue = MarkdownParseQueue(budget: .seconds(3))
        var options = ServeOptions(source: journal.path, port: 0)
        options.parseQueue = queue
        try await serving(journal, options: options) { running in
            let port = running.port
            let events = try await EventStream.ofPage("/2026/11/21/", port: port)
            defer { events.close() }
            #expect(await eventually { events.text.contains(": journal serve") }, "the stream opened")

            // Another file's parse holds the parser past its budget; the day saved meanwhile is
            // told the parser is busy, at its own path.
            let (held, failure) = await offThePool { Self.hold(queue, path: "elsewhere.md") }
            // Whatever fails below, the parser thread is not left waiting for ever.
            defer { held.release() }
            #expect(failure == .overBudget)
            try journal.write(Self.dayPath, Self.day(title: "Second snow"))
            #expect(await eventually { events.text.contains("event: errors") }, "\(events.text)")
            let data = try #require(events.data(of: "errors").first, "\(events.body)")
            let problems = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [[String: Any]])
            let problem = try #require(problems.first)
            #expect((problem["path"] as? String)?.hasSuffix(Self.dayPath) == true, "\(problem)")
            #expect(problem["severity"] as? String == "error", "\(problem)")
            #expect((problem["message"] as? String)?.contains("the Markdown parser is still busy with elsewhere.md") == true, "\(problem)")
            #expect(running.errors.all.contains { $0.contains(Self.dayPath) && $0.contains("still busy with elsewhere.md") }, "\(running.errors.all)")

            // Serving goes on: the last good page, and a page opened now is shown the error at once.
            let meanwhile = await HTTP.get(port, "/2026/11/21/")
            #expect(meanwhile.status == 200 && meanwhile.body.contains("First snow"))
            let late = try await EventStream.ofPage("/2026/11/21/", port: port)
            defer { late.close() }
            #expect(await eventually { late.text.contains("event: errors") }, "\(late.text)")

            // The held parse ends and is thrown away; the day saved again builds, and pages reload.
            held.release()
            #expect(await offThePool { held.discarded.wait(timeout: .now() + 30) == .success })
            try journal.write(Self.dayPath, Self.day(title: "Third snow"))
            #expect(await eventually { events.count("event: reload") == 1 }, "\(events.text)")
            let fixed = await HTTP.get(port, "/2026/11/21/")
            #expect(fixed.status == 200 && fixed.body.contains("Third snow"))
        }
    }
}
