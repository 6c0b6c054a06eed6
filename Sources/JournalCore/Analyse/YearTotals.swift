/// A year's totals in its review (plays or songs logged, days, distinct artists, tracks and
/// albums, time listened), counted from the listening log where the year has one, else from its
/// logged days.
extension YearReview {
    /// The totals of a year, for the year itself and to compare with the year before.
    public struct Totals: Sendable, Equatable {
        /// Plays where `count` is `.plays`, else songs logged.
        public var plays = 0
        public var count: PeriodCount = .songsLogged
        public var daysLogged = 0
        /// The year's days the journal has covered (first to last logged day).
        public var coveredDays = 0
        /// Distinct artists credited on a play.
        public var artists = 0
        /// Distinct tracks (title and primary artist, case-insensitively).
        public var tracks = 0
        /// Distinct albums (album and primary artist, case-insensitively), of plays that name one.
        public var albums = 0
        /// Counting plays: the seconds played, recorded, and for plays with none recorded their
        /// song's `duration`. Counting songs logged: the summed length of those with a `duration`.
        public var listenedSeconds = 0
        /// Plays with no recorded seconds whose length is their song's `duration`.
        public var estimatedPlays = 0
        /// Plays (or songs logged) with no known length: not in `listenedSeconds`.
        public var untimedPlays = 0

        /// Whole minutes, rounded to the nearest.
        public var minutes: Int { (listenedSeconds + 30) / 60 }
    }

    /// `span`: only those days of the period (a partial year, or the same days the year
    /// before), which the journal covers; nil for the whole period.
    static func totals(of period: PeriodStats, in journal: Journal, stats: Stats, span: ClosedRange<CalendarDate>? = nil) -> Totals {
        var totals = Totals()
        let inSpan = { (date: CalendarDate) in span?.contains(date) ?? true }
        totals.daysLogged = period.days.filter { $0.isLogged && inSpan($0.date) }.count
        totals.coveredDays = span.map { $0.upperBound.dayNumber - $0.lowerBound.dayNumber + 1 } ?? period.coveredDays
        totals.count = period.count
        var artists = Set<String>()
        var tracks = Set<String>()
        var albums = Set<String>()
        for day in stats.counted(period, in: journal) where inSpan(day.date) {
            for (track, count) in day.tracks {
                totals.plays += count
                for name in track.artists { artists.insert(name.lowercased()) }
                let primary = track.primaryArtist.lowercased()
                tracks.insert(track.title.lowercased() + "\u{0}" + primary)
                if let album = track.album { albums.insert(album.lowercased() + "\u{0}" + primary) }
                guard !period.countsPlays else { continue }
                if let duration = track.duration {
                    totals.listenedSeconds += duration
                } else {
                    totals.untimedPlays += count
                }
            }
        }
        if period.countsPlays, span == nil {
            totals.listenedSeconds = period.listenedSeconds
            totals.estimatedPlays = period.estimatedPlays
            totals.untimedPlays = period.untimedPlays
        } else if period.countsPlays {
            // The same seconds as the period's, over the span's days only.
            for tally in period.days where inSpan(tally.date) {
                for entry in stats.played.days[tally.date.dayNumber] ?? [] {
                    totals.listenedSeconds += entry.seconds + entry.estimatedSeconds
                    if entry.track.duration == nil {
                        totals.untimedPlays += entry.unrecorded
                    } else {
                        totals.estimatedPlays += entry.unrecorded
                    }
                }
            }
        }
        totals.artists = artists.count
        totals.tracks = tracks.count
        totals.albums = albums.count
        return totals
    }
}

extension YearReview.Totals {
    /// Whether the year's plays have any duration at all.
    public var hasDurations: Bool { listenedSeconds > 0 }
}
