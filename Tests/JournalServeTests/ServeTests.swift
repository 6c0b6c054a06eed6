import Foundation
import JournalCLI
import Testing

@testable import JournalServe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `journal serve` as a browser meets it: real HTTP over a socket, against a real journal in a
/// temporary folder, with every wait bounded so a failure never hangs the suite. The bounds are
/// generous (30 s) because the server runs on Swift's shared concurrency threads, which the other
/// suites, running at the same time on a 2-core machine, can keep busy for seconds.
@Suite(.serialized) struct ServeTests {
    static let dayPath = "content/diary/2026/11/2026-11-21.md"
    static func day(title: String) -> String {
        "---\ntitle: \(title)\ntracks:\n  - title: Through the Night\n    artist: IU\n    genre: Ballad\n---\nRain all day.\n"
    }

    /// A journal in a fresh temporary folder.
    final class Journal {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-serve-test-\(UUID().uuidString)").path
            try write("journal.yaml", "title: Test\n")
            try write(ServeTests.dayPath, ServeTests.day(title: "First snow"))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Saves the way many editors do: a new file beside it, renamed over the old one.
        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    /// Lines written from any thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        @Sendable func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A running server on a free port, and what it printed.
    struct Running {
        let server: JournalServer
        let port: UInt16
        let out: Lines
        let errors: Lines
    }

    /// Runs `body` against a server for `journal` (with `options`, when given), and stops the
    /// server after it, however it ends.
    func serving(_ journal: Journal, options: ServeOptions? = nil, _ body: (Running) async throws -> Void) async throws {
        let running = try await start(journal, options: options)
        do {
            try await body(running)
        } catch {
            await running.server.stop()
            throw error
        }
        await running.server.stop()
    }

    func start(_ journal: Journal, options: ServeOptions? = nil) async throws -> Running {
        let out = Lines()
        let errors = Lines()
        let server = JournalServer(options ?? ServeOptions(source: journal.path, port: 0), out: out.append, error: errors.append)
        try await server.start()
        let port = try #require(server.url.flatMap { URL(string: $0)?.port }.map { UInt16($0) })
        // The first build: pages answer 503 "Building…" until it is done.
        let ready = await eventually { await HTTP.get(port, "/2026/11/21/").status == 200 }
        #expect(ready, "the first build did not finish: \(errors.all)")
        return Running(server: server, port: port, out: out, errors: errors)
    }

    @Test func servesPagesWithTheReloadScriptInHTMLOnly() async throws {
        let journal = try Journal()
        try await serving(journal) { running in
            let port = running.port

            let page = await HTTP.get(port, "/2026/11/21/")
            #expect(page.status == 200)
            #expect(page.header("content-type")?.hasPrefix("text/html") == true)
            #expect(page.body.contains("First snow"))
            #expect(page.body.contains("<script data-journal-serve>"))
            #expect(page.body.range(of: "<script data-journal-serve>")!.lowerBound < page.body.range(of: "</body>")!.lowerBound)
            #expect(page.body.contains("http://127.0.0.1:\(port)/"), "base_url is the local address")

            let feed = await HTTP.get(port, "/feed.xml")
            #expect(feed.status == 200)
            #expect(feed.header("content-type")?.hasPrefix("application/xml") == true)
            #expect(!feed.body.contains("journal-serve") && !feed.body.contains("<script"))

            let chart = await HTTP.get(port, "/2026/11/chart.svg")
            #expect(chart.status == 200)
            #expect(chart.header("content-type") == "image/svg+xml")
            #expect(chart.body.hasPrefix("<svg") || chart.body.hasPrefix("<?xml"))
            #expect(!chart.body.contains("<script"))

            let missing = await HTTP.get(port, "/no/such/page/")
            #expect(missing.status == 404)
            let notFoundPage = try String(contentsOfFile: running.server.siteFolder! + "/404.html", encoding: .utf8)
            let notFoundTitle = try #require(notFoundPage.range(of: "<title>.*</title>", options: .regularExpression).map { String(notFoundPage[$0]) })
            #expect(missing.body.contains(notFoundTitle), "the site's own 404 page")

            let folder = await HTTP.get(port, "/2026/11")
            #expect(folder.status == 301 && folder.header("location") == "/2026/11/")
            // Never a `//host` Location, which would send the browser to another site.
            let doubled = await HTTP.get(port, "//2026/11")
            #expect(doubled.header("location") == nil || doubled.header("location") == "/2026/11/", "\(doubled.header("location") ?? "")")

            // Nothing outside the served folder, however it is asked for.
            for target in [
                "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/2026/%2E%2E/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc/passwd",
                "//etc/passwd", "/.journal-output",
            ] {
                let response = await HTTP.get(port, target)
                #expect(response.status != 200 && !response.body.contains("root:"), "\(target): \(response.status)")
            }
            try FileManager.default.createSymbolicLink(atPath: running.server.siteFolder! + "/outside", withDestinationPath: "/etc")
            let linked = await HTTP.get(port, "/outside/passwd")
            #expect(linked.status == 403 && !linked.body.contains("root:"), "\(linked.status)")

            // A folder of the site without a page of its own is not found, as on a host.
            #expect(await HTTP.get(port, "/assets/").status == 404)
            // A name that another site points at this machine gets nothing; addresses do.
            let rebound = await HTTP.get(port, "/2026/11/21/", host: "rebind.evil.example:\(port)")
            #expect(rebound.status == 403 && !rebound.body.contains("First snow"), "\(rebound.status)")
            #expect(await HTTP.get(port, "/__journal/events", host: "evil.example").status == 403)
            #expect(await HTTP.get(port, "/2026/11/21/", host: "localhost:\(port)").status == 200)
        }
    }

    @Test func anEditReloadsTheOpenPagesAndAnErrorIsShownUntilFixed() async throws {
        let journal = try Journal()
        try await serving(journal) { running in
            let port = running.port

            // Listen as the served page does, with the version of the site it was served.
            let events = try await EventStream.ofPage("/2026/11/21/", port: port)
            defer { events.close() }
            #expect(await eventually { events.text.contains(": journal serve") }, "the stream opened")
            #expect(!events.text.contains("event: reload"), "an up-to-date page is not reloaded")

            try journal.write(Self.dayPath, Self.day(title: "Second snow"))
            #expect(await eventually { events.count("event: reload") == 1 }, "\(events.text)")
            let edited = await HTTP.get(port, "/2026/11/21/")
            #expect(edited.body.contains("Second snow") && !edited.body.contains("First snow"))
            // The edited day's page was put in place first and its page told so; the whole site's
            // reload then leaves that page alone.
            let update = try #require(events.data(of: "update").first, "\(events.body)")
            let updated = try #require(try JSONSerialization.jsonObject(with: Data(update.utf8)) as? [String: [String]])
            #expect(updated["paths"]?.contains("/2026/11/21/") == true, "\(update)")
            #expect(
                events.body.range(of: "event: update")?.lowerBound ?? events.body.endIndex < events.body.range(of: "event: reload")?.lowerBound
                    ?? events.body.startIndex)
            let reload = try #require(events.data(of: "reload").first)
            let skipped = try #require(try JSONSerialization.jsonObject(with: Data(reload.utf8)) as? [String: Any])
            #expect((skipped["skip"] as? [String])?.contains("/2026/11/21/") == true, "\(reload)")

            // Invalid front matter: the errors, with their place, and the last good page still served.
            try journal.write(Self.dayPath, "---\ntitle: Broken\ntracks: [unclosed\n---\n")
            #expect(await eventually { events.text.contains("event: errors") }, "\(events.text)")
            let data = try #require(events.text.components(separatedBy: "event: errors\ndata: ").last?.components(separatedBy: "\n").first)
            let problems = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [[String: Any]])
            let problem = try #require(problems.first)
            #expect((problem["path"] as? String)?.hasSuffix(Self.dayPath) == true, "\(problem)")
            #expect(problem["line"] as? Int == 3 && (problem["column"] as? Int ?? 0) >= 1, "\(problem)")
            #expect(problem["severity"] as? String == "error" && !(problem["message"] as? String ?? "").isEmpty)
            #expect(running.errors.all.contains { $0.contains("\(Self.dayPath):3:") && $0.contains(": error: ") }, "\(running.errors.all)")
            #expect(await HTTP.get(port, "/2026/11/21/").body.contains("Second snow"))

            // A page opened now is told at once; fixing the file reloads every page.
            let late = try await EventStream.ofPage("/2026/11/21/", port: port)
            defer { late.close() }
            #expect(await eventually { late.text.contains("event: errors") })
            try journal.write(Self.dayPath, Self.day(title: "Third snow"))
            #expect(await eventually { events.count("event: reload") == 2 }, "\(events.text)")
            #expect(await HTTP.get(port, "/2026/11/21/").body.contains("Third snow"))
            #expect(running.out.all.filter { $0.hasPrefix("Rebuilt in ") }.count >= 2, "\(running.out.all)")
        }
    }

    @Test func aNewFolderAndADeletedFileAreSeen() async throws {
        let journal = try Journal()
        try await serving(journal) { running in
            try journal.write("content/diary/2027/01/2027-01-02.md", Self.day(title: "New year"))
            #expect(await eventually { await HTTP.get(running.port, "/2027/01/02/").status == 200 })
            try FileManager.default.removeItem(atPath: journal.path + "/content/diary/2027")
            #expect(await eventually { await HTTP.get(running.port, "/2027/01/02/").status == 404 })
        }
    }

    @Test func afterEditsAdditionsAndDeletionsTheServedSiteIsWhatABuildWrites() async throws {
        let journal = try Journal()
        try journal.write("content/diary/2026/11/2026-11-20.md", Self.day(title: "Before"))
        try await serving(journal) { running in
            let port = running.port
            let site = try #require(running.server.siteFolder)
            var rebuilds = running.out.all.filter { $0.hasPrefix("Rebuilt in ") }.count
            /// Makes a change and waits until serve has rebuilt for it.
            func change(_ work: () throws -> Void) async throws {
                try work()
                rebuilds += 1
                let target = rebuilds
                #expect(await eventually { running.out.all.filter { $0.hasPrefix("Rebuilt in ") }.count >= target }, "\(running.out.all)")
            }
            try await change { try journal.write(Self.dayPath, Self.day(title: "Edited")) }
            try await change { try journal.write("content/diary/2026/12/2026-12-01.md", Self.day(title: "December")) }
            try await change { try FileManager.default.removeItem(atPath: journal.path + "/content/diary/2026/11/2026-11-20.md") }
            try await change {
                try journal.write("content/playlists/mix.md", "---\ntitle: Mix\ntracks:\n  - {title: A, artist: IU}\n---\n")
            }
            try await change { try journal.write(Self.dayPath, Self.day(title: "Edited twice").replacingOccurrences(of: "IU", with: "Someone")) }
            #expect(await HTTP.get(port, "/2026/11/21/").body.contains("Edited twice"))

            let differing = Self.differences(Self.tree(site), try Self.whatABuildWrites(journal, url: try #require(running.server.url)))
            #expect(differing.isEmpty, "\(differing)")
        }
    }

    /// A writer saving day after day while serve is still building for the saves before: each
    /// edited page shows its edit, and once the saves stop the served site is what a build writes.
    @Test func tenSavesInARowOnDifferentDaysEndWithTheSiteABuildWrites() async throws {
        let journal = try Journal()
        let days = (1...10).map { String(format: "content/diary/2026/11/2026-11-%02d.md", $0) }
        for day in days { try journal.write(day, Self.day(title: "Draft")) }
        // A year of other days, so that a whole build takes longer than the saves' pace.
        for offset in 0..<240 {
            let month = 1 + offset / 24
            let day = 1 + offset % 24
            try journal.write(String(format: "content/diary/2025/%02d/2025-%02d-%02d.md", month, month, day), Self.day(title: "Day \(offset)"))
        }
        try await serving(journal) { running in
            let port = running.port
            let site = try #require(running.server.siteFolder)
            for (number, day) in days.enumerated() {
                try journal.write(day, Self.day(title: "Saved \(number + 1)"))
                try? await Task.sleep(for: .milliseconds(100))
            }
            for number in 1...10 {
                let path = String(format: "/2026/11/%02d/", number)
                #expect(await eventually { await HTTP.get(port, path).body.contains("Saved \(number)") }, "\(path)")
            }
            let expected = try Self.whatABuildWrites(journal, url: try #require(running.server.url))
            var differing: [String] = []
            let same = await eventually {
                differing = Self.differences(Self.tree(site), expected)
                return differing.isEmpty
            }
            #expect(same, "\(differing.prefix(20))")
            #expect(running.errors.all.isEmpty, "a build that gave way to a newer save says nothing: \(running.errors.all)")
        }
    }

    /// Saves every 300 ms from the start, faster than a whole build: the first build still
    /// makes a site (it has no first pass to show, so it never gives way), and whole sites keep
    /// following the saves (a build gives way only while the whole site is young: 2 s here).
    @Test func savesFasterThanABuildNeverKeepTheSiteAway() async throws {
        let journal = try Journal()
        for offset in 0..<240 {
            let month = 1 + offset / 24
            let day = 1 + offset % 24
            try journal.write(String(format: "content/diary/2025/%02d/2025-%02d-%02d.md", month, month, day), Self.day(title: "Day \(offset)"))
        }
        let out = Lines()
        let errors = Lines()
        let server = JournalServer(ServeOptions(source: journal.path, port: 0), longestGivingWay: .seconds(2), out: out.append, error: errors.append)
        try await server.start()
        defer { Task { await server.stop() } }
        let port = try #require(server.url.flatMap { URL(string: $0)?.port }.map { UInt16($0) })
        var served = 0
        var number = 0
        let start = Date()
        // 8 s of saves, longer on a loaded machine (its first build alone can take 5 s): until a
        // second whole site has followed them, or 40 s, while the saves go on all the time.
        func wholeSites() -> Int { out.all.filter { $0.hasPrefix("Built ") || $0.hasPrefix("Rebuilt ") }.count }
        while Date().timeIntervalSince(start) < 8 || (wholeSites() < 2 && Date().timeIntervalSince(start) < 40) {
            number += 1
            try journal.write(Self.dayPath, Self.day(title: "Typing \(number)"))
            try? await Task.sleep(for: .milliseconds(300))
            if await HTTP.get(port, "/2026/11/21/").status == 200 { served += 1 }
        }
        let whole = wholeSites()
        #expect(served > 0, "no page was served during 8 s of saves: \(out.all)")
        #expect(whole >= 2, "a whole site follows the saves while they go on: \(out.all)")
        #expect(await eventually { await HTTP.get(port, "/2026/11/21/").body.contains("Typing \(number)") })
        #expect(errors.all.isEmpty, "\(errors.all)")
    }

    /// What serve's folder must hold for `journal`: a build with serve's address `url`, but the
    /// share cards of a plain build (served cards show journal.yaml's address, so they are the
    /// ones `build` draws), by relative path.
    static func whatABuildWrites(_ journal: Journal, url: String) throws -> [String: Data] {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("journal-serve-fresh-\(UUID().uuidString)").path
        let published = fresh + "-published"
        defer {
            try? FileManager.default.removeItem(atPath: fresh)
            try? FileManager.default.removeItem(atPath: published)
        }
        let quiet = Console(github: false, out: { _ in }, error: { _ in })
        #expect(JournalCLI.run(["build", "--quiet", "--source", journal.path, "--output", fresh, "--base-url", url], console: quiet) == 0)
        #expect(JournalCLI.run(["build", "--quiet", "--source", journal.path, "--output", published], console: quiet) == 0)
        let cards = tree(published).filter { $0.key.hasSuffix(".jpg") && $0.key.contains("card") || $0.key.hasSuffix("story.jpg") }
        #expect(!cards.isEmpty)
        return tree(fresh).merging(cards) { _, card in card }
    }

    /// The files that differ between two trees, or that one has and the other not, sorted.
    static func differences(_ served: [String: Data], _ expected: [String: Data]) -> [String] {
        Set(served.keys).union(expected.keys).filter { served[$0] != expected[$0] }.sorted()
    }

    /// Every file under `folder` but the build's marker, by relative path.
    static func tree(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let item = walker?.nextObject() as? String {
            guard walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular, item != ".journal-output" else { continue }
            files[item] = FileManager.default.contents(atPath: folder + "/" + item)
        }
        return files
    }

    @Test func stoppingRemovesTheServedFolder() async throws {
        let journal = try Journal()
        let running = try await start(journal)
        let work = try #require(running.server.workFolder)
        #expect(FileManager.default.fileExists(atPath: work + "/site/index.html"))
        #expect(!work.hasPrefix(journal.path))
        await running.server.stop()
        #expect(!FileManager.default.fileExists(atPath: work))
    }

    /// Given no time to remove its folder, the server stops at once and the folder is removed in
    /// the background all the same, nothing left beside it.
    @Test func aFolderTooSlowToRemoveIsRemovedInTheBackground() async throws {
        let journal = try Journal()
        let running = try await start(journal)
        let work = try #require(running.server.workFolder)
        #expect(FileManager.default.fileExists(atPath: work + "/site/index.html"))
        let parent = (work as NSString).deletingLastPathComponent
        let name = (work as NSString).lastPathComponent
        #expect(await running.server.stop(grace: 0, removing: 0), "it was all removed at once: nothing was left to rm")
        #expect(
            await eventually(20) {
                !((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).contains { $0.hasPrefix(name) }
            }, "\(work) or its .removing is still there")
    }

    @Test func aPortInUseExitsTwoNamingIt() async throws {
        let journal = try Journal()
        try await serving(journal) { running in
            let out = Lines()
            let errors = Lines()
            let source = journal.path
            let status = await offThePool {
                JournalCLI.run(
                    ["serve", "--source", source, "--port", "\(running.port)"], console: Console(github: false, out: out.append, error: errors.append))
            }
            #expect(status == 2)
            #expect(errors.all == ["error: port \(running.port) is in use; pick another with --port"], "\(errors.all)")
        }
    }

    @Test func theScriptGoesBeforeTheLastBodyEnd() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: ReloadScript.inject(into: page, token: "a.1"), as: UTF8.self)
        #expect(injected.hasSuffix("</script>\n</BODY></html>"))
        #expect(String(decoding: ReloadScript.inject(into: Array("<p>no body".utf8), token: "a.1"), as: UTF8.self).hasPrefix("<p>no body<script"))
    }
}

// MARK: - A small HTTP client over a raw socket

/// Polls `condition` every 20 ms for at most `seconds`.
func eventually(_ seconds: Double = 30, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}

/// Runs blocking work on a thread of its own, so it never holds one of Swift's few concurrency
/// threads (which the server needs to answer).
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// A connected socket to 127.0.0.1 with 30 s read and write timeouts.
func connectedSocket(_ port: UInt16) -> Int32? {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return nil }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(descriptor)
        return nil
    }
    return descriptor
}

func send(_ descriptor: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

enum HTTP {
    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String
        func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
    }

    /// GET `target` exactly as written (no normalisation), `Connection: close`, with `host` as the
    /// `Host` header (the server's own address by default); status 0 on failure.
    static func get(_ port: UInt16, _ target: String, host: String? = nil) async -> Response {
        await offThePool {
            guard let descriptor = connectedSocket(port) else { return Response(status: 0, headers: [], body: "") }
            defer { close(descriptor) }
            send(descriptor, "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            // A stream that never ends (the reload events) is cut off: the test then fails, not hangs.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                received += buffer[0..<count]
                if let response = parse(received), response.body.utf8.count >= (Int(response.header("content-length") ?? "") ?? Int.max) {
                    return response
                }
            }
            return parse(received) ?? Response(status: 0, headers: [], body: "")
        }
    }

    static func parse(_ bytes: [UInt8]) -> Response? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: String(text[end.upperBound...]))
    }
}

/// An open Server-Sent Events connection, read on a thread of its own into `text`.
final class EventStream: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var received = ""

    init(port: UInt16, path: String) throws {
        guard let descriptor = connectedSocket(port) else { throw CocoaError(.fileReadUnknown) }
        self.descriptor = descriptor
        send(descriptor, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
                lock.withLock { received += chunk }
            }
        }.start()
    }

    /// The stream the page at `path` opens: its script asks for the events since the version of
    /// the site the page was served from.
    static func ofPage(_ path: String, port: UInt16) async throws -> EventStream {
        let page = await HTTP.get(port, path)
        let version = try #require(
            page.body.range(of: #"encodeURIComponent\("[0-9a-z.]+"\)"#, options: .regularExpression)
                .map { String(page.body[$0].dropFirst(20).dropLast(2)) }, "no site version in \(path)")
        return try EventStream(port: port, path: "/__journal/events?since=\(version)")
    }

    var text: String { lock.withLock { received } }
    func count(_ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The event stream itself: the chunked body with its chunk sizes taken out, so a message
    /// split over two chunks reads whole.
    var body: String {
        let bytes = Array(text.utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: Array("\r\n\r\n".utf8)) }) else { return "" }
        var index = start + 4
        var body: [UInt8] = []
        while let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }),
            let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0,
            lineEnd + 2 + size <= bytes.count
        {
            body += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
            if index > bytes.count { break }
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The data of every event named `name`, in order.
    func data(of name: String) -> [String] {
        body.components(separatedBy: "\n\n").compactMap { message in
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.contains("event: \(name)") else { return nil }
            return lines.first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        }
    }
    func close() { shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// The preview answers its own addresses only (README, "journal serve").
@Suite struct HostCheckTests {
    @Test(arguments: [
        "127.0.0.1:8080", "127.0.0.1", "localhost:8080", "LOCALHOST", "app.localhost:1", "[::1]:8080", "[::1]",
        "192.168.1.20:8080", "0.0.0.0:80",
    ])
    func addressesAreAnswered(host: String) {
        #expect(HostCheck.isAddress(host))
    }

    @Test(arguments: [
        "evil.example", "evil.example:8080", "127.0.0.1.nip.io:8080", "localhost.evil.example", "", "127.0.0.1:80:80",
        "127.0.0.1:http", "[::1", "[::1]x", "300.1.1.1", "1.2.3", "127.0.0.1 evil",
        // Found by ServeFuzz: UInt8("+27") is 27; fullwidth hex digits are hex digits to Swift.
        "+27.0.0.+0", "+127.0.0.1", "[\u{FF41}::1]",
    ])
    func namesAndNonsenseAreNot(host: String) {
        #expect(!HostCheck.isAddress(host))
    }
}
