import Foundation
import Testing

@testable import JournalCore

/// The folders `journal serve` watches are the folders the build reads, from the build's own walk.
@Suite struct JournalTreeTests {
    @Test func theFoldersReadAreTheBuildsLinksFollowedHiddenAndOutsideLeftOut() throws {
        let journal = try TestJournal(
            """
            -- content/diary/2026/11/2026-11-01.md --
            x
            -- content/.drafts/a.md --
            x
            -- templates/partials/head.mustache --
            x
            -- static/css/site.css --
            x
            -- catalogue/a.yaml --
            x
            -- notes/shared/a.css --
            x
            """)
        let root = journal.path
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/elsewhere/days", withIntermediateDirectories: true)
        // A linked folder of content/ is read (and watched); a link back into its own folder is not walked again.
        try files.createSymbolicLink(atPath: root + "/content/diary/linked", withDestinationPath: "../../elsewhere")
        try files.createSymbolicLink(atPath: root + "/content/diary/2026/loop", withDestinationPath: "..")
        // In static/, a link out of the journal is never followed; one to the journal's own folder is.
        try files.createSymbolicLink(atPath: root + "/static/etc", withDestinationPath: "/etc")
        try files.createSymbolicLink(atPath: root + "/static/shared", withDestinationPath: "../notes/shared")

        let folders = Set(JournalTree.foldersRead(from: root).map { String($0.dropFirst(root.count)) })
        #expect(
            folders == [
                "/content", "/content/diary", "/content/diary/2026", "/content/diary/2026/11",
                "/content/diary/linked", "/content/diary/linked/days",
                "/templates", "/templates/partials", "/static", "/static/css", "/static/shared", "/catalogue",
            ])
    }

    @Test func aMissingFolderHasNothingToWatch() throws {
        let journal = try TestJournal(
            """
            -- content/diary/2026-11-01.md --
            x
            """)
        #expect(JournalTree.foldersRead(from: journal.path) == [journal.path + "/content", journal.path + "/content/diary"])
    }
}
