import Foundation
import Testing

@testable import JournalCore

/// Every track played more than once has a page under its primary artist, a track played once is
/// its card on that day, and every place that names a track links there: day cards, period and
/// archive tops, the review, an artist's lists and plays, search.
@Suite struct TrackPageTests {
    static let journal = """
        -- journal.yaml --
        title: Tracks
        -- content/diary/2025-03-01.md --
        ---
        title: Rain again
        tracks:
          - {title: 밤편지, artist: 아이유, album: Palette, genre: Ballad, note: "The *first* time."}
          - {title: Page, artist: 아이유, genre: Ballad}
        ---
        -- content/diary/2026-01-02.md --
        ---
        tracks:
          - {title: 밤편지, artist: 아이유, album: Live Clip, genre: Ballad}
          - {title: Ditto, artist: [NewJeans, 아이유], album: OMG, genre: K-Pop}
        ---
        -- content/diary/2026-01-03.md --
        ---
        tracks:
          - {title: 밤 편지, artist: 아이유, genre: Ballad}
          - {title: 밤편지, artist: 아이유, album: Palette, genre: Ballad, note: "Again, louder."}
          - {title: 밤편지, artist: 아이유, album: Palette, genre: Ballad, note: "Once more."}
        ---
        -- content/diary/2026-01-04.md --
        ---
        tracks:
          - {title: Page, artist: 아이유, genre: Ballad}
          - {title: Ditto, artist: NewJeans, album: OMG, genre: K-Pop}
        ---
        -- content/playlists/night.md --
        ---
        title: Night
        tracks: [{title: 밤편지, artist: 아이유}, {title: Never Played, artist: Nobody}]
        ---
        """

    @Test func aTrackPageListsEveryPlayNewestFirstWithItsNotesAlbumsAndPlaylists() throws {
        let journal = try TestJournal(Self.journal)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let page = try #require(journal.page("artists/아이유/tracks/밤편지/index.html"))
        let text = visibleText(page)
        #expect(text.contains("밤편지"))
        // Newest first, a day at a time with its title and the notes of its plays; the album said
        // per day, since there are two.
        let plays = try #require(text.range(of: "In the diary")).upperBound
        let order = ["3 Jan", "×2", "Once more.", "Again, louder.", "2 Jan", "Live Clip", "1 Mar", "Rain again", "The first time."]
        var from = plays
        for fragment in order {
            let found = try #require(text.range(of: fragment, range: from..<text.endIndex), "\(fragment) after the last")
            from = found.upperBound
        }
        #expect(text.contains("2026 · 3 songs logged") && text.contains("2025 · 1 song logged"))
        // The albums, most played first.
        let palette = try #require(text.range(of: "Palette"))
        let live = try #require(text.range(of: "Live Clip"))
        #expect(palette.lowerBound < live.lowerBound)
        // The playlist it is on.
        let hrefs = attributeValues("href", in: page)
        #expect(hrefs.contains("/playlists/night/"))
        #expect(hrefs.contains("/2025/03/01/") && hrefs.contains("/2026/01/03/"))
        #expect(hrefs.contains("/artists/아이유/"))
        // `page` never names a track's folder.
        #expect(journal.page("artists/아이유/tracks/page-2/index.html") != nil)
        #expect(journal.page("artists/아이유/tracks/page/index.html") == nil)
        // A guest's track is its primary artist's; a playlist track never played has no page.
        #expect(journal.page("artists/newjeans/tracks/ditto/index.html") != nil)
        #expect(journal.page("artists/nobody/tracks/never-played/index.html") == nil)
    }

    @Test func everyPlaceThatNamesATrackLinksToItsPage() throws {
        let journal = try TestJournal(Self.journal)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let track = "/artists/아이유/tracks/밤편지/"
        for page in [
            "2026/01/03/index.html", "index.html", "2026/index.html", "2026/01/index.html", "archive/index.html",
            "artists/아이유/index.html", "artists/newjeans/index.html", "2025/review/index.html",
        ] {
            let html = try #require(journal.page(page), "\(page)")
            if page == "artists/newjeans/index.html" {
                #expect(attributeValues("href", in: html).contains("/artists/newjeans/tracks/ditto/"), "\(page)")
            } else {
                #expect(attributeValues("href", in: html).contains(track), "\(page)")
            }
        }
        // A playlist's track that was never played on a day is named without a link.
        let playlist = try #require(journal.page("playlists/night/index.html"))
        #expect(attributeValues("href", in: playlist).contains(track))
        #expect(visibleText(playlist).contains("Never Played"))
        #expect(!attributeValues("href", in: playlist).contains { $0.contains("never-played") })
        // Search sends a track to its page.
        let index = try #require(journal.page("search-index.json"))
        #expect(index.contains("\"artists/아이유/tracks/밤편지/\""))
    }

    @Test func aTrackPlayedOnceIsItsCardOnThatDay() throws {
        let journal = try TestJournal(Self.journal)
        #expect(journal.build().succeeded)
        // 밤 편지 (spaced) is a track of its own, played once: no page, and linked to its card.
        #expect(journal.page("artists/아이유/tracks/밤-편지/index.html") == nil)
        let card = "/2026/01/03/#track-1"
        for page in ["2026/01/index.html", "artists/아이유/index.html", "index.html"] {
            let hrefs = attributeValues("href", in: try #require(journal.page(page), "\(page)"))
            #expect(hrefs.contains(card) && !hrefs.contains { $0.contains("밤-편지") }, "\(page)")
        }
        let day = try #require(journal.page("2026/01/03/index.html"))
        #expect(attributeValues("id", in: day).contains("track-1"))
        #expect(!attributeValues("href", in: day).contains { $0.hasSuffix("#track-1") }, "a day never links its own card")
        #expect(try #require(journal.page("search-index.json")).contains("\"2026/01/03/#track-1\""))
        #expect(!(try #require(journal.page("sitemap.xml"))).contains("밤-편지"))
    }

    @Test func aTrackPlayedMoreThanAPageHoldsIsPagedNewestFirst() throws {
        var files = "-- journal.yaml --\ntitle: Many\nmax_tracks_per_day: 0\n"
        var day = try #require(CalendarDate(iso: "2024-10-01"))
        for _ in 0..<250 {
            files += "-- content/diary/\(day.iso).md --\n---\ntracks: [{title: Again, artist: Ann, genre: Jazz}]\n---\n"
            day = CalendarDate(dayNumber: day.dayNumber + 1)
        }
        let journal = try TestJournal(files)
        let report = journal.build()
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        let first = try #require(journal.page("artists/ann/tracks/again/index.html"))
        let third = try #require(journal.page("artists/ann/tracks/again/page/3/index.html"))
        #expect(journal.page("artists/ann/tracks/again/page/4/index.html") == nil)
        // Page 1 starts at the last day, page 3 ends at the first; a chart draws the plays, each
        // month's bar linked to its year's heading on the page that starts the year.
        #expect(first.contains("datetime=\"\(CalendarDate(dayNumber: day.dayNumber - 1).iso)\""))
        #expect(third.contains("datetime=\"2024-10-01\""))
        #expect(!first.contains("datetime=\"2024-10-01\""))
        let chartLinks = attributeValues("href", in: first)
        #expect(chartLinks.contains("/artists/ann/tracks/again/#y2025") && chartLinks.contains("/artists/ann/tracks/again/page/2/#y2024"))
        let second = try #require(journal.page("artists/ann/tracks/again/page/2/index.html"))
        #expect(second.contains("id=\"y2024\""))
        #expect(visibleText(first).contains("250 songs logged · Page 1 of 3"))
        #expect(first.contains("<svg"))
        #expect(attributeValues("href", in: third).contains("/artists/ann/tracks/again/page/2/"))
    }
}
