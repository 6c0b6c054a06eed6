import Foundation
import JournalCore

/// One `journal add` or `journal enrich` at a time per journal: both read the catalogue and
/// write it back. A lock on `.journal-cache/catalogue.lock`, which the system lets go of when the
/// process ends, however it ends.
public final class CatalogueLock: @unchecked Sendable {
    private let descriptor: Int32

    /// Takes the lock, or nil when another process holds it (or it cannot be made: then the run
    /// goes on without it, as a build does without its cache).
    public static func take(source: String) -> Result<CatalogueLock?, CatalogueLockBusy> {
        let folder = join(source, ".journal-cache")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(join(folder, "catalogue.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .success(nil) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .failure(CatalogueLockBusy())
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
    public var description: String {
        "another journal add or journal enrich is writing this journal's catalogue: wait for it to finish, then run this again"
    }
}
