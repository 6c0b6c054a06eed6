import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps what a build decoded (`ContentCache`) in `.journal-cache/content/decoded` for the next
/// build: written to a new file beside it (never through a link planted there) and renamed over
/// it, so a build killed while writing, or two builds at once, leave a whole file (one of them) or
/// none. Failures are ignored: they only leave work for a later build.
enum ContentCacheWriter {
    static func keep(_ cache: ContentCache, source: String) {
        guard let file = cache.updated, let folder = ContentCache.folder(journal: source) else { return }
        if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil { return }
        // Made new, never written through a name that is there (a link left in the cache).
        _ = FileTree.writeNew(Array(CacheFolder.ignoreText.utf8), to: folder + "/../.gitignore")
        FileTree.replace(ContentCache.fileName, in: folder, with: file)
        // Temporary files of builds killed while writing.
        let now = Int(time(nil))
        FileTree.walkWithStatus(folder, recursive: false) { name, status in
            guard (status.st_mode & S_IFMT) == S_IFREG, CacheFolder.isStaleTemporary(name, status, now: now) else { return }
            unlink(folder + "/" + name)
        }
    }
}
