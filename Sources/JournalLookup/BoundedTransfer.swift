import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Reads answers in pieces, as they arrive, and drops one the moment it passes its limit: on
/// size (a `Content-Length` announcing more is refused before any of the body; a body without
/// one is counted as it comes) and, through `LookupClient.data(for:transfer:session:limit:within:)`,
/// on time. So an endless answer costs at most its limit in memory. Every hop of a redirect is
/// asked of the `AddressCheck` before it is followed. The delegate of the client's one
/// URLSession, whose calls run on `queue` (see `InlineQueue`).
final class BoundedTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why a transfer ended without an answer.
    enum Failure: Error, Equatable {
        /// The body passed `limit` bytes (`announced`: what `Content-Length` said, when it did).
        case tooLarge(limit: Int, announced: Int?)
        /// A redirect to `target` was not followed: `reason` says why.
        case redirectRefused(target: String, reason: String)
    }

    /// One request under way.
    private final class Transfer {
        let limit: Int
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        /// Made when the answer's head arrives, as large as it announces or the limit.
        var body: BodyBuffer?
        var response: URLResponse?

        init(limit: Int, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            self.limit = limit
            self.continuation = continuation
        }
    }

    private let check: AddressCheck
    /// `scheme://host:port` a redirect must stay on (http may become https), or nil for any the
    /// check allows: `journal sync` sends a secret in a header, which a redirect carries along.
    private let onlyOrigin: String?
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    init(check: AddressCheck, onlyOrigin: String? = nil) {
        self.check = check
        self.onlyOrigin = onlyOrigin
    }

    /// The session's delegate queue: each call runs at once on URLSession's own thread.
    let queue = InlineQueue()

    /// Sends `request` on `session` (whose delegate this is) and gives its body, at most `limit`
    /// bytes. Cancelling the calling task ends it at once.
    func data(for request: URLRequest, session: URLSession, limit: Int) async throws -> (Data, URLResponse) {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { transfers[id] = Transfer(limit: limit, continuation: continuation) }
                if Task.isCancelled {
                    finish(id, with: .failure(CancellationError()))
                    task.cancel()
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            finish(id, with: .failure(CancellationError()))
            task.cancel()
        }
    }

    /// Ends transfer `id` once: later calls (URLSession's own end after a cancel) do nothing.
    private func finish(_ id: Int, with result: Result<(Data, URLResponse), any Error>) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: id) }) else { return }
        transfer.continuation.resume(with: result)
    }

    private func transfer(_ id: Int) -> Transfer? { lock.withLock { transfers[id] } }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(dataTask.taskIdentifier) else { return completionHandler(.cancel) }
        // A compressed body's length is the compressed one, while the delegate is handed the
        // body decompressed: only a plain body's announced length is what will be counted.
        let headers = (response as? HTTPURLResponse)?.allHeaderFields ?? [:]
        let encoding = headers.first { ($0.key as? String)?.lowercased() == "content-encoding" }?.value as? String
        let plain = encoding.map { ["", "identity"].contains($0.trimmingCharacters(in: .whitespaces).lowercased()) } ?? true
        let announced = plain ? response.expectedContentLength : -1
        if announced > transfer.limit {
            finish(dataTask.taskIdentifier, with: .failure(Failure.tooLarge(limit: transfer.limit, announced: Int(announced))))
            // Foundation on Linux ignores `.cancel`: the task is cancelled instead.
            completionHandler(.cancel)
            return Self.cancel(dataTask)
        }
        guard let body = BodyBuffer(capacity: announced >= 0 ? Int(announced) : transfer.limit) else {
            finish(dataTask.taskIdentifier, with: .failure(URLError(.cannotLoadFromNetwork)))
            completionHandler(.cancel)
            return Self.cancel(dataTask)
        }
        transfer.response = response
        transfer.body = body
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask.taskIdentifier) else { return }
        guard transfer.body?.append(data) == true else {
            finish(dataTask.taskIdentifier, with: .failure(Failure.tooLarge(limit: transfer.limit, announced: nil)))
            return Self.cancel(dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let url = request.url else { return completionHandler(nil) }
        let reason: String
        if let onlyOrigin, let target = AddressCheck.origin(of: url), !Self.sameServer(target, onlyOrigin) {
            reason = "another server than the one configured (a secret travels with the request)"
            finish(task.taskIdentifier, with: .failure(Failure.redirectRefused(target: url.absoluteString, reason: reason)))
            completionHandler(nil)
            return Self.cancel(task)
        }
        switch check.verdict(on: url) {
        case .allowed: return completionHandler(request)
        case .refused(let why): reason = why
        case .unknownHost: reason = "\(url.host ?? url.absoluteString) has no address"
        }
        finish(task.taskIdentifier, with: .failure(Failure.redirectRefused(target: url.absoluteString, reason: reason)))
        completionHandler(nil)
        Self.cancel(task)
    }

    /// Whether `target` is `origin` itself, or its http address moved to https on the same host
    /// (`http://h:80` to `https://h:443`, or the same port); never https to http.
    static func sameServer(_ target: String, _ origin: String) -> Bool {
        if target == origin { return true }
        guard origin.hasPrefix("http://"), target.hasPrefix("https://") else { return false }
        let host = { (text: String) in text.split(separator: "/").dropFirst().first.map { $0.split(separator: ":").dropLast().joined(separator: ":") } }
        return host(target) == host(origin)
    }

    /// Cancels `task` from another thread: a delegate call runs on URLSession's own queue, which
    /// `cancel` waits for.
    private static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        if let error { return finish(id, with: .failure(error)) }
        guard let transfer = transfer(id), let response = transfer.response ?? task.response else {
            return finish(id, with: .failure(URLError(.badServerResponse)))
        }
        finish(id, with: .success((transfer.body?.take() ?? Data(), response)))
    }
}

/// A delegate queue that runs each operation at once, on the thread that adds it. Foundation on
/// Linux adds a delegate call for every piece of a body and reads on without waiting for it, so
/// with an ordinary queue a fast server's answer piles up in memory far past any limit before
/// the count sees it; run inline, the next piece is read only once the delegate has counted this
/// one.
final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ operation: Operation) {
        operation.start()
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}

/// A body's bytes in pages of their own, at most `capacity`: memory is taken only as bytes
/// arrive, and given back whole when the body is dropped. A `Data` grown piece by piece is copied
/// at each doubling, and glibc keeps a freed block of many MiB for later, one per thread.
final class BodyBuffer {
    private let start: UnsafeMutableRawPointer
    private let capacity: Int
    private var count = 0
    private var taken = false

    /// nil when the system has no room for the pages.
    init?(capacity: Int) {
        self.capacity = max(capacity, 1)
        let pages = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let pages, pages != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        start = pages
    }

    deinit {
        if !taken { munmap(start, capacity) }
    }

    /// Adds `data`, or says false (adding nothing) when it would pass the capacity.
    func append(_ data: Data) -> Bool {
        guard data.count <= capacity - count else { return false }
        data.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress { (start + count).copyMemory(from: source, byteCount: bytes.count) }
        }
        count += data.count
        return true
    }

    /// The bytes as `Data`, which now owns the pages (once; later calls give an empty body).
    func take() -> Data {
        guard !taken else { return Data() }
        taken = true
        let (start, capacity) = (self.start, self.capacity)
        return Data(bytesNoCopy: start, count: count, deallocator: .custom { _, _ in munmap(start, capacity) })
    }
}
