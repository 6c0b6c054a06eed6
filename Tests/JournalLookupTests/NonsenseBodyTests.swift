import Foundation
import Testing

@testable import JournalLookup

/// Bodies no service should send, and some do (an HTML error page at 200, a cut-off answer):
/// every decoder gives nothing, and none crashes.
@Suite struct NonsenseBodyTests {
    static let bodies: [String] = [
        "",
        "   \n\n",
        "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>",
        "[]",
        "null",
        "42",
        "\"text\"",
        "{}",
        #"{"results": "none", "recordings": 3, "data": {"id": 1}, "images": "x", "linksByPlatform": []}"#,
        #"{"results": [1, "two", null, {"wrapperType": 7, "kind": ["song"]}]}"#,
        #"{"results": [{"wrapperType": "track", "kind": "song", "trackName": 5, "artistName": null}]}"#,
        #"{"recordings": [{"id": 5, "title": {"x": 1}, "length": "long", "genres": "rock"}]}"#,
        #"{"data": [{"id": "1", "title": "t", "artist": "not an object", "duration": 1e300}]}"#,
        #"{"images": [{"front": "yes", "image": 1, "thumbnails": [1, 2]}]}"#,
        #"{"id": "x", "title": "t", "genres": {"data": "none"}, "cover-art-archive": 1, "artist-credit": {"name": 1}}"#,
        #"{"error": "code 4"}"#,
        #"{"results": [{"wrapperType": "track", "kind": "song", "trackName": "A", "artist"#,
    ]

    @Test(arguments: bodies)
    func decodersGiveNothing(body: String) {
        let data = Data(body.utf8)
        #expect(ITunesSearch.songs(from: data).isEmpty)
        #expect(MusicBrainz.recordings(from: data).allSatisfy { !$0.id.isEmpty })
        #expect(MusicBrainz.artists(from: data).isEmpty)
        #expect(Deezer.songs(from: data).isEmpty)
        #expect(CoverArtArchive.images(from: data).isEmpty)
        #expect(CoverArtArchive.frontImageURL(from: data) == nil)
        #expect(Odesli.links(from: data) == nil)
        #expect(Deezer.album(from: data) == nil || body.contains(#""id": "x""#))
        #expect(Deezer.error(in: data) == nil)
    }

    @Test func bodyProblemsAreNamed() {
        #expect(LookupBody.problem(in: Data()) == "an empty body")
        #expect(LookupBody.problem(in: Data("<html></html>".utf8)) == "an HTML page, not JSON")
        #expect(LookupBody.problem(in: Data("{\"a\":".utf8)) == "not JSON")
        #expect(LookupBody.problem(in: Data("[]".utf8)) == "JSON, but not an object")
        #expect(LookupBody.problem(in: Data("\n\n{}".utf8)) == nil)
    }

    @Test func binaryGarbageDecodesToNothing() {
        let data = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        #expect(ITunesSearch.songs(from: data).isEmpty)
        #expect(MusicBrainz.release(from: data) == nil)
        #expect(ServiceLink(String(decoding: data, as: UTF8.self)) == nil)
    }
}
