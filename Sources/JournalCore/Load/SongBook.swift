/// Every song remembered (docs/content-format.md, "Songs are remembered"): what is known about a
/// song from the catalogue and from all its plays, applied to each play that does not say it.
/// What a day writes for its own play always wins for that play.
struct SongBook: Sendable {
    /// What is known about one song, best source first: the catalogue, then its newest play that
    /// says it.
    struct Song: Sendable {
        var album: String?
        var genres: [String] = []
        var duration: Int?
        var released: ReleaseDate?
        var artwork: LinkTarget?
        var preview: LinkTarget?
        var links: [TrackLink] = []
        /// The album the artwork and release date came with, when one was named.
        var albumOfArtwork: String?
    }

    struct Album: Sendable {
        var genres: [String] = []
        var released: ReleaseDate?
        var artwork: LinkTarget?
    }

    private(set) var songs: [String: Song] = [:]
    private(set) var albums: [String: Album] = [:]
    /// `genres.artists` of journal.yaml, by `GenreKey.fold` of the artist.
    private let configuredArtistGenres: [String: String]
    /// The catalogue's artist genres, by `SongKey.fold` of the artist.
    private var catalogueArtistGenres: [String: [String]] = [:]

    init(catalogue: SongCatalogue, days: [Day], artistGenres: [String: String]) {
        configuredArtistGenres = artistGenres
        for artist in catalogue.artists {
            let artistKey = SongKey.fold(artist.name)
            if !artist.genres.isEmpty, catalogueArtistGenres[artistKey] == nil { catalogueArtistGenres[artistKey] = artist.genres }
            for entry in artist.albums {
                let key = SongKey.album(artist: artist.name, album: entry.title)
                guard albums[key] == nil else { continue }
                albums[key] = Album(genres: entry.genres, released: entry.released, artwork: entry.artwork)
            }
            for entry in artist.songs {
                let key = SongKey.song(artist: artist.name, title: entry.title)
                guard songs[key] == nil else { continue }
                songs[key] = Song(
                    album: entry.album, genres: entry.genres, duration: entry.duration, released: entry.released,
                    artwork: entry.artwork, preview: entry.preview, links: entry.links,
                    albumOfArtwork: entry.artwork == nil && entry.released == nil ? nil : entry.album)
            }
        }
        // Newest play first: what was written last is what the writer knows best. Files come in
        // path order, which need not be date order.
        for day in days.sorted(by: { $0.date > $1.date }) {
            for track in day.tracks {
                learn(track, songKey: SongKey.song(artist: track.primaryArtist, title: track.title))
                if let album = track.album {
                    let key = SongKey.album(artist: track.primaryArtist, album: album)
                    var entry = albums[key] ?? Album()
                    if entry.artwork == nil { entry.artwork = track.artwork }
                    if entry.released == nil { entry.released = track.released }
                    albums[key] = entry
                }
            }
        }
    }

    private mutating func learn(_ track: Track, songKey key: String) {
        var song = songs[key] ?? Song()
        if song.album == nil { song.album = track.album }
        if song.genres.isEmpty { song.genres = track.genres }
        if song.duration == nil { song.duration = track.duration }
        if song.artwork == nil, song.released == nil, track.artwork != nil || track.released != nil {
            song.albumOfArtwork = track.album
        }
        if song.artwork == nil, track.album.map({ Self.same($0, song.albumOfArtwork) }) ?? true { song.artwork = track.artwork }
        if song.released == nil, track.album.map({ Self.same($0, song.albumOfArtwork) }) ?? true { song.released = track.released }
        if song.preview == nil { song.preview = track.preview }
        for link in track.links where !song.links.contains(where: { $0.service == link.service }) {
            song.links.append(link)
        }
        songs[key] = song
    }

    /// Two album names of one artist name the same album, or one of them is unknown.
    private static func same(_ album: String?, _ other: String?) -> Bool {
        guard let album, let other else { return true }
        return SongKey.fold(album) == SongKey.fold(other)
    }

    /// The track with every field it does not give taken from what is known about its song, its
    /// album, then its artist's genre.
    func complete(_ track: Track) -> Track {
        // Many written tracks say everything: nothing to look up.
        if track.album != nil, !track.genres.isEmpty, track.duration != nil, track.released != nil,
            track.artwork != nil, track.preview != nil, !track.links.isEmpty
        {
            return track
        }
        var track = track
        let song = songs[SongKey.song(artist: track.primaryArtist, title: track.title)]
        if track.album == nil { track.album = song?.album }
        let album = track.album.flatMap { albums[SongKey.album(artist: track.primaryArtist, album: $0)] }
        let songArtworkFits = Self.same(track.album, song?.albumOfArtwork)
        if track.artwork == nil { track.artwork = album?.artwork ?? (songArtworkFits ? song?.artwork : nil) }
        if track.released == nil { track.released = (songArtworkFits ? song?.released : nil) ?? album?.released }
        if track.duration == nil { track.duration = song?.duration }
        if track.preview == nil { track.preview = song?.preview }
        if let known = song?.links {
            let missing = known.filter { link in !track.links.contains { $0.service == link.service } }
            if !missing.isEmpty { track.links = (track.links + missing).inServiceOrder }
        }
        if track.genres.isEmpty {
            defer { track.genresInherited = !track.genres.isEmpty }
            if let genres = song?.genres, !genres.isEmpty {
                track.genres = genres
            } else if let genres = album?.genres, !genres.isEmpty {
                track.genres = genres
            } else if let genre = configuredArtistGenres[GenreKey.fold(track.primaryArtist)] {
                track.genres = [genre]
            } else if let genres = catalogueArtistGenres[SongKey.fold(track.primaryArtist)] {
                track.genres = genres
            }
        }
        return track
    }
}
