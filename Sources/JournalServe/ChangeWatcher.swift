import Foundation
import JournalCore

/// Notices changes to what a build reads (`journal.yaml`, `content/`, `templates/`, `static/`)
/// and calls `onChange` once per burst: after `quiet` seconds without a further change (or at
/// most `longestBurst` after the first, for a file written without pause).
protocol ChangeWatcher: AnyObject, Sendable {
    func start(onChange: @escaping @Sendable () -> Void)
    /// Stops watching; returns when no more `onChange` can come.
    func stop()
}

/// Timing of a burst of saves.
struct Burst: Sendable {
    /// Seconds without a change that end a burst.
    var quiet: Double = 0.06
    /// Seconds after its first change at which a burst ends anyway.
    var longestBurst: Double = 1
}

enum ChangeWatchers {
    /// inotify on Linux; elsewhere (or when inotify cannot start) polling the build's source stamp.
    static func make(for options: BuildOptions, burst: Burst) -> any ChangeWatcher {
        #if os(Linux)
            if let watcher = InotifyWatcher(source: options.source, burst: burst) { return watcher }
        #endif
        return PollingWatcher(options: options, burst: burst)
    }
}

/// Compares the stamp of every file a build reads (path, size, inode, times: `Build.sourceStamp`)
/// every `interval` seconds. Works everywhere; costs a walk of the journal each time.
final class PollingWatcher: ChangeWatcher, @unchecked Sendable {
    private let options: BuildOptions
    private let burst: Burst
    private let interval = 0.25
    private let thread = StoppableThread(name: "journal serve: polling")

    init(options: BuildOptions, burst: Burst) {
        self.options = options
        self.burst = burst
    }

    func start(onChange: @escaping @Sendable () -> Void) {
        thread.start { [self] in
            var last = Build.sourceStamp(options)
            while thread.sleep(interval) {
                let now = Build.sourceStamp(options)
                guard now != last else { continue }
                // A burst: wait until the stamp stays the same for `quiet` seconds.
                let start = Date()
                var settled = now
                while thread.sleep(burst.quiet) {
                    let again = Build.sourceStamp(options)
                    if again == settled || Date().timeIntervalSince(start) > burst.longestBurst { break }
                    settled = again
                }
                last = settled
                if thread.isStopping { break }
                onChange()
            }
        }
    }

    func stop() {
        thread.stop()
    }
}
