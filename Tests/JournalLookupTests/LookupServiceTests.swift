import Foundation
import Testing

@testable import JournalLookup

@Suite struct LookupServiceTests {
    @Test func defaultsAreTheRealServices() throws {
        let bases = try LookupService.bases(in: [:])
        #expect(bases[.itunes] == "https://itunes.apple.com")
        #expect(bases[.musicbrainz] == "https://musicbrainz.org")
        #expect(bases[.coverart] == "https://coverartarchive.org")
        #expect(bases[.deezer] == "https://api.deezer.com")
        #expect(bases[.odesli] == "https://api.song.link")
    }

    @Test func environmentReplacesSchemeAndHost() throws {
        #expect(try LookupService.itunes.base(in: ["JOURNAL_ITUNES_URL": "http://127.0.0.1:8123"]) == "http://127.0.0.1:8123")
        #expect(try LookupService.deezer.base(in: ["JOURNAL_DEEZER_URL": "http://localhost:9/"]) == "http://localhost:9")
        #expect(try LookupService.deezer.base(in: ["JOURNAL_DEEZER_URL": ""]) == "https://api.deezer.com")
    }

    @Test(arguments: ["127.0.0.1:8123", "ftp://127.0.0.1", "http://127.0.0.1:8123/ws/2", "http://", "http://h?x=1", "file:///tmp", "http://u:p@h"])
    func anythingButSchemeAndHostIsAClearError(value: String) {
        #expect(throws: LookupBaseError(variable: "JOURNAL_MUSICBRAINZ_URL", value: value)) {
            try LookupService.musicbrainz.base(in: ["JOURNAL_MUSICBRAINZ_URL": value])
        }
        #expect(LookupBaseError(variable: "JOURNAL_MUSICBRAINZ_URL", value: value).description.contains("JOURNAL_MUSICBRAINZ_URL"))
    }

    @Test func queryIsEncodedSoNoServerMisreadsIt() {
        let path = LookupURL.pathAndQuery(path: "/search", query: [("term", "a+b & c=d \"e\" 방탄소년단")])
        #expect(path == "/search?term=a%2Bb%20%26%20c%3Dd%20%22e%22%20%EB%B0%A9%ED%83%84%EC%86%8C%EB%85%84%EB%8B%A8")
    }

    @Test func cacheKeyIgnoresQueryOrderButNotValues() {
        let a = LookupURL.cacheKey(path: "/search", query: [("a", "1"), ("b", "2")])
        #expect(a == LookupURL.cacheKey(path: "/search", query: [("b", "2"), ("a", "1")]))
        #expect(a != LookupURL.cacheKey(path: "/search", query: [("a", "1"), ("b", "3")]))
        #expect(a.count == 64)
    }

    @Test func imagesAreToldByTheirFirstBytes() {
        #expect(ImageKind(sniffing: fixture("cover_minimal.jpg")) == .jpeg)
        #expect(ImageKind(sniffing: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .png)
        #expect(ImageKind(sniffing: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind(sniffing: Data("<html>".utf8)) == nil)
        #expect(ImageKind(sniffing: Data("GIF89a".utf8)) == nil)
    }

    @Test func policiesKeepMusicBrainzAtOneRequestASecond() {
        #expect(LookupPolicy.services.interval(for: .musicbrainz) == 1)
        #expect(LookupPolicy.testing.interval(for: .musicbrainz) == 1)
        #expect(LookupPolicy.testing.interval(for: .itunes) == 0)
        #expect(LookupPolicy.services.interval(for: .itunes) == 3)
        #expect(LookupPolicy.services.interval(for: .odesli) == 6)
    }
}
