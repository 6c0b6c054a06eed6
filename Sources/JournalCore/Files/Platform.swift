import CPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import Foundation
#endif

/// A `readdir` entry, read in place. `readdir` hands out records only as long as their name, so
/// copying a whole `dirent` (as `entry.pointee.d_name` does) reads up to 256 bytes past a short
/// name, and past the last record of the system's buffer into an unmapped page: a crash that
/// shows only now and then, when a folder's last entry ends near a page boundary.
enum DirectoryEntry {
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)

    /// The entry's name (invalid UTF-8 repaired).
    static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
        guard let nameOffset else { return "" }
        return String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
    }

    /// The entry's name as its bytes, without the terminating zero.
    static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        guard let nameOffset else { return [] }
        let start = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
    }

    /// `DT_DIR`, `DT_REG`, `DT_UNKNOWN` ...
    static func type(_ entry: UnsafeMutablePointer<dirent>) -> Int32 {
        guard let typeOffset else { return Int32(DT_UNKNOWN) }
        return Int32((UnsafeRawPointer(entry) + typeOffset).load(as: UInt8.self))
    }
}

/// The system calls whose names or availability differ between Linux and macOS (STYLE.md: one
/// small file for them).
enum Platform {
    /// Gives the memory freed so far back to the system. glibc keeps what a stage's threads
    /// freed for reuse, so without this a build's resident size is the sum of its stages' peaks,
    /// not the largest of them.
    static func returnFreedMemory() {
        journal_return_freed_memory()
    }

    /// The path with every symbolic link and `.`/`..` resolved, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Swaps two existing paths in one atomic step (`renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renamex_np(RENAME_SWAP)` on macOS). Returns 0, or the `errno` of the failure; `ENOSYS`
    /// or `EINVAL` mean the system or the file system cannot swap.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        journal_exchange_paths(first, second) == 0 ? 0 : errno
    }

    /// Renames `from` to `to` (`rename`). Returns 0, or the `errno` of the failure.
    static func move(_ from: String, _ to: String) -> Int32 {
        rename(from, to) == 0 ? 0 : errno
    }

    /// Flushes the folder `root` and everything written below it to disk, before it goes live:
    /// on Linux the whole file system at once (`syncfs`: 0.15 to 0.2 s, where an `fsync` of every file
    /// of the 10-year site took 13 to 22 s); elsewhere every file and folder below it (`fsync`),
    /// then the drive's cache (`F_FULLFSYNC`). Returns 0, or the `errno` of the failure.
    static func flushTree(_ root: String) -> Int32 {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        #if canImport(Darwin)
            var failure: Int32 = 0
            FileTree.walk(root) { relative, kind in
                guard kind != .other, failure == 0 else { return }
                let entry = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                guard entry >= 0 else {
                    failure = errno
                    return
                }
                if fsync(entry) != 0 { failure = errno }
                close(entry)
            }
            guard failure == 0 else { return failure }
            return fcntl(descriptor, F_FULLFSYNC) == 0 ? 0 : errno
        #else
            return journal_sync_filesystem(descriptor) == 0 ? 0 : errno
        #endif
    }

    /// Flushes a folder's own entries to disk (`fsync`), so a rename in it is there after a power
    /// loss. Returns 0, or the `errno` of the failure.
    static func flushFolder(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Takes an exclusive advisory lock on a folder, held until `descriptor` is closed (or the
    /// process ends, however it ends). `wait`: until another process lets go, else fail at once.
    /// Returns the open descriptor, or nil with `errno` set (`EWOULDBLOCK` when another process
    /// holds the lock and `wait` is false).
    static func lockFolder(_ path: String, wait: Bool) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var result = flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB))
        while result != 0 && errno == EINTR { result = flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) }
        if result != 0 {
            let reason = errno
            close(descriptor)
            errno = reason
            return nil
        }
        return descriptor
    }

    static func unlock(_ descriptor: Int32) {
        close(descriptor)
    }

    /// A file's modification and status-change times (`st_mtim`/`st_ctim` in Glibc,
    /// `st_mtimespec`/`st_ctimespec` in Darwin).
    static func changeTimes(_ status: stat) -> (modified: (seconds: Int, nanoseconds: Int), changed: (seconds: Int, nanoseconds: Int)) {
        #if canImport(Darwin)
            let modified = status.st_mtimespec
            let changed = status.st_ctimespec
        #else
            let modified = status.st_mtim
            let changed = status.st_ctim
        #endif
        return ((Int(modified.tv_sec), Int(modified.tv_nsec)), (Int(changed.tv_sec), Int(changed.tv_nsec)))
    }

    /// A file's access and modification times, as `utimensat` takes them to set them back.
    static func accessAndModificationTimes(_ status: stat) -> [timespec] {
        #if canImport(Darwin)
            [status.st_atimespec, status.st_mtimespec]
        #else
            [status.st_atim, status.st_mtim]
        #endif
    }

    /// Flushes what was written to the file system of the open `descriptor` to disk: on Linux
    /// everything at once (`syncfs`), as thousands of `fsync`s would take minutes; on macOS the
    /// files were flushed one by one as they were written (`flushFile`), and this flushes the folder.
    static func syncFileSystem(of descriptor: Int32) {
        _ = journal_sync_filesystem(descriptor)
    }

    /// Flushes one file of an open folder to disk where `syncFileSystem` cannot do it for all
    /// files at once (macOS), or `always`.
    static func flushFile(in folder: Int32, named name: String, always: Bool = false) {
        #if canImport(Darwin)
            let flush = true
        #else
            let flush = always
        #endif
        guard flush else { return }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The path of the running program's file, or nil if the system cannot say.
    static var executablePath: String? {
        #if canImport(Darwin)
            // Foundation asks dyld (`_NSGetExecutablePath`).
            return Bundle.main.executablePath.flatMap(realPath)
        #else
            // The kernel's link to the program's file: a stat through it stamps the file itself.
            return "/proc/self/exe"
        #endif
    }

    /// The text of an `errno` value.
    /// A code of ours beside errno's: the path is there but is no regular file or folder (a pipe,
    /// a socket, a device), which a build never opens for reading: a pipe would never end.
    static let notAFile: Int32 = -1

    static func describe(_ code: Int32) -> String {
        code == notAFile ? "it is not a regular file (a pipe, a socket or a device)" : String(cString: strerror(code))
    }
}
