import Foundation
import Testing

@testable import JournalCore

/// The log's songs share one copy of each name (issue 36: 50 years of 1.5 million plays kept a
/// copy for every day a song was played), and a name is shared only with one of the same bytes.
@Suite struct ListeningNameSharingTests {
    static func song(_ artist: String, _ title: String) -> PlayedSong {
        PlayedSong(artist: artist, title: title, album: "An Album Named At Some Length", plays: 1, seconds: 200, unrecorded: 0, firstMinute: 0)
    }

    /// Whether two strings use one storage (names over 15 bytes are never stored inline).
    static func sameStorage(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { first in b.withUTF8 { second in first.baseAddress == second.baseAddress } }
    }

    @Test func aNameIsSharedOnlyWithOneOfTheSameBytes() throws {
        let composed = "Beyonc\u{E9} And A Long Band Name"
        let decomposed = "Beyonce\u{301} And A Long Band Name"
        #expect(composed == decomposed)
        let title = "A Song Title Long Enough To Be Stored Apart"
        var days: [ListeningDay] = []
        for day in 1...3 {
            // Each day its own copy, as each month file's reading makes them.
            let copy = String(decoding: Array(title.utf8), as: UTF8.self)
            days.append(
                ListeningDay(
                    date: try #require(CalendarDate(year: 2024, month: 1, day: day)), songs: [Self.song(day == 3 ? decomposed : composed, copy)], hours: []))
        }
        #expect(!Self.sameStorage(days[0].songs[0].title, days[1].songs[0].title))
        JournalLoader.shareNames(&days)
        #expect(Self.sameStorage(days[0].songs[0].title, days[1].songs[0].title) && Self.sameStorage(days[0].songs[0].title, days[2].songs[0].title))
        #expect(Self.sameStorage(days[0].songs[0].artist, days[1].songs[0].artist))
        #expect(Array(days[2].songs[0].artist.utf8) == Array(decomposed.utf8), "a spelling's own bytes are kept")
        #expect(days.map { $0.songs[0].title } == [title, title, title])
    }
}
