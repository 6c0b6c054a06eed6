/// The Analyse stage (STYLE.md): statistics computed from the loaded journal, a pure function.
public struct Stats: Sendable {
    public let catalog: GenreCatalog
    /// The genres charts draw, bottom to top: the top genres with plays, then `Other` if any
    /// play falls beyond them, then `GenreCatalog.noGenre` if any track has no genre.
    public let chartGenres: [Genre]
    public let weeks: [PeriodStats]
    public let months: [PeriodStats]
    public let years: [PeriodStats]
    /// The whole journal, from its first day with data (logged or played) to its last; nil when
    /// it has none.
    public let allTime: PeriodStats?
    /// Over the whole journal.
    public let longestStreak: Streak?
    /// The run ending on the last logged day; it is current only while it reaches today or
    /// yesterday (`Timeline.currentStreak`).
    public let currentStreak: Streak?
    /// What the journal's streaks count: days with plays where it has a listening log, else
    /// days logged.
    public let streakCount: PeriodCount
    public let weekStart: SiteConfig.WeekStart
    /// The listening log's songs as tracks, by day number.
    let played: PlayedTracks

    private let chartIndexByKey: [String: Int]
    private let otherIndex: Int?
    private let noGenreIndex: Int?

    public init(journal: Journal, catalog: GenreCatalog) {
        self.init(journal: journal, catalog: catalog, played: PlayedTracks(journal: journal))
    }

    /// A period with listening counts its plays from the log (`played`); one without counts
    /// songs logged (docs/content-format.md, "Statistics").
    init(journal: Journal, catalog: GenreCatalog, played: PlayedTracks) {
        self.catalog = catalog
        self.played = played
        weekStart = journal.config.weekStart
        var chartGenres = catalog.genres.filter { $0.isTop && $0.isPlayed }
        var index: [String: Int] = [:]
        for (position, genre) in chartGenres.enumerated() { index[genre.key] = position }
        if catalog.other.isPlayed {
            otherIndex = chartGenres.count
            chartGenres.append(catalog.other)
        } else {
            otherIndex = nil
        }
        if catalog.noGenre.isPlayed {
            noGenreIndex = chartGenres.count
            chartGenres.append(catalog.noGenre)
        } else {
            noGenreIndex = nil
        }
        self.chartGenres = chartGenres
        chartIndexByKey = index
        let noGenreIndex = self.noGenreIndex
        let otherIndex = self.otherIndex
        // The days the journal covers: its diary's, and its listening log's (Timeline.dataSpan).
        let dataSpan = Timeline.dataSpan(of: journal)
        let firstLogged = dataSpan?.lowerBound.dayNumber ?? 0
        let lastLogged = dataSpan?.upperBound.dayNumber ?? -1

        // Each play as numbers, found once: its artist and track (names folded once, not once
        // per period) and its genre's place in the catalog (-1: no genre).
        var artistIDs: [String: Int] = [:]
        var artistFolded: [String] = []
        var trackIDs: [String: Int] = [:]
        var titleFolded: [String] = []
        var genrePositions: [String: Int] = [:]
        for (position, genre) in catalog.genres.enumerated() { genrePositions[genre.key] = position }
        /// The number of `key` in `ids`; a new key takes the next one, its folded name added to `names`.
        func number(_ key: String, folded: String, in ids: inout [String: Int], _ names: inout [String]) -> Int {
            if let id = ids[key] { return id }
            names.append(folded)
            ids[key] = names.count - 1
            return names.count - 1
        }
        func keys(_ track: Track, count: Int) -> CountedTrack {
            let artistKey = track.primaryArtist.lowercased()
            let artist = number(artistKey, folded: artistKey, in: &artistIDs, &artistFolded)
            let title = track.title.lowercased()
            let id = number(title + "\u{0}" + artistKey, folded: title, in: &trackIDs, &titleFolded)
            let genre = catalog.primaryGenre(of: track).flatMap { genrePositions[$0.key] } ?? -1
            return CountedTrack(artist: artist, track: id, genre: genre, count: count, artistName: track.primaryArtist, title: track.title)
        }
        // Each logged day's songs count one each; each day of the log's songs count their plays.
        let loggedKeys: [[CountedTrack]] = journal.days.map { day in day.tracks.map { keys($0, count: 1) } }
        var playedKeys: [Int: [CountedTrack]] = [:]
        for (dayNumber, entries) in played.days { playedKeys[dayNumber] = entries.map { keys($0.track, count: $0.plays) } }
        let genreCount = chartGenres.count
        let zero = Array(repeating: 0, count: genreCount)
        // Tally each day once; periods look days up by day number. A genre's chart slot is its
        // own among the top, else Other's.
        let slotByPosition = catalog.genres.map { index[$0.key] ?? otherIndex }
        func counts(_ keys: [CountedTrack]) -> [Int] {
            var counts = zero
            for key in keys {
                if let slot = key.genre >= 0 ? slotByPosition[key.genre] : noGenreIndex { counts[slot] += key.count }
            }
            return counts
        }
        var tallies: [Int: DayTally] = [:]
        for (position, day) in journal.days.enumerated() {
            tallies[day.date.dayNumber] = DayTally(
                date: day.date, counts: counts(loggedKeys[position]), dayIndex: position, songsLogged: day.tracks.count)
        }
        var playTallies: [Int: [Int]] = [:]
        for (dayNumber, keys) in playedKeys { playTallies[dayNumber] = counts(keys) }

        /// `ranking` with every name folded beforehand, each entry with its artist's or track's number.
        func ranked(_ entries: [(ranked: Ranked, name: String, artist: String, id: Int)]) -> [(ranked: Ranked, id: Int)] {
            entries.sorted { a, b in
                if a.ranked.plays != b.ranked.plays { return a.ranked.plays > b.ranked.plays }
                if a.name != b.name { return a.name < b.name }
                if a.ranked.name != b.ranked.name { return a.ranked.name < b.ranked.name }
                return a.artist < b.artist
            }.map { ($0.ranked, $0.id) }
        }

        func period(_ kind: PeriodKind, _ start: CalendarDate, _ end: CalendarDate) -> PeriodStats {
            let count: PeriodCount = journal.listening.days(from: start, through: end).isEmpty ? .songsLogged : .plays
            var listenedSeconds = 0
            var estimatedPlays = 0
            var untimedPlays = 0
            var days: [DayTally] = []
            var totals = Array(repeating: 0, count: genreCount)
            var artistPlays: [Int: (name: String, plays: Int)] = [:]
            var trackPlays: [Int: (name: String, artist: String, artistID: Int, plays: Int)] = [:]
            var genreCounts: [Int: Int] = [:]
            var noGenrePlays = 0
            var longest: Streak?
            var run: Streak?
            for number in start.dayNumber...end.dayNumber {
                let logged = tallies[number]
                let playCounts = playTallies[number]
                var tally = logged ?? DayTally(date: CalendarDate(dayNumber: number), counts: zero, dayIndex: nil)
                tally.hasPlays = playCounts != nil
                let dayKeys: [CountedTrack]
                if count == .plays {
                    tally.counts = playCounts ?? zero
                    dayKeys = playedKeys[number] ?? []
                    for entry in played.days[number] ?? [] {
                        listenedSeconds += entry.seconds + entry.estimatedSeconds
                        if entry.unrecorded > 0 {
                            if entry.track.duration == nil { untimedPlays += entry.unrecorded } else { estimatedPlays += entry.unrecorded }
                        }
                    }
                } else {
                    dayKeys = tally.dayIndex.map { loggedKeys[$0] } ?? []
                }
                days.append(tally)
                guard tally.counts(as: count) else {
                    run = nil
                    continue
                }
                for slot in 0..<genreCount { totals[slot] += tally.counts[slot] }
                for keys in dayKeys {
                    artistPlays[keys.artist, default: (keys.artistName, 0)].plays += keys.count
                    trackPlays[keys.track, default: (keys.title, keys.artistName, keys.artist, 0)].plays += keys.count
                    if keys.genre >= 0 {
                        genreCounts[keys.genre, default: 0] += keys.count
                    } else {
                        noGenrePlays += keys.count
                    }
                }
                run = Streak(start: run?.start ?? tally.date, end: tally.date)
                if let current = run, current.length > (longest?.length ?? 0) { longest = current }
            }
            var artists = ranked(
                artistPlays.map { id, entry in
                    (Ranked(name: entry.name, artist: nil, plays: entry.plays), artistFolded[id], "", id)
                }
            ).map(\.ranked)
            var tracks = ranked(
                trackPlays.map { id, entry in
                    (Ranked(name: entry.name, artist: entry.artist, plays: entry.plays), titleFolded[id], artistFolded[entry.artistID], id)
                })
            if kind == .week || kind == .month {
                // Held for every week and month: the top only, and the diary's tracks for covers.
                // New arrays of their own size: removing from the whole lists keeps their capacity.
                artists = Array(artists.prefix(Self.weekMonthTop))
                var logged = Set<Int>()
                for tally in days { for keys in tally.dayIndex.map({ loggedKeys[$0] }) ?? [] { logged.insert(keys.track) } }
                let kept = tracks.indices.filter { $0 < Self.weekMonthTop || logged.contains(tracks[$0].id) }
                tracks = kept.map { tracks[$0] }
            }
            let genres = genreCounts.map { GenrePlays(genre: catalog.genres[$0.key], plays: $0.value) }.sorted {
                $0.plays != $1.plays
                    ? $0.plays > $1.plays
                    : ($0.genre.name.lowercased(), $0.genre.name, $0.genre.key) < ($1.genre.name.lowercased(), $1.genre.name, $1.genre.key)
            }
            let covered = max(0, min(end.dayNumber, lastLogged) - max(start.dayNumber, firstLogged) + 1)
            return PeriodStats(
                kind: kind, start: start, end: end, days: days, totals: totals, genres: genres,
                noGenrePlays: noGenrePlays, topArtists: artists, topTracks: tracks.map(\.ranked), artistCount: artistPlays.count,
                longestStreak: longest, coveredDays: covered, count: count, listenedSeconds: listenedSeconds,
                estimatedPlays: estimatedPlays, untimedPlays: untimedPlays)
        }

        // A week, month or year has a page when it has a diary day or a day of listening
        // (docs/content-format.md, "Statistics"): a month heard but not written about is kept.
        var weekStarts = Set<Int>()
        var monthStarts = Set<CalendarDate>()
        var yearStarts = Set<Int>()
        for date in journal.days.map(\.date) + journal.listening.days.map(\.date) {
            weekStarts.insert(date.startOfWeek(journal.config.weekStart).dayNumber)
            if let month = CalendarDate(year: date.year, month: date.month, day: 1) { monthStarts.insert(month) }
            yearStarts.insert(date.year)
        }
        weeks = weekStarts.sorted().map { period(.week, CalendarDate(dayNumber: $0), CalendarDate(dayNumber: $0 + 6)) }
        months = monthStarts.sorted().map { start in
            let end = CalendarDate(dayNumber: start.dayNumber + CalendarDate.daysIn(year: start.year, month: start.month) - 1)
            return period(.month, start, end)
        }
        years = yearStarts.sorted().compactMap { year in
            guard let start = CalendarDate(year: year, month: 1, day: 1), let end = CalendarDate(year: year, month: 12, day: 31) else { return nil }
            return period(.year, start, end)
        }
        // The whole journal: its diary's days and its log's (`Timeline.dataSpan`).
        allTime = dataSpan.map { period(.all, $0.lowerBound, $0.upperBound) }

        // The journal's streaks: of days with plays where it has a log, else of days logged.
        streakCount = journal.listening.isEmpty ? .songsLogged : .plays
        var longest: Streak?
        var run: Streak?
        for date in journal.listening.isEmpty ? journal.days.map(\.date) : journal.listening.days.map(\.date) {
            if let current = run, current.end.dayNumber + 1 == date.dayNumber {
                run = Streak(start: current.start, end: date)
            } else {
                run = Streak(start: date, end: date)
            }
            if let current = run, current.length > (longest?.length ?? 0) { longest = current }
        }
        longestStreak = longest
        currentStreak = run
    }

    /// How much of a week's or month's top lists is kept (`PeriodStats.topArtists`).
    static let weekMonthTop = 50

    /// The tracks `period`'s numbers count, day by day, each with what it counts for: the log's
    /// songs and their plays where the period counts plays, else the songs logged, one each.
    func counted(_ period: PeriodStats, in journal: Journal) -> [(date: CalendarDate, tracks: [(track: Track, count: Int)])] {
        period.days.compactMap { tally in
            if period.countsPlays {
                return played.days[tally.date.dayNumber].map { entries in (tally.date, entries.map { ($0.track, $0.plays) }) }
            }
            return tally.dayIndex.map { (tally.date, journal.days[$0].tracks.map { ($0, 1) }) }
        }
    }

    /// The months of `year` with a logged day or a day of listening, in order.
    public func months(in year: Int) -> ArraySlice<PeriodStats> {
        guard let first = months.firstIndex(where: { $0.start.year == year }) else { return [] }
        let end = months[first...].firstIndex { $0.start.year != year } ?? months.endIndex
        return months[first..<end]
    }

    /// The chart slot a track's play counts under.
    public func chartSlot(of track: Track) -> Int? {
        Self.slot(of: track, catalog: catalog, index: chartIndexByKey, other: otherIndex, none: noGenreIndex)
    }

    private static func slot(of track: Track, catalog: GenreCatalog, index: [String: Int], other: Int?, none: Int?) -> Int? {
        guard let genre = catalog.primaryGenre(of: track) else { return none }
        return index[genre.key] ?? other
    }

    /// Plays descending, ties by name (case-insensitively, then exactly), then by artist.
    static func ranking(_ a: Ranked, _ b: Ranked) -> Bool {
        if a.plays != b.plays { return a.plays > b.plays }
        let (la, lb) = (a.name.lowercased(), b.name.lowercased())
        if la != lb { return la < lb }
        if a.name != b.name { return a.name < b.name }
        return (a.artist ?? "").lowercased() < (b.artist ?? "").lowercased()
    }
}

/// One track of a day as the numbers count it: its artist, track and genre as numbers, and how
/// many it counts for (1 for a song logged, its plays for a song of the log).
private struct CountedTrack {
    var artist: Int
    var track: Int
    var genre: Int
    var count: Int
    var artistName: String
    var title: String
}
