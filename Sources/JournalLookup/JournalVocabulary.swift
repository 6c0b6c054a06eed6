import JournalCore

extension GenreVocabulary {
    /// The genres a journal uses, in its days, playlists and catalogue, with its aliases: what a
    /// service's genre is put into (docs/content-format.md, "Genres from lookups").
    init(journal: Journal, catalogue: SongCatalogue) {
        var names: [String] = []
        for day in journal.days { for track in day.tracks { names += track.genres } }
        for playlist in journal.playlists { for track in playlist.tracks { names += track.genres } }
        for artist in catalogue.artists {
            names += artist.genres
            for song in artist.songs { names += song.genres }
            for album in artist.albums { names += album.genres }
        }
        self.init(journalGenres: names, aliases: journal.config.genreAliases)
    }
}
