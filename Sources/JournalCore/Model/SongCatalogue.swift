/// What the journal knows about songs beyond what the days say: the files of `catalogue/`, one an
/// artist, written by `journal add` and `journal enrich` and editable by hand
/// (docs/content-format.md, "The song catalogue").
public struct SongCatalogue: Sendable, Equatable {
    /// Sorted by file path.
    public var artists: [CatalogueArtist]

    public init(artists: [CatalogueArtist] = []) {
        self.artists = artists
    }
}

/// One file of `catalogue/`: an artist and what is known about their songs and albums.
public struct CatalogueArtist: Sendable, Equatable {
    /// As the file writes it; matched to the diary's primary artists like songs are (`SongKey`).
    public var name: String
    /// Other spellings of this artist (`also:`), merged into it by hand: tracks that write one
    /// are this artist's, shown by `name` (docs/content-format.md, "The song catalogue").
    public var also: [String] = []
    /// The artist's genre, for their songs that have none from anywhere else. The first is primary.
    public var genres: [String]
    /// Where the services know the artist (`musicbrainz`: an artist MBID).
    public var ids: [String: String]
    public var songs: [CatalogueSong]
    public var albums: [CatalogueAlbum]
    /// The file, relative to the journal (`catalogue/newjeans.yaml`).
    public var sourcePath: String
    /// Later files about the same artist, whose songs and albums this entry holds too, in path
    /// order (docs/content-format.md, "The song catalogue").
    public var otherSourcePaths: [String] = []

    public init(
        name: String, genres: [String] = [], ids: [String: String] = [:], songs: [CatalogueSong] = [],
        albums: [CatalogueAlbum] = [], sourcePath: String = ""
    ) {
        self.name = name
        self.genres = genres
        self.ids = ids
        self.songs = songs
        self.albums = albums
        self.sourcePath = sourcePath
    }
}

/// What is known about one song of an artist. Every field but the title is optional.
public struct CatalogueSong: Sendable, Equatable {
    public var title: String
    public var album: String?
    public var genres: [String]
    /// Seconds.
    public var duration: Int?
    public var released: ReleaseDate?
    public var artwork: LinkTarget?
    public var preview: LinkTarget?
    public var links: [TrackLink]
    /// Where the services know the song: `itunes`, `deezer`, `musicbrainz` (a recording MBID), `isrc` …
    public var ids: [String: String]
    /// The song's artists as MusicBrainz credits them (`credits:`), main artist first, each one
    /// artist: no credit anywhere in the journal splits them (docs/content-format.md, "Artist
    /// credits"). Empty: not known.
    public var credits: [String]

    public init(
        title: String, album: String? = nil, genres: [String] = [], duration: Int? = nil, released: ReleaseDate? = nil,
        artwork: LinkTarget? = nil, preview: LinkTarget? = nil, links: [TrackLink] = [], ids: [String: String] = [:],
        credits: [String] = []
    ) {
        self.title = title
        self.credits = credits
        self.album = album
        self.genres = genres
        self.duration = duration
        self.released = released
        self.artwork = artwork
        self.preview = preview
        self.links = links
        self.ids = ids
    }
}

/// What is known about one album of an artist: its cover and release serve every song on it.
public struct CatalogueAlbum: Sendable, Equatable {
    public var title: String
    public var genres: [String]
    public var released: ReleaseDate?
    public var artwork: LinkTarget?
    public var ids: [String: String]

    public init(
        title: String, genres: [String] = [], released: ReleaseDate? = nil, artwork: LinkTarget? = nil,
        ids: [String: String] = [:]
    ) {
        self.title = title
        self.genres = genres
        self.released = released
        self.artwork = artwork
        self.ids = ids
    }
}

/// How songs, albums and artists are recognised across days and the catalogue: by name without
/// case, as rankings and artist pages compare them, so `Hype Boy` by `newjeans` is `HYPE BOY` by
/// `NewJeans`, and what is known about a song never leaks into a track shown apart from it
/// (docs/content-format.md, "Songs are remembered"). Matching a service's answer is looser:
/// `SongMatch`.
public enum SongKey {
    public static func fold(_ name: String) -> String {
        name.lowercased()
    }

    /// A song: its primary artist and its title.
    public static func song(artist: String, title: String) -> String {
        fold(artist) + "\u{0}" + fold(title)
    }

    public static func album(artist: String, album: String) -> String {
        fold(artist) + "\u{0}" + fold(album)
    }
}

// MARK: What a lookup may add

extension CatalogueSong {
    /// Adds what `found` knows and this entry does not; never changes a value already here
    /// (docs/content-format.md: a value in the catalogue is never replaced by a lookup).
    /// Returns whether anything was added.
    @discardableResult
    public mutating func fill(from found: CatalogueSong) -> Bool {
        let before = self
        if album == nil { album = found.album }
        if genres.isEmpty { genres = found.genres }
        if duration == nil { duration = found.duration }
        if released == nil { released = found.released }
        if artwork == nil { artwork = found.artwork }
        if preview == nil { preview = found.preview }
        for link in found.links where !links.contains(where: { $0.service == link.service }) { links.append(link) }
        links = links.inServiceOrder
        for (name, id) in found.ids where ids[name] == nil { ids[name] = id }
        if credits.isEmpty { credits = found.credits }
        return self != before
    }
}

extension CatalogueAlbum {
    @discardableResult
    public mutating func fill(from found: CatalogueAlbum) -> Bool {
        let before = self
        if genres.isEmpty { genres = found.genres }
        if released == nil { released = found.released }
        if artwork == nil { artwork = found.artwork }
        for (name, id) in found.ids where ids[name] == nil { ids[name] = id }
        return self != before
    }
}

extension CatalogueArtist {
    /// Adds a song's details: to its entry when the artist has one (filling only what it lacks),
    /// else as a new entry at the end. Returns whether anything changed.
    @discardableResult
    public mutating func record(_ song: CatalogueSong) -> Bool {
        let key = SongKey.fold(song.title)
        if let index = songs.firstIndex(where: { SongKey.fold($0.title) == key }) { return songs[index].fill(from: song) }
        songs.append(song)
        return true
    }

    @discardableResult
    public mutating func record(_ album: CatalogueAlbum) -> Bool {
        let key = SongKey.fold(album.title)
        if let index = albums.firstIndex(where: { SongKey.fold($0.title) == key }) { return albums[index].fill(from: album) }
        albums.append(album)
        return true
    }

    /// Adds the artist's genre and ids where the entry has none.
    @discardableResult
    public mutating func fill(genres found: [String], ids foundIDs: [String: String]) -> Bool {
        let before = self
        if genres.isEmpty { genres = found }
        for (name, id) in foundIDs where ids[name] == nil { ids[name] = id }
        return self != before
    }
}
