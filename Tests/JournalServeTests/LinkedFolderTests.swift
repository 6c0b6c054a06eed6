import Foundation
import Testing

@testable import JournalServe

/// A diary kept through a symbolic link (content/ linked to a synced folder, or the journal folder
/// itself reached through one): when the link's target goes away and comes back (a sync, a
/// restore from a backup), `journal serve` sees it come back and shows the site again.
@Suite(.serialized) struct LinkedFolderTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("journal-serve-links-\(UUID().uuidString)").path

    func serve(_ source: String, _ body: (UInt16, ServeTests.Lines, ServeTests.Lines) async throws -> Void) async throws {
        let out = ServeTests.Lines()
        let errors = ServeTests.Lines()
        let server = JournalServer(ServeOptions(source: source, port: 0), out: out.append, error: errors.append)
        try await server.start()
        let port = try #require(server.url.flatMap { URL(string: $0)?.port }.map { UInt16($0) })
        do { try await body(port, out, errors) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aLinkedContentFolderRemovedAndRestoredIsServedAgain() async throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let journal = try ServeTests.Journal()
        let target = base + "/synced-content"
        let backup = base + "/backup"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: journal.path + "/content", toPath: target)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content", withDestinationPath: target)
        try await serve(journal.path) { port, _, errors in
            #expect(await eventually(120) { await HTTP.get(port, "/2026/11/21/").body.contains("First snow") }, "\(errors.all)")
            try FileManager.default.copyItem(atPath: target, toPath: backup)
            try FileManager.default.removeItem(atPath: target)
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").status == 404 }, "the day went with its folder")
            try FileManager.default.copyItem(atPath: backup, toPath: target)
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("First snow") }, "\(errors.all)")
            // And edits inside the restored folder are seen again.
            try journal.write(ServeTests.dayPath, ServeTests.day(title: "Restored and edited"))
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("Restored and edited") })
        }
    }

    /// A folder inside content/ linked elsewhere (issue 35: its target removed and made again was
    /// never watched again, and no edit in it was rebuilt until another file changed).
    @Test func aLinkedDiaryFolderRemovedAndMadeAgainIsWatchedAgain() async throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let journal = try ServeTests.Journal()
        let target = base + "/synced-diary"
        let backup = base + "/backup"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: journal.path + "/content/diary", toPath: target)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content/diary", withDestinationPath: target)
        try await serve(journal.path) { port, out, errors in
            #expect(await eventually(120) { await HTTP.get(port, "/2026/11/21/").body.contains("First snow") }, "\(errors.all)")
            try FileManager.default.copyItem(atPath: target, toPath: backup)
            try FileManager.default.removeItem(atPath: target)
            // A broken link is an error: the last good site stays.
            #expect(await eventually { errors.all.contains { $0.hasPrefix("Rebuild failed") } }, "\(errors.all)")
            // The folder is made again, empty, then the day is written into it: no file of the
            // journal itself changes, only what the link leads to.
            let rebuilds = out.all.filter { $0.hasPrefix("Rebuilt in ") }.count
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: backup + "/2026", toPath: target + "/2026")
            #expect(await eventually { out.all.filter { $0.hasPrefix("Rebuilt in ") }.count > rebuilds }, "\(out.all) \(errors.all)")
            // And edits inside it are seen, each.
            for title in ["Edited once", "Edited twice"] {
                try journal.write(ServeTests.dayPath, ServeTests.day(title: title))
                #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains(title) }, "\(title)")
            }
        }
    }

    /// A link already broken when `serve` starts (content/diary linked to a folder not synced
    /// yet): when its target is made, with a day in it, the day is served, and edits in it too.
    @Test func aLinkBrokenWhenServeStartsIsWatchedWhenItsTargetIsMade() async throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let journal = try ServeTests.Journal()
        let target = base + "/synced-diary"
        let backup = base + "/backup"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: journal.path + "/content/diary", toPath: backup)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content/diary", withDestinationPath: target)
        try await serve(journal.path) { port, _, errors in
            #expect(await eventually { errors.all.contains { $0.contains("broken symbolic link") } }, "\(errors.all)")
            try FileManager.default.copyItem(atPath: backup, toPath: target)
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("First snow") }, "\(errors.all)")
            try journal.write(ServeTests.dayPath, ServeTests.day(title: "Synced and edited"))
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("Synced and edited") })
        }
    }

    #if os(Linux)
        /// A folder made after its parent was listed but before the parent is watched makes no
        /// event (a restored target being filled: `2027`, then `2027/01`, then its files): the
        /// watcher walks again once its watches are in place and watches it too.
        @Test func aFolderMadeWhileTheWatchesAreAddedIsWatched() async throws {
            let journal = try ServeTests.Journal()
            let watcher = try #require(InotifyWatcher(source: journal.path, burst: Burst()))
            let made = journal.path + "/content/diary/2027/01"
            watcher.afterWalk = {
                guard !FileManager.default.fileExists(atPath: made) else { return }
                try? FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
            }
            let changes = ServeTests.Lines()
            watcher.start { changes.append("changed") }
            defer { watcher.stop() }
            try journal.write("content/diary/2027/01/2027-01-01.md", ServeTests.day(title: "New year"))
            #expect(await eventually { !changes.all.isEmpty }, "no change seen in a folder made while watches were added")
        }
    #endif

    @Test func aJournalFolderReachedThroughALinkRemovedAndRestoredIsServedAgain() async throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let journal = try ServeTests.Journal()
        let real = base + "/real"
        let link = base + "/journal"
        let backup = base + "/backup"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: journal.path, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try await serve(link) { port, out, errors in
            #expect(await eventually(120) { await HTTP.get(port, "/2026/11/21/").body.contains("First snow") }, "\(errors.all)")
            try FileManager.default.copyItem(atPath: real, toPath: backup)
            try FileManager.default.removeItem(atPath: real)
            #expect(await eventually { errors.all.contains { $0.hasPrefix("Rebuild failed") } }, "\(errors.all)")
            try FileManager.default.copyItem(atPath: backup, toPath: real)
            // The restore itself rebuilds, and the build succeeds.
            let rebuilds = out.all.filter { $0.hasPrefix("Rebuilt in ") }.count
            #expect(await eventually { out.all.filter { $0.hasPrefix("Rebuilt in ") }.count > rebuilds }, "\(out.all) \(errors.all)")
            // The pages are told: a new event stream gets no errors.
            let events = try EventStream(port: port, path: "/__journal/events")
            defer { events.close() }
            #expect(await eventually { events.text.contains(": journal serve") })
            try await Task.sleep(for: .milliseconds(300))
            #expect(!events.text.contains("event: errors"), "\(events.text)")
            var day = ServeTests.day(title: "Restored and edited")
            day += "\n"
            try Data(day.utf8).write(to: URL(fileURLWithPath: real + "/" + ServeTests.dayPath))
            #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("Restored and edited") })
        }
    }
}
