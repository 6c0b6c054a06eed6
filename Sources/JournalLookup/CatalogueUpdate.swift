import Foundation
import JournalCore

/// Writing what lookups found into `catalogue/`, one artist's file at a time: the file is read
/// again just before it is written, so what the writer changed in it meanwhile is kept, and a file
/// that has a problem now is left alone (docs/content-format.md, "The song catalogue").
struct CatalogueUpdate {
    let source: String
    /// Each artist's files, by `SongKey.fold` of the name, as the catalogue had them (the first
    /// holds the artist's own fields; the others continue its songs).
    private var paths: [String: [String]]
    /// Every file name taken, lowercased, so a new artist's file never replaces another's.
    private var taken: Set<String>
    /// The files whose artist is known (in `paths`, or not an artist's file).
    private var read: Set<String>

    init(source: String, catalogue: SongCatalogue) {
        self.source = source
        paths = Dictionary(
            catalogue.artists.map { (SongKey.fold($0.name), [$0.sourcePath] + $0.otherSourcePaths) }, uniquingKeysWith: { first, _ in first })
        let all = catalogue.artists.flatMap { [$0.sourcePath] + $0.otherSourcePaths }
        taken = Set(all.map { $0.lowercased() })
        read = Set(all)
        for relative in Self.files(source) { taken.insert(relative.lowercased()) }
    }

    /// The catalogue's files as they are now, relative to the journal.
    static func files(_ source: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: join(source, "catalogue"))) ?? [])
            .filter { !$0.hasPrefix(".") && ($0.lowercased().hasSuffix(".yaml") || $0.lowercased().hasSuffix(".yml")) }
            .sorted().map { "catalogue/" + $0 }
    }

    /// Learns the artists of files made since the run began (by the writer, meanwhile), so an
    /// artist they are about gets no second file.
    private mutating func readNewFiles() {
        for relative in Self.files(source) where !read.contains(relative) {
            read.insert(relative)
            taken.insert(relative.lowercased())
            if let artist = JournalLoader(source: source).loadCatalogueFile(relative).artist {
                paths[SongKey.fold(artist.name), default: []].append(relative)
            }
        }
    }

    /// Applies `change` to `artist`'s entry as its files are now (a new entry when there is none)
    /// and writes each file whose text changed, whole; songs past `CatalogueFile.splitSize` go on
    /// in a next file (`CatalogueLayout`). Returns the first file written (nil: nothing changed),
    /// or why nothing could be.
    mutating func apply(to artist: String, dryRun: Bool, _ change: (inout CatalogueArtist) -> Bool) -> Result<String?, CatalogueUpdateProblem> {
        let key = SongKey.fold(artist)
        if paths[key] == nil { readNewFiles() }
        var parts: [CatalogueArtist] = []
        var texts: [String: String] = [:]
        for existing in paths[key] ?? [] where FileManager.default.fileExists(atPath: join(source, existing)) {
            let (current, diagnostics) = JournalLoader(source: source).loadCatalogueFile(existing)
            guard let current, diagnostics.isEmpty else {
                return .failure(.fileHasProblems(diagnostics.first?.description ?? existing))
            }
            guard SongKey.fold(current.name) == key else { return .failure(.fileHasProblems("\(existing) is about '\(current.name)' now")) }
            parts.append(current)
            texts[existing] = CatalogueFile.text(current)
        }
        var before = CatalogueArtist(name: artist)
        if let first = parts.first {
            before = first
            var ignored: [Diagnostic] = []
            for later in parts.dropFirst() { before.continue(with: later, path: later.sourcePath, diagnostics: &ignored) }
        }
        var entry = before
        guard change(&entry) else { return .success(nil) }
        var files = CatalogueLayout.lay(entry, before: before, parts: parts)
        var writes: [(relative: String, text: String)] = []
        for index in files.indices {
            if files[index].sourcePath.isEmpty {
                files[index].sourcePath = CatalogueFile.newPath(for: artist, taken: taken)
                taken.insert(files[index].sourcePath.lowercased())
            }
            let relative = files[index].sourcePath
            read.insert(relative)
            let text = CatalogueFile.text(files[index])
            guard text != texts[relative] else { continue }
            if let problem = CatalogueFile.problem(in: text, path: relative) {
                return .failure(.wouldNotReadBack(problem.description))
            }
            writes.append((relative, text))
        }
        paths[key] = files.map(\.sourcePath)
        if !dryRun {
            // Later files first: a song moved on is in its new file before it leaves the old
            // one, so a run stopped between the two leaves it twice (a warning), never nowhere.
            for write in writes.reversed() {
                do throws(CatalogueFile.WriteProblem) {
                    try CatalogueFile.save(write.text, to: write.relative, source: source)
                } catch {
                    return .failure(.cannotWrite(error.description))
                }
            }
        }
        return .success(writes.first?.relative)
    }
}

enum CatalogueUpdateProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case fileHasProblems(String)
    /// What was found would make the file unreadable (a value no YAML reads back as written).
    case wouldNotReadBack(String)
    case cannotWrite(String)

    var description: String {
        switch self {
        case .fileHasProblems(let problem): return "the catalogue file has a problem (\(problem)); fix it and run again"
        case .wouldNotReadBack(let problem): return "what was found would not read back (\(problem)), so the file was left as it was"
        case .cannotWrite(let reason): return reason
        }
    }
}
