import ArgumentParser
import Foundation
import JournalCore
import JournalServe

struct ServeCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site into a folder of its own, serve it, and rebuild and reload open pages on every change.",
        discussion: """
            The site is built under the system's temporary folder (never your public/) with base_url set to the local address. Saving a file in journal.yaml, content/, templates/ or static/ rebuilds it and reloads the open pages; a mistake shows over the page with its path:line:column until it is fixed. Ctrl-C (or SIGTERM) stops it at once (a few seconds at worst, on a busy machine), removes the built folder (in the background when the disk is slow) and exits 0. Clients get bounded heads (16 KiB), 10 s to send one, 10 s idle between requests and at most 256 connections (see the README).

            Examples:
              journal serve
              journal serve --port 4000 --drafts
              journal serve --host 0.0.0.0      # open it from a phone on the same network
            """
    )

    @OptionGroup var sourceOptions: SourceOptions
    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8080
    @Option(help: "The address to listen on; 0.0.0.0 makes the site reachable from other machines.")
    var host = "127.0.0.1"
    @Flag(help: "Include days, playlists and pages marked draft.")
    var drafts = false

    func execute(_ console: Console) -> Int32 {
        let today: BuildDay
        switch BuildDay.from(environment: ProcessInfo.processInfo.environment) {
        case .success(let day): today = day
        case .failure(let refusal): return console.refuse(refusal)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: sourceOptions.source, isDirectory: &isFolder), isFolder.boolValue else {
            console.error("error: \(sourceOptions.source) is not a folder")
            return 2
        }
        // Ctrl-C, `kill` and a closed terminal stop the server cleanly instead of ending the
        // process at once (and leaving its folder behind), heard at once even mid-build (SignalWatch).
        let stopRequested = DispatchSemaphore(value: 0)
        let requests = StopRequests()
        let watch = SignalWatch([SIGINT, SIGTERM, SIGHUP]) { number in
            // A second one does not wait for anything: the served folder is left to `rm` in the
            // background (which does not mind the first stop removing the same files at once).
            if requests.next() > 1 {
                if let work = requests.workFolder {
                    // The first stop may have renamed it aside and left a fence in its place.
                    for path in [work + ".removing", work] where !FolderRemoval.removeInBackground(path) {
                        _ = FolderRemoval.remove(path, within: 0.5)
                    }
                }
                _exit(128 + number)
            }
            stopRequested.signal()
        }
        guard let watch else {
            console.error("error: cannot watch for Ctrl-C (\(String(cString: strerror(errno))))")
            return 2
        }
        defer { watch.stop() }

        var serveOptions = ServeOptions(source: sourceOptions.source, host: host, port: port, drafts: drafts)
        serveOptions.today = today
        let server = JournalServer(
            serveOptions,
            out: console.out, error: console.error)
        let started = Blocking.wait { () async -> ServeFailure? in
            do throws(ServeFailure) {
                try await server.start()
                return nil
            } catch { return error }
        }
        if let started {
            console.error("error: \(started)")
            return 2
        }
        requests.workFolder = server.workFolder
        stopRequested.wait()
        // The first Ctrl-C or SIGTERM stops at once, even mid-build or while a client misbehaves:
        // the stop runs on a thread of its own and never waits on Swift's concurrency threads; a
        // build under way, told to stop, ends at its next page (a few milliseconds; at most 2 s
        // are waited for it) and can no longer write once the folder is fenced off. Removing the
        // built folder gets half a second; a big site on a busy disk takes longer, and what is
        // left is removed in the background (`FolderRemoval`).
        // Exit status 0: asked to stop, it stopped (README, "journal serve").
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.stopNow(grace: 2, removing: 0.5)
            stopped.signal()
        }.start()
        if stopped.wait(timeout: .now() + 10) == .timedOut {
            console.error("journal serve: stopping took over 10 s; leaving without removing \(server.workFolder ?? "its folder")")
        }
        console.out("Stopped.")
        return 0
    }
}

/// How many stop signals have come, and the folder a second one removes before leaving.
private final class StopRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var folder: String?
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
    var workFolder: String? {
        get { lock.withLock { folder } }
        set { lock.withLock { folder = newValue } }
    }
}

/// Runs async work from the synchronous command line and waits for its result.
enum Blocking {
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Value>()
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
