import Foundation
import Testing

@testable import JournalCore

/// Where a file system cannot exchange two folders in one step, a build swaps its new site in
/// with two renames: the output aside, then the new site to its name (`SiteWriter.SiteMoves`).
/// These take that way on any file system. (That the site is flushed to disk before and after
/// cannot be seen from here: only that the swap still does what it did.)
@Suite(.serialized) struct SiteSwapTests {
    static let before = ["index.html": "old home", "2026/index.html": "old year", "gone/index.html": "removed by the new site"]
    static let after = ["index.html": "new home", "2026/index.html": "old year", "2027/index.html": "new year"]

    /// The calls the build made, in order, as "exchange" or "rename FROM TO" with names relative to the journal.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ call: String) { lock.withLock { list.append(call) } }
        var all: [String] { lock.withLock { list } }
    }

    /// Moves as the system makes them, but no exchange; `beforeRename` sees each rename first
    /// and may fail it (an `errno`).
    static func withoutExchange(_ journal: String, calls: Calls, beforeRename: @escaping @Sendable (String, String) -> Int32 = { _, _ in 0 }) -> SiteMoves {
        SiteMoves(
            exchange: { _, _ in
                calls.add("exchange")
                return ENOSYS
            },
            rename: { from, to in
                calls.add("rename \(from.dropFirst(journal.count + 1)) \(to.dropFirst(journal.count + 1))")
                let failure = beforeRename(from, to)
                return failure == 0 ? Platform.move(from, to) : failure
            })
    }

    /// Writes `pages` as the site into the journal's `public/` (or `output`).
    @discardableResult
    static func write(_ pages: [String: String], to journal: TestJournal, output: String? = nil, moves: SiteMoves = .system) throws(SiteWriter.Failure)
        -> SiteWriter.Report
    {
        let writer = try SiteWriter(output: output ?? journal.output, source: journal.path)
        writer.moves = moves
        for (path, text) in pages { writer.put(OutputFile(path: path, text: text)) }
        return try writer.commit()
    }

    /// The site's pages in `folder` (hidden files, the marker and the spare's .gitignore, left out).
    static func pages(_ journal: TestJournal, _ folder: String) -> [String: String] {
        journal.tree(journal.path + "/" + folder).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
            .mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static func siblings(_ journal: TestJournal) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix(".public") }.sorted()
    }

    @Test func withoutExchangeTwoRenamesPutTheNewSiteInPlaceAndKeepThePreviousAsTheSpare() throws {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\n")
        try Self.write(Self.before, to: journal)
        let calls = Calls()
        let report = try Self.write(Self.after, to: journal, moves: Self.withoutExchange(journal.path, calls: calls))
        #expect(report == SiteWriter.Report(written: 2, removed: 1))
        let pid = getpid()
        #expect(calls.all == ["exchange", "rename public .public.old-\(pid)", "rename .public.staging-\(pid) public"])
        #expect(Self.pages(journal, "public") == Self.after)
        // The previous site is out of the output, kept beside it for the next build.
        #expect(Self.pages(journal, ".public.spare") == Self.before)
        #expect(try Self.siblings(journal) == [".public.spare"])
    }

    @Test func aFailedSecondRenamePutsThePreviousSiteBack() throws {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\n")
        try Self.write(Self.before, to: journal)
        let calls = Calls()
        let moves = Self.withoutExchange(journal.path, calls: calls) { from, _ in from.contains(".staging-") ? EIO : 0 }
        do throws(SiteWriter.Failure) {
            try Self.write(Self.after, to: journal, moves: moves)
            Issue.record("the build should have failed")
        } catch {
            #expect(error.description == "cannot move the new site into place at \(journal.output): \(Platform.describe(EIO))")
        }
        let pid = getpid()
        #expect(calls.all == ["exchange", "rename public .public.old-\(pid)", "rename .public.staging-\(pid) public", "rename .public.old-\(pid) public"])
        #expect(Self.pages(journal, "public") == Self.before)
        #expect(try Self.siblings(journal) == [])
    }

    /// A power loss between the two renames: each site is whole at a name of its own, and the
    /// next build puts the previous site back before it starts.
    @Test func betweenTheTwoRenamesEachSiteIsWholeAndTheNextBuildPutsThePreviousBack() throws {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\n")
        try Self.write(Self.before, to: journal)
        let calls = Calls()
        let root = journal.path
        // At the second rename, what the disk holds is copied, as a power loss would leave it.
        let moves = Self.withoutExchange(root, calls: calls) { from, _ in
            guard from.contains(".staging-") else { return 0 }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".public") || $0 == "public" }) ?? []
            calls.add("found \(names.sorted())")
            try? FileManager.default.createDirectory(atPath: root + "/lost", withIntermediateDirectories: false)
            for name in names { try? FileManager.default.copyItem(atPath: root + "/" + name, toPath: root + "/lost/" + name) }
            return 0
        }
        try Self.write(Self.after, to: journal, moves: moves)
        let pid = getpid()
        #expect(calls.all.contains("found [\".public.old-\(pid)\", \".public.staging-\(pid)\"]"), "\(calls.all)")
        #expect(Self.pages(journal, "lost/.public.old-\(pid)") == Self.before)
        #expect(Self.pages(journal, "lost/.public.staging-\(pid)") == Self.after)
        #expect(Self.pages(journal, "public") == Self.after)

        // The next build into the lost output finds the previous site moved aside and puts it
        // back first; had it failed, that site would be the output.
        let lost = root + "/lost/public"
        let writer = try SiteWriter(output: lost, source: root)
        #expect(Self.pages(journal, "lost/public") == Self.before)
        writer.discardStaging()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/lost").filter { $0 != "public" }.isEmpty)
    }
}
