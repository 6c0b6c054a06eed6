import Foundation
import Testing

@testable import JournalLookup

@Suite struct ITunesSearchTests {
    @Test func searchRequestAsksForSongsInAStorefront() {
        let request = ITunesSearch.request(term: "Kid Cudi Kitchen", country: "GB", limit: 5)
        #expect(request.service == .itunes)
        #expect(request.path == "/search")
        #expect(request.value(of: "term") == "Kid Cudi Kitchen")
        #expect(request.value(of: "media") == "music")
        #expect(request.value(of: "entity") == "song")
        #expect(request.value(of: "country") == "GB")
        #expect(request.value(of: "limit") == "5")
    }

    @Test func lookupRequestJoinsIds() {
        let request = ITunesSearch.lookupRequest(ids: ["1443109064", "1728639279"], country: "US")
        #expect(request.path == "/lookup")
        #expect(request.value(of: "id") == "1443109064,1728639279")
        #expect(request.value(of: "entity") == "song")
    }

    @Test func recordedKPopLookupGivesItsSongsNotTheAlbumRow() throws {
        let songs = ITunesSearch.songs(from: fixture("itunes_lookup_album_1728639278_entity-song_country-us_kpop.json"))
        #expect(songs.count == 6)
        let first = try #require(songs.first)
        #expect(first.source == .itunes)
        #expect(first.title == "INSIDE-OUTSIDE (Intro)")
        #expect(first.artist == "Dreamcatcher")
        #expect(first.album == "Nightmare·Escape The ERA - EP")
        #expect(first.albumArtist == nil)
        #expect(first.genre == "K-Pop")
        #expect(first.duration == 84)
        #expect(first.released == "2018-05-10")
        #expect(first.trackNumber == 1)
        #expect(first.artworkURL?.hasSuffix("/cover_KM0019454_1.jpg/600x600bb.jpg") == true)
        #expect(first.previewURL?.hasPrefix("https://audio-ssl.itunes.apple.com/") == true)
        #expect(first.links == ["apple_music": "https://music.apple.com/us/album/inside-outside-intro/1728639278?i=1728639279"])
        #expect(first.ids["itunes"] == "1728639279")
        #expect(first.ids["itunes_album"] == "1728639278")
        #expect(first.ids["itunes_artist"] == "1194912387")
    }

    @Test func recordedCompilationKeepsEachTracksArtistAndDate() throws {
        let songs = ITunesSearch.songs(from: fixture("itunes_lookup_album_255636575_entity-song_country-gb_compilation.json"))
        #expect(songs.count == 15)
        let first = try #require(songs.first)
        #expect(first.title == "Freak Me")
        #expect(first.artist == "Another Level")
        #expect(first.albumArtist == "Various Artists")
        #expect(first.album == "Hits of the 90s")
        #expect(first.released == "1998-04-27")
        #expect(first.duration == 296)
        #expect(songs.allSatisfy { $0.albumArtist == "Various Artists" })
    }

    @Test func constructedSearchSkipsMusicVideosAndReadsYearOnlyDates() throws {
        let songs = ITunesSearch.songs(from: fixture("itunes_search_term_kitchen_entity-song.json"))
        #expect(songs.map(\.title) == ["Kitchen", "Kitchen"])
        #expect(songs.map(\.artist) == ["Kid Cudi", "Lila Kitchen"])
        #expect(songs[0].genre == "Hip-Hop/Rap")
        #expect(songs[0].duration == 237)
        #expect(songs[1].released == "2021")
    }

    @Test func artworkIsAskedAt600Pixels() {
        #expect(ITunesSearch.artwork600("https://x.mzstatic.com/a/b.jpg/100x100bb.jpg") == "https://x.mzstatic.com/a/b.jpg/600x600bb.jpg")
        #expect(ITunesSearch.artwork600("https://x.mzstatic.com/a/b.png") == "https://x.mzstatic.com/a/b.png")
    }

    @Test func foundSongsRoundTripThroughJSON() throws {
        let songs = ITunesSearch.songs(from: fixture("itunes_lookup_album_1728639278_entity-song_country-us_kpop.json"))
        let decoded = try JSONDecoder().decode([FoundSong].self, from: JSONEncoder().encode(songs))
        #expect(decoded == songs)
    }
}
