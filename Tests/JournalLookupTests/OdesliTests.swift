import Foundation
import Testing

@testable import JournalLookup

@Suite struct OdesliTests {
    @Test func requestsByURLOrByPlatformAndId() throws {
        let byURL = Odesli.request(url: "spotify:track:0Jcij1eWd5bDMU5iPbxe2i", country: "US")
        #expect(byURL.path == "/v1-alpha.1/links")
        #expect(byURL.value(of: "url") == "spotify:track:0Jcij1eWd5bDMU5iPbxe2i")
        #expect(byURL.value(of: "userCountry") == "US")
        let byID = try #require(Odesli.request(link: .appleMusic(trackID: "1443109064")))
        #expect(byID.value(of: "platform") == "itunes")
        #expect(byID.value(of: "type") == "song")
        #expect(byID.value(of: "id") == "1443109064")
        #expect(Odesli.request(link: .unresolvable("short link")) == nil)
    }

    @Test func recordedExampleGivesJournalLinkKeysAndTheITunesID() throws {
        let links = try #require(Odesli.links(from: fixture("odesli_links_song_kitchen.json")))
        #expect(Set(links.links.keys) == ["apple_music", "spotify", "youtube", "youtube_music", "deezer", "tidal"])
        #expect(links.links["apple_music"]?.hasPrefix("https://music.apple.com/us/album/kitchen/1443108737?i=1443109064") == true)
        #expect(links.title == "Kitchen")
        #expect(links.artistName == "Kid Cudi")
        #expect(links.thumbnailURL?.hasSuffix("512x512bb.jpg") == true)
        #expect(links.ids["itunes"] == "1443109064")
        #expect(links.ids["spotify"] == "0Jcij1eWd5bDMU5iPbxe2i")
        #expect(links.ids["deezer"] == "138127073")
    }
}
