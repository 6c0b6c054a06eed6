import FlyingFox
import FlyingSocks
import Foundation
import JournalCore

/// What the open pages are told, over Server-Sent Events at `/__journal/events`: `update` (the
/// URL paths of the pages already in place, as JSON) once a rebuild's first pass has put the
/// pages an edit affects in place, so those reload at once; `reload` after a rebuild that
/// succeeded (with the paths that already reloaded, which need not again); `errors` (the
/// diagnostics as JSON) after one that failed.
///
/// Each served page carries the version of the site it was read from (`token`); a page that
/// connects with an older version is told to reload at once, so a rebuild that ends between
/// serving a page and its connecting is never missed, nor is a restart of `journal serve`.
final class LiveReload: @unchecked Sendable {
    private let lock = NSLock()
    /// Tells this run of `journal serve` from an earlier one whose pages are still open.
    private let instance = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    /// Successful builds so far; 0 until the first one.
    private var generation = 0
    /// The diagnostics of the last build when it failed; empty when it succeeded.
    private var problems: [Diagnostic] = []
    private var subscribers: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]
    /// The pages the running rebuild's first pass already updated.
    private var updated: [String] = []
    private var keepAlive: Task<Void, Never>?
    /// Event streams open at once, at most (`ServeLimits.eventStreams`).
    private let streams: Int

    init(streams: Int = 64) {
        self.streams = streams
        // A comment now and then finds the connections whose page has gone.
        keepAlive = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                self?.send(Array(": ping\n\n".utf8))
            }
        }
    }

    /// The version of the site now in the served folder, as pages carry it.
    var token: String { lock.withLock { "\(instance).\(generation)" } }

    /// Whether a build has succeeded yet (before that there is no site to serve).
    var hasSite: Bool { lock.withLock { generation > 0 } }

    /// Records a finished rebuild and tells every open page.
    func publish(_ outcome: RebuildOutcome) {
        let message: [UInt8] = lock.withLock {
            defer { updated = [] }
            if outcome.succeeded {
                generation += 1
                problems = []
                return Self.event("reload", data: Self.json(["token": .text("\(instance).\(generation)"), "skip": .list(updated)]))
            }
            problems = outcome.diagnostics
            return Self.errorsEvent(problems)
        }
        send(message)
    }

    /// Whether the open pages show a failed build's errors.
    var showsProblems: Bool { lock.withLock { !problems.isEmpty } }

    /// A rebuild stopped after its first pass: the pages it put in place may change again, so
    /// the next reload reloads them too.
    func forgetFirstPasses() {
        lock.withLock { updated = [] }
    }

    /// Tells the open pages which of them a rebuild's first pass has already put in place
    /// (`FirstPass`: site file paths, like `2026/11/21/index.html`).
    func publishFirstPass(_ files: [String]) {
        let paths = files.flatMap { file -> [String] in
            guard file == "index.html" || file.hasSuffix("/index.html") else { return ["/" + file] }
            let folder = "/" + file.dropLast("index.html".count)
            return [folder, folder + "index.html"]
        }
        let message: [UInt8] = lock.withLock {
            // After a failed build the pages show its errors until one succeeds.
            guard problems.isEmpty else { return [] }
            updated += paths
            return Self.event("update", data: Self.json(["paths": .list(paths)]))
        }
        if !message.isEmpty { send(message) }
    }

    /// The response for a page's event stream; `since` is the token the page was served with.
    func subscribe(since: String) -> HTTPResponse {
        guard lock.withLock({ subscribers.count < streams }) else {
            return HTTPResponse(
                statusCode: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8", HTTPHeader("Retry-After"): "5"],
                body: Data("journal serve has \(streams) pages listening for changes, the most it keeps; close some tabs\n".utf8))
        }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        // The retry delay, a first comment so the browser knows the stream is open, and what the
        // page has missed: all under the lock, so that no event falls between them.
        lock.withLock {
            continuation.yield(Array("retry: 500\n: journal serve\n\n".utf8))
            if !problems.isEmpty {
                continuation.yield(Self.errorsEvent(problems))
            } else if generation > 0 && since != "\(instance).\(generation)" {
                continuation.yield(Self.event("reload", data: Self.json(["token": .text("\(instance).\(generation)"), "skip": .list([])])))
            }
            subscribers[id] = continuation
        }
        return HTTPResponse(
            statusCode: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: HTTPBodySequence(from: EventStreamBytes(stream)))
    }

    /// Ends every event stream, so their connections close (on shutdown).
    func finishAll() {
        keepAlive?.cancel()
        let all = lock.withLock {
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for continuation in all { continuation.finish() }
    }

    private func unsubscribe(_ id: UUID) {
        _ = lock.withLock { subscribers.removeValue(forKey: id) }
    }

    private func send(_ message: [UInt8]) {
        let all = lock.withLock { subscribers }
        for (id, continuation) in all {
            if case .terminated = continuation.yield(message) { unsubscribe(id) }
        }
    }

    /// A small JSON value, for the events' data.
    enum JSONValue {
        case text(String)
        case list([String])
    }

    /// One line of JSON: `{"key": "text", "key": ["a", "b"]}`, keys sorted.
    static func json(_ object: [String: JSONValue]) -> String {
        let fields = object.sorted { $0.key < $1.key }.map { key, value -> String in
            switch value {
            case .text(let text): return JSONText.quoted(key) + ":" + JSONText.quoted(text)
            case .list(let items): return JSONText.quoted(key) + ":[" + items.map(JSONText.quoted).joined(separator: ",") + "]"
            }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func event(_ name: String, data: String) -> [UInt8] {
        Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }

    private static func errorsEvent(_ diagnostics: [Diagnostic]) -> [UInt8] {
        // One line, as an event's data must be: `Diagnostic.json` escapes every line break.
        event("errors", data: "[" + diagnostics.map(\.json).joined(separator: ",") + "]")
    }
}

/// The bytes of an event stream as FlyingFox sends a body of unknown length (chunked): each
/// message goes out as soon as it is yielded.
struct EventStreamBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let messages: AsyncStream<[UInt8]>

    init(_ messages: AsyncStream<[UInt8]>) { self.messages = messages }

    func makeAsyncIterator() -> Iterator { Iterator(messages: messages.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var messages: AsyncStream<[UInt8]>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                guard let message = await messages.next() else { return nil }
                pending = message[...]
            }
            let taken = pending.prefix(Swift.max(count, 1))
            pending = pending.dropFirst(taken.count)
            return taken
        }
    }
}
