import ArgumentParser
import Foundation
import JournalServe

struct ServeCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site into a folder of its own, serve it, and rebuild and reload open pages on every change.",
        discussion: """
        The site is built under the system's temporary folder (never your public/) with base_url set to the local address. Saving a file in journal.yaml, content/, templates/ or static/ rebuilds it and reloads the open pages; a mistake shows over the page with its path:line:column until it is fixed. Ctrl-C stops it.

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
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: sourceOptions.source, isDirectory: &isFolder), isFolder.boolValue else {
            console.error("error: \(sourceOptions.source) is not a folder")
            return 2
        }
        // Ctrl-C, `kill` and a closed terminal stop the server cleanly instead of ending the
        // process at once (and leaving its folder behind).
        let stopRequested = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }
        defer {
            for source in signals { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
        }

        let server = JournalServer(ServeOptions(source: sourceOptions.source, host: host, port: port, drafts: drafts),
                                   out: console.out, error: console.error)
        let started = Blocking.wait { () async -> ServeFailure? in
            do throws(ServeFailure) { try await server.start(); return nil } catch { return error }
        }
        if let started {
            console.error("error: \(started)")
            return 2
        }
        stopRequested.wait()
        Blocking.wait { await server.stop() }
        console.out("Stopped.")
        return 0
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
