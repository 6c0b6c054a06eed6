import CPlatform
import Foundation

/// Removing a folder of our own (the one `journal serve` builds into) against the clock: as much
/// as a moment allows, then the rest by a process that outlives this one, so stopping never waits
/// on a slow disk for thousands of files.
public enum FolderRemoval {
    /// How far `remove` got.
    public enum Outcome: Sendable, Equatable {
        case removed
        /// Time ran out first: part of the folder is left.
        case outOfTime
        /// Something in it could not be removed.
        case failed
    }

    /// Removes `path` and all it holds, spending at most about `seconds`. Links are removed,
    /// never followed.
    public static func remove(_ path: String, within seconds: Double = .infinity) -> Outcome {
        switch journal_remove_tree(path, seconds) {
        case 0: .removed
        case 1: .outOfTime
        default: .failed
        }
    }

    /// Starts `rm -rf` on `path` in a session of its own, which goes on after this process ends
    /// and is not reached by the terminal's Ctrl-C; false if it could not be started. A thread
    /// waits for it, so a process that lives on is not left with a zombie.
    public static func removeInBackground(_ path: String) -> Bool {
        let child = journal_remove_detached(path)
        guard child > 0 else { return false }
        let waiter = Thread {
            var status: Int32 = 0
            while waitpid(pid_t(child), &status, 0) < 0 && errno == EINTR {}
        }
        waiter.name = "journal: background removal"
        waiter.start()
        return true
    }
}
