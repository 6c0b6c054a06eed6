import Foundation
import Testing

@testable import JournalCore

/// `journal new`'s skeletons build as they are: a track with nothing filled in is a blank and
/// skipped, and a day of blanks waits out of the site with one warning (docs/content-format.md,
/// "A day").
@Suite struct BlankTrackTests {
    @Test func aNewDaysSkeletonBuildsAndWaitsOutOfTheSite() throws {
        let journal = try TestJournal(RenderTests.threeDays)
        let config = try #require(JournalLoader(source: journal.path).readConfig(overrides: ConfigOverrides()).config)
        let path = try NewEntry.day(CalendarDate(year: 2026, month: 11, day: 25)!, source: journal.path, config: config)
        let report = journal.build(strict: false)
        #expect(report.succeeded)
        let lines = journal.lines(report.diagnostics)
        #expect(
            lines == [
                "\(path.dropFirst(journal.path.count + 1)):9:3: warning: no track filled in yet: this day stays out of the site (and out of `journal status`) until one has a title and an artist"
            ], "\(lines)")
        #expect(journal.page("2026/11/25/index.html") == nil)
        #expect(journal.page("2026/11/20/index.html") != nil)
        // A warning still: a strict build does not publish a day that is not written.
        #expect(!journal.build(strict: true).succeeded)
    }

    @Test func blanksAreSkippedAndTheRestCountedAsWritten() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks:
                  - title: ""
                    artist: ""
                  - {title: One, artist: A}
                  - {title: Two, artist: B}
                  - {title: "  ", artist: ~, genre: ""}
                  - {title: Three, artist: C}
                ---
                -- content/playlists/mix.md --
                ---
                title: Mix
                tracks:
                  - title: ""
                    artist: ""
                  - {title: Song, artist: Someone}
                ---
                -- content/playlists/new.md --
                ---
                title: New
                tracks:
                  - title: ""
                    artist: ""
                ---
                """)
        let report = journal.build()
        #expect(report.succeeded)
        // `journal new playlist`'s skeleton waits out of the site, said once, like a day's.
        #expect(
            journal.lines(report.diagnostics) == [
                "content/playlists/new.md:4:3: warning: no track filled in yet: this playlist stays out of the site until one has a title and an artist"
            ])
        let day = try #require(journal.page("2026/11/21/index.html"))
        for title in ["One", "Two", "Three"] { #expect(day.contains(title)) }
        #expect(journal.page("playlists/mix/index.html") != nil)
        #expect(journal.page("playlists/new/index.html") == nil)
    }

    /// An empty list or an empty mapping is a mistake, not a skeleton: errors, as before.
    @Test func anEmptyListOrAnEmptyTrackIsStillAnError() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tracks: []
                ---
                -- content/diary/2026-11-21.md --
                ---
                tracks:
                  - {}
                ---
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026-11-20.md:2:9: error: 'tracks' must list at least one track",
                "content/diary/2026-11-21.md:3:5: error: missing required field 'artist' in track 1",
                "content/diary/2026-11-21.md:3:5: error: missing required field 'title' in track 1",
            ], "\(journal.lines(report.diagnostics))")
    }

    /// `journal add` counts as the build does: a skeleton's blank leaves room for the day's songs.
    @Test func aBlankIsNotCountedAgainstTheDaysLimit() {
        let skeleton = "---\ntracks:\n  - title: \"\"\n    artist: \"\"\n    genre: \"\"\n---\n"
        #expect(DayFileEdit.trackCount(in: skeleton) == 0)
        let one = skeleton.replacingOccurrences(of: "---\n\n", with: "").replacingOccurrences(
            of: "    genre: \"\"\n", with: "    genre: \"\"\n  - {title: A, artist: B}\n")
        #expect(DayFileEdit.trackCount(in: one) == 1)
    }

    @Test func aHalfFilledTrackIsATrackAndCheckedAsOne() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks:
                  - title: "Ditto"
                    artist: ""
                ---
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == ["content/diary/2026-11-21.md:4:13: error: 'artist' must not be empty"], "\(journal.lines(report.diagnostics))"
        )
    }

    @Test func moreWrittenTracksThanADayHoldsIsStillAnErrorAtTheFirstTooMany() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks:
                  - {title: "", artist: ""}
                  - {title: One, artist: A}
                  - {title: Two, artist: B}
                  - {title: Three, artist: C}
                  - {title: Four, artist: D}
                ---
                """)
        let report = journal.build()
        #expect(
            journal.lines(report.diagnostics) == [
                "content/diary/2026-11-21.md:7:5: error: a day lists at most 3 tracks (max_tracks_per_day), this one lists 4"
            ], "\(journal.lines(report.diagnostics))")
    }
}
