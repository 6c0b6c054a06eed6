import Foundation
import JournalLookup
import LookupStub
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal enrich` asks MusicBrainz how it credits the songs whose credit the journal splits, and
/// writes the artists into the catalogue as `credits:` (docs/content-format.md, "Artist credits"),
/// against the stub on 127.0.0.1: the build then keeps "Simon & Garfunkel" whole from the file
/// alone, while "Ana & Bo", which MusicBrainz does not know, is split.
@Suite(.serialized) struct EnrichCreditTests {
    let cli = CommandLineTests()
    static let recording = "6b1c0d2e-3f4a-4b5c-8d6e-000000000010"

    /// Everything the run asks: the credits at MusicBrainz (not `Daft Punk feat. Kanye West`'s,
    /// split only by a guest word), then each song at the store, Deezer and MusicBrainz's
    /// artists, which know none of them.
    static func services() async throws -> StubServer {
        let stub = try await StubServer.start()
        stub.answer(
            MusicBrainz.recordingSearch(artist: "Simon & Garfunkel", title: "The Boxer"),
            with: .fixture("musicbrainz_recording_search_simon_garfunkel_the_boxer.json"))
        stub.answer(MusicBrainz.recordingSearch(artist: "Ana & Bo", title: "Tide"), with: .json(#"{"count":0,"offset":0,"recordings":[]}"#))
        stub.answer(MusicBrainz.recordingLookup(id: recording), with: .fixture("musicbrainz_recording_6b1c0d2e_inc-artist-credits_ewf.json"))
        let songs = [("Simon & Garfunkel", "The Boxer"), ("Ana", "Tide"), ("Earth, Wind & Fire", "Boogie Wonderland"), ("Daft Punk", "Stronger")]
        for (artist, title) in songs {
            stub.answer(ITunesSearch.request(term: "\(artist) \(title)", country: "us", limit: 10), with: .json(#"{"resultCount":0,"results":[]}"#))
            stub.answer(Deezer.search(artist: artist, title: title), with: .json(#"{"data":[],"total":0}"#))
            stub.answer(MusicBrainz.artistSearch(name: artist), with: .json(#"{"count":0,"offset":0,"artists":[]}"#))
        }
        return stub
    }

    @Test func musicBrainzCreditsGoIntoTheCatalogueAndKeepAnArtistWhole() async throws {
        let stub = try await Self.services()
        defer { Task { await stub.stop() } }
        let day = """
            ---
            tracks:
              - {title: The Boxer, artist: Simon & Garfunkel}
              - {title: Tide, artist: Ana & Bo}
              - title: Boogie Wonderland
                artist: "Earth, Wind & Fire feat. The Emotions"
                links: {musicbrainz: "https://musicbrainz.org/recording/\(Self.recording)"}
            ---

            """
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/diary/2026/01/2026-01-02.md": day,
            "content/diary/2026/01/2026-01-03.md": "---\ntracks:\n  - {title: Stronger, artist: Daft Punk feat. Kanye West}\n---\n",
        ])
        let dry = try await AddCommandTests.run(["enrich", "--dry-run", "--source", folder.path], environment: stub.environment())
        #expect(dry.status == 0 && dry.out.contains("MusicBrainz credits 2 songs whose credit the journal split: would write"), "\(dry.out) \(dry.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/catalogue"))

        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.out) \(run.errors)")
        #expect(stub.unexpected.isEmpty, "\(stub.unexpected)")
        #expect(run.out.contains("MusicBrainz credits 2 songs whose credit the journal split: wrote"), "\(run.out)")
        #expect(run.out.contains("1/3 credits at MusicBrainz: Simon & Garfunkel — The Boxer · "), "\(run.out)")
        #expect(!stub.requests.contains { $0.path == "/ws/2/recording" && $0.value(of: "query")?.contains("Daft Punk") == true })
        // The song is looked up, and missed, under its one artist, not under "Simon".
        #expect(run.out.contains("  Simon & Garfunkel — The Boxer (1 play)"), "\(run.out)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/catalogue").sorted()
        #expect(files == ["earth-wind-fire.yaml", "simon-garfunkel.yaml"], "\(files)")
        let simon = try String(contentsOfFile: folder.path + "/catalogue/simon-garfunkel.yaml", encoding: .utf8)
        #expect(simon.contains("artist: Simon & Garfunkel\nsongs:\n  - title: The Boxer\n    credits: [Simon & Garfunkel]\n"), "\(simon)")
        let earth = try String(contentsOfFile: folder.path + "/catalogue/earth-wind-fire.yaml", encoding: .utf8)
        #expect(earth.contains("    credits: [\"Earth, Wind & Fire\", The Emotions]\n"), "\(earth)")

        // The build, from the files alone: one page for Simon & Garfunkel, Ana and Bo split.
        let built = cli.journal(["build", "--strict", "--source", folder.path])
        #expect(built.status == 0, "\(built.errors)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.output + "/artists").filter { !$0.hasSuffix(".html") }.sorted()
        #expect(pages == ["ana", "bo", "daft-punk", "earth-wind-fire", "kanye-west", "simon-garfunkel", "the-emotions"], "\(pages)")

        // A second run asks nothing: the credited songs are not asked again.
        stub.clearRequests()
        let again = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(again.status == 0 && !again.out.contains("MusicBrainz credits"), "\(again.out) \(again.errors)")
        #expect(stub.requests.isEmpty, "\(stub.requests)")
    }
}
