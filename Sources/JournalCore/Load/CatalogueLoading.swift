import Foundation

/// The song catalogue as the Load stage reads it: the files of `catalogue/`, one artist each.
extension JournalLoader {
    /// A catalogue file is data a program writes; it may hold far more than a day.
    static let maxCatalogueFileSize = 4 << 20

    /// The files of `catalogue/` (docs/content-format.md, "The song catalogue"), decoded; files
    /// about one artist are one entry (`CatalogueArtist.continue`).
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
                tooLarge: "for a catalogue file: move some of its songs to a new file with the same 'artist:'")
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
        var indexOfArtist: [String: Int] = [:]
        for (relative, file) in zip(relatives, decoded) {
            diagnostics += file.diagnostics
            images += file.images
            guard let artist = file.value else { continue }
            let key = SongKey.fold(artist.name)
            if let index = indexOfArtist[key] {
                artists[index].continue(with: artist, path: display(relative), diagnostics: &diagnostics)
            } else {
                indexOfArtist[key] = artists.count
                artists.append(artist)
            }
        }
        diagnostics += Self.sharedSpellings(artists, display: display)
        return (SongCatalogue(artists: artists), images)
    }

    /// A spelling two entries claim (one's `also:` the other's name or `also:`): a warning at the
    /// later file; the first entry in path order keeps it.
    static func sharedSpellings(_ artists: [CatalogueArtist], display: (String) -> String) -> [Diagnostic] {
        var owner: [String: String] = [:]
        for artist in artists { owner[ArtistKey.fold(artist.name)] = owner[ArtistKey.fold(artist.name)] ?? artist.name }
        var found: [Diagnostic] = []
        for artist in artists {
            for spelling in artist.also {
                let key = ArtistKey.fold(spelling)
                if let other = owner[key], ArtistKey.fold(other) != ArtistKey.fold(artist.name) {
                    found.append(
                        Diagnostic(
                            .warning,
                            "'\(spelling)' in 'also' of '\(artist.name)' is already the artist '\(other)' of another catalogue file: it stays '\(other)'; remove it from one of them",
                            path: display(artist.sourcePath)))
                } else {
                    owner[key] = artist.name
                }
            }
        }
        return found
    }
}

extension CatalogueArtist {
    /// Adds `later`, another file about the same artist (`path`, as messages show it), to this
    /// entry: an artist's songs may be split over several files, which `journal add` and
    /// `journal enrich` do past `CatalogueFile.splitSize`. Its songs and albums follow this
    /// entry's (one already here is a warning, and the first is used); its genre and ids fill
    /// only what this entry lacks.
    public mutating func `continue`(with later: CatalogueArtist, path: String, diagnostics: inout [Diagnostic]) {
        otherSourcePaths.append(later.sourcePath)
        let spellings = Set(([name] + also).map(ArtistKey.fold))
        also += later.also.filter { !spellings.contains(ArtistKey.fold($0)) }
        if genres.isEmpty { genres = later.genres }
        for (name, id) in later.ids where ids[name] == nil { ids[name] = id }
        Self.append(later.songs, to: &songs, title: \.title, kind: "song", of: name, earlier: sourcePath, path: path, diagnostics: &diagnostics)
        Self.append(later.albums, to: &albums, title: \.title, kind: "album", of: name, earlier: sourcePath, path: path, diagnostics: &diagnostics)
    }

    /// Adds each of `later` whose title `entries` lacks (compared as songs are); one it already
    /// has is a warning at `path`, and the earlier file's is kept.
    private static func append<Entry>(
        _ later: [Entry], to entries: inout [Entry], title: KeyPath<Entry, String>, kind: String, of artist: String, earlier: String,
        path: String, diagnostics: inout [Diagnostic]
    ) {
        let titles = Set(entries.map { SongKey.fold($0[keyPath: title]) })
        for entry in later {
            guard !titles.contains(SongKey.fold(entry[keyPath: title])) else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "the \(kind) '\(entry[keyPath: title])' of '\(artist)' is also in an earlier file about them (\(earlier)), which is used instead",
                        path: path))
                continue
            }
            entries.append(entry)
        }
    }
}
