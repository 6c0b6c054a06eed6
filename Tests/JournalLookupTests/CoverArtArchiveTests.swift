import Foundation
import Testing

@testable import JournalLookup

@Suite struct CoverArtArchiveTests {
    @Test func requestsNameReleaseOrGroup() {
        #expect(CoverArtArchive.release(id: "abc") == LookupRequest(.coverart, path: "/release/abc"))
        #expect(CoverArtArchive.releaseGroup(id: "abc") == LookupRequest(.coverart, path: "/release-group/abc"))
    }

    @Test func indexGivesTheFrontAt500Pixels() {
        let body = fixture("coverart_release_48117b82_index.json")
        #expect(CoverArtArchive.images(from: body).count == 2)
        #expect(CoverArtArchive.frontImageURL(from: body) == "https://coverartarchive.org/release/48117b82-8a5a-4f0c-b9a9-3b6f6f1d2e01/222-500.jpg")
    }

    @Test func olderThumbnailNamesAndNoFront() {
        let large = Data(
            #"{"images":[{"front":true,"image":"https://a/1.jpg","thumbnails":{"small":"https://a/1-250.jpg","large":"https://a/1-500.jpg"}}]}"#.utf8)
        #expect(CoverArtArchive.frontImageURL(from: large) == "https://a/1-500.jpg")
        let bare = Data(#"{"images":[{"front":true,"image":"https://a/1.jpg"}]}"#.utf8)
        #expect(CoverArtArchive.frontImageURL(from: bare) == "https://a/1.jpg")
        let backOnly = Data(#"{"images":[{"front":false,"types":["Back"],"image":"https://a/2.jpg"}]}"#.utf8)
        #expect(CoverArtArchive.frontImageURL(from: backOnly) == nil)
    }
}
