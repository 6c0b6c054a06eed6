import Foundation
import JournalLookup
import LookupStub
import Testing

@testable import JournalCLI

/// Titles spelt with joiners through `journal enrich`, as the built program against a stub of the
/// iTunes store on 127.0.0.1 (issue 35: the store's own spelling of the journal's title, zero
/// width non-joiner and all, was reported "not found ... correct a misspelt title").
@Suite struct JoinerCommandTests {
    let cli = CommandLineTests()

    /// می‌خواهم: a Persian word with a zero width non-joiner in it.
    static let title = "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}"

    @Test func enrichFindsATitleSpeltWithAJoiner() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        // The store writes the joiner as JSON writes it, escaped.
        let escaped = Self.title.replacingOccurrences(of: "\u{200C}", with: "\\u200c")
        let body = """
            {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 1, "collectionId": 2, "artistId": 3,
            "artistName": "Googoosh", "trackName": "\(escaped)", "collectionName": "Pol", "primaryGenreName": "Pop",
            "trackTimeMillis": 200000}]}
            """
        stub.answer(ITunesSearch.request(term: "Googoosh \(Self.title)", country: "us", limit: 10), with: .json(body))
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\n",
            "content/diary/2026/11/2026-11-21.md": "---\ntracks:\n  - title: \(Self.title)\n    artist: Googoosh\n---\n",
        ])
        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains("1 found: 1 genre"), "\(run.out)")
        #expect(!run.out.contains("Not found"), "\(run.out)")
        let catalogue = try #require(FileManager.default.contents(atPath: folder.path + "/catalogue/googoosh.yaml"))
        #expect(String(decoding: catalogue, as: UTF8.self).contains(Self.title))
        #expect(stub.unexpected.isEmpty, "\(stub.unexpected)")
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
    }
}
