import Foundation
import Testing

@testable import JournalCore

/// Only what is meant is read and published, and nothing is silently missing.
@Suite(.serialized) struct ReadSafetyTests {
    @Test func hiddenFilesAndFoldersAreNeverReadNorPublished() throws {
        let journal = try TestJournal(
            RenderTests.threeDays + """

                -- templates/.git/config --
                [remote "origin"]
                    url = https://user:secret-token@example.org/theme.git
                -- templates/.git/hooks/broken.mustache --
                {{#unclosed}}
                -- templates/assets/.cache/old.css --
                body {}
                -- templates/partials/.footer.mustache.swp --
                junk
                -- static/img/.git/config --
                token
                -- static/.well-known/secret --
                hidden
                -- content/diary/.2026-11-21.md.swp --
                not a day
                """)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let published = journal.tree().keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".nojekyll" && $0 != ".journal-output" } }
        #expect(published.isEmpty, "\(published)")
        #expect(!journal.tree().values.contains { String(decoding: $0, as: UTF8.self).contains("secret-token") })
    }

    @Test func aLinkedContentFolderIsReadAndWatchedLikeAnyOther() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        // The diary lives elsewhere (a synced folder) and content/diary links to it.
        try FileManager.default.moveItem(atPath: journal.path + "/content/diary", toPath: journal.path + "/synced-diary")
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content/diary", withDestinationPath: journal.path + "/synced-diary")
        #expect(journal.build().succeeded)
        #expect(journal.page("2026/11/20/index.html")?.contains("Rain again") == true)
        #expect(journal.build().upToDate)
        // An edit inside the linked folder is seen by the up-to-date check.
        try journal.write("synced-diary/2026/11/2026-11-20.md", "---\ntitle: Edited far away\ntracks: [{title: X, artist: Y}]\n---\n")
        let rebuilt = journal.build()
        #expect(rebuilt.succeeded && !rebuilt.upToDate)
        #expect(journal.page("2026/11/20/index.html")?.contains("Edited far away") == true)
    }

    @Test func brokenAndLoopingLinksAreErrorsNamingThem() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content/diary/2026/gone.md", withDestinationPath: journal.path + "/nowhere.md")
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/content/diary/2026/11/again", withDestinationPath: journal.path + "/content/diary")
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/static/self", withDestinationPath: journal.path + "/static/self")
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/templates", withDestinationPath: journal.path + "/no-theme")
        let expected = [
            "content/diary/2026/11/again:1:1: error: a symbolic link that leads back into a folder it is in; it would be read forever",
            "content/diary/2026/gone.md:1:1: error: a broken symbolic link: its target does not exist",
            "static/self:1:1: error: a symbolic link that leads to itself",
            "templates:1:1: error: a broken symbolic link: its target does not exist",
        ]
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics) == expected)
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == expected)
    }

    @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        // 3 GB without using the disk: a sparse file. Reading it would take seconds and 3 GB.
        let path = journal.path + "/content/diary/2026/11/2026-11-23.md"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("---\n".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let started = Date()
        let report = journal.build()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026/11/2026-11-23.md:1:1: error: the file is 3221225472 bytes, over the limit of 262144 (limits.max_file_size in journal.yaml)"
            ])
    }

    /// Root reads every file whatever its mode, so as root the check runs as `nobody`.
    @Test func anUnreadableFolderOrFileIsAnErrorNotAGap() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        try journal.write("content/diary/2025/12/2025-12-01.md", "---\ntracks: [{title: X, artist: Y}]\n---\n")
        try journal.write("templates/partials/footer.mustache", "<footer>mine</footer>")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: journal.path + "/content/diary/2025")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journal.path + "/templates/partials/footer.mustache")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journal.path + "/static/artwork/rain.svg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: journal.path)
        let lines: [String]
        if getuid() == 0 {
            guard let binary = journalBinary() else { return }
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                Issue.record("needs setpriv to run as nobody")
                return
            }
            let checked = try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "check", "--source", journal.path])
            #expect(checked.status == 1)
            lines = checked.errors.split(separator: "\n").map { $0.replacingOccurrences(of: journal.path + "/", with: "") }
        } else {
            lines = journal.lines(Check.run(source: journal.path, strict: false))
        }
        #expect(
            lines == [
                "content/diary/2025:1:1: error: cannot read this folder: Permission denied",
                "static/artwork/rain.svg:1:1: error: cannot read this file: Permission denied",
                "templates/partials/footer.mustache:1:1: error: cannot read this file: Permission denied",
            ])
    }

    /// A name whose bytes are not UTF-8 (a Latin-1 `café`), in static/ and content/, a folder's
    /// too (issue 35: "cannot read this: No such file or directory" at a mangled path): each is
    /// an error showing the name escaped and how to rename it, all at once, and the site stays.
    @Test func aNameThatIsNotUTF8IsAnErrorSayingSoAndHowToRenameIt() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        #expect(journal.build().succeeded)
        let before = journal.tree()
        let cafe = Array("caf".utf8) + [0xE9]
        // Names made from their bytes: a Swift string cannot hold them.
        var made: [[CChar]] = []
        defer {
            for path in made.reversed() { remove(path) }
            _ = journal
        }
        func make(_ folder: String, _ name: [UInt8], folder isFolder: Bool = false) throws {
            let path = (Array((journal.path + "/" + folder + "/").utf8) + name).map { CChar(bitPattern: $0) } + [0]
            if isFolder {
                try #require(mkdir(path, 0o755) == 0)
            } else {
                let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o644)
                try #require(descriptor >= 0)
                close(descriptor)
            }
            made.append(path)
        }
        try make("static", cafe + Array(".txt".utf8))
        try make("content/diary/2026/11", cafe + Array(".md".utf8))
        try make("content/diary", [0xFF] + Array("x".utf8), folder: true)
        let advice =
            "error: this name is not valid UTF-8 (shown with its other bytes as \\xNN), so no page or link can name it: rename it in UTF-8, in its folder, like: mv -n --"
        let expected = [
            "content/diary/2026/11/caf\\xE9.md:1:1: \(advice) $'caf\\xE9.md' 'café.md'",
            "content/diary/\\xFFx:1:1: \(advice) $'\\xFFx' 'ÿx'",
            "static/caf\\xE9.txt:1:1: \(advice) $'caf\\xE9.txt' 'café.txt'",
        ]
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(journal.lines(report.diagnostics) == expected)
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == expected)
        #expect(journal.tree() == before, "the previous site is untouched")
    }
}
