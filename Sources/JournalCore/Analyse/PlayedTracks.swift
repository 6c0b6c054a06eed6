/// The listening log's songs as the numbers count them (docs/content-format.md, "Statistics"):
/// each song played on a day becomes a track completed as a diary track of the same song is
/// (its genre from the song, its album, the catalogue or `genres.artists`; its length from the
/// catalogue), with the day's plays and seconds of it.
struct PlayedTracks: Sendable {
    /// One song's plays on one day.
    struct Entry: Sendable {
        var track: Track
        var plays: Int
        /// Seconds actually played, where the source recorded them.
        var seconds: Int
        /// Plays whose seconds were not recorded (scrobbles).
        var unrecorded: Int
        /// The unrecorded plays' length taken from the song's `duration`; 0 when it is unknown.
        var estimatedSeconds: Int { unrecorded * (track.duration ?? 0) }
    }

    /// Each day of `journal.listening`, by day number.
    let days: [Int: [Entry]]

    init(journal: Journal) {
        guard !journal.listening.isEmpty else {
            days = [:]
            return
        }
        let book = journal.songBook ?? SongBook(catalogue: SongCatalogue(), days: journal.days, artistGenres: journal.config.artistGenres)
        // Each song completed once, however many days it was played on.
        var known: [String: Track] = [:]
        // Each credit split once (docs/content-format.md, "Artist credits"), as the diary's are.
        var credits: [String: [String]] = [:]
        var days: [Int: [Entry]] = [:]
        for day in journal.listening.days {
            days[day.date.dayNumber] = day.songs.map { song in
                let artists: [String]
                if let split = credits[song.artist] {
                    artists = split
                } else {
                    artists = journal.artistNames.artists(of: song.artist)
                    credits[song.artist] = artists
                }
                let key = SongKey.song(artist: artists.first ?? "", title: song.title) + "\u{0}" + SongKey.fold(song.album ?? "")
                let track: Track
                if let found = known[key] {
                    track = found
                } else {
                    track = book.complete(Track(title: song.title, artists: artists, album: song.album))
                    known[key] = track
                }
                return Entry(track: track, plays: song.plays, seconds: song.seconds, unrecorded: song.unrecorded)
            }
        }
        self.days = days
    }
}
