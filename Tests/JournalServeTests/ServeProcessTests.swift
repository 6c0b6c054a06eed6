import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `journal serve` program itself, run beside the tests as a writer runs it: a flood of
/// connections does not end it, and the first Ctrl-C or SIGTERM stops it promptly even mid-build
/// with a client misbehaving, leaving nothing in the temporary folder.
@Suite(.serialized) struct ServeProcessTests {
    /// A running `journal serve`, its output read on threads of its own.
    final class Program {
        let process = Process()
        let out = ServeTests.Lines(), errors = ServeTests.Lines()
        /// The temporary folder it was given (TMPDIR), where its work folder goes.
        let temporary: String

        init(journal: String, shellPrefix: String = "") throws {
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("journal").path
            guard FileManager.default.isExecutableFile(atPath: binary) else {
                Issue.record("needs the journal program beside the tests: swift build")
                throw CocoaError(.fileNoSuchFile)
            }
            temporary = FileManager.default.temporaryDirectory.appendingPathComponent("journal-serve-tmp-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellPrefix + "exec \"$0\" serve --source \"$1\" --port 0", binary, journal]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": temporary, "TMPDIR": temporary]
            let outPipe = Pipe()
            let errorPipe = Pipe()
            process.standardOutput = outPipe
            process.standardError = errorPipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            for (pipe, lines) in [(outPipe, out), (errorPipe, errors)] {
                Thread {
                    var pending = Data()
                    while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
                        pending += data
                        while let end = pending.firstIndex(of: 10) {
                            lines.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                            pending = pending[(end + 1)...]
                        }
                    }
                }.start()
            }
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(atPath: temporary)
        }

        /// The port from "Serving … at http://127.0.0.1:PORT/".
        func port() async -> UInt16? {
            guard await eventually(30, { out.all.contains { $0.hasPrefix("Serving ") } }) else { return nil }
            let line = out.all.first { $0.hasPrefix("Serving ") } ?? ""
            guard let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
            return UInt16(line[range].split(separator: ":").last ?? "")
        }

        /// Waits at most `seconds` for the program to end; its status, or nil if it has not.
        func exit(within seconds: Double) async -> Int32? {
            guard await eventually(seconds, { !process.isRunning }) else { return nil }
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// What is left in its temporary folder.
        var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] }
    }

    @Test func aFloodOfConnectionsIsRefusedThenPagesAreServedAgain() async throws {
        signal(SIGPIPE, SIG_IGN)
        let journal = try ServeTests.Journal()
        // 256 file descriptors: the cap is then 64 connections, and the flood is well past both.
        let program = try Program(journal: journal.path, shellPrefix: "ulimit -n 256 && ")
        let port = try #require(await program.port(), "\(program.errors.all)")
        #expect(await eventually(120) { await HTTP.get(port, "/2026/11/21/").status == 200 }, "\(program.errors.all)")

        let flood = await offThePool { (0..<600).compactMap { _ in connectedSocket(port) } }
        #expect(flood.count > 300, "\(flood.count) connections")
        // Over the cap, connections are told so at once (and not left hanging): most of the flood.
        let refused = await offThePool {
            flood.filter { descriptor in readUntilClosed(descriptor, seconds: 0.05).hasPrefix("HTTP/1.1 503 ") }.count
        }
        #expect(refused >= 100, "\(refused) of \(flood.count) were refused")
        for descriptor in flood { close(descriptor) }

        // Once the flood ends, pages are served again: the listening socket was never closed.
        #expect(await eventually(20) { await HTTP.get(port, "/2026/11/21/").status == 200 }, "\(program.errors.all)")
        #expect(program.errors.all.filter { $0.contains("connections are open") }.count == 1, "\(program.errors.all)")
        kill(program.process.processIdentifier, SIGTERM)
        #expect(await program.exit(within: 10) == 0)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func theFirstSignalStopsAtOnceMidBuildAndRemovesItsFolder(signal number: Int32) async throws {
        signal(SIGPIPE, SIG_IGN)
        // A journal whose first build takes seconds, even on an idle machine (600 days were
        // built within the 300 ms below once, by a CI run with the machine to itself).
        let journal = try ServeTests.Journal()
        let start = DateComponents(calendar: Calendar(identifier: .gregorian), year: 2016, month: 1, day: 1).date!
        for offset in 0..<2400 {
            let date = start.addingTimeInterval(Double(offset) * 86400)
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            let (year, month, day) = (parts.year!, String(format: "%02d", parts.month!), String(format: "%02d", parts.day!))
            try journal.write(
                "content/diary/\(year)/\(month)/\(year)-\(month)-\(day).md",
                "---\ntitle: Day \(offset)\ntracks:\n  - title: Song \(offset)\n    artist: Artist \(offset % 40)\n    genre: Pop\n---\nText.\n")
        }
        let program = try Program(journal: journal.path)
        let port = try #require(await program.port(), "\(program.errors.all)")
        #expect(await eventually { program.leftovers.contains { $0.hasPrefix("journal-serve-") } }, "its work folder")

        // A client sending a header without an end all the while.
        let hostile = Thread {
            guard let descriptor = connectedSocket(port) else { return }
            defer { close(descriptor) }
            send(descriptor, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
            let piece = String(repeating: "a", count: 1024)
            for _ in 0..<2000 {
                if write(descriptor, piece, piece.utf8.count) <= 0 { break }
                usleep(2_000)
            }
        }
        hostile.start()
        try await Task.sleep(for: .milliseconds(300))
        #expect(!program.out.all.contains { $0.hasPrefix("Built ") }, "the build should still be running: \(program.out.all)")

        // Timed on a thread of its own, from the process table: the suites running beside this one
        // can keep Swift's few concurrency threads (and Foundation's wait for a child) busy for seconds.
        let pid = program.process.processIdentifier
        let took = await offThePool { () -> Duration in
            let clock = ContinuousClock()
            let signalled = clock.now
            kill(pid, number)
            while processIsRunning(pid) && clock.now - signalled < .seconds(10) { usleep(5_000) }
            return clock.now - signalled
        }
        let status = await program.exit(within: 10)
        #expect(status == 0, "exit status \(String(describing: status))")
        // Tens of milliseconds on an idle machine; the bound allows for a 2-core machine running the suites.
        #expect(took < .seconds(5), "stopping took \(took)")
        // Half a second goes to removing the folder; what a busy disk leaves then, an `rm` of its
        // own removes after the program has ended.
        #expect(await eventually(30) { program.leftovers.isEmpty }, "left behind: \(program.leftovers)")
        #expect(program.out.all.last == "Stopped.", "\(program.out.all)")
    }
}

/// Whether process `pid` has not ended yet: ended, it is a zombie ("Z") until reaped, then gone.
private func processIsRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: end)...].drop { $0 == " " }.first
    return state != "Z" && state != "X"
}
