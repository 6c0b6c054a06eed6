import Foundation
import Testing

@testable import JournalCore

/// Contained and all-or-nothing: a build never deletes
/// content, never writes outside its output, and switches sites in one step.
@Suite(.serialized) struct WriteSafetyTests {
    /// Every entry under `folder`, links included, relative: what a user would see with `find`.
    func entries(_ folder: String) -> Set<String> {
        var found: Set<String> = []
        FileTree.walk(folder) { path, _ in found.insert(path) }
        return found
    }

    @Test(arguments: ["content", "static", "templates"])
    func anOutputInsideAFolderTheBuildReadsIsRefused(_ read: String) throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("\(read)/notes.txt", "my own file")
        for output in ["\(read)/site", read] {
            let report = journal.build(output: journal.path + "/" + output)
            #expect(!report.succeeded)
            let line = try #require(journal.lines(report.diagnostics).first)
            #expect(line.hasPrefix("--output:1:1: error: the output folder"), "\(line)")
            #expect(line.contains("\(read)/, which the build reads"), "\(line)")
            #expect(!FileManager.default.fileExists(atPath: journal.path + "/\(read)/site"))
            #expect(journal.page("\(read)/notes.txt", in: journal.path) == "my own file")
        }
        // check says the same, from journal.yaml's own `output`.
        try journal.write("journal.yaml", "title: Test Journal\noutput: \(read)/site\n")
        let checked = journal.lines(Check.run(source: journal.path, strict: false))
        #expect(checked.contains { $0.hasPrefix("journal.yaml:2:9: error: the output folder") }, "\(checked)")
    }

    /// serve's builds leave the previous site to a thread of their own: the build returns with
    /// the new site in place, the old one is gone soon after, and a build that finds a folder a
    /// living process is still removing leaves it alone (one a dead process left is removed).
    @Test func thePreviousSiteIsRemovedInTheBackgroundForServe() async throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let output = journal.path + "/served"
        var options = journal.options(output: output)
        options.servesLocally = true
        #expect(Build.run(options).succeeded)
        try journal.write("content/diary/2026-11-21.md", "---\ntitle: Changed\ntracks: [{title: A, artist: B}]\n---\n")
        #expect(Build.run(options).succeeded)
        #expect(journal.page("2026/11/21/index.html", in: output)?.contains("Changed") == true)
        // The previous site is kept as the next build's spare; nothing else stays.
        func beside() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: journal.path)) ?? []).filter { $0.hasPrefix(".served.") && $0 != ".served.spare" }.sorted()
        }
        var left = beside()
        for _ in 0..<200 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(25))
            left = beside()
        }
        #expect(left.isEmpty, "\(left)")

        // Ours (this process lives) is left to us; a dead process's is removed.
        let ours = journal.path + "/.served.discard-\(getpid())-999"
        let dead = journal.path + "/.served.discard-999999999-1"
        for folder in [ours, dead] {
            try FileManager.default.createDirectory(atPath: folder + "/2026", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/2026/index.html"))
        }
        // An edit, so the build does not stop at "Up to date" before looking beside the output.
        try journal.write("content/diary/2026-11-21.md", "---\ntitle: Again\ntracks: [{title: A, artist: B}]\n---\n")
        let rebuilt = journal.build(output: output)
        #expect(rebuilt.succeeded && !rebuilt.upToDate)
        #expect(FileManager.default.fileExists(atPath: ours) && !FileManager.default.fileExists(atPath: dead))
        try FileManager.default.removeItem(atPath: ours)
    }

    @Test func aRefusedOutputIsReportedWithEveryOtherProblemAtOnce() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- content/diary/2026-11-23.md --
                ---
                tracks: [{title: Lost, artist: }]
                ---
                """)
        try journal.write("journal.yaml", "title: Test Journal\noutput: content/public\n")
        let expected = [
            "content/diary/2026-11-23.md:2:10: error: missing required field 'artist' in track 1",
            "journal.yaml:2:9: error: the output folder content/public is inside content/, which the build reads: a build would publish and then delete what you add there; choose another (--output)",
        ]
        #expect(journal.lines(journal.build().diagnostics) == expected)
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == expected)
    }

    @Test func anOutputThatHoldsAFolderTheBuildReadsIsRefused() throws {
        // The journal's static/ is a link to a folder inside the chosen output.
        let journal = try TestJournal(RenderTests.threeDays)
        let elsewhere = journal.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere + "/static", withIntermediateDirectories: true)
        try journal.write("elsewhere/static/CNAME", "music.example.org")
        try journal.remove("static")
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/static", withDestinationPath: elsewhere + "/static")
        let report = journal.build(output: elsewhere)
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics).first?.contains("holds static/, which the build reads") == true)
        #expect(journal.page("elsewhere/static/CNAME", in: journal.path) == "music.example.org")
    }

    @Test func aLinkInsideTheOutputIsNeverWrittenThrough() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        // The user (or a deploy tool) replaced a section of the site by a link to another folder.
        let outside = journal.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try journal.write("outside/keep.txt", "not the site's")
        try journal.remove("public/2026/11")
        try FileManager.default.createSymbolicLink(atPath: journal.output + "/2026/11", withDestinationPath: outside)
        try journal.write("content/diary/2026/11/2026-11-20.md", "---\ntitle: Edited\ntracks: [{title: X, artist: Y}]\n---\n")

        let report = journal.build()
        #expect(report.succeeded)
        #expect(entries(outside) == ["keep.txt"])
        #expect(journal.page("outside/keep.txt", in: journal.path) == "not the site's")
        // The section is whole again, as real folders, and the next build has nothing to do.
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: journal.output + "/2026/11", isDirectory: &isFolder) && isFolder.boolValue)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: journal.output + "/2026/11")) == nil)
        #expect(journal.page("2026/11/20/index.html")?.contains("Edited") == true)
        #expect(journal.build(output: journal.path + "/fresh").succeeded)
        #expect(Set(journal.tree().keys) == Set(journal.tree(journal.path + "/fresh").keys))
        #expect(journal.build().upToDate)
    }

    @Test func anOutputThatIsALinkIsReplacedWhereItPoints() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let real = journal.path + "/real-site"
        #expect(journal.build(output: real).succeeded)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/site", withDestinationPath: real)
        try journal.write("content/diary/2026/11/2026-11-20.md", "---\ntitle: Edited\ntracks: [{title: X, artist: Y}]\n---\n")
        #expect(journal.build(output: journal.path + "/site").succeeded)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal.path + "/site") == real)
        #expect(journal.page("2026/11/20/index.html", in: real)?.contains("Edited") == true)
    }

    @Test func aFileThatBecomesAFolderAndBackRebuildsWhole() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("static/notes", "a file")
        #expect(journal.build().succeeded)
        try journal.remove("static/notes")
        try journal.write("static/notes/today.txt", "now a folder")
        let first = journal.build()
        #expect(first.succeeded, "\(journal.lines(first.diagnostics))")
        #expect(journal.page("notes/today.txt") == "now a folder")
        try journal.remove("static/notes")
        try journal.write("static/notes", "a file again")
        let second = journal.build()
        #expect(second.succeeded, "\(journal.lines(second.diagnostics))")
        #expect(journal.page("notes") == "a file again")
        #expect(journal.build().upToDate)
    }

    @Test func aRebuildKeepsUnchangedFilesAndLeavesNothingBeside() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let inode = try FileManager.default.attributesOfItem(atPath: journal.output + "/assets/site.css")[.systemFileNumber] as? Int
        try journal.remove("content/diary/2026/11/2026-11-22.md")
        let report = journal.build()
        #expect(report.succeeded && report.filesRemoved > 0)
        #expect(journal.page("2026/11/22/index.html") == nil)
        // The unchanged stylesheet is the same file (hard-linked into the new site), not a copy.
        #expect(try FileManager.default.attributesOfItem(atPath: journal.output + "/assets/site.css")[.systemFileNumber] as? Int == inode)
        // Beside the output only the previous site, kept for the next build.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix(".public") }
        #expect(siblings == [".public.spare"], "\(siblings)")
    }

    @Test func whatAKilledBuildLeftIsCleanedUp() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let site = journal.tree()
        // A build killed while staging, one killed between the two renames of the fallback
        // swap, which leaves the previous site moved aside and no output, and one killed while
        // writing the finished site's new marker.
        try journal.write(".public.staging-4242/half.html", "half a site")
        try journal.write(".public.marker-4244", "half a marker")
        try FileManager.default.moveItem(atPath: journal.output, toPath: journal.path + "/.public.old-4243")
        let report = journal.build()
        #expect(report.succeeded)
        #expect(journal.tree().filter { $0.key != SiteWriter.markerName } == site.filter { $0.key != SiteWriter.markerName })
        let siblings = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasPrefix(".public") }
        #expect(siblings == [".public.spare"], "\(siblings)")
    }

    @Test func twoBuildsIntoOneOutputNeverMix() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let site = journal.tree()
        // Another build is writing: it holds the lock on its staging folder.
        let foreign = journal.path + "/.public.staging-999999999"
        #expect(mkdir(foreign, 0o755) == 0)
        let held = try #require(Platform.lockFolder(foreign, wait: false))
        try journal.write("content/diary/2026/11/2026-11-20.md", "---\ntitle: Edited\ntracks: [{title: X, artist: Y}]\n---\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics).first?.contains("another journal build is writing to") == true)
        #expect(journal.tree() == site)
        #expect(FileManager.default.fileExists(atPath: foreign))  // not ours to remove while in use
        Platform.unlock(held)
        // Once it has ended (or died), its folder is a leftover: removed, and the build goes on.
        #expect(journal.build().succeeded)
        #expect(journal.page("2026/11/20/index.html")?.contains("Edited") == true)
        #expect(!FileManager.default.fileExists(atPath: foreign))
    }

    @Test func buildsIntoTwoOutputsInOneFolderRunSideBySide() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let parent = journal.path + "/sites"
        #expect(mkdir(parent, 0o755) == 0)
        // A build into sites/a is running ...
        #expect(mkdir(parent + "/.a.staging-999999999", 0o755) == 0)
        let held = try #require(Platform.lockFolder(parent + "/.a.staging-999999999", wait: false))
        defer { Platform.unlock(held) }
        // ... and one into sites/b, beside it, goes ahead.
        let report = journal.build(output: parent + "/b")
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        #expect(FileManager.default.fileExists(atPath: parent + "/b/index.html"))
        #expect(!journal.build(output: parent + "/a").succeeded)
    }
}
