import Foundation
import Testing

@testable import JournalCore

/// A link in static/ or templates/ publishes only what the journal would publish itself
/// (docs/content-format.md, "Files").
@Suite struct PublishedLinkTests {
    @Test func aLinkOutOfTheJournalOrToAHiddenFileIsAnErrorNamingIt() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-01.md --
                ---
                tracks: [{title: A, artist: B}]
                ---
                -- templates/.git/config --
                [remote "origin"]
                \turl = https://user:token@example.com/theme.git
                -- notes/shared.css --
                body { color: red }
                """)
        let root = journal.path
        try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/templates/assets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/static/passwd", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: root + "/templates/assets/extra.css", withDestinationPath: "../.git/config")
        // Inside the journal and not hidden: followed, as before.
        try FileManager.default.createSymbolicLink(atPath: root + "/static/shared.css", withDestinationPath: "../notes/shared.css")

        let report = journal.build()
        #expect(!report.succeeded)
        let lines = journal.lines(report.diagnostics)
        #expect(
            lines.contains(
                "static/passwd:1:1: error: a symbolic link to /etc/passwd, outside the journal: in static/ and templates/ a link is followed only to a file or folder of the journal, so nothing else is ever published"
            ), "\(lines)")
        #expect(
            lines.contains(
                "templates/assets/extra.css:1:1: error: a symbolic link to a hidden file or folder (templates/.git/config): hidden files are never published, through a link or otherwise"
            ), "\(lines)")
        #expect(lines.count == 2, "\(lines)")
        #expect(journal.lines(Check.run(source: root, strict: false)) == lines)

        try FileManager.default.removeItem(atPath: root + "/static/passwd")
        try FileManager.default.removeItem(atPath: root + "/templates/assets/extra.css")
        #expect(journal.build().succeeded)
        #expect(journal.page("shared.css") == "body { color: red }\n")
    }
}
