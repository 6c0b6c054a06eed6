/// A year's totals in its review (plays, days, distinct artists, tracks and albums, time
/// listened), counted from its logged days.
extension YearReview {
    /// The totals of a year, for the year itself and to compare with the year before.
    public struct Totals: Sendable, Equatable {
        public var plays = 0
        public var daysLogged = 0
        /// The year's days the journal has covered (first to last logged day).
        public var coveredDays = 0
        /// Distinct artists credited on a play.
        public var artists = 0
        /// Distinct tracks (title and primary artist, case-insensitively).
        public var tracks = 0
        /// Distinct albums (album and primary artist, case-insensitively), of plays that name one.
        public var albums = 0
        /// The summed length of the plays whose track has a `duration`.
        public var listenedSeconds = 0
        /// Plays whose track has no `duration`: not in `listenedSeconds`.
        public var untimedPlays = 0

        /// Whole minutes, rounded to the nearest.
        public var minutes: Int { (listenedSeconds + 30) / 60 }
    }

    /// `span`: only those days of the period (a partial year, or the same days the year
    /// before), which the journal covers; nil for the whole period.
    static func totals(of period: PeriodStats, in journal: Journal, span: ClosedRange<CalendarDate>? = nil) -> Totals {
        let dayIndexes = period.days.filter { span?.contains($0.date) ?? true }.compactMap(\.dayIndex)
        var totals = Totals()
        totals.daysLogged = dayIndexes.count
        totals.coveredDays = span.map { $0.upperBound.dayNumber - $0.lowerBound.dayNumber + 1 } ?? period.coveredDays
        var artists = Set<String>()
        var tracks = Set<String>()
        var albums = Set<String>()
        for dayIndex in dayIndexes {
            for track in journal.days[dayIndex].tracks {
                totals.plays += 1
                for name in track.artists { artists.insert(name.lowercased()) }
                let primary = track.primaryArtist.lowercased()
                tracks.insert(track.title.lowercased() + "\u{0}" + primary)
                if let album = track.album { albums.insert(album.lowercased() + "\u{0}" + primary) }
                if let duration = track.duration {
                    totals.listenedSeconds += duration
                } else {
                    totals.untimedPlays += 1
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
