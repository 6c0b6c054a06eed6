import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of `.journal-cache/` a cache keeps its entries in (`CardCache`, `CoverCache`): made
/// on the first write, with the `.gitignore` that keeps the cache out of the journal's history,
/// and written only by renaming whole files in, so two builds at once or a killed build never
/// leave half an entry under its name. Safe to use from several threads at once.
final class CacheFolder: @unchecked Sendable {
    /// The `.gitignore` a build puts in `.journal-cache/`, whichever cache makes it first.
    static let ignoreText = "# journal's cache of share cards, resized covers and decoded content: safe to delete.\n*\n"
    /// A temporary file older than this was left by a build that died.
    static let staleSeconds = 600

    /// The folder, absolute.
    let path: String

    private let lock = NSLock()
    private var made = false
    private var temporaryCount = 0

    init(_ path: String) {
        self.path = path
    }

    /// Writes `bytes` as the folder's file `name`: first beside it, under a temporary name made
    /// of `key`, then renamed in. False, with nothing left behind, when any of that fails.
    func write(_ bytes: [UInt8], as name: String, key: String) -> Bool {
        let number: Int? = lock.withLock {
            if !made {
                guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil else { return nil }
                made = true
                // Never committed, whether or not the journal's .gitignore says so.
                _ = FileTree.writeNew(Array(Self.ignoreText.utf8), to: path + "/../.gitignore")
            }
            temporaryCount += 1
            return temporaryCount
        }
        guard let number else { return false }
        let temporary = path + "/.\(key).\(getpid()).\(number).tmp"
        guard FileTree.write(bytes, to: temporary) else {
            unlink(temporary)
            return false
        }
        if rename(temporary, path + "/" + name) != 0 {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Whether the file `name`, of `status`, is a temporary file a build that died left behind
    /// (older than `staleSeconds` at `now`, in seconds since 1970).
    static func isStaleTemporary(_ name: String, _ status: stat, now: Int) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && now - Platform.changeTimes(status).modified.seconds > staleSeconds
    }
}
