import Foundation
import JournalCore

/// Writing what lookups found into `catalogue/`, one artist's file at a time: the file is read
/// again just before it is written, so what the writer changed in it meanwhile is kept, and a file
/// that has a problem now is left alone (docs/content-format.md, "The song catalogue").
struct CatalogueUpdate {
    let source: String
    /// Each artist's file, by `SongKey.fold` of the name, as the catalogue had them.
    private var paths: [String: String]
    /// Every file name taken, lowercased, so a new artist's file never replaces another's.
    private var taken: Set<String>
    /// The files whose artist is known (in `paths`, or not an artist's file).
    private var read: Set<String>

    init(source: String, catalogue: SongCatalogue) {
        self.source = source
        paths = Dictionary(catalogue.artists.map { (SongKey.fold($0.name), $0.sourcePath) }, uniquingKeysWith: { first, _ in first })
        taken = Set(catalogue.artists.map { $0.sourcePath.lowercased() })
        read = Set(catalogue.artists.map(\.sourcePath))
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
            if let artist = JournalLoader(source: source).loadCatalogueFile(relative).artist, paths[SongKey.fold(artist.name)] == nil {
                paths[SongKey.fold(artist.name)] = relative
            }
        }
    }

    /// Applies `change` to `artist`'s entry as its file is now (a new entry when there is none) and
    /// writes the file whole when anything changed. Returns the file written (nil: nothing changed),
    /// or why nothing could be.
    mutating func apply(to artist: String, dryRun: Bool, _ change: (inout CatalogueArtist) -> Bool) -> Result<String?, CatalogueUpdateProblem> {
        let key = SongKey.fold(artist)
        if paths[key] == nil { readNewFiles() }
        var entry = CatalogueArtist(name: artist)
        var relative = paths[key]
        if let existing = relative, FileManager.default.fileExists(atPath: join(source, existing)) {
            let (current, diagnostics) = JournalLoader(source: source).loadCatalogueFile(existing)
            guard let current, diagnostics.isEmpty else {
                return .failure(.fileHasProblems(diagnostics.first?.description ?? existing))
            }
            guard SongKey.fold(current.name) == key else { return .failure(.fileHasProblems("\(existing) is about '\(current.name)' now")) }
            entry = current
        } else {
            relative = nil
        }
        guard change(&entry) else { return .success(nil) }
        let target = relative ?? CatalogueFile.newPath(for: artist, taken: taken)
        read.insert(target)
        let text = CatalogueFile.text(entry)
        if let problem = CatalogueFile.problem(in: text, path: target) {
            return .failure(.wouldNotReadBack(problem.description))
        }
        taken.insert(target.lowercased())
        paths[key] = target
        if !dryRun {
            do throws(CatalogueFile.WriteProblem) {
                try CatalogueFile.save(text, to: target, source: source)
            } catch {
                return .failure(.cannotWrite(error.description))
            }
        }
        return .success(target)
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
