import Foundation
import Testing

@testable import JournalCore

/// The previous site is kept beside the output (`.public.spare`) and becomes the next build's
/// staging folder (SiteWriter): whatever it holds, the site a build makes is the one a build into
/// a new folder makes, and the live site is never written through it.
@Suite struct SpareSiteTests {
    static func inode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
    }

    /// The site a build of the journal makes in a new folder, marker aside.
    static func fresh(_ journal: TestJournal) -> [String: Data] {
        let folder = journal.path + "/fresh-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = Build.run(journal.options(output: folder))
        return journal.tree(folder).filter { $0.key != SiteWriter.markerName }
    }

    /// The three-day journal built, a day edited, built again: its first site is the spare.
    static func builtTwice(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> TestJournal {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded, sourceLocation: sourceLocation)
        try journal.write("content/diary/2026/11/2026-11-19.md", "---\ntitle: Before too\ntracks: [{title: Earlier Song, artist: Someone, genre: Jazz}]\n---\n")
        #expect(journal.build().succeeded, sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: journal.path + "/.public.spare"), sourceLocation: sourceLocation)
        return journal
    }

    static func site(_ journal: TestJournal) -> [String: Data] {
        journal.tree().filter { $0.key != SiteWriter.markerName }
    }

    @Test func eachRebuildTakesThePreviousSiteAndEndsWithTheSiteAFreshBuildMakes() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let css = Self.inode(journal.output + "/assets/site.css")
        let spare = journal.path + "/.public.spare"
        for (number, day) in ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-19"].enumerated() {
            try journal.write(
                "content/diary/2026/11/\(day).md", "---\ntitle: Edit \(number)\ntracks: [{title: Song \(number), artist: Ann, genre: Jazz}]\n---\n")
            let report = journal.build()
            #expect(report.succeeded && report.filesWritten > 0)
            #expect(Self.site(journal) == Self.fresh(journal), "edit \(number)")
            #expect(FileManager.default.fileExists(atPath: spare))
        }
        // git leaves the spare alone even where the journal's .gitignore predates it, and the
        // published site never gets that .gitignore.
        #expect(try String(contentsOfFile: spare + "/.gitignore", encoding: .utf8).hasSuffix("\n*\n"))
        #expect(!FileManager.default.fileExists(atPath: journal.output + "/.gitignore"))
        // The stylesheet never changed: the same file all along, in the site and in the spare.
        #expect(Self.inode(journal.output + "/assets/site.css") == css)
        #expect(Self.inode(spare + "/assets/site.css") == css)
        // A day removed: gone from the site, and what the spare had of it is gone from staging.
        try journal.remove("content/diary/2026/11/2026-11-21.md")
        #expect(journal.build().succeeded)
        #expect(journal.page("2026/11/21/index.html") == nil)
        #expect(Self.site(journal) == Self.fresh(journal))
    }

    /// Junk in the spare (a file the site does not have, a link to a file outside, a folder where
    /// the site has a file, a file where it has a folder, a changed copy of a page) changes
    /// nothing in the site the next build makes, and nothing outside is written through it.
    @Test func whateverTheSpareHoldsTheSiteIsRight() throws {
        let journal = try Self.builtTwice()
        let spare = journal.path + "/.public.spare"
        let outside = journal.path + "/../precious-\(UUID().uuidString)"
        defer { unlink(outside) }
        try "precious".write(toFile: outside, atomically: false, encoding: .utf8)
        let fm = FileManager.default
        try "junk".write(toFile: spare + "/junk.html", atomically: false, encoding: .utf8)
        unlink(spare + "/robots.txt")
        try fm.createSymbolicLink(atPath: spare + "/robots.txt", withDestinationPath: outside)
        unlink(spare + "/assets/site.css")
        try fm.createDirectory(atPath: spare + "/assets/site.css/deep", withIntermediateDirectories: true)
        try "x".write(toFile: spare + "/assets/site.css/deep/x", atomically: false, encoding: .utf8)
        try fm.removeItem(atPath: spare + "/2026/11/19")
        try "a file where a folder was".write(toFile: spare + "/2026/11/19", atomically: false, encoding: .utf8)
        // A page of the spare rewritten as a new file (not through the live site's inode).
        unlink(spare + "/index.html")
        try "stale home".write(toFile: spare + "/index.html", atomically: false, encoding: .utf8)
        let live = Self.site(journal)

        try journal.write("content/diary/2026/11/2026-11-21.md", "---\ntitle: Three\ntracks: [{title: Three, artist: Bo}]\n---\n")
        #expect(journal.build().succeeded)
        #expect(Self.site(journal) == Self.fresh(journal))
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        #expect(live["index.html"] != nil)

        // A spare that is a link, or a file, is not taken (and not followed).
        for kind in ["link", "file"] {
            try fm.removeItem(atPath: spare)
            if kind == "link" {
                try fm.createDirectory(atPath: outside + ".d", withIntermediateDirectories: true)
                try fm.createSymbolicLink(atPath: spare, withDestinationPath: outside + ".d")
            } else {
                try "not a folder".write(toFile: spare, atomically: false, encoding: .utf8)
            }
            try journal.write("content/diary/2026/11/2026-11-21.md", "---\ntitle: Three \(kind)\ntracks: [{title: Three, artist: Bo}]\n---\n")
            #expect(journal.build().succeeded, "\(kind)")
            #expect(Self.site(journal) == Self.fresh(journal), "\(kind)")
        }
        #expect((try? fm.contentsOfDirectory(atPath: outside + ".d")) == [])
        try? fm.removeItem(atPath: outside + ".d")
    }

    /// An output removed (`rm -rf public`, the usual clean build) or moved away: the spare beside
    /// it is not taken, so nothing the site no longer has comes back.
    @Test func aSpareWithoutItsSiteIsNotTaken() throws {
        let journal = try Self.builtTwice()
        try journal.remove("content/diary/2026/11/2026-11-22.md")
        try FileManager.default.removeItem(atPath: journal.output)
        #expect(journal.build().succeeded)
        #expect(Self.site(journal) == Self.fresh(journal))
        #expect(journal.page("2026/11/22/index.html") == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.output + "/.gitignore"))
    }

    /// A static file edited without changing its size, its modification time set back (`touch
    /// -r`, `cp -p`), is copied again even when the site's copy has lost its spare's name since
    /// (the spare deleted, a killed build cleaned up), which changes the copy's ctime too.
    @Test func aStaticEditWithItsTimeSetBackIsCopiedAfterTheSpareGoes() throws {
        let journal = try Self.builtTwice()
        let file = journal.path + "/static/previews/b.ogg"
        var status = stat()
        #expect(stat(file, &status) == 0)
        let old = try String(contentsOfFile: file, encoding: .utf8)
        let new = String(old.reversed())
        #expect(new.utf8.count == old.utf8.count && new != old)
        try new.write(toFile: file, atomically: false, encoding: .utf8)
        // The modification time set back exactly, as `touch -r` does.
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        Thread.sleep(forTimeInterval: 0.02)
        try FileManager.default.removeItem(atPath: journal.path + "/.public.spare")
        #expect(journal.build().succeeded)
        #expect(journal.page("previews/b.ogg") == new)
    }

    /// Folders reused from the spare get the mode a new folder gets, whatever an earlier umask
    /// or `chmod` left on them.
    @Test func reusedFoldersGetTheModeOfNewOnes() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        #expect(journal.build(baseURL: "https://example.com/a/").succeeded)
        let spare = journal.path + "/.public.spare"
        for folder in ["", "/2026", "/tags"] { #expect(chmod(spare + folder, 0o700) == 0) }
        #expect(journal.build().succeeded)
        let fresh = journal.path + "/fresh-modes"
        #expect(Build.run(journal.options(output: fresh)).succeeded)
        for folder in ["", "/2026", "/tags", "/2026/11"] {
            let mode = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }
            #expect(mode(journal.output + folder) == mode(fresh + folder), "\(folder)")
        }
    }

    /// A build that fails while writing, after taking the spare, leaves the live site exactly as
    /// it was, every file's bytes and identity.
    @Test func aFailedBuildThatTookTheSpareLeavesTheSiteAsItWas() throws {
        let journal = try Self.builtTwice()
        let before = journal.tree()
        let inodes = before.keys.map { Self.inode(journal.output + "/" + $0) }
        // Cards fail to draw after the pages are written into staging, among them the playlist's
        // page, which the last build left unchanged: in the spare it is the live site's own file.
        let playlist = journal.output + "/playlists/rainy-commute/index.html"
        #expect(Self.inode(playlist) == Self.inode(journal.path + "/.public.spare/playlists/rainy-commute/index.html"))
        let text = try String(contentsOfFile: journal.path + "/content/playlists/rainy-commute.md", encoding: .utf8)
        try journal.write("content/playlists/rainy-commute.md", text.replacingOccurrences(of: "title: Rainy Commute", with: "title: Sunny Commute"))
        var failing = journal.options(output: journal.output)
        failing.rasterizer = Rasterizer(version: "always fails") { _, _, _ throws(RasterFailure) in throw RasterFailure("no cards today") }
        let failed = Build.run(failing)
        #expect(!failed.succeeded && journal.lines(failed.diagnostics).contains { $0.contains("no cards today") })
        #expect(journal.tree() == before)
        #expect(before.keys.map { Self.inode(journal.output + "/" + $0) } == inodes)
        #expect(journal.build().succeeded)
        #expect(Self.site(journal) == Self.fresh(journal))
    }
}
