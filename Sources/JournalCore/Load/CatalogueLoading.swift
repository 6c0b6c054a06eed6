import Foundation

/// The song catalogue as the Load stage reads it: the files of `catalogue/`, one artist each.
extension JournalLoader {
    /// A catalogue file is data a program writes; it may hold far more than a day.
    static let maxCatalogueFileSize = 4 << 20

    /// The files of `catalogue/` (docs/content-format.md, "The song catalogue"), decoded; two
    /// files for one artist are a warning, and the first in path order is used.
    public func loadCatalogue(parallel: Bool = true, diagnostics: inout [Diagnostic]) -> SongCatalogue {
        loadCatalogueAndImages(parallel: parallel, diagnostics: &diagnostics).catalogue
    }

    /// One file of `catalogue/` as it is now (`journal add` and `journal enrich` read an artist's
    /// file again just before writing it, so an edit made meanwhile is kept); nil with the
    /// reasons when it cannot be used.
    public func loadCatalogueFile(_ relative: String) -> (artist: CatalogueArtist?, diagnostics: [Diagnostic]) {
        let file = decodeCatalogueFile(relative)
        return (file.value, file.diagnostics)
    }

    func decodeCatalogueFile(_ relative: String) -> DecodedFile<CatalogueArtist> {
        var found: [Diagnostic] = []
        guard
            let text = readText(
                relative, limit: Self.maxCatalogueFileSize, into: &found,
                tooLarge: "for a catalogue file: split the artist's songs over two files")
        else {
            return DecodedFile(value: nil, diagnostics: found)
        }
        var file = CatalogueDecoding.artist(text, path: display(relative), relative: relative)
        file.diagnostics = found + file.diagnostics
        return file
    }

    /// The catalogue, and the covers its files name by a site path.
    func loadCatalogueAndImages(parallel: Bool, diagnostics: inout [Diagnostic]) -> (catalogue: SongCatalogue, images: [StaticImageUse]) {
        let relatives = files(in: "catalogue", diagnostics: &diagnostics).filter {
            let lower = $0.lowercased()
            return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
        }
        let decoded = ParallelMap.map(relatives, parallel: parallel) { decodeCatalogueFile($0) }
        var artists: [CatalogueArtist] = []
        var images: [StaticImageUse] = []
        var fileOfArtist: [String: String] = [:]
        for (relative, file) in zip(relatives, decoded) {
            diagnostics += file.diagnostics
            images += file.images
            guard let artist = file.value else { continue }
            let key = SongKey.fold(artist.name)
            if let first = fileOfArtist[key] {
                diagnostics.append(
                    Diagnostic(
                        .warning, "this file is about '\(artist.name)', and so is \(first), which is used instead: keep one file an artist",
                        path: display(relative)))
                continue
            }
            fileOfArtist[key] = display(relative)
            artists.append(artist)
        }
        return (SongCatalogue(artists: artists), images)
    }
}
