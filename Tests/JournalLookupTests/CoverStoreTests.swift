import Foundation
import JournalCore
import LookupStub
import Testing

@testable import JournalLookup

/// Covers saved into the journal: never one over another, the same one never twice.
@Suite struct CoverStoreTests {
    @Test func anotherImageUnderTheSameNameGetsANumberAndTheSameOneIsReused() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let jpeg = StubServer.fixture("cover_minimal.jpg")
        var other = jpeg
        other.insert(0x20, at: 20)
        stub.answer("GET", "/black.jpg", query: nil, with: .bytes(jpeg, contentType: "image/jpeg"))
        stub.answer("GET", "/white.jpg", query: nil, with: .bytes(other, contentType: "image/jpeg"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("covers-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var store = CoverStore(source: folder)
        let client = LookupClient(cacheFolder: nil, environment: stub.environment(), policy: .testing, userAgent: "test")
        // Ed Sheeran's ÷ and × have no letters: both slugs are the same.
        let first = try await store.save(stub.baseURL + "/black.jpg", artist: "Evil", album: "★", title: "A", client: client).get()
        let second = try await store.save(stub.baseURL + "/white.jpg", artist: "Evil", album: "☆", title: "B", client: client).get()
        let again = try await store.save(stub.baseURL + "/black.jpg", artist: "Evil", album: "★", title: "C", client: client).get()
        #expect(first.text != second.text)
        #expect(again == first)
        #expect(store.written == [first.text, second.text])
        #expect(FileManager.default.contents(atPath: folder + "/static" + first.text) == jpeg)
        #expect(FileManager.default.contents(atPath: folder + "/static" + second.text) == other)
    }
}

/// The journal's own songs are offered first (docs/content-format.md, "Adding a song").
@Suite struct KnownSongTests {
    @Test func theJournalsSongsAreFoundByTheirWordsMostPlayedFirstWithTheirArtists() throws {
        let config = SiteConfig(title: "T")
        func day(_ iso: String, _ tracks: [Track]) throws -> Day { Day(date: try #require(CalendarDate(iso: iso)), tracks: tracks) }
        let journal = Journal(
            config: config,
            days: [
                try day("2026-11-01", [Track(title: "Hype Boy", artists: ["NewJeans"]), Track(title: "Boy With Luv", artists: ["BTS", "Halsey"])]),
                try day("2026-11-02", [Track(title: "Boy With Luv", artists: ["BTS", "Halsey"], album: "Map of the Soul: Persona")]),
                try day("2026-11-03", [Track(title: "Ditto", artists: ["NewJeans"])]),
            ])
        let found = SongSearch.known("boy", in: journal)
        #expect(found.map(\.song.title) == ["Boy With Luv", "Hype Boy"])
        #expect(found.first?.artists == ["BTS", "Halsey"])
        #expect(found.first?.plays == 2)
        #expect(found.first?.line == "Boy With Luv — BTS, Halsey · Map of the Soul: Persona · in your journal, 2 plays")
        #expect(SongSearch.known("newjeans ditto", in: journal).map(\.song.title) == ["Ditto"])
        #expect(SongSearch.known("https://open.spotify.com/track/1", in: journal).isEmpty)
    }
}
