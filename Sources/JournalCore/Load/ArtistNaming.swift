/// One artist, one name (docs/content-format.md, "A track", `artist`): once every file is read,
/// Load splits each credit written as one string into its artists, knowing the names the
/// catalogue (with the MusicBrainz credits `journal enrich` recorded) and the diary's lists give,
/// and writes every spelling of an artist as the one it is shown by, so pages, tops and the song
/// book see one artist.
enum ArtistNaming {
    /// The names the catalogue (each entry's `artist:` and `also:`, each song's `credits:`) and
    /// the tracks' lists (`artist: [A, B]`) give, and the spelling each artist of `tracks` is
    /// shown by.
    static func names(catalogue: SongCatalogue, tracks: [Track]) -> ArtistNames {
        var names = ArtistNames()
        var fixed: [String] = []
        for track in tracks where !track.artistIsCredit {
            for artist in track.artists { names.insert(known: artist) }
        }
        // MusicBrainz's credits name one artist each (`Simon & Garfunkel`), whatever else the journal holds.
        let credited = catalogue.artists.flatMap { $0.songs.flatMap(\.credits) }
        for name in credited { names.insert(known: name) }
        // Each entry's name, each list's and credit's names, each track's whole credit: what is an artist on its own.
        var alone = ArtistNames(known: catalogue.artists.map(\.name) + credited)
        for track in tracks {
            for artist in track.artistIsCredit ? [track.primaryArtist] : track.artists { alone.insert(known: artist) }
        }
        for artist in catalogue.artists where !isCredit(artist.name, alone: alone, known: names) {
            names.insert(known: artist.name)
        }
        // A spelling another entry is named by stays that entry's (a warning: `sharedSpellings`).
        let entries = Set(catalogue.artists.map { ArtistKey.fold($0.name) })
        for artist in catalogue.artists where !artist.also.isEmpty {
            for spelling in artist.also where !entries.contains(ArtistKey.fold(spelling)) { names.insert(alias: spelling, of: artist.name) }
            fixed.append(artist.name)
        }
        let spellings = tracks.flatMap { track in
            track.artistIsCredit ? ArtistCredit.split(track.primaryArtist, known: names) : track.artists
        }
        names.choose(spellings: spellings, fixed: fixed)
        return names
    }

    /// Whether a catalogue entry's name is a credit rather than one artist's: `journal add` and
    /// `journal enrich` named an entry by a track's whole credit before credits were split
    /// (`SEMATARY & GHOST MOUNTAIN`). It is one when it splits and a part of it is an artist on
    /// its own elsewhere (`alone`): an entry's name, a diary list's, or a track's whole credit
    /// (`Sematary`). `Simon & Garfunkel` stays a name unless `Simon` is an artist of the journal.
    static func isCredit(_ name: String, alone: ArtistNames, known: ArtistNames) -> Bool {
        let parts = ArtistCredit.split(name, known: known)
        return parts.count > 1 && parts.contains { alone.contains($0) }
    }

    /// `track` with its credit split and each artist by the name it is shown by, once.
    static func name(_ track: Track, by names: ArtistNames) -> Track {
        var track = track
        var seen = Set<String>()
        let artists = track.artistIsCredit ? names.artists(of: track.primaryArtist) : track.artists.map(names.name)
        if track.artistIsCredit, artists.count > 1 { track.credit = track.primaryArtist }
        track.artists = artists.filter { seen.insert(names.key($0)).inserted }
        track.artistIsCredit = false
        return track
    }

    /// The catalogue with each entry under the name its artist is shown by, and an entry named
    /// by a credit under its main artist, so the song book finds its songs under the name the
    /// tracks now give.
    static func name(_ catalogue: SongCatalogue, by names: ArtistNames) -> SongCatalogue {
        var catalogue = catalogue
        for index in catalogue.artists.indices {
            let name = catalogue.artists[index].name
            catalogue.artists[index].name = names.artists(of: name).first ?? names.name(name)
        }
        return catalogue
    }
}
