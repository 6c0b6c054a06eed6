/// The listening log's songs as the numbers count them (docs/content-format.md, "Statistics"):
/// each song played on a day becomes a track completed as a diary track of the same song is
/// (its genre from the song, its album, the catalogue or `genres.artists`; its length from the
/// catalogue), with the day's plays and seconds of it.
struct PlayedTracks: Sendable {
    /// One song's plays on one day.
    struct Entry: Sendable {
        /// Every day's entry of the same song holds the same one: a 50-year log has 1.2 million
        /// entries and a track is a few hundred bytes.
        let song: Song
        var track: Track { song.track }
        /// The day's numbers of the song as the log holds them (`PlayedSong`), in 32 bits each.
        private let counts: (plays: Int32, seconds: Int32, unrecorded: Int32)
        var plays: Int { Int(counts.plays) }
        /// Seconds actually played, where the source recorded them.
        var seconds: Int { Int(counts.seconds) }
        /// Plays whose seconds were not recorded (scrobbles).
        var unrecorded: Int { Int(counts.unrecorded) }

        init(song: Song, plays: Int, seconds: Int, unrecorded: Int) {
            self.song = song
            counts = (Int32(clamping: plays), Int32(clamping: seconds), Int32(clamping: unrecorded))
        }
        /// The unrecorded plays' length taken from the song's `duration`; 0 when it is unknown.
        var estimatedSeconds: Int { unrecorded * (track.duration ?? 0) }
    }

    /// A song's track, completed once and shared by all its days.
    final class Song: Sendable {
        let track: Track

        init(_ track: Track) { self.track = track }
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
        var known: [String: Song] = [:]
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
                let shared: Song
                if let found = known[key] {
                    shared = found
                } else {
                    shared = Song(book.complete(Track(title: song.title, artists: artists, album: song.album)))
                    known[key] = shared
                }
                return Entry(song: shared, plays: song.plays, seconds: song.seconds, unrecorded: song.unrecorded)
            }
        }
        self.days = days
    }
}
