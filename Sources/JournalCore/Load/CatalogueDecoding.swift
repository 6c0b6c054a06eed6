import Foundation
import Yams

/// Decodes one file of `catalogue/` (docs/content-format.md, "The song catalogue"): an artist,
/// their songs and albums, every problem a diagnostic at its line and column.
enum CatalogueDecoding {
    static let artistFields = ["artist", "also", "genre", "ids", "songs", "albums"]
    static let songFields = ["title", "credits", "album", "genre", "duration", "released", "artwork", "preview", "links", "ids"]
    static let albumFields = ["title", "genre", "released", "artwork", "ids"]

    /// The artist the file describes, or nil with the reasons; and the covers it names by a site
    /// path, which Load checks against `static/`.
    static func artist(_ text: String, path: String, relative: String) -> DecodedFile<CatalogueArtist> {
        var reader = YAMLFields(path: path, firstLine: 1)
        guard let root = reader.root(of: text, what: "a catalogue file") else { return DecodedFile(value: nil, diagnostics: reader.diagnostics) }
        guard root.mapping != nil else {
            reader.error("a catalogue file is a mapping with 'artist' and 'songs', found \(reader.describe(root))", at: root)
            return DecodedFile(value: nil, diagnostics: reader.diagnostics)
        }
        let fields = reader.fields(of: root, known: artistFields, in: "a catalogue file")
        let name = reader.requiredString(fields, "artist", in: "a catalogue file", owner: root)
        let also = reader.otherSpellings(fields["also"], of: name)
        let genres = reader.stringList(fields["genre"], field: "genre")
        let ids = reader.ids(fields["ids"])
        var songs: [CatalogueSong] = []
        for (number, item) in reader.list(fields["songs"], field: "songs").enumerated() {
            if let song = reader.catalogueSong(item, number: number + 1) { songs.append(song) }
        }
        var albums: [CatalogueAlbum] = []
        for (number, item) in reader.list(fields["albums"], field: "albums").enumerated() {
            if let album = reader.catalogueAlbum(item, number: number + 1) { albums.append(album) }
        }
        guard let name, !reader.diagnostics.hasErrors else { return DecodedFile(value: nil, diagnostics: reader.diagnostics, images: reader.images) }
        // Without errors every item became an entry, so the titles line up with the list's items.
        reader.warnRepeats(songs.map(\.title), in: fields["songs"], what: "song")
        reader.warnRepeats(albums.map(\.title), in: fields["albums"], what: "album")
        var artist = CatalogueArtist(name: name, genres: genres, ids: ids, songs: songs, albums: albums, sourcePath: relative)
        artist.also = also
        return DecodedFile(value: artist, diagnostics: reader.diagnostics, images: reader.images)
    }
}

extension YAMLFields {
    /// The items of a list field; empty when absent, an error when it is not a list.
    mutating func list(_ node: Node?, field: String) -> [Node] {
        guard let node, !isMissing(node) else { return [] }
        guard let sequence = node.sequence else {
            error("'\(field)' must be a list, found \(describe(node))", at: node)
            return []
        }
        return Array(sequence)
    }

    /// `also:`, other spellings of the entry's artist `name`: text or a list of text, none empty;
    /// one that is already `name` (or listed twice) is a warning and left out.
    mutating func otherSpellings(_ node: Node?, of name: String?) -> [String] {
        guard let node, !isMissing(node) else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        var seen = Set(name.map { [ArtistKey.fold($0)] } ?? [])
        var spellings: [String] = []
        for item in items {
            guard let text = item.scalar?.string.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                let found = item.scalar != nil ? "an empty name" : describe(item)
                error("each item of 'also' must be another spelling of this artist's name, like 'also: [SEMATARY]', found \(found)", at: item)
                continue
            }
            guard seen.insert(ArtistKey.fold(text)).inserted else {
                warning(
                    "'\(text)' in 'also' is already this artist's name, or listed before: spellings that differ only in case or punctuation are one artist anyway",
                    at: item)
                continue
            }
            spellings.append(text)
        }
        return spellings
    }

    /// `ids:`, a mapping of service names to the song's, album's or artist's id there.
    mutating func ids(_ node: Node?) -> [String: String] {
        guard let node, !isMissing(node) else { return [:] }
        guard let mapping = node.mapping else {
            error("'ids' must be a mapping like 'itunes: 1636789973', found \(describe(node))", at: node)
            return [:]
        }
        var ids: [String: String] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string, !name.isEmpty,
                name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") })
            else {
                error("a name in 'ids' must be a word like 'itunes' or 'musicbrainz', found \(describe(key))", at: key)
                continue
            }
            if let id = string(value, field: "ids.\(name)") { ids[name] = id }
        }
        return ids
    }

    mutating func catalogueSong(_ node: Node, number: Int) -> CatalogueSong? {
        let what = "song \(number)"
        guard let fields = entryFields(of: node, known: CatalogueDecoding.songFields, in: what, needing: "'title'") else { return nil }
        let title = requiredString(fields, "title", in: what, owner: node)
        let song = CatalogueSong(
            title: title ?? "", album: string(fields["album"], field: "album"),
            genres: stringList(fields["genre"], field: "genre"), duration: duration(fields["duration"]),
            released: released(fields["released"]), artwork: image(fields["artwork"], field: "artwork"),
            preview: url(fields["preview"], field: "preview"), links: links(fields["links"]),
            ids: ids(fields["ids"]), credits: creditedArtists(fields["credits"]))
        return title == nil ? nil : song
    }

    /// A song's `credits:`, its artists as MusicBrainz credits them, main artist first: a list of
    /// names (one name alone is a list of one), none empty; a name listed twice is a warning and
    /// left out (docs/content-format.md, "Artist credits").
    mutating func creditedArtists(_ node: Node?) -> [String] {
        guard let node, !isMissing(node) else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        var seen = Set<String>()
        var names: [String] = []
        for item in items {
            guard let text = item.scalar?.string.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                let found = item.scalar != nil ? "an empty name" : describe(item)
                error(
                    "each item of 'credits' must be the name of one artist of the song, main artist first, like 'credits: [Simon & Garfunkel]' or 'credits: [Daft Punk, Kanye West]', found \(found)",
                    at: item)
                continue
            }
            guard seen.insert(ArtistKey.fold(text)).inserted else {
                warning(
                    "'\(text)' is listed twice in 'credits' (spellings that differ only in case or punctuation are one artist): the first is used", at: item)
                continue
            }
            names.append(text)
        }
        return names
    }

    mutating func catalogueAlbum(_ node: Node, number: Int) -> CatalogueAlbum? {
        let what = "album \(number)"
        guard let fields = entryFields(of: node, known: CatalogueDecoding.albumFields, in: what, needing: "'title'") else { return nil }
        let title = requiredString(fields, "title", in: what, owner: node)
        let album = CatalogueAlbum(
            title: title ?? "", genres: stringList(fields["genre"], field: "genre"),
            released: released(fields["released"]), artwork: image(fields["artwork"], field: "artwork"),
            ids: ids(fields["ids"]))
        return title == nil ? nil : album
    }

    /// Two entries for one song (or album) of a file: the first is used, the later one is a warning.
    mutating func warnRepeats(_ titles: [String], in node: Node?, what: String) {
        guard let sequence = node?.sequence else { return }
        var seen: [String: Int] = [:]
        for (index, title) in titles.enumerated() where index < sequence.count {
            let key = SongKey.fold(title)
            if let first = seen[key] {
                warning("\(what) '\(title)' is listed twice in this file (also \(what) \(first + 1)): the first is used", at: sequence[index])
            } else {
                seen[key] = index
            }
        }
    }
}
