import CPlatform
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the files of the new site reach the staging folder (`put`, `copy`): a file whose bytes
/// equal the previous site's is hard-linked instead of written, a cached one is linked from the
/// journal's `.journal-cache`, a static one is copied by the kernel, and what the spare held at
/// that path is never written into.
extension SiteWriter {
    /// Adds one file of the new site. Safe to call from several threads at once; a failure is
    /// remembered and reported by `commit`.
    public func put(_ file: OutputFile) {
        put(path: file.path) { file.bytes }
    }

    /// Adds a file whose bytes `cached`, a file of the journal's `.journal-cache`, holds as well
    /// (a resized cover, a share card): hard-linked from there instead of written where the file
    /// system allows, so a build into a new folder does not write them again. The caches check an
    /// entry's bytes before using it, so a site file changed in place, and the entry with it, is
    /// made again, never published.
    public func put(_ file: OutputFile, linkingFrom cached: String?) {
        put(path: file.path, linkingFrom: cached) { file.bytes }
    }

    /// Adds a file copied from `source` (a journal's `static/` file) at `relative`, with the
    /// source's modification time. A file of the previous site with the source's size and
    /// modification time, made after the source last changed (its ctime is later: an edit whose
    /// time was set back, `touch -r` or `cp -p`, moves the source's) and not changed since that
    /// site was put in place (its ctime is not after the output folder's), is taken as it is (linked);
    /// otherwise the file is copied by the kernel (`journal_copy_file`), never read into memory.
    public func copy(from source: String, to relative: String) {
        do throws(Failure) {
            try claim(relative)
            let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard input >= 0 else { throw Failure("cannot read \(source): \(Platform.describe(errno))") }
            defer { close(input) }
            var status = stat()
            guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                throw Failure("cannot read \(source): \(Platform.describe(errno == 0 ? EISDIR : errno))")
            }
            try ensureFolder(of: relative)
            let target = staging + "/" + relative
            let (was, now) = (Platform.changeTimes(previous(relative)), Platform.changeTimes(status))
            // The site's file last changed before the site was swapped into place (the output
            // folder's ctime): after that, only a name of it going (the spare's, a killed build's)
            // changes its ctime, which says nothing of its bytes.
            if let previous = previousFiles[relative], previous.st_size == status.st_size, was.modified == now.modified,
                was.changed.seconds > now.changed.seconds || was.changed.seconds == now.changed.seconds && was.changed.nanoseconds > now.changed.nanoseconds,
                let finished = previousSwapped,
                was.changed.seconds < finished.seconds || was.changed.seconds == finished.seconds && was.changed.nanoseconds <= finished.nanoseconds
            {
                if let kept = spareFiles[relative], kept.st_ino == previous.st_ino, kept.st_dev == previous.st_dev { return }
                clearSpare(relative)
                if link(output + "/" + relative, target) == 0 { return }
            }
            clearSpare(relative)
            let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw writeFailure(relative) }
            defer { close(descriptor) }
            switch journal_copy_file(input, descriptor, Int64(status.st_size)) {
            case 0: break
            case -2: throw Failure("\(source) got shorter while it was copied; build again once it is saved")
            default: throw Failure("cannot copy \(source) to \(relative): \(Platform.describe(errno))")
            }
            var times = Platform.accessAndModificationTimes(status)
            futimens(descriptor, &times)
            lock.withLock { _ = changed.insert(relative) }
        } catch {
            lock.withLock { failures += error.messages }
        }
    }

    /// The previous site's status of `relative` (zeros when it had none).
    private func previous(_ relative: String) -> stat {
        previousFiles[relative] ?? stat()
    }

    /// Records `path` as a file of the new site; a second claim of a path is a failure.
    private func claim(_ path: String) throws(Failure) {
        guard SitePath.isSafe(path) else { throw Failure("refusing to write outside the output folder: \(path)") }
        let isNew = lock.withLock { kept.insert(path).inserted }
        guard isNew else { throw Failure("two files of the site would be written to \(path)") }
    }

    private func put(path: String, linkingFrom cached: String? = nil, bytes: () throws(Failure) -> [UInt8]) {
        do throws(Failure) {
            try claim(path)
            let content = try bytes()
            try ensureFolder(of: path)
            var cachedStatus = stat()
            let cachedFile = cached.flatMap { lstat($0, &cachedStatus) == 0 && (cachedStatus.st_mode & S_IFMT) == S_IFREG ? $0 : nil }
            if let previous = previousFiles[path], Int(previous.st_size) == content.count,
                cachedFile != nil && previous.st_ino == cachedStatus.st_ino && previous.st_dev == cachedStatus.st_dev
                    || Self.file(output + "/" + path, holds: content)
            {
                // Unchanged: the same inode, so the same modification time; the spare may
                // already hold it.
                if let kept = spareFiles[path], kept.st_ino == previous.st_ino, kept.st_dev == previous.st_dev { return }
                clearSpare(path)
                if link(output + "/" + path, staging + "/" + path) == 0 { return }
                guard FileTree.writeNew(content, to: staging + "/" + path) else { throw writeFailure(path) }
                var times = Platform.accessAndModificationTimes(previous)
                utimensat(AT_FDCWD, staging + "/" + path, &times, 0)
                return
            }
            clearSpare(path)
            if let cachedFile, Int(cachedStatus.st_size) == content.count, link(cachedFile, staging + "/" + path) == 0 {
                lock.withLock { _ = changed.insert(path) }
                return
            }
            guard FileTree.writeNew(content, to: staging + "/" + path) else { throw writeFailure(path) }
            lock.withLock { _ = changed.insert(path) }
        } catch {
            lock.withLock { failures += error.messages }
        }
    }

    private func writeFailure(_ path: String) -> Failure {
        Failure("cannot write \(path): \(Platform.describe(errno))")
    }

    /// Makes the staged site the output in one atomic step, then removes the previous site.

    /// Makes room at `relative` in staging for a file: what the spare had there (a file, never
    /// written into, or a folder) is removed.
    private func clearSpare(_ relative: String) {
        guard spareFiles[relative] != nil || spareFolders.contains(relative) else { return }
        if unlink(staging + "/" + relative) != 0 && errno != ENOENT { FileTree.removeTree(staging + "/" + relative) }
    }

    private func ensureFolder(of relative: String) throws(Failure) {
        var missing: [String] = []
        var folder = Self.parent(of: relative)
        lock.withLock {
            while !madeFolders.contains(folder) {
                missing.append(folder)
                folder = Self.parent(of: folder)
            }
        }
        // Made outside the lock, so threads make folders at once; one that another thread made
        // meanwhile is there (EEXIST), and a folder is only recorded once it exists.
        for folder in missing.reversed() {
            // A file of the spare where the new site has a folder goes first.
            if spareFiles[folder] != nil { unlink(staging + "/" + folder) }
            if mkdir(staging + "/" + folder, 0o755) != 0 && errno != EEXIST {
                throw Failure("cannot create \(folder): \(Platform.describe(errno))")
            }
            lock.withLock { _ = madeFolders.insert(folder) }
        }
    }

    static func parent(of relative: String) -> String {
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(relative[..<slash])
    }

    /// Whether the regular file at `path` holds exactly `bytes`. Never follows a link.
    private static func file(_ path: String, holds bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        return FileTree.read(descriptor, count: bytes.count) == bytes
    }
}
