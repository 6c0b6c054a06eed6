import Foundation
import JournalCore

/// How far a source has been read, kept in `.journal-cache/sync/`: the start of the newest
/// listen of the months written. The log alone cannot say it when two services hold the same
/// listens: the second one's plays are all "already in the log" under the first one's name, and
/// it would read its whole history at every sync. A cache: without it (a fresh clone) the next
/// sync starts from the log, which costs time, never a listen.
struct SyncMark {
    let path: String

    init(source: String, entry: SyncSource) {
        var hash = SHA256()
        hash.add(entry.service.rawValue + "\u{0}" + (entry.user ?? entry.server ?? ""))
        path = join(source, ".journal-cache/sync/\(entry.service.rawValue)-\(hash.hex().prefix(16)).txt")
    }

    /// The instant kept, or nil (none, or not a number).
    func read() -> Int64? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 64,
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
        else { return nil }
        return Int64(text)
    }

    /// Keeps `instant` (written whole or not at all; a cache that cannot be written is left be).
    func write(_ instant: Int64) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data((String(instant) + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
