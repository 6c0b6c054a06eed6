import Testing

@testable import JournalLookup

@Suite struct ServiceLinkTests {
    @Test(arguments: [
        ("https://music.apple.com/us/album/kitchen/1443108737?i=1443109064&uo=4", ServiceLink.appleMusic(trackID: "1443109064")),
        ("https://music.apple.com/jp/song/kitchen/1443109064", .appleMusic(trackID: "1443109064")),
        ("https://open.spotify.com/track/0Jcij1eWd5bDMU5iPbxe2i?si=abc", .spotify(trackID: "0Jcij1eWd5bDMU5iPbxe2i")),
        ("https://open.spotify.com/intl-de/track/0Jcij1eWd5bDMU5iPbxe2i", .spotify(trackID: "0Jcij1eWd5bDMU5iPbxe2i")),
        ("spotify:track:0Jcij1eWd5bDMU5iPbxe2i", .spotify(trackID: "0Jcij1eWd5bDMU5iPbxe2i")),
        ("https://music.youtube.com/watch?v=w3LJ2bDvDJs&feature=share", .youtubeMusic(videoID: "w3LJ2bDvDJs")),
        ("https://www.youtube.com/watch?v=w3LJ2bDvDJs", .youtube(videoID: "w3LJ2bDvDJs")),
        ("https://youtu.be/w3LJ2bDvDJs", .youtube(videoID: "w3LJ2bDvDJs")),
        ("https://www.deezer.com/fr/track/138127073", .deezer(trackID: "138127073")),
        ("https://www.deezer.com/track/138127073", .deezer(trackID: "138127073")),
    ])
    func recognisesSongLinks(text: String, link: ServiceLink) {
        #expect(ServiceLink(text) == link)
    }

    @Test func shortAndAlbumLinksSayWhy() throws {
        guard case .unresolvable(let reason) = try #require(ServiceLink("https://deezer.page.link/abcDEF123")) else {
            Issue.record("a Deezer short link should be unresolvable")
            return
        }
        #expect(reason.contains("short link"))
        guard case .unresolvable = try #require(ServiceLink("https://music.apple.com/us/album/kitchen/1443108737")) else {
            Issue.record("an album without ?i= names no song")
            return
        }
    }

    @Test func searchTextIsNoLink() {
        #expect(ServiceLink("Kid Cudi Kitchen") == nil)
        #expect(ServiceLink("https://example.com/track/1") == nil)
        #expect(ServiceLink("ftp://music.apple.com/us/song/x/1") == nil)
    }
}
