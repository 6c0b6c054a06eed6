import Foundation
import Testing

@testable import JournalCore

/// What `journal add` and `journal enrich` write to the catalogue reads back as written, and files
/// are replaced whole, through links, keeping their permissions.
@Suite struct CatalogueFileTests {
    @Test func anyTextAServiceGivesReadsBackAsWritten() throws {
        let names = [
            "Hype Boy", "밤편지", "\"Quoted\" & 'odd': #1", "- dash", "yes", "2046", "3:41", "a: b", "x #y", "Line\u{2028}Sep",
            "Para\u{2029}graph", "tab\there", "back\\slash", "[flow]", "{map}", "*star", "&amp", "!bang", "%pct", "@at", "`tick`",
            "?q", "|pipe", ">gt", "~", "null", "🎧 emoji", "עִבְרִית", "trailing ", " leading",
        ]
        let artist = CatalogueArtist(
            name: "Ar: tist #1", genres: ["K-Pop", "R&B, Soul"], ids: ["musicbrainz": "5f5a8f3e-0000-4000-8000-000000000001"],
            songs: names.map { CatalogueSong(title: $0, album: $0, genres: [$0], duration: 179, released: .year(2022)) },
            albums: [CatalogueAlbum(title: "New Jeans", released: CalendarDate(iso: "2022-08-01").map(ReleaseDate.date))])
        let text = CatalogueFile.text(artist)
        #expect(CatalogueFile.problem(in: text, path: "catalogue/a.yaml") == nil, "\(text)")
        let decoded = try #require(CatalogueDecoding.artist(text, path: "a", relative: "catalogue/a.yaml").value)
        #expect(decoded.name == artist.name)
        #expect(decoded.genres == artist.genres)
        let expected = names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(decoded.songs.map(\.title) == expected)
        #expect(decoded.songs.map(\.album) == expected.map { Optional($0) })
        #expect(decoded.albums.first?.released == artist.albums.first?.released)
    }

    @Test func aFileIsReplacedThroughItsLinkKeepingItsPermissions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder + "/elsewhere/real.md"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder + "/elsewhere/real.md")
        try FileManager.default.createSymbolicLink(atPath: folder + "/day.md", withDestinationPath: "elsewhere/real.md")

        try CatalogueFile.writeAtomically(Array("new\n".utf8), to: folder + "/day.md", display: "day.md")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/day.md") == "elsewhere/real.md")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/elsewhere/real.md")), as: UTF8.self) == "new\n")
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/elsewhere/real.md")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func aTemporaryFileOfAKilledRunIsRemovedAndARunningOnesIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
        try Data().write(to: URL(fileURLWithPath: folder + "/a/.x.yaml.tmp-4194305"))
        try Data().write(to: URL(fileURLWithPath: folder + "/.y.yaml.tmp-1"))
        try Data().write(to: URL(fileURLWithPath: folder + "/.notes.txt"))
        CatalogueFile.removeLeftovers(under: folder)
        #expect(!FileManager.default.fileExists(atPath: folder + "/a/.x.yaml.tmp-4194305"))
        #expect(FileManager.default.fileExists(atPath: folder + "/.y.yaml.tmp-1"))
        #expect(FileManager.default.fileExists(atPath: folder + "/.notes.txt"))
    }
}
