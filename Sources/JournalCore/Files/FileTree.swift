#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// Walks folders and reads whole files with plain POSIX calls, for Load, Write and the
/// up-to-date check alike: no FileManager enumerator, and no `stat` for an entry whose kind the
/// folder listing already gives.
enum FileTree {
    enum Kind { case file, folder, other }

    /// Calls `visit` with every entry below `root` (relative path and kind), folders before what
    /// they hold, in no particular order. `skipHidden` leaves out names starting with `.` and
    /// everything inside such folders. Symbolic links are `.other` and never followed.
    /// `recursive: false` lists `root` itself only.
    static func walk(_ root: String, skipHidden: Bool = false, recursive: Bool = true, _ visit: (_ relative: String, _ kind: Kind) -> Void) {
        walk(root, skipHidden: skipHidden, withStatus: false, recursive: recursive) { path, kind, _ in visit(path, kind) }
    }

    /// Like `walk`, with each entry's status as `lstat` gives it (read relative to its open
    /// folder, so no path is looked up twice).
    /// `recursive: false` lists `root` itself only.
    /// Returns false when some folder could not be listed, or some entry looked at.
    @discardableResult
    static func walkWithStatus(_ root: String, recursive: Bool = true, _ visit: (_ relative: String, _ status: stat) -> Void) -> Bool {
        walk(root, skipHidden: false, withStatus: true, recursive: recursive) { path, _, status in visit(path, status) }
    }

    @discardableResult
    private static func walk(_ root: String, skipHidden: Bool, withStatus: Bool, recursive: Bool = true, _ visit: (String, Kind, stat) -> Void) -> Bool {
        var pending = [""]
        var complete = true
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else {
                complete = false
                continue
            }
            defer { closedir(directory) }
            let folder = dirfd(directory)
            while let entry = readdir(directory) {
                let name = DirectoryEntry.name(entry)
                guard name != ".", name != "..", !(skipHidden && name.hasPrefix(".")) else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                let type = DirectoryEntry.type(entry)
                var kind: Kind = type == Int32(DT_DIR) ? .folder : type == Int32(DT_REG) ? .file : .other
                // Some file systems leave the type unknown: then ask.
                if withStatus || type == Int32(DT_UNKNOWN) {
                    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                        complete = false
                        continue
                    }
                    kind = (status.st_mode & S_IFMT) == S_IFDIR ? .folder : (status.st_mode & S_IFMT) == S_IFREG ? .file : .other
                }
                visit(path, kind, status)
                if kind == .folder && recursive { pending.append(path) }
            }
        }
        return complete
    }

    /// Removes `path` and everything below it. Symbolic links are removed, never followed, so
    /// nothing outside `path` is touched. Returns false if anything could not be removed.
    @discardableResult
    static func removeTree(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return unlink(path) == 0 }
        var folders: [String] = []
        var complete = true
        walk(path) { relative, kind in
            if kind == .folder {
                folders.append(relative)
            } else if unlink(path + "/" + relative) != 0 {
                complete = false
            }
        }
        // Deepest first: a folder is listed before what it holds, so its path is shorter.
        for relative in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) where rmdir(path + "/" + relative) != 0 {
            complete = false
        }
        return rmdir(path) == 0 && complete
    }

    enum Reading {
        case bytes([UInt8])
        /// The file's size, over the limit: nothing was read.
        case tooLarge(Int)
        /// The `errno` of the failure.
        case failed(Int32)
    }

    /// The whole file if it holds at most `limit` bytes. The size is checked before anything is
    /// read, so a huge file costs nothing.
    static func read(_ path: String, limit: Int) -> Reading {
        // Not blocking: opening a pipe would wait for a writer for ever; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failed(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failed((status.st_mode & S_IFMT) == S_IFDIR ? EISDIR : Platform.notAFile) }
        guard Int(status.st_size) <= limit else { return .tooLarge(Int(status.st_size)) }
        guard let bytes = read(descriptor, count: Int(status.st_size)) else { return .failed(errno == 0 ? EIO : errno) }
        return .bytes(bytes)
    }

    /// The whole file, or nil if it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return read(descriptor, count: Int(status.st_size))
    }

    /// The first `count` bytes of a file (all of it when it is shorter), or nil if it cannot be read.
    static func head(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < count {
                let got = systemRead(descriptor, base + offset, count - offset)
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { return -1 }
                if got == 0 { break }
                offset += got
            }
            return offset
        }
        return got < 0 ? nil : Array(bytes.prefix(got))
    }

    /// Exactly `count` bytes from an open file, or nil if it holds fewer or cannot be read.
    static func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < count {
                let got = systemRead(descriptor, base + offset, count - offset)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    // Cut short while read: an error of its own, not whatever errno held before.
                    if got == 0 { errno = EIO }
                    return false
                }
                offset += got
            }
            return true
        }
        return complete ? bytes : nil
    }

    /// Writes `bytes` to a file made at `path` (none may be there: a name that is there, a link
    /// into a cache or a site under another letter case, is never written through).
    static func writeNew(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(bytes, to: descriptor) == 0
    }

    /// Replaces the file `name` in `folder` by one holding `bytes`: written to a new file beside
    /// it (`.NAME.PID.tmp`, never through a link left there) and renamed over it, so a process
    /// killed while writing, or two at once, leave a whole file or the one before. False, leaving
    /// nothing behind, when it cannot.
    @discardableResult
    static func replace(_ name: String, in folder: String, with bytes: [UInt8]) -> Bool {
        let temporary = folder + "/.\(name).\(getpid()).tmp"
        unlink(temporary)
        guard writeNew(bytes, to: temporary), rename(temporary, folder + "/" + name) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Writes `bytes` to a new or truncated file at `path`.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(bytes, to: descriptor) == 0
    }

    /// Writes all of `bytes` to an open file: 0, or the `errno` of the failure.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}
