import Foundation
import JournalCore
import Testing

@testable import JournalLookup

/// An artist's catalogue file never passes `CatalogueFile.splitSize`: what would take it over goes
/// on in a next file, which the build reads as the same entry (docs/content-format.md, "The song
/// catalogue").
@Suite struct CatalogueSplitTests {
    /// A song of about 200 bytes in a catalogue file.
    static func song(_ number: Int) -> CatalogueSong {
        CatalogueSong(
            title: "Song \(number)", album: "An album with a long name, \(number / 10)", duration: 200,
            preview: try? LinkTarget.check("https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/\(number)/preview.plus.aac.p.m4a").get())
    }

    func load(_ folder: String) -> (SongCatalogue, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let catalogue = JournalLoader(source: folder).loadCatalogue(diagnostics: &diagnostics)
        return (catalogue, diagnostics)
    }

    @Test func aSongThatWouldTakeAFileOverTheLimitGoesToANextFileTheBuildReadsAsTheSameArtist() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // As many songs as fit just under the limit.
        var artist = CatalogueArtist(name: "A")
        var number = 0
        var size = CatalogueFile.text(artist).utf8.count + "songs:\n".utf8.count
        while size + CatalogueFile.size(of: Self.song(number)) <= CatalogueFile.splitSize {
            size += CatalogueFile.size(of: Self.song(number))
            artist.songs.append(Self.song(number))
            number += 1
        }
        #expect(CatalogueFile.text(artist).utf8.count == size)
        try CatalogueFile.save(CatalogueFile.text(artist), to: "catalogue/a.yaml", source: folder)
        let full = try #require(FileManager.default.contents(atPath: folder + "/catalogue/a.yaml"))

        var (catalogue, diagnostics) = load(folder)
        #expect(diagnostics.isEmpty)
        var update = CatalogueUpdate(source: folder, catalogue: catalogue)
        let written = update.apply(to: "A", dryRun: false) { $0.record(Self.song(number)) }
        #expect(written == .success("catalogue/a-2.yaml"))
        #expect(FileManager.default.contents(atPath: folder + "/catalogue/a.yaml") == full, "the full file is left as it was")
        let next = try #require(FileManager.default.contents(atPath: folder + "/catalogue/a-2.yaml"))
        #expect(next.count < CatalogueFile.splitSize)

        // One artist, every song, no problem.
        (catalogue, diagnostics) = load(folder)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(catalogue.artists.count == 1)
        #expect(catalogue.artists.first?.songs.count == number + 1)
        // In path order, a-2.yaml before a.yaml.
        #expect(catalogue.artists.first.map { [$0.sourcePath] + $0.otherSourcePaths } == ["catalogue/a-2.yaml", "catalogue/a.yaml"])

        // A song of the first file gains what it lacked there; a new one joins the last file.
        update = CatalogueUpdate(source: folder, catalogue: catalogue)
        let filled = update.apply(to: "A", dryRun: false) { entry in
            // More than a song's bytes: the room left in a.yaml is less than one song.
            let id = String(repeating: "7", count: 190)
            return entry.record(CatalogueSong(title: "Song 0", genres: ["Jazz"], ids: ["isrc": id, "deezer": id]))
        }
        // a.yaml would pass the limit with it, so its last song moves to a-2.yaml, which has room.
        #expect(filled == .success("catalogue/a-2.yaml"))
        let added = update.apply(to: "A", dryRun: false) { $0.record(Self.song(number + 1)) }
        #expect(added == .success("catalogue/a-2.yaml"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/catalogue/a-3.yaml"))
        (catalogue, diagnostics) = load(folder)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(catalogue.artists.first?.songs.count == number + 2)
        #expect(catalogue.artists.first?.songs.first { $0.title == "Song 0" }?.genres == ["Jazz"])
        for file in ["a.yaml", "a-2.yaml"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/catalogue/" + file)[.size] as? Int) ?? 0
            #expect(size <= CatalogueFile.splitSize, "\(file) is \(size) bytes")
        }
    }

    @Test func filesAboutOneArtistAreOneEntryAndASongInTwoIsAWarning() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CatalogueFile.save("artist: A\ngenre: Jazz\nsongs:\n  - title: One\n    duration: 60\n", to: "catalogue/a.yaml", source: folder)
        try CatalogueFile.save("artist: a\nids:\n  musicbrainz: x\nsongs:\n  - title: Two\n  - title: one\n", to: "catalogue/b.yaml", source: folder)
        let (catalogue, diagnostics) = load(folder)
        let artist = try #require(catalogue.artists.first)
        #expect(catalogue.artists.count == 1)
        #expect(artist.songs.map(\.title) == ["One", "Two"])
        #expect(artist.songs.first?.duration == 60)
        #expect(artist.genres == ["Jazz"] && artist.ids == ["musicbrainz": "x"])
        #expect(
            diagnostics.map(\.description) == [
                folder + "/catalogue/b.yaml:1:1: warning: the song 'one' of 'A' is also in an earlier file about them (catalogue/a.yaml), which is used instead"
            ])
    }
}
