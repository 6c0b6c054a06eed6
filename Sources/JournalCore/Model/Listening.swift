/// The listening log as the build reads it (docs/content-format.md, "The listening log"): every
/// play the log holds that counts, gathered by day and song. Plays are what the listener played;
/// the diary's tracks are the songs the writer logged, and the two are never confused.
public struct Listening: Sendable, Equatable {
    /// Sorted by date, one per date with at least one play.
    public private(set) var days: [ListeningDay]

    public init(days: [ListeningDay] = []) {
        self.days = days.sorted { $0.date < $1.date }
    }

    public var isEmpty: Bool { days.isEmpty }
    public var first: CalendarDate? { days.first?.date }
    public var last: CalendarDate? { days.last?.date }

    /// The day `date`, when the log has a play on it.
    public func day(_ date: CalendarDate) -> ListeningDay? {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low].date == date ? days[low] : nil
    }

    /// The days from `start` through `end`, inclusive, in order.
    public func days(from start: CalendarDate, through end: CalendarDate) -> ArraySlice<ListeningDay> {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].date < start { low = middle + 1 } else { high = middle }
        }
        var stop = low
        while stop < days.count, days[stop].date <= end { stop += 1 }
        return days[low..<stop]
    }
}

/// One calendar day of listening, in the journal's time zone.
public struct ListeningDay: Sendable, Equatable {
    public var date: CalendarDate
    /// Each song played that day: most played first, then the most seconds played, then the
    /// earliest first play, then by artist and title.
    public var songs: [PlayedSong]
    /// Plays by hour of the day (0 to 23) in the journal's time zone; 24 entries.
    public var hours: [Int]

    public init(date: CalendarDate, songs: [PlayedSong], hours: [Int]) {
        self.date = date
        self.songs = songs.sorted(by: PlayedSong.order)
        self.hours = hours.count == 24 ? hours : Array(repeating: 0, count: 24)
    }

    /// Every play of the day.
    public var plays: Int { songs.reduce(0) { $0 + $1.plays } }
    /// The seconds played, where the source recorded them.
    public var seconds: Int { songs.reduce(0) { $0 + $1.seconds } }
    /// Plays whose seconds were not recorded (scrobbles): their minutes can only be estimated.
    public var unrecordedPlays: Int { songs.reduce(0) { $0 + $1.unrecorded } }
}

/// One song's plays on one day. Its numbers are held in 32 bits (a day has 86,400 seconds; a
/// larger sum is held as the largest): a 50-year log holds 1.2 million of these at once.
public struct PlayedSong: Sendable, Equatable {
    /// The credit as the log has it (`A feat. B`): split into artists by the build.
    public var artist: String
    public var title: String
    public var album: String?
    private var counts: (plays: Int32, seconds: Int32, unrecorded: Int32, firstMinute: Int32) = (0, 0, 0, -1)

    public var plays: Int {
        get { Int(counts.plays) }
        set { counts.plays = Int32(clamping: newValue) }
    }
    /// Seconds played over the plays that recorded them.
    public var seconds: Int {
        get { Int(counts.seconds) }
        set { counts.seconds = Int32(clamping: newValue) }
    }
    /// Plays whose seconds were not recorded (a scrobble is a play of unknown length).
    public var unrecorded: Int {
        get { Int(counts.unrecorded) }
        set { counts.unrecorded = Int32(clamping: newValue) }
    }
    /// Minutes after midnight (local) of the first play; nil when the log keeps days only.
    public var firstMinute: Int? {
        get { counts.firstMinute < 0 ? nil : Int(counts.firstMinute) }
        set { counts.firstMinute = newValue.map { Int32(clamping: max(0, $0)) } ?? -1 }
    }

    public static func == (a: PlayedSong, b: PlayedSong) -> Bool {
        a.artist == b.artist && a.title == b.title && a.album == b.album && a.counts == b.counts
    }

    public init(artist: String, title: String, album: String? = nil, plays: Int, seconds: Int, unrecorded: Int = 0, firstMinute: Int? = nil) {
        self.artist = artist
        self.title = title
        self.album = album
        self.plays = plays
        self.seconds = seconds
        self.unrecorded = unrecorded
        self.firstMinute = firstMinute
    }

    /// Most played first, then the most seconds, then the earliest first play, then by name.
    static func order(_ a: PlayedSong, _ b: PlayedSong) -> Bool {
        if a.plays != b.plays { return a.plays > b.plays }
        if a.seconds != b.seconds { return a.seconds > b.seconds }
        if a.firstMinute != b.firstMinute { return (a.firstMinute ?? Int.max) < (b.firstMinute ?? Int.max) }
        return (a.artist, a.title, a.album ?? "") < (b.artist, b.title, b.album ?? "")
    }
}
