import Foundation
import JournalCore

/// Answers kept on disk, under `<folder>/lookup/<service>/<key>.json`, so that a second run asks
/// nothing. Only `found` and `notFound` are kept. Each entry is written to a temporary file in the
/// same folder and renamed, so an interrupted run never leaves half an entry; an entry that does
/// not read back is treated as absent.
struct LookupCache: Sendable {
    /// The folder holding `lookup/`; nil keeps nothing.
    let folder: String?

    /// What one file holds. `text` for UTF-8 bodies (readable when looking into the cache),
    /// `bytes` (base64) for the rest.
    private struct Entry: Codable {
        var outcome: String
        var text: String?
        var bytes: Data?
    }

    private func path(_ area: String, _ key: String) -> String? {
        folder.map { "\($0)/lookup/\(area)/\(key).json" }
    }

    func read(_ area: String, _ key: String) -> LookupResult? {
        guard let path = path(area, key), let data = FileManager.default.contents(atPath: path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data)
        else { return nil }
        switch entry.outcome {
        case "not-found": return .notFound
        case "found":
            if let text = entry.text { return .found(Data(text.utf8)) }
            if let bytes = entry.bytes { return .found(bytes) }
            return nil
        default: return nil
        }
    }

    /// Keeps a `found` or `notFound`; anything else is ignored. A failure to write is not an
    /// error: the next run asks again.
    func write(_ area: String, _ key: String, _ result: LookupResult) {
        guard let path = path(area, key) else { return }
        let entry: Entry
        switch result {
        case .found(let data):
            if let text = String(data: data, encoding: .utf8) {
                entry = Entry(outcome: "found", text: text)
            } else {
                entry = Entry(outcome: "found", bytes: data)
            }
        case .notFound: entry = Entry(outcome: "not-found")
        default: return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return }
        let folder = parentFolder(of: path)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/.\(key).\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
