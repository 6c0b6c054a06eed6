/// A year in review (docs/content-format.md, "Year in review"): what a year adds up to, counted
/// from the listening log's plays where the year has any, else from the songs the diary logged
/// (`totals.count`). A pure function of the journal, its statistics and its library.
///
/// Artists are counted by credit, as the artist pages are: a play counts for every artist it
/// credits. Rankings (top artists, peak months) count primary plays, as every top list does.
public struct YearReview: Sendable {
    public var year: Int
    public var totals: Totals
    /// The days of the year the journal has data for, when its data starts or ends inside the
    /// year ("1–24 January"); nil for a whole year. `totals` count these days.
    public var span: ClosedRange<CalendarDate>?
    /// The year before's totals over the same days of the year (`comparedSpan`), when the
    /// journal covers them and has data there; else nil, and nothing is compared.
    public var previous: Totals?
    /// The days of the year before `previous` counts: the whole year, or the same span as
    /// `span` a year earlier.
    public var comparedSpan: ClosedRange<CalendarDate>?

    /// Artists first credited on a play this year, and the plays this year that credit one.
    public var newArtistCount: Int
    public var newArtistPlays: Int
    /// The five new artists played most this year.
    public var topNewArtists: [NewArtist]

    public var topArtists: [TopArtist]
    /// Each top artist's most played track this year (ties: the first played), in the order of
    /// `topArtists`: its cover stands for the artist.
    public var topArtistTracks: [PlayedTrack?]
    /// A track of each top album as last played this year (one with artwork when there is one),
    /// in the order of `topAlbums`: its cover is the album's.
    public var topAlbumTracks: [Track?]
    /// Each month with plays, its most played song.
    public var monthTracks: [MonthTrack]
    public var firstPlay: FirstPlay?
    public var topTracks: [TopTrack]
    /// Albums by plays (name, primary artist).
    public var topAlbums: [Ranked]

    /// Each month with plays: the genre played most that month (nil when none of its plays has
    /// a genre), indexed from January.
    public var monthLeaders: [GenrePlays?]
    /// Consecutive months with the same leading genre, merged.
    public var phases: [GenrePhase]

    /// Plays by weekday, Monday first.
    public var weekdayPlays: [Int]
    /// The weekday (0 Monday … 6 Sunday) with the most plays; ties go to the earlier in the week
    /// as the site starts it. Nil for a year without plays.
    public var favouriteWeekday: Int?
    public var longestStreak: Streak?
    public var biggestDay: BiggestDay?

    /// Plays by release year, where `released` is given: a bucket per year, or per decade when
    /// the years played span more than 30.
    public var releaseYears: [ReleaseBucket]
    /// Plays whose track has no `released`.
    public var undatedPlays: Int

    /// Last year's top ten artists and tracks that were not played this year.
    public var forgottenArtists: [Forgotten]
    public var forgottenTracks: [Forgotten]

    /// The review of every year of the journal, in the order of `stats.years`.
    /// `timeline`: today and the days with data (nil: the journal's own, its last day for today).
    public static func all(journal: Journal, stats: Stats, library: Library, timeline: Timeline? = nil) -> [YearReview] {
        let timeline = timeline ?? Timeline(journal: journal, today: nil)
        let firstCredit = firstCredits(journal, stats: stats)
        let spans = stats.years.map { timeline.partialSpan($0.start, $0.end) }
        let totals = stats.years.indices.map { Self.totals(of: stats.years[$0], in: journal, stats: stats, span: spans[$0]) }
        return stats.years.indices.map { index in
            var review = YearReview(journal: journal, stats: stats, library: library, yearIndex: index, totals: totals, firstCredit: firstCredit)
            review.span = spans[index]
            if let compared = comparedSpan(index, stats: stats, journal: journal, timeline: timeline, span: spans[index]) {
                review.comparedSpan = compared
                review.previous = Self.totals(of: stats.years[index - 1], in: journal, stats: stats, span: compared)
            }
            return review
        }
    }

    /// The days of the year before that year `index` compares with, like with like: the same
    /// days of the year as its own (`span`, else the whole year), when the journal covers all of
    /// them and has data on at least one; else nil (docs/content-format.md, "Year in review").
    static func comparedSpan(
        _ index: Int, stats: Stats, journal: Journal, timeline: Timeline, span: ClosedRange<CalendarDate>?
    ) -> ClosedRange<CalendarDate>? {
        let year = stats.years[index]
        guard index > 0, stats.years[index - 1].start.year == year.start.year - 1,
            let before = Timeline.sameDays(span ?? year.start...year.end, yearsBefore: 1), timeline.covers(before)
        else { return nil }
        let logged = stats.years[index - 1].days.contains { $0.isLogged && before.contains($0.date) }
        guard logged || !journal.listening.days(from: before.lowerBound, through: before.upperBound).isEmpty else { return nil }
        return before
    }

    /// Each credited artist's first play, logged or in the listening log: its date and track.
    private static func firstCredits(_ journal: Journal, stats: Stats) -> [String: (date: CalendarDate, track: String)] {
        var first: [String: (date: CalendarDate, track: String)] = [:]
        func note(_ track: Track, _ date: CalendarDate) {
            for name in track.artists {
                let key = name.lowercased()
                if let known = first[key], known.date <= date { continue }
                first[key] = (date, track.title)
            }
        }
        for day in journal.days {
            for track in day.tracks { note(track, day.date) }
        }
        for day in journal.listening.days {
            // Most played first: the first play of the day is not known in every log.
            for entry in stats.played.days[day.date.dayNumber] ?? [] { note(entry.track, day.date) }
        }
        return first
    }

    /// `totals`: every year's, in the order of `stats.years`.
    private init(
        journal: Journal, stats: Stats, library: Library, yearIndex: Int, totals: [Totals],
        firstCredit: [String: (date: CalendarDate, track: String)]
    ) {
        let period = stats.years[yearIndex]
        year = period.start.year
        let counted = stats.counted(period, in: journal)
        self.totals = totals[yearIndex]
        let hasPrevious = yearIndex > 0 && stats.years[yearIndex - 1].start.year == year - 1
        let previousPeriod = hasPrevious ? stats.years[yearIndex - 1] : nil

        // New artists: credited for the first time this year.
        let firstDayOfYear = period.start
        var newPlays: [String: Int] = [:]
        var newArtistPlays = 0
        var primaryByMonth: [String: [Int]] = [:]
        var albums: [String: (name: String, artist: String, plays: Int)] = [:]
        var weekdayPlays = Array(repeating: 0, count: 7)
        var released: [Int: Int] = [:]
        var undated = 0
        var creditedThisYear = Set<String>()
        var tracksThisYear = Set<String>()
        var lastPlay: [String: (track: Track, date: CalendarDate)] = [:]
        // Plays of each track by month and over the year, in order of first play.
        var monthCounts: [[String: (plays: Int, first: Int)]] = Array(repeating: [:], count: 12)
        var yearCounts: [String: (plays: Int, first: Int)] = [:]
        var trackArtist: [String: String] = [:]
        var albumTrack: [String: Track] = [:]
        var order = 0
        for day in counted {
            for (track, count) in day.tracks {
                weekdayPlays[day.date.weekdayFromMonday] += count
                var isNew = false
                for name in Set(track.artists.map { $0.lowercased() }) {
                    creditedThisYear.insert(name)
                    if let first = firstCredit[name], first.date >= firstDayOfYear {
                        newPlays[name, default: 0] += count
                        isNew = true
                    }
                }
                if isNew { newArtistPlays += count }
                let primary = track.primaryArtist.lowercased()
                primaryByMonth[primary, default: Array(repeating: 0, count: 12)][day.date.month - 1] += count
                if let album = track.album {
                    albums[album.lowercased() + "\u{0}" + primary, default: (album, track.primaryArtist, 0)].plays += count
                }
                if let release = track.released {
                    released[release.year, default: 0] += count
                } else {
                    undated += count
                }
                let key = TrackSummary.key(title: track.title, artist: track.primaryArtist)
                tracksThisYear.insert(key)
                lastPlay[key] = (track, day.date)
                monthCounts[day.date.month - 1][key, default: (0, order)].plays += count
                yearCounts[key, default: (0, order)].plays += count
                trackArtist[key] = primary
                order += 1
                if let album = track.album {
                    let albumKey = album.lowercased() + "\u{0}" + primary
                    if albumTrack[albumKey]?.artwork == nil || track.artwork != nil { albumTrack[albumKey] = track }
                }
            }
        }
        newArtistCount = newPlays.count
        self.newArtistPlays = newArtistPlays
        topNewArtists = newPlays.compactMap { key, plays -> NewArtist? in
            guard let first = firstCredit[key], let artist = library.artist(named: key) else { return nil }
            return NewArtist(name: artist.name, slug: artist.slug, plays: plays, firstDate: first.date, firstTrack: first.track)
        }
        .sorted { ($0.plays, $1.name.lowercased(), $1.name) > ($1.plays, $0.name.lowercased(), $0.name) }
        .prefix(5).map { $0 }

        topArtists = period.topArtists.prefix(5).map { ranked in
            let months = primaryByMonth[ranked.name.lowercased()] ?? Array(repeating: 0, count: 12)
            let peak = months.indices.max { months[$0] != months[$1] ? months[$0] < months[$1] : $0 > $1 } ?? 0
            return TopArtist(
                name: ranked.name, slug: library.artist(named: ranked.name)?.slug, plays: ranked.plays,
                peakMonth: peak + 1, peakPlays: months[peak])
        }
        topTracks = period.topTracks.prefix(10).compactMap { ranked in
            guard let last = lastPlay[ranked.name.lowercased() + "\u{0}" + (ranked.artist ?? "").lowercased()] else { return nil }
            // Spelled as every top list spells it.
            var track = last.track
            track.title = ranked.name
            return TopTrack(plays: ranked.plays, track: track, lastPlayed: last.date)
        }
        topAlbums = albums.values.map { Ranked(name: $0.name, artist: $0.artist, plays: $0.plays) }
            .sorted(by: Stats.ranking).prefix(10).map { $0 }
        topAlbumTracks = topAlbums.map { albumTrack[$0.name.lowercased() + "\u{0}" + ($0.artist ?? "").lowercased()] }

        // The most played of some tracks: plays, then first played.
        // Titles spelled as the year's top lists spell them.
        var spelling: [String: String] = [:]
        for ranked in period.topTracks { spelling[TrackSummary.key(title: ranked.name, artist: ranked.artist ?? "")] = ranked.name }
        func most(_ counts: [String: (plays: Int, first: Int)], where keep: (String) -> Bool = { _ in true }) -> PlayedTrack? {
            let best = counts.filter { keep($0.key) }.min { ($1.value.plays, $0.value.first) < ($0.value.plays, $1.value.first) }
            guard let best, var track = lastPlay[best.key]?.track else { return nil }
            if let name = spelling[best.key] { track.title = name }
            return PlayedTrack(track: track, plays: best.value.plays)
        }
        topArtistTracks = topArtists.map { artist in most(yearCounts) { trackArtist[$0] == artist.name.lowercased() } }
        monthTracks = (1...12).compactMap { month in most(monthCounts[month - 1]).map { MonthTrack(month: month, top: $0) } }
        firstPlay = counted.first.flatMap { day in day.tracks.first.map { FirstPlay(date: day.date, track: $0.track) } }

        // Genre phases: each month's leader, and runs of one leader.
        var leaders: [GenrePlays?] = Array(repeating: nil, count: 12)
        for month in stats.months(in: year) {
            leaders[month.start.month - 1] = month.genres.first
        }
        monthLeaders = leaders
        var phases: [GenrePhase] = []
        for (offset, leader) in leaders.enumerated() {
            guard let leader else { continue }
            if let last = phases.last, last.genre.key == leader.genre.key, last.lastMonth == offset {
                phases[phases.count - 1].lastMonth = offset + 1
                phases[phases.count - 1].plays += leader.plays
            } else {
                phases.append(GenrePhase(firstMonth: offset + 1, lastMonth: offset + 1, genre: leader.genre, plays: leader.plays))
            }
        }
        self.phases = phases

        self.weekdayPlays = weekdayPlays
        favouriteWeekday =
            period.plays == 0
            ? nil
            : stats.weekStart.weekdayOrder.reduce(nil as Int?) { best, weekday in
                guard let best else { return weekday }
                return weekdayPlays[weekday] > weekdayPlays[best] ? weekday : best
            }
        longestStreak = period.longestStreak
        var biggest: BiggestDay?
        for tally in period.days where tally.counts(as: period.count) {
            if tally.total > (biggest?.plays ?? 0) {
                biggest = BiggestDay(date: tally.date, plays: tally.total, ties: 1)
            } else if let current = biggest, tally.total == current.plays {
                biggest?.ties += 1
            }
        }
        biggestDay = biggest

        releaseYears = Self.buckets(released)
        undatedPlays = undated

        // Last year's favourites not played this year.
        if let previousPeriod {
            forgottenArtists = previousPeriod.topArtists.prefix(10).enumerated().compactMap { rank, ranked in
                creditedThisYear.contains(ranked.name.lowercased()) ? nil : Forgotten(name: ranked.name, artist: nil, rank: rank + 1, plays: ranked.plays)
            }
            forgottenTracks = previousPeriod.topTracks.prefix(10).enumerated().compactMap { rank, ranked in
                let key = TrackSummary.key(title: ranked.name, artist: ranked.artist ?? "")
                return tracksThisYear.contains(key) ? nil : Forgotten(name: ranked.name, artist: ranked.artist, rank: rank + 1, plays: ranked.plays)
            }
        } else {
            forgottenArtists = []
            forgottenTracks = []
        }
    }

    /// Release years as a bucket per year from the earliest to the latest, or per decade when
    /// that would be more than 30 buckets. Empty years and decades between are kept (at 0), so
    /// the histogram's axis is even.
    static func buckets(_ plays: [Int: Int]) -> [ReleaseBucket] {
        guard let earliest = plays.keys.min(), let latest = plays.keys.max() else { return [] }
        let width = latest - earliest + 1 > 30 ? 10 : 1
        let start = width == 10 ? Self.floor(earliest, 10) : earliest
        return stride(from: start, through: latest, by: width).map { first in
            let last = first + width - 1
            return ReleaseBucket(first: first, last: last, plays: (first...last).reduce(0) { $0 + (plays[$1] ?? 0) })
        }
    }

    /// `value` rounded down to a multiple of `step`, also below zero.
    private static func floor(_ value: Int, _ step: Int) -> Int {
        value >= 0 ? value / step * step : -((-value + step - 1) / step * step)
    }
}
