import Foundation
import LookupStub
import Testing

@testable import JournalLookup

/// The client against a stub on 127.0.0.1: nothing here reaches the internet.
@Suite struct LookupClientTests {
    static let userAgent = LookupClient.userAgent(version: "0.0-test", contact: "https://example.org/journal")

    func client(_ environment: [String: String], cache: String?, policy: LookupPolicy = .testing) -> LookupClient {
        LookupClient(cacheFolder: cache, environment: environment, policy: policy, userAgent: Self.userAgent)
    }

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test func environmentReplacesTheHostAndKeepsThePathAndEncodedQuery() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let request = ITunesSearch.request(term: "방탄소년단 a+b & \"c\"=d", country: "KR")
        stub.answer(request, with: .fixture("itunes_search_term_kitchen_entity-song.json"))
        let lookup = client(stub.environment(for: [.itunes]), cache: nil)

        let result = await lookup.get(request)

        #expect(ITunesSearch.songs(from: try #require(result.data)).count == 2)
        #expect(stub.unexpected.isEmpty)
        let seen = try #require(stub.requests.first)
        #expect(seen.path == "/search")
        #expect(seen.value(of: "term") == "방탄소년단 a+b & \"c\"=d")
        #expect(seen.headers["user-agent"] == "journal/0.0-test ( https://example.org/journal )")
        #expect(seen.headers["accept"] == "application/json")
        #expect(await lookup.requestsSent == [.itunes: 1])
    }

    @Test func aSecondGetIsServedFromTheCacheEvenByANewClient() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = MusicBrainz.releaseLookup(id: "a5ce1d11-2e32-45a4-b37f-c1589d46b103")
        stub.answer(request, with: .fixture("musicbrainz_release_a5ce1d11_inc-genres_jpop_nonlatin.json"))

        let first = client(stub.environment(), cache: cache)
        #expect(await first.get(request).data != nil)
        #expect(await first.get(request).data != nil)
        #expect(await first.requestsSent[.musicbrainz] == 1)
        #expect(await first.cacheHits[.musicbrainz] == 1)

        let second = client(stub.environment(), cache: cache)
        let again = await second.get(request)
        #expect(MusicBrainz.release(from: try #require(again.data))?.title == "百花繚乱")
        #expect(await second.requestsSent.isEmpty)
        #expect(stub.requests.count == 1)
        // The key has no host: the real service's address finds the stub's entry.
        let real = client([:], cache: cache)
        #expect(await real.get(request).data != nil)
        #expect(await real.requestsSent.isEmpty)
    }

    @Test func tooManyRequestsWithRetryAfterIsAskedAgainAfterTheWait() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = Deezer.album(id: "302127")
        stub.answer(request, with: .status(429, headers: ["Retry-After": "1"]), .fixture("deezer_album_302127_genres.json"))
        let lookup = client(stub.environment(), cache: cache)

        let start = ContinuousClock.now
        let result = await lookup.get(request)

        #expect(Deezer.album(from: try #require(result.data))?.genres == ["Dance"])
        #expect(seconds(ContinuousClock.now - start) >= 0.9)
        #expect(stub.count(path: "/album/302127") == 2)
        #expect(await lookup.requestsSent[.deezer] == 2)
    }

    @Test func aServiceUnavailableForeverIsRefusedAndNotCached() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = MusicBrainz.artistLookup(id: "056e4f3e-d505-4dad-8ec1-d04f521cbb56")
        stub.answer(request, with: .status(503))
        let policy = LookupPolicy(minimumInterval: [:], retries: 2, backoff: 0.05, longestWait: 3, timeout: 2)

        guard case .refused(let reason) = await client(stub.environment(), cache: cache, policy: policy).get(request) else {
            Issue.record("503 every time should be refused")
            return
        }
        #expect(reason.contains("503"))
        #expect(stub.requests.count == 3)
        // The next run asks again: nothing was cached.
        guard case .refused = await client(stub.environment(), cache: cache, policy: policy).get(request) else {
            Issue.record("still refused")
            return
        }
        #expect(stub.requests.count == 6)
    }

    @Test func aRetryAfterLongerThanTheLongestWaitIsRefusedAtOnce() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let request = ITunesSearch.request(term: "x")
        stub.answer(request, with: .status(429, headers: ["Retry-After": "3600"]))
        guard case .refused(let reason) = await client(stub.environment(), cache: nil).get(request) else {
            Issue.record("a wait of an hour should be refused")
            return
        }
        #expect(reason.contains("3600"))
        // Refused at once: asked once, never again after a wait. (Not timed: on a busy machine the
        // test itself may wait for a thread far longer than the client does.)
        #expect(stub.requests.count == 1)
    }

    @Test func deezerQuotaAtHTTP200IsRetriedThenRefused() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let quota = #"{"error":{"type":"Exception","message":"Quota limit exceeded","code":4}}"#
        let once = Deezer.track(id: "3135556")
        stub.answer(once, with: .json(quota), .fixture("deezer_track_3135556.json"))
        let always = Deezer.track(id: "1")
        stub.answer(always, with: .json(quota))
        let lookup = client(stub.environment(), cache: cache)

        #expect(await lookup.get(once).data != nil)
        #expect(stub.count(path: "/track/3135556") == 2)
        guard case .refused(let reason) = await lookup.get(always) else {
            Issue.record("quota every time should be refused")
            return
        }
        #expect(reason.contains("Quota limit exceeded"))
        #expect(stub.count(path: "/track/1") == 3)
        #expect(!FileManager.default.fileExists(atPath: cache + "/lookup/deezer/" + LookupURL.cacheKey(path: "/track/1", query: []) + ".json"))
    }

    @Test func deezerNoDataAtHTTP200And404AreNotFoundAndCached() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        stub.answer(Deezer.track(id: "-1"), with: .fixture("deezer_error_track_not_found_http200.json"))
        stub.answer(ITunesSearch.lookupRequest(ids: ["0"]), with: .status(404))

        #expect(await client(stub.environment(), cache: cache).get(Deezer.track(id: "-1")) == .notFound)
        #expect(await client(stub.environment(), cache: cache).get(ITunesSearch.lookupRequest(ids: ["0"])) == .notFound)
        let later = client(stub.environment(), cache: cache)
        #expect(await later.get(Deezer.track(id: "-1")) == .notFound)
        #expect(await later.get(ITunesSearch.lookupRequest(ids: ["0"])) == .notFound)
        #expect(await later.requestsSent.isEmpty)
        #expect(stub.requests.count == 2)
    }

    @Test func aPortNobodyListensOnIsUnreachableAndTheServiceMarkedDown() async throws {
        let dead = try await StubServer.deadBaseURL()
        let lookup = client(["JOURNAL_ODESLI_URL": dead], cache: nil)

        guard case .unreachable = await lookup.get(Odesli.request(url: "spotify:track:0Jcij1eWd5bDMU5iPbxe2i")) else {
            Issue.record("nothing listens there")
            return
        }
        #expect(await lookup.isDown(.odesli))
        #expect(await !lookup.isDown(.itunes))
        // Down for the rest of the run: answered at once, with no second request.
        guard case .unreachable = await lookup.get(Odesli.request(url: "https://www.deezer.com/track/1")) else {
            Issue.record("a service down stays down")
            return
        }
        #expect(await lookup.requestsSent[.odesli] == 1)
    }

    @Test func aServiceSlowerThanTheTimeoutIsUnreachable() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let request = ITunesSearch.request(term: "slow")
        stub.answer(request, with: .fixture("itunes_search_term_kitchen_entity-song.json", delay: 4))
        let policy = LookupPolicy(minimumInterval: [:], retries: 2, backoff: 0.05, longestWait: 3, timeout: 1)
        let lookup = client(stub.environment(), cache: nil, policy: policy)

        // The answer comes after 4 s; the client gives up at its 1 s timeout, without retrying.
        guard case .unreachable = await lookup.get(request) else {
            Issue.record("no answer within the timeout")
            return
        }
        #expect(stub.requests.count == 1)
        #expect(await lookup.isDown(.itunes))
    }

    @Test func musicBrainzIsAskedAtMostOnceASecond() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let ids = ["a", "b", "c"]
        for id in ids { stub.answer(MusicBrainz.artistLookup(id: id), with: .fixture("musicbrainz_artist_056e4f3e_inc-genres.json")) }
        stub.answer(ITunesSearch.request(term: "meanwhile"), with: .fixture("itunes_search_term_kitchen_entity-song.json"))
        let lookup = client(stub.environment(), cache: nil)

        async let a = lookup.get(MusicBrainz.artistLookup(id: "a"))
        async let b = lookup.get(MusicBrainz.artistLookup(id: "b"))
        async let c = lookup.get(MusicBrainz.artistLookup(id: "c"))
        async let other = lookup.get(ITunesSearch.request(term: "meanwhile"))
        let results = await [a, b, c, other]

        #expect(results.allSatisfy { $0.data != nil })
        let times = stub.times(pathPrefix: "/ws/2/")
        #expect(times.count == 3)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(seconds(later - earlier) >= 1.0)
        }
        // Another service is not held up behind MusicBrainz.
        let itunes = try #require(stub.times(pathPrefix: "/search").first)
        let last = try #require(times.last)
        #expect(itunes < last)
    }

    @Test func downloadsKeepImagesAndRefuseTheRest() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        stub.answer("GET", "/release/x/1-500.jpg", with: .fixture("cover_minimal.jpg"))
        stub.answer("GET", "/page.jpg", with: .json("<html>not found</html>"))
        let lookup = client(stub.environment(for: [.coverart]), cache: cache)
        let image = stub.baseURL + "/release/x/1-500.jpg"

        #expect(await lookup.download(image, maxBytes: 1_000) == .found(fixture("cover_minimal.jpg")))
        #expect(await lookup.download(image, maxBytes: 1_000) == .found(fixture("cover_minimal.jpg")))
        #expect(await lookup.requestsSent[.coverart] == 1)
        #expect(await lookup.cacheHits[.coverart] == 1)

        guard case .invalid(let tooBig) = await client(stub.environment(for: [.coverart]), cache: nil).download(image, maxBytes: 10) else {
            Issue.record("22 bytes are more than 10")
            return
        }
        #expect(tooBig.contains("more than 10"))
        guard case .invalid(let notImage) = await lookup.download(stub.baseURL + "/page.jpg", maxBytes: 1_000) else {
            Issue.record("an HTML page is no image")
            return
        }
        #expect(notImage.contains("not a PNG, JPEG or WebP"))
        for address in ["file:///etc/passwd", "ftp://127.0.0.1/a.jpg", "javascript:alert(1)", "not a url"] {
            guard case .invalid = await lookup.download(address, maxBytes: 1_000) else {
                Issue.record("\(address) should be refused")
                continue
            }
        }
        // Refusals are not cached: the page is asked again.
        _ = await lookup.download(stub.baseURL + "/page.jpg", maxBytes: 1_000)
        #expect(stub.count(path: "/page.jpg") == 2)
        #expect(stub.unexpected.isEmpty)
    }

    @Test func aHalfWrittenCacheFileIsIgnoredAndReplaced() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = CoverArtArchive.release(id: "48117b82-8a5a-4f0c-b9a9-3b6f6f1d2e01")
        stub.answer(request, with: .fixture("coverart_release_48117b82_index.json"))
        let folder = cache + "/lookup/coverart"
        let file = folder + "/" + LookupURL.cacheKey(path: request.path, query: []) + ".json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(#"{"outcome":"found","text":"{\"images\":[{\"fr"#.utf8).write(to: URL(fileURLWithPath: file))

        let result = await client(stub.environment(), cache: cache).get(request)

        #expect(CoverArtArchive.frontImageURL(from: try #require(result.data)) != nil)
        #expect(stub.requests.count == 1)
        let later = client(stub.environment(), cache: cache)
        #expect(await later.get(request).data != nil)
        #expect(await later.requestsSent.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func anHTMLPageAt200IsInvalidAndNotCached() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let request = ITunesSearch.request(term: "maintenance")
        stub.answer(request, with: .json("<!DOCTYPE html><h1>Down for maintenance</h1>"))
        let lookup = client(stub.environment(), cache: cache)
        guard case .invalid = await lookup.get(request) else {
            Issue.record("HTML is not JSON")
            return
        }
        _ = await lookup.get(request)
        #expect(stub.requests.count == 2)
    }

    @Test func unexpectedRequestsAreAnswered500AndRecorded() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let lookup = client(stub.environment(), cache: nil)
        guard case .refused(let reason) = await lookup.get(.odesli, path: "/v1-alpha.1/links", query: [("url", "x")]) else {
            Issue.record("the stub answers 500")
            return
        }
        #expect(reason.contains("500"))
        #expect(stub.unexpected.map(\.description) == ["GET /v1-alpha.1/links?url=x"])
    }

    @Test func aWrongBaseURLIsInvalidWithoutARequest() async {
        let lookup = client(["JOURNAL_ITUNES_URL": "127.0.0.1:8123"], cache: nil)
        guard case .invalid(let reason) = await lookup.get(ITunesSearch.request(term: "x")) else {
            Issue.record("a base without a scheme is wrong")
            return
        }
        #expect(reason.contains("JOURNAL_ITUNES_URL"))
        #expect(await lookup.requestsSent.isEmpty)
    }
}
