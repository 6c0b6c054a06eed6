import Foundation
import Testing

@testable import JournalLookup

@Suite struct DeezerTests {
    @Test func searchRequestUsesAdvancedSearch() {
        let request = Deezer.search(artist: "Daft Punk", title: "Harder \"Better\"")
        #expect(request.service == .deezer)
        #expect(request.path == "/search")
        #expect(request.value(of: "q") == #"artist:"Daft Punk" track:"Harder  Better ""#)
        #expect(Deezer.track(id: "3135556").path == "/track/3135556")
        #expect(Deezer.album(id: "302127").path == "/album/302127")
    }

    @Test func recordedSearchHitsHavePreviewsAndCoversButNoGenre() throws {
        let songs = Deezer.songs(from: fixture("deezer_search_q_soliloquy.json"))
        #expect(songs.count == 25)
        let first = try #require(songs.first)
        #expect(first.source == .deezer)
        #expect(first.title == "Soliloquy")
        #expect(first.artist == "Dave Brubeck")
        #expect(first.album == "Nightclub")
        #expect(first.duration == 199)
        #expect(first.genre == nil)
        #expect(first.released == nil)
        #expect(first.previewURL == "https://cdns-preview-0.dzcdn.net/stream/c-015d0109f28f76fb69e33d444d7f89a6-2.mp3")
        #expect(first.artworkURL?.contains("/1000x1000-") == true)
        #expect(first.links == ["deezer": "https://www.deezer.com/track/1495381112"])
        #expect(first.ids["deezer"] == "1495381112")
        #expect(first.ids["deezer_album"] == "259135282")
    }

    @Test func constructedSearchForOneSong() {
        let songs = Deezer.songs(from: fixture("deezer_search_artist_daft_punk_track_harder.json"))
        #expect(songs.map(\.title) == ["Harder Better Faster Stronger"])
        #expect(songs.first?.artist == "Daft Punk")
        #expect(songs.first?.album == "Discovery")
    }

    @Test func recordedTrackHasIsrcDateAndAlbum() throws {
        let song = try #require(Deezer.songs(from: fixture("deezer_track_3135556.json")).first)
        #expect(song.title == "Harder Better Faster Stronger")
        #expect(song.ids["isrc"] == "GBDUW0000059")
        #expect(song.ids["deezer_album"] == "302127")
        #expect(song.released == "2001-03-07")
        #expect(song.duration == 224)
        #expect(song.trackNumber == 4)
    }

    @Test func recordedAlbumHasGenresDateAndCover() throws {
        let album = try #require(Deezer.album(from: fixture("deezer_album_302127_genres.json")))
        #expect(album.id == "302127")
        #expect(album.title == "Discovery")
        #expect(album.artist == "Daft Punk")
        #expect(album.genres == ["Dance"])
        #expect(album.released == "2001-03-07")
        #expect(album.coverURL?.contains("/1000x1000-") == true)
    }

    @Test func errorsAtHTTP200AreTold() {
        #expect(Deezer.error(in: fixture("deezer_error_track_not_found_http200.json")) == .notFound("no data"))
        let quota = Data(#"{"error":{"type":"Exception","message":"Quota limit exceeded","code":4}}"#.utf8)
        #expect(Deezer.error(in: quota) == .quota("Quota limit exceeded"))
        let wrong = Data(#"{"error":{"type":"ParameterException","message":"Wrong parameter","code":500}}"#.utf8)
        #expect(Deezer.error(in: wrong) == .other(code: 500, message: "Wrong parameter"))
        #expect(Deezer.error(in: fixture("deezer_track_3135556.json")) == nil)
        #expect(Deezer.songs(from: fixture("deezer_error_track_not_found_http200.json")).isEmpty)
        #expect(Deezer.album(from: fixture("deezer_error_track_not_found_http200.json")) == nil)
    }
}
