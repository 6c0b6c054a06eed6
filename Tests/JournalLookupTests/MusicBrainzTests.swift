import Foundation
import Testing

@testable import JournalLookup

@Suite struct MusicBrainzTests {
    @Test func recordingSearchQuotesAndEscapesLucene() {
        let request = MusicBrainz.recordingSearch(artist: "AC/DC", title: "Whole Lotta \"Rosie\" (Live)", limit: 3)
        #expect(request.service == .musicbrainz)
        #expect(request.path == "/ws/2/recording")
        #expect(request.value(of: "query") == #"artist:"AC\/DC" AND recording:"Whole Lotta \"Rosie\" \(Live\)""#)
        #expect(request.value(of: "limit") == "3")
        #expect(request.value(of: "fmt") == "json")
    }

    @Test func lookupsAskForGenres() {
        #expect(MusicBrainz.recordingLookup(id: "abc").path == "/ws/2/recording/abc")
        #expect(MusicBrainz.recordingLookup(id: "abc").value(of: "inc") == "genres+releases+artist-credits")
        #expect(MusicBrainz.artistLookup(id: "abc").value(of: "inc") == "genres")
        #expect(MusicBrainz.releaseLookup(id: "abc").value(of: "inc") == "genres+release-groups+artist-credits")
        #expect(MusicBrainz.releaseLookup(id: "abc").value(of: "fmt") == "json")
        #expect(MusicBrainz.artistSearch(name: "Daft Punk").value(of: "query") == #"artist:"Daft Punk""#)
        #expect(MusicBrainz.artistSearch(name: "Daft Punk").path == "/ws/2/artist")
    }

    @Test func recordingSearchGivesGenresMostVotedFirstAndSeconds() throws {
        let recordings = MusicBrainz.recordings(from: fixture("musicbrainz_recording_search_daft_punk_genres.json"))
        #expect(recordings.count == 2)
        let first = try #require(recordings.first)
        #expect(first.id == "5c0b1d7d-6b7e-4b0a-9d0e-1f6a6f7c9a01")
        #expect(first.title == "Harder, Better, Faster, Stronger")
        #expect(first.duration == 225)
        #expect(first.score == 100)
        #expect(first.genres.map(\.name) == ["french house", "electronic", "house"])
        #expect(first.genres.first?.count == 7)
        #expect(first.artists.joinedName == "Daft Punk")
        #expect(first.artists.first?.id == "056e4f3e-d505-4dad-8ec1-d04f521cbb56")
        #expect(first.releases.first?.title == "Discovery")
        #expect(first.releases.first?.date == "2001-03-07")
        #expect(first.releases.first?.releaseGroupID == "00054665-89fb-3c65-9ea9-5e6e8b0a1c01")
        #expect(first.isrcs == ["GBDUW0000059"])
        let second = recordings[1]
        #expect(second.duration == nil)
        #expect(second.artists.joinedName == "Daft Punk feat. Kanye")
        #expect(second.genres.isEmpty)
    }

    @Test func artistLookupGivesGenres() throws {
        let artists = MusicBrainz.artists(from: fixture("musicbrainz_artist_056e4f3e_inc-genres.json"))
        let artist = try #require(artists.first)
        #expect(artists.count == 1)
        #expect(artist.name == "Daft Punk")
        #expect(artist.country == "FR")
        #expect(artist.genres.map(\.name) == ["french house", "electronic", "disco"])
    }

    @Test func recordedReleaseWithNonLatinNamesFallsBackToArtistGenres() throws {
        let release = try #require(MusicBrainz.release(from: fixture("musicbrainz_release_a5ce1d11_inc-genres_jpop_nonlatin.json")))
        #expect(release.id == "a5ce1d11-2e32-45a4-b37f-c1589d46b103")
        #expect(release.title == "百花繚乱")
        #expect(release.date == "2025-01-10")
        #expect(release.genres.isEmpty)
        #expect(release.releaseGroupID == "da0d6bbb-f44b-4fff-8739-9d72db0402a1")
        #expect(release.releaseGroupGenres.isEmpty)
        #expect(release.hasFrontCover)
        #expect(release.artists.joinedName == "幾田りら")
        #expect(release.artists.first?.genres.map(\.name) == ["j-pop", "singer-songwriter"])
    }

    @Test func aRecordingLookupBodyIsOneRecording() {
        let body = Data(
            #"{"id":"r1","title":"百花繚乱","length":179239,"artist-credit":[{"name":"幾田りら","joinphrase":"","artist":{"id":"a1","name":"幾田りら"}}],"genres":[]}"#.utf8
        )
        let recordings = MusicBrainz.recordings(from: body)
        #expect(recordings.map(\.title) == ["百花繚乱"])
        #expect(recordings.first?.duration == 179)
        #expect(recordings.first?.score == nil)
    }
}
