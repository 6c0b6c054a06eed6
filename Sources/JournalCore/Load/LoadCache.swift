import Foundation

/// What a long-running process (`journal serve`) keeps between loads of one journal: each
/// content file's decoded result, with the stamp of the file it came from. A file whose stamp
/// (size, inode, modification and status-change times) is unchanged is not read again, so a
/// rebuild after one edit decodes one file, not ten years of them. The result of a load is the
/// same with or without a cache, byte for byte: the cache only skips work.
public final class LoadCache: @unchecked Sendable {
    /// A decoded file and what it was decoded from.
    struct Entry {
        var stamp: String
        /// Everything besides the file that the decoding depended on (settings, a slug).
        var context: String
        var day: DecodedFile<Day>? = nil
        var playlist: DecodedFile<Playlist>? = nil
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// Files decoded (not taken from the cache) by the last load, for tests and timings.
    public var decodedLastTime: Int { lock.withLock { changedLastTime.count } }
    /// The files the last load decoded: new or changed since the load before (relative to
    /// the journal, like `content/diary/2026/11/2026-11-21.md`).
    public private(set) var changedLastTime: Set<String> = []
    private var changedNow: Set<String> = []
    /// The files loaded new or changed since the last build that ended with the whole site in
    /// place (`built()`): a build stopped or failed before then leaves its changes here, so the
    /// next build's first pass shows them too (`FirstPass`).
    public var unbuilt: Set<String> { lock.withLock { unbuiltFiles } }
    private var unbuiltFiles: Set<String> = []
    /// Every version of the days and playlists changed or gone since the last whole site
    /// (`unbuilt`) but the one loaded now: as that site showed them, and as the first passes of
    /// builds stopped since put them in place. The first pass also remakes what they were on (an
    /// artist a day no longer names, a tag taken off).
    var replaced: (days: [Day], playlists: [Playlist]) {
        lock.withLock {
            let entries = replacedEntries.values.joined()
            return (entries.compactMap { $0.day?.value }, entries.compactMap { $0.playlist?.value })
        }
    }
    private var replacedEntries: [String: [Entry]] = [:]

    public init() {}

    /// Nothing is kept yet: the first load of this process (serve's first build).
    var isEmpty: Bool { lock.withLock { entries.isEmpty } }

    func day(_ path: String, stamp: String, context: String, decode: () -> DecodedFile<Day>) -> DecodedFile<Day> {
        cached(path, stamp: stamp, context: context, get: \.day, set: { $0.day = $1 }, decode: decode, keeps: { !$0.transient })
    }

    func playlist(_ path: String, stamp: String, context: String, decode: () -> DecodedFile<Playlist>) -> DecodedFile<Playlist> {
        cached(path, stamp: stamp, context: context, get: \.playlist, set: { $0.playlist = $1 }, decode: decode, keeps: { !$0.transient })
    }

    /// The entry's value when it was decoded from this stamp and context; else decoded now and
    /// kept, when `keeps` says it may be.
    private func cached<Value>(
        _ path: String, stamp: String, context: String, get: (Entry) -> Value?,
        set: (inout Entry, Value) -> Void, decode: () -> Value, keeps: (Value) -> Bool
    ) -> Value {
        if let entry = lock.withLock({ entries[path] }), entry.stamp == stamp, entry.context == context, let value = get(entry) {
            return value
        }
        let value = decode()
        guard keeps(value) else {
            lock.withLock {
                if let old = entries.removeValue(forKey: path) { replacedEntries[path, default: []].append(old) }
                changedNow.insert(path)
            }
            return value
        }
        var entry = Entry(stamp: stamp, context: context)
        set(&entry, value)
        lock.withLock {
            if let old = entries[path] { replacedEntries[path, default: []].append(old) }
            entries[path] = entry
            changedNow.insert(path)
        }
        return value
    }

    /// Starts a load: forgets files that are gone and counts afresh.
    func begin(keeping paths: Set<String>) {
        lock.withLock {
            for (path, entry) in entries where !paths.contains(path) { replacedEntries[path, default: []].append(entry) }
            entries = entries.filter { paths.contains($0.key) }
            changedNow = []
        }
    }

    func end() {
        lock.withLock {
            changedLastTime = changedNow
            unbuiltFiles.formUnion(changedNow)
        }
    }

    /// The site the last load made is wholly in place: no change is left unbuilt.
    func built() {
        lock.withLock {
            unbuiltFiles = []
            replacedEntries = [:]
        }
    }

    /// A file's stamp: what changes whenever its bytes may have (`FileStamp`).
    static func stamp(_ status: stat) -> String { FileStamp.of(status) }
}
