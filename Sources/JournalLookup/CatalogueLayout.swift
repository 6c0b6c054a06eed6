import JournalCore

/// How an artist's entry is laid out over files (docs/content-format.md, "The song catalogue"):
/// the files it was read from keep their songs and albums, a file that would pass
/// `CatalogueFile.splitSize` gives up its last songs (then albums), and each new or given-up one
/// goes to the first file it fits in, else to a new file. The build reads the files as one entry.
enum CatalogueLayout {
    /// The files' entries after `changed`: one for each of `parts` (the entry's files as read, in
    /// the order their paths are kept; none for an artist without a file), and any new ones after
    /// them. `before` is what `parts` made together, before the change.
    static func lay(_ changed: CatalogueArtist, before: CatalogueArtist, parts: [CatalogueArtist], limit: Int = CatalogueFile.splitSize)
        -> [CatalogueArtist]
    {
        var files = parts.map { part in
            CatalogueArtist(name: part.name, genres: part.genres, ids: part.ids, sourcePath: part.sourcePath)
        }
        if files.isEmpty { files = [CatalogueArtist(name: changed.name)] }
        // What the change gave the artist goes to the first file.
        if changed.genres != before.genres, files[0].genres.isEmpty { files[0].genres = changed.genres }
        for (name, id) in changed.ids where before.ids[name] == nil { files[0].ids[name] = id }
        var songFile: [String: Int] = [:]
        var albumFile: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for song in part.songs where songFile[SongKey.fold(song.title)] == nil { songFile[SongKey.fold(song.title)] = index }
            for album in part.albums where albumFile[SongKey.fold(album.title)] == nil { albumFile[SongKey.fold(album.title)] = index }
        }
        var newSongs: [CatalogueSong] = []
        var newAlbums: [CatalogueAlbum] = []
        for song in changed.songs {
            if let index = songFile[SongKey.fold(song.title)] { files[index].songs.append(song) } else { newSongs.append(song) }
        }
        for album in changed.albums {
            if let index = albumFile[SongKey.fold(album.title)] { files[index].albums.append(album) } else { newAlbums.append(album) }
        }
        // A file past the limit gives up its last songs, then albums, to be placed like new ones.
        var sizes = files.map { CatalogueFile.text($0).utf8.count }
        for index in files.indices {
            var movedSongs: [CatalogueSong] = []
            var movedAlbums: [CatalogueAlbum] = []
            while sizes[index] > limit, files[index].songs.count + files[index].albums.count > 1 {
                if files[index].songs.count <= 1, let album = files[index].albums.popLast() {
                    sizes[index] -= CatalogueFile.size(of: album) + (files[index].albums.isEmpty ? Self.albumsLine : 0)
                    movedAlbums.insert(album, at: 0)
                } else if let song = files[index].songs.popLast() {
                    sizes[index] -= CatalogueFile.size(of: song) + (files[index].songs.isEmpty ? Self.songsLine : 0)
                    movedSongs.insert(song, at: 0)
                }
            }
            newSongs = movedSongs + newSongs
            newAlbums = movedAlbums + newAlbums
        }
        // Each goes to the first file it fits in, else to a new last file.
        for song in newSongs {
            let grows = CatalogueFile.size(of: song)
            var index = files.indices.first { sizes[$0] + grows + (files[$0].songs.isEmpty ? Self.songsLine : 0) <= limit }
            if index == nil, let last = files.indices.last, files[last].songs.isEmpty && files[last].albums.isEmpty { index = last }
            let target = index ?? Self.append(to: &files, sizes: &sizes)
            sizes[target] += grows + (files[target].songs.isEmpty ? Self.songsLine : 0)
            files[target].songs.append(song)
        }
        for album in newAlbums {
            let grows = CatalogueFile.size(of: album)
            let target =
                files.indices.first { sizes[$0] + grows + (files[$0].albums.isEmpty ? Self.albumsLine : 0) <= limit }
                ?? Self.append(to: &files, sizes: &sizes)
            sizes[target] += grows + (files[target].albums.isEmpty ? Self.albumsLine : 0)
            files[target].albums.append(album)
        }
        return files
    }

    static let songsLine = "songs:\n".utf8.count
    static let albumsLine = "albums:\n".utf8.count

    /// A new last file, empty but for the artist's name; its index.
    private static func append(to files: inout [CatalogueArtist], sizes: inout [Int]) -> Int {
        files.append(CatalogueArtist(name: files[0].name))
        sizes.append(CatalogueFile.text(files[files.count - 1]).utf8.count)
        return files.count - 1
    }
}
