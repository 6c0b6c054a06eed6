import Foundation
import JournalLookup
import LookupStub
import Testing

@testable import JournalCLI
@testable import JournalCore

/// Whatever `journal add` and `journal enrich` write, the build accepts (issue 35): a stub on
/// 127.0.0.1 answers what a hostile or broken service could (a JPEG whose header claims 60000 x
/// 60000 pixels, a JPEG cut short, a 3 MB preview address, a cover kept in `.journal-cache/` by
/// an older run), and `journal check` passes after each run.
@Suite(.serialized) struct HostileLookupTests {
    let cli = CommandLineTests()

    /// The stub's tiny JPEG with a header that says 60000 x 60000 pixels (3600 megapixels): a few
    /// hundred bytes, which libvips reads the size of without decoding.
    static func hugeJPEG() throws -> Data {
        var bytes = [UInt8](StubServer.fixture("cover_minimal.jpg"))
        let frame = try #require(bytes.indices.dropLast(9).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        // FF C0, length (2), precision (1), height (2), width (2).
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        return Data(bytes)
    }

    /// The stub's tiny JPEG cut short: it starts like a JPEG and its scan ends early.
    static func cutJPEG() -> Data {
        let bytes = StubServer.fixture("cover_minimal.jpg")
        return bytes.prefix(bytes.count - 60)
    }

    func check(_ folder: CommandLineTests.Folder) -> CommandLineTests.Run {
        cli.journal(["check", "--source", folder.path])
    }

    @Test func addAgainstAHostileStoreLeavesAJournalThatChecks() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        // 3 MB: within what a service's answer may be (4 MiB), far past what the catalogue keeps.
        let longPreview = "https://audio-ssl.itunes.apple.com/" + String(repeating: "a", count: 3_000_000) + ".m4a"
        let body = String(decoding: StubServer.fixture("itunes_search_term_hype-boy_entity-song_country-us.json"), as: UTF8.self)
            .replacingOccurrences(of: "https://is1-ssl.mzstatic.com", with: stub.baseURL)
            .replacingOccurrences(
                of: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview112/v4/aa/bb/cc/1635469844/mzaf_1635469844.plus.aac.p.m4a",
                with: longPreview)
        stub.answer(ITunesSearch.request(term: "hype boy", country: "us", limit: 10), with: .json(body))
        stub.answer(
            "GET", "/image/thumb/Music112/v4/newjeans-ep/cover.jpg/600x600bb.jpg", query: nil,
            with: .bytes(try Self.hugeJPEG(), contentType: "image/jpeg"))
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/diary/2026/11/2026-11-21.md": CommandLineTests.day,
        ])
        let run = try await AddCommandTests.run(
            ["add", "hype", "boy", "--pick", "1", "--date", "2026-11-21", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("warning: the cover was not saved: ") && run.errors.contains("60000x60000 pixels (3600 megapixels)"), "\(run.errors)")
        #expect(
            run.errors.contains("the preview address is \(longPreview.utf8.count) bytes long, and the catalogue keeps addresses of at most 2048 bytes"),
            "\(run.errors)")
        // The song is in the catalogue without what was refused.
        let catalogue = try #require(FileManager.default.contents(atPath: folder.path + "/catalogue/newjeans.yaml"))
        let text = String(decoding: catalogue, as: UTF8.self)
        #expect(text.contains("title: Hype Boy") && text.contains("apple_music:") && !text.contains("preview:") && !text.contains("artwork:"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/static/covers"))
        let checked = check(folder)
        #expect(checked.status == 0, "\(checked.errors)")
    }

    @Test func enrichAgainstHostileCoversLeavesAJournalThatChecks() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        stub.answer("GET", "/art/huge.jpg", query: nil, with: .bytes(try Self.hugeJPEG(), contentType: "image/jpeg"))
        stub.answer("GET", "/art/cut.jpg", query: nil, with: .bytes(Self.cutJPEG(), contentType: "image/jpeg"))
        stub.answer("GET", "/art/cached.jpg", query: nil, with: .bytes(try Self.hugeJPEG(), contentType: "image/jpeg"))
        let (huge, cut, cached) = (stub.baseURL + "/art/huge.jpg", stub.baseURL + "/art/cut.jpg", stub.baseURL + "/art/cached.jpg")
        // Everything else is known, so only the covers are asked for.
        func day(_ title: String, _ artwork: String) -> String {
            "---\ntracks:\n  - title: \(title)\n    artist: NewJeans\n    genre: K-Pop\n    duration: \"2:59\"\n    artwork: \(artwork)\n    preview: https://example.org/p.m4a\n    links: {apple_music: \"https://music.apple.com/us/album/x/1\"}\n---\n"
        }
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/diary/2026/01/2026-01-02.md": day("Hype Boy", huge),
            "content/diary/2026/01/2026-01-03.md": day("Ditto", cut),
            "content/diary/2026/01/2026-01-04.md": day("OMG", cached),
        ])
        // An older run kept the hostile cover of the third day in .journal-cache/, as a download
        // checked only by its first bytes.
        let older = LookupClient(cacheFolder: folder.path + "/.journal-cache", environment: stub.environment(), policy: .testing, userAgent: "test")
        guard case .found = await older.download(cached, maxBytes: CoverStore.maxBytes) else {
            Issue.record("the older run did not keep the cover")
            return
        }
        stub.clearRequests()

        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.out) \(run.errors)")
        #expect(run.errors.contains("warning: a cover was not brought home: \(huge): it is 60000x60000 pixels"), "\(run.errors)")
        #expect(run.errors.contains("warning: a cover was not brought home: \(cut): it "), "\(run.errors)")
        #expect(run.errors.contains("warning: a cover was not brought home: \(cached): it is 60000x60000 pixels"), "\(run.errors)")
        let remote = folder.path + "/static/" + RemoteCover.folder
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: remote)) ?? []).isEmpty)
        let checked = check(folder)
        #expect(checked.status == 0, "\(checked.errors)")

        // Nothing refused was kept as found: the next run asks again, and still keeps nothing.
        stub.clearRequests()
        let again = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(again.status == 0, "\(again.errors)")
        #expect(stub.count(path: "/art/huge.jpg") == 1 && stub.count(path: "/art/cut.jpg") == 1, "\(stub.requests)")
        #expect(check(folder).status == 0)
    }

    @Test func addRefusesADayItWouldTakeOverTheFileSizeLimitAndWritesNothing() async throws {
        let stub = try await AddCommandTests.store()
        defer { Task { await stub.stop() } }
        // Just under the default limit (262144 bytes): a long day's story.
        let story = String(repeating: "A long day, written down. ", count: 10_080)
        let day = "---\ntracks:\n  - title: Through the Night\n    artist: IU\n---\n" + story + "\n"
        #expect(day.utf8.count < 262_144 && day.utf8.count > 262_144 - 60)
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/diary/2026/11/2026-11-21.md": day,
        ])
        #expect(check(folder).status == 0)
        let dayPath = folder.path + "/content/diary/2026/11/2026-11-21.md"
        let run = try await AddCommandTests.run(
            ["add", "hype", "boy", "--pick", "1", "--date", "2026-11-21", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 1, "\(run.out) \(run.errors)")
        #expect(
            run.errors.contains("error: \(dayPath) would be ")
                && run.errors.contains(
                    " bytes with this song, over limits.max_file_size (262144 bytes in journal.yaml), and the build would refuse it: shorten the note, add the song to another day, or raise limits.max_file_size; nothing was added"
                ), "\(run.errors)")
        #expect(FileManager.default.contents(atPath: dayPath) == Data(day.utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/catalogue"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/static"))

        // A new day too, under the journal's own limit.
        let small = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\nlimits:\n  max_file_size: 300\n"
        ])
        let note = String(repeating: "so good ", count: 40)
        let refused = try await AddCommandTests.run(
            ["add", "hype", "boy", "--pick", "1", "--date", "2026-11-22", "--note", note, "--source", small.path], environment: stub.environment())
        #expect(refused.status == 1 && refused.errors.contains("over limits.max_file_size (300 bytes in journal.yaml)"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: small.path + "/content"))
        #expect(!FileManager.default.fileExists(atPath: small.path + "/catalogue"))
        #expect(check(small).status == 0)
    }
}
