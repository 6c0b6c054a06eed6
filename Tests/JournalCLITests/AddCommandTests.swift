import Foundation
import JournalLookup
import LookupStub
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal add` end to end, as the built program, against a stub of the iTunes store on
/// 127.0.0.1 answering a body in the shape the store gives (Tests/Fixtures/lookup/README.md).
@Suite struct AddCommandTests {
    let cli = CommandLineTests()

    /// A day written by hand, with what hand-written days have: comments, a flow list, quoting.
    static let day = """
        ---
        # first snow!
        title: "First snow"
        tracks:
          - title: 밤편지   # again
            artist: 아이유
            genre: [Ballad, K-Pop]

        tags: [winter]
        ---
        The bus was late.

        """

    /// The result of running the built `journal` binary.
    struct Run {
        var status: Int32
        var out: String
        var errors: String
    }

    static func binary() -> String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("journal").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `journal ARGUMENTS` with no terminal, with the services at `environment`, waiting on a
    /// thread of its own: the stub answers on Swift's few shared threads, which a blocked wait
    /// would take from it.
    static func run(_ arguments: [String], environment: [String: String], in folder: String? = nil) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do { continuation.resume(returning: try runBlocking(arguments, environment: environment, in: folder)) } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    static func runBlocking(_ arguments: [String], environment: [String: String], in folder: String? = nil) throws -> Run {
        guard let binary = binary() else {
            Issue.record("needs the journal program beside the tests: swift build")
            return Run(status: -1, out: "", errors: "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = environment.merging(["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]) { $1 }
        let out = Pipe()
        let errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
    }

    /// The stub, answering a search for "hype boy" and the cover it names.
    static func store() async throws -> StubServer {
        let stub = try await StubServer.start()
        let body = String(decoding: StubServer.fixture("itunes_search_term_hype-boy_entity-song_country-us.json"), as: UTF8.self)
            .replacingOccurrences(of: "https://is1-ssl.mzstatic.com", with: stub.baseURL)
        stub.answer(ITunesSearch.request(term: "hype boy", country: "us", limit: 10), with: .json(body))
        stub.answer(
            "GET", "/image/thumb/Music112/v4/newjeans-ep/cover.jpg/600x600bb.jpg", query: nil,
            with: .fixture("cover_minimal.jpg"))
        return stub
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aSongFoundInTheStoreJoinsTheDayWithItsCoverGenreAndPreview() async throws {
        let stub = try await Self.store()
        defer { Task { await stub.stop() } }
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\n",
            "content/diary/2026/11/2026-11-21.md": Self.day,
        ])
        let dayPath = folder.path + "/content/diary/2026/11/2026-11-21.md"
        let run = try await Self.run(
            ["add", "hype", "boy", "--pick", "1", "--date", "2026-11-21", "--source", folder.path],
            environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains("1. Hype Boy — NewJeans · New Jeans - EP · 2022 · K-Pop · 2:59"), "\(run.out)")
        #expect(run.out.contains("Added Hype Boy — NewJeans to \(dayPath)."), "\(run.out)")
        #expect(stub.unexpected.isEmpty, "\(stub.unexpected)")

        // The day gains what a writer would type, and every other byte stays.
        let day = try #require(read(dayPath))
        #expect(
            day
                == Self.day.replacingOccurrences(
                    of: "    genre: [Ballad, K-Pop]\n", with: "    genre: [Ballad, K-Pop]\n  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\n"),
            "\(day)")
        // The rest is in the catalogue, the cover in the journal.
        let catalogue = try #require(read(folder.path + "/catalogue/newjeans.yaml"))
        #expect(catalogue.contains("genre: K-Pop"))
        #expect(catalogue.contains("duration: \"2:59\""))
        #expect(catalogue.contains("artwork: /covers/newjeans/new-jeans-ep.jpg"))
        #expect(catalogue.contains("preview: https://audio-ssl.itunes.apple.com/"))
        #expect(catalogue.contains("apple_music: https://music.apple.com/us/album/hype-boy/1635469693?i=1635469844"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/static/covers/newjeans/new-jeans-ep.jpg"))

        // The built day shows them, with no network.
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
        let page = try #require(read(folder.output + "/2026/11/21/index.html"))
        // Shown resized (docs/content-format.md, "Covers"): the 8-pixel cover's own square.
        #expect(page.contains("-8.webp 8w") && page.contains("-8.jpg\""))
        #expect(!page.contains("src=\"/covers/newjeans/new-jeans-ep.jpg\""))
        #expect(page.contains("href=\"/genres/k-pop/\""))
        #expect(page.contains("audio-ssl.itunes.apple.com"))
        #expect(page.contains("New Jeans - EP"))

        // A song the journal knows is offered first, and picking it asks nothing.
        let asked = stub.requests.count
        let again = try await Self.run(
            ["add", "hype boy", "--pick", "1", "--date", "2026-11-21", "--source", folder.path, "--note", "twice"],
            environment: stub.environment())
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.out.hasPrefix("1. Hype Boy — NewJeans · New Jeans - EP · 2022 · K-Pop · 2:59 · in your journal, 1 play"), "\(again.out)")
        #expect(stub.requests.count == asked)
        #expect(read(dayPath)?.contains("  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\n    note: \"twice\"\n") == true)

        // A full day is refused, before anything is asked or written.
        let full = try await Self.run(["add", "hype boy", "--pick", "1", "--date", "2026-11-21", "--source", folder.path], environment: stub.environment())
        #expect(full.status == 1)
        #expect(
            full.errors.contains(
                "2026-11-21.md already has 3 songs and a day holds 3 (max_tracks_per_day in journal.yaml): nothing was added; to replace one, run journal add again with --replace N (its number in the day), or choose the day's songs from what you played with journal pick"
            ),
            "\(full.errors)")
        #expect(stub.requests.count == asked)

        // --replace N puts the song in place of the day's Nth, every other line kept.
        let beforeReplace = try #require(read(dayPath))
        let replaced = try await Self.run(
            ["add", "hype boy", "--pick", "1", "--date", "2026-11-21", "--replace", "1", "--note", "first now", "--source", folder.path],
            environment: stub.environment())
        #expect(replaced.status == 0, "\(replaced.errors)")
        let afterReplace = try #require(read(dayPath))
        let oldFirst = beforeReplace.components(separatedBy: "\n").filter { $0.hasPrefix("  - title:") }.first
        #expect(afterReplace.components(separatedBy: "\n").filter { $0.hasPrefix("  - title:") }.count == 3)
        #expect(afterReplace.contains("  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\n    note: \"first now\"\n"))
        #expect(oldFirst.map { !afterReplace.contains($0) || $0.contains("Hype Boy") } == true)
        let beyond = try await Self.run(
            ["add", "hype boy", "--pick", "1", "--date", "2026-11-21", "--replace", "4", "--source", folder.path], environment: stub.environment())
        #expect(beyond.status == 1 && beyond.errors.contains("--replace 4, but the day has 3 songs"), "\(beyond.errors)")
    }

    @Test func aNewDayIsCreatedAndWithoutATerminalOrAPickNothingIsAdded() async throws {
        let stub = try await Self.store()
        defer { Task { await stub.stop() } }
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let unasked = try await Self.run(["add", "hype boy", "--date", "2026-11-22", "--source", folder.path], environment: stub.environment())
        #expect(unasked.status == 2)
        #expect(unasked.errors.contains("no terminal to ask which song: run again with --pick N; nothing was added"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/catalogue"))

        let added = try await Self.run(["add", "hype boy", "--pick", "1", "--date", "2026-11-22", "--source", folder.path], environment: stub.environment())
        #expect(added.status == 0, "\(added.errors)")
        let day = try #require(read(folder.path + "/content/diary/2026/11/2026-11-22.md"))
        #expect(day.contains("tracks:\n  - title: \"Hype Boy\"\n    artist: \"NewJeans\"\n---\n"))
        // The search was answered from .journal-cache/ the second time: one request in all.
        #expect(stub.requests.filter { $0.path == "/search" }.count == 1)
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
    }

    @Test func aServiceThatIsDownIsSaidAndNothingIsWritten() async throws {
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let dead = try await StubServer.deadBaseURL()
        let run = try await Self.run(["add", "hype boy", "--pick", "1", "--source", folder.path], environment: ["JOURNAL_ITUNES_URL": dead])
        #expect(run.status == 1)
        #expect(run.errors.contains("could not be reached"), "\(run.errors)")
        #expect(run.errors.contains("nothing found for 'hype boy'"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content"))
    }

    @Test func aLinkOfAnotherServiceIsTheSongWithItsLinksEverywhere() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let link = ServiceLink.spotify(trackID: "0Jcij1eWd5bDMU5iPbxe2i")
        let odesli = try #require(Odesli.request(link: link, country: "us"))
        stub.answer(odesli, with: .fixture("odesli_links_song_kitchen.json"))
        let body = String(decoding: StubServer.fixture("itunes_search_term_kitchen_entity-song.json"), as: UTF8.self)
            .replacingOccurrences(of: "https://is4-ssl.mzstatic.com", with: stub.baseURL)
        stub.answer(ITunesSearch.lookupRequest(ids: ["1443109064"], country: "us"), with: .json(body))
        stub.answer(
            "GET", "/image/thumb/Music118/v4/ac/2c/60/ac2c60ad-14c3-a8b2-d962-dc08de2da546/source/600x600bb.jpg", query: nil,
            with: .fixture("cover_minimal.jpg"))
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let run = try await Self.run(
            [
                "add", "https://open.spotify.com/track/0Jcij1eWd5bDMU5iPbxe2i", "--pick", "1", "--date", "2026-11-21",
                "--source", folder.path,
            ], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        // The lookup by id is about that song: the store's other rows are not offered.
        #expect(run.out.hasPrefix("1. Kitchen — Kid Cudi") && !run.out.contains("2. "), "\(run.out)")
        let catalogue = try #require(read(folder.path + "/catalogue/kid-cudi.yaml"))
        for key in ["apple_music", "spotify", "youtube_music", "deezer", "tidal"] { #expect(catalogue.contains("\n      \(key): https://"), "\(key)") }
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
        #expect(stub.unexpected.isEmpty, "\(stub.unexpected)")
    }

    @Test func aLinkThatCannotBeResolvedIsSaidAndNothingIsAsked() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let run = try await Self.run(["add", "https://deezer.page.link/abc", "--pick", "1", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 1)
        #expect(stub.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/content"))
    }

    /// A title spelt with a zero width non-joiner (Persian) is written with it, and read back
    /// unchanged by the build (issue 35: it was written with a space).
    @Test func aTitleKeepsItsJoinersFromTheServiceToThePage() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let title = "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}"  // می‌خواهم
        let body = String(decoding: StubServer.fixture("itunes_search_term_hype-boy_entity-song_country-us.json"), as: UTF8.self)
            .replacingOccurrences(of: "https://is1-ssl.mzstatic.com", with: stub.baseURL)
            .replacingOccurrences(of: "\"trackName\": \"Hype Boy\"", with: "\"trackName\": \"\u{0645}\u{06CC}\\u200c\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}\"")
        stub.answer(ITunesSearch.request(term: "hype boy", country: "us", limit: 10), with: .json(body))
        stub.answer(
            "GET", "/image/thumb/Music112/v4/newjeans-ep/cover.jpg/600x600bb.jpg", query: nil,
            with: .fixture("cover_minimal.jpg"))
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\n"])
        let run = try await Self.run(
            ["add", "hype boy", "--pick", "1", "--date", "2026-11-22", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.out.contains("Added \(title) — NewJeans"), "\(run.out)")
        let day = try #require(read(folder.path + "/content/diary/2026/11/2026-11-22.md"))
        #expect(day.contains("  - title: \"\(title)\"\n"), "\(day)")
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)
        let page = try #require(read(folder.output + "/2026/11/22/index.html"))
        #expect(page.contains(title))
    }
}
