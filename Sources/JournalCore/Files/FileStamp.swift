import Foundation

/// A file's stamp: what changes whenever its bytes may have (size, inode, modification and
/// status-change times, to the nanosecond) and its mode. One form for every cache and marker
/// that decides a file is unchanged without reading it: the decoded-content cache
/// (`ContentCache`, `LoadCache`) and the output's up-to-date marker (`UpToDate`).
enum FileStamp {
    /// `linkedFilesKeepNoCtime`: for the output only. A site file with other names (a cover's
    /// square or a card linked from `.journal-cache`, and from other builds' outputs) gets a new
    /// ctime whenever one of those names is made or removed; its size, inode and modification
    /// time still show an edit made to it, and the caches check its bytes before it is used again.
    static func of(_ status: stat, linkedFilesKeepNoCtime: Bool = false) -> String {
        let times = Platform.changeTimes(status)
        let changed =
            linkedFilesKeepNoCtime && status.st_nlink > 1 && (status.st_mode & S_IFMT) == S_IFREG
            ? "linked" : "\(times.changed.seconds).\(times.changed.nanoseconds)"
        return "\(status.st_size) \(status.st_ino) \(times.modified.seconds).\(times.modified.nanoseconds) \(changed) \(status.st_mode)"
    }
}
