#if os(Linux)
    import Foundation
    import Glibc
    import JournalCore

    /// Linux's inotify: the kernel reports each change in a watched folder, so a save is seen in
    /// microseconds without walking the journal. Every folder the build reads in `content/`,
    /// `templates/`, `static/`, `catalogue/` and `listening/` is watched (found by the build's own walk,
    /// `JournalTree`: symbolic links followed as the build follows them), and the journal
    /// folder itself for `journal.yaml` and for those five appearing, going or being renamed.
    /// Editors that save by writing a new file and renaming it over the old one show as a move into
    /// the folder; folders that appear are watched before the rebuild reads them.
    final class InotifyWatcher: ChangeWatcher, @unchecked Sendable {
        private let source: String
        private let burst: Burst
        private let descriptor: Int32
        /// Written to by `stop()`, to wake the thread out of `poll`.
        private let wakeRead: Int32, wakeWrite: Int32
        private let thread = StoppableThread(name: "journal serve: inotify")
        /// The watch of the journal folder itself (only used on the watcher's thread).
        private var rootWatch: Int32 = -1
        /// What the journal folder, its watched names and every symbolic link to a folder below
        /// them (`content/diary` linked to a synced folder) led to when they were last watched
        /// (device and inode, through links): a watch follows an inode, so when a link's target is
        /// removed and made again (a linked diary folder restored, `ln -sfn` to another), no event
        /// comes and only looking again finds it.
        private var roots: [Identity?] = []
        /// The paths `roots` are of: the journal folder, its watched names, then the links.
        private var rootPaths: [String] = []
        /// The symbolic links to folders found below the watched names, and the broken ones (whose
        /// target may be a folder made later), kept while they are links even when their target
        /// is gone.
        private var links: Set<String> = []
        /// How often the roots are looked at, in milliseconds.
        private static let rootCheck: Int32 = 500

        private struct Identity: Equatable {
            var device: UInt64
            var inode: UInt64
        }

        private static let watchedNames = Set(JournalTree.readFolders + ["journal.yaml"])
        private static let mask = UInt32(
            IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

        init?(source: String, burst: Burst) {
            let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            guard descriptor >= 0 else { return nil }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                close(descriptor)
                return nil
            }
            self.source = source
            self.burst = burst
            self.descriptor = descriptor
            wakeRead = ends[0]
            wakeWrite = ends[1]
        }

        deinit {
            close(descriptor)
            close(wakeRead)
            close(wakeWrite)
        }

        func start(onChange: @escaping @Sendable () -> Void) {
            // The first watches are in place before `start` returns: nothing saved after it is missed.
            watchEverything()
            thread.start { [self] in run(onChange) }
        }

        func stop() {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            thread.stop()
        }

        private func run(_ onChange: @Sendable () -> Void) {
            while true {
                // Wait for the first change of a burst, or for a root that now leads somewhere else.
                guard waitForEvents(timeout: Self.rootCheck) else { return }
                if !hasPendingEvents() {
                    if rootIdentities() != roots {
                        watchEverything()
                        onChange()
                    }
                    continue
                }
                guard readEvents() else { continue }
                // Then for `quiet` seconds without one, or the end of the longest burst.
                let end = Date(timeIntervalSinceNow: burst.longestBurst)
                while Date() < end {
                    let milliseconds = Int32(min(burst.quiet, end.timeIntervalSinceNow) * 1000)
                    guard waitForEvents(timeout: max(milliseconds, 1)) else { return }
                    if !readEvents(), !hasPendingEvents() { break }
                }
                // New folders are watched before the build reads them: a file added to one after
                // this point makes an event of its own.
                watchEverything()
                onChange()
            }
        }

        /// Waits until events can be read or `timeout` milliseconds pass (-1: forever). False once stopped.
        private func waitForEvents(timeout: Int32) -> Bool {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            while poll(&fds, 2, timeout) < 0 && errno == EINTR {}
            return fds[1].revents == 0
        }

        private func hasPendingEvents() -> Bool {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            return poll(&fds, 1, 0) > 0
        }

        /// Reads every queued event; true if one of them concerns what the build reads.
        private func readEvents() -> Bool {
            var relevant = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                var offset = 0
                buffer.withUnsafeBytes { bytes in
                    while offset + 16 <= count {
                        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                        let name = String(decoding: nameBytes, as: UTF8.self)
                        offset += 16 + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            relevant = true
                            continue
                        }
                        if mask & UInt32(IN_IGNORED) != 0 { continue }
                        if watch == rootWatch {
                            if Self.watchedNames.contains(name) { relevant = true }
                        } else if !name.hasPrefix(".") {
                            // Hidden files (editors' swap files among them) are never read by a build.
                            relevant = true
                        }
                    }
                }
            }
            return relevant
        }

        /// Watches the journal folder and every folder the build reads below it
        /// (`JournalTree.watched`: the build's walk). Adding a watch twice is harmless: the kernel
        /// returns the same one. A folder made between its parent's listing and the parent's watch
        /// makes no event (a restored link target being filled: `2026`, then `2026/11`), so the
        /// walk is made again once the watches are in place, until it finds nothing new (at most
        /// `walks` times); what it finds is read by the rebuild that follows every call.
        private func watchEverything() {
            let named = [source] + JournalTree.readFolders.map { source + "/" + $0 }
            var watched: Set<String> = []
            for _ in 0..<Self.walks {
                let (folders, brokenLinks) = JournalTree.watched(from: source)
                afterWalk?()
                // Links to folders, and broken links (a link already broken when `serve` starts is
                // looked at too: when its target is made, it is watched and the site rebuilt).
                links = links.union(folders.filter(Self.isLink)).union(brokenLinks).filter(Self.isLink).subtracting(named)
                let paths = named + links.sorted()
                // Looked at before the watches are added: a change in between is seen at the next look.
                let identities = rootIdentities(of: paths)
                let unchanged = Set(folders) == watched && paths == rootPaths && identities == roots
                rootPaths = paths
                roots = identities
                rootWatch = inotify_add_watch(descriptor, source, Self.mask)
                for folder in folders {
                    _ = inotify_add_watch(descriptor, folder, Self.mask)
                }
                if unchanged { return }
                watched = Set(folders)
            }
        }

        /// The most walks `watchEverything` makes while folders keep appearing; the next event
        /// or look at the roots watches what is made after.
        private static let walks = 5
        /// Run after each walk of `watchEverything`, before its watches are added: lets a test
        /// make a folder in that window.
        var afterWalk: (() -> Void)?

        private static func isLink(_ path: String) -> Bool {
            var status = stat()
            return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
        }

        /// `rootPaths`, each as `stat` finds it through links (not journal.yaml: every save of it by
        /// renaming is a new inode, and the root's watch sees those).
        private func rootIdentities(of paths: [String]? = nil) -> [Identity?] {
            (paths ?? rootPaths).map { path in
                var status = stat()
                guard stat(path, &status) == 0 else { return nil }
                return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            }
        }

    }
#endif
