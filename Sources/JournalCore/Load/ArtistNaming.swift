/// One artist, one name (docs/content-format.md, "A track", `artist`): once every file is read,
/// Load splits each credit written as one string into its artists, knowing the names the
/// catalogue and the diary's lists give, and writes every spelling of an artist as the one it
/// is shown by, so pages, tops and the song book see one artist.
enum ArtistNaming {
    /// The names the catalogue (each entry's `artist:` and `also:`) and the tracks' lists
    /// (`artist: [A, B]`) give, and the spelling each artist of `tracks` is shown by.
    static func names(catalogue: SongCatalogue, tracks: [Track]) -> ArtistNames {
        var names = ArtistNames()
        var fixed: [String] = []
        for artist in catalogue.artists { names.insert(known: artist.name) }
        // A spelling another entry is named by stays that entry's (a warning: `sharedSpellings`).
        let entries = Set(catalogue.artists.map { ArtistKey.fold($0.name) })
        for artist in catalogue.artists where !artist.also.isEmpty {
            for spelling in artist.also where !entries.contains(ArtistKey.fold(spelling)) { names.insert(alias: spelling, of: artist.name) }
            fixed.append(artist.name)
        }
        for track in tracks where !track.artistIsCredit {
            for artist in track.artists { names.insert(known: artist) }
        }
        let spellings = tracks.flatMap { track in
            track.artistIsCredit ? ArtistCredit.split(track.primaryArtist, known: names) : track.artists
        }
        names.choose(spellings: spellings, fixed: fixed)
        return names
    }

    /// `track` with its credit split and each artist by the name it is shown by, once.
    static func name(_ track: Track, by names: ArtistNames) -> Track {
        var track = track
        var seen = Set<String>()
        let artists = track.artistIsCredit ? names.artists(of: track.primaryArtist) : track.artists.map(names.name)
        track.artists = artists.filter { seen.insert(names.key($0)).inserted }
        track.artistIsCredit = false
        return track
    }

    /// The catalogue with each entry under the name its artist is shown by, so the song book
    /// finds its songs under the name the tracks now give.
    static func name(_ catalogue: SongCatalogue, by names: ArtistNames) -> SongCatalogue {
        var catalogue = catalogue
        for index in catalogue.artists.indices { catalogue.artists[index].name = names.name(catalogue.artists[index].name) }
        return catalogue
    }
}
