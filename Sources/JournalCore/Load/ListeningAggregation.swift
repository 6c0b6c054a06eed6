/// Plays of the listening log gathered into days (docs/content-format.md, "The listening log"):
/// each day's songs with their plays, seconds recorded and plays without, and the day's plays
/// by hour. A song is its title and credit, without regard to case; it is named as its first
/// play that day names it.
enum ListeningAggregation {
    struct Song: Sendable, Equatable {
        var artist: String
        var title: String
        var album: String?
        var source: String
        var plays = 0
        var seconds = 0
        var unrecorded = 0
        /// Seconds after midnight of the first play; nil in a log of days.
        var first: Int?

        var played: PlayedSong {
            PlayedSong(artist: artist, title: title, album: album, plays: plays, seconds: seconds, unrecorded: unrecorded, firstMinute: first.map { $0 / 60 })
        }
    }

    struct Day: Sendable {
        var date: CalendarDate
        /// Most played first (`PlayedSong.order`).
        var songs: [Song]
        var hours: [Int]

        var listening: ListeningDay { ListeningDay(date: date, songs: songs.map(\.played), hours: hours) }
    }

    /// Songs numbered once for every spelling of their credit and title: spellings that differ
    /// only in case share a number. A log plays the same songs over and over, so the key without
    /// case (`ListeningLogUpdate.key`) is made once a spelling, not once a play.
    struct SongNumbers {
        private struct Spelling: Hashable {
            var artist: String
            var title: String
        }
        private var spellings: [Spelling: Int] = [:]
        private var keys: [String: Int] = [:]

        mutating func number(artist: String, title: String) -> Int {
            let spelling = Spelling(artist: artist, title: title)
            if let number = spellings[spelling] { return number }
            let key = ListeningLogUpdate.key(artist, title)
            let number = keys[key] ?? keys.count
            keys[key] = number
            spellings[spelling] = number
            return number
        }
    }

    /// One day from its plays (every one given counts: the caller leaves out the rest).
    static func day(_ date: CalendarDate, plays: [ListeningLogFile.Play]) -> Day {
        var numbers = SongNumbers()
        return day(date, plays: plays, numbers: &numbers)
    }

    /// One day from its plays, its songs numbered by `numbers`, which may be shared by many days.
    static func day(_ date: CalendarDate, plays: [ListeningLogFile.Play], numbers: inout SongNumbers) -> Day {
        var songs: [Int: Song] = [:]
        var hours = Array(repeating: 0, count: 24)
        for play in plays.sorted(by: { ($0.local, $0.instant) < ($1.local, $1.instant) }) {
            hours[play.local.hour] += 1
            let key = numbers.number(artist: play.artist, title: play.title)
            var song = songs[key] ?? Song(artist: play.artist, title: play.title, album: play.album, source: play.source, first: play.local.second)
            song.plays += 1
            if let seconds = play.seconds {
                song.seconds += seconds
            } else {
                song.unrecorded += 1
            }
            if song.album == nil { song.album = play.album }
            songs[key] = song
        }
        let ordered = songs.values.sorted { PlayedSong.order($0.played, $1.played) }
        return Day(date: date, songs: ordered, hours: hours)
    }
}
