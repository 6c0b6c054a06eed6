import Foundation
import JournalCore

/// One `journal add` or `journal enrich` at a time per journal: both read the catalogue and
/// write it back. A lock on `.journal-cache/catalogue.lock`, which the system lets go of when the
/// process ends, however it ends. `journal sync` takes one of its own, `sync.lock`.
public final class CatalogueLock: @unchecked Sendable {
    private let descriptor: Int32

    /// Takes the lock, or nil when another process holds it (or it cannot be made: then the run
    /// goes on without it, as a build does without its cache).
    public static func take(source: String, file: String = "catalogue.lock") -> Result<CatalogueLock?, CatalogueLockBusy> {
        let folder = join(source, ".journal-cache")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(join(folder, file), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return .success(nil) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .failure(CatalogueLockBusy(file: file))
        }
        return .success(CatalogueLock(descriptor: descriptor))
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

public struct CatalogueLockBusy: Error, Equatable, Sendable, CustomStringConvertible {
    /// The lock's file: `catalogue.lock` or `sync.lock`.
    var file = "catalogue.lock"

    public var description: String {
        file == "sync.lock"
            ? "another journal sync is running on this journal: wait for it to finish (a second would read the same listens)"
            : "another journal add or journal enrich is writing this journal's catalogue: wait for it to finish, then run this again"
    }
}
