/// A set of plays counted over time, for the charts of artist and genre pages: a bucket per
/// month when the plays span under two years (24 months), else per year, every bucket from the
/// first play's to the last's, empty ones included.
public struct PlaysOverTime: Sendable {
    public enum Unit: Sendable { case month, year }

    public struct Bucket: Sendable, Equatable {
        public var year: Int
        /// 1 to 12 when the unit is a month.
        public var month: Int?
        /// Plays by chart genre (indexed like `Stats.chartGenres`), or one count when the plays
        /// are counted as one genre.
        public var counts: [Int]
    }

    public let unit: Unit
    public let buckets: [Bucket]

    /// nil when there are no plays. `stacked`: count by chart genre (`Stats.chartSlot`), else
    /// every play in one count.
    public init?(_ plays: [Play], journal: Journal, stats: Stats, stacked: Bool) {
        guard let first = plays.first.map({ journal.days[$0.dayIndex].date }),
            let last = plays.last.map({ journal.days[$0.dayIndex].date })
        else { return nil }
        let unit: Unit = (last.year - first.year) * 12 + last.month - first.month < 24 ? .month : .year
        let width = stacked ? stats.chartGenres.count : 1
        var counts: [Int: [Int]] = [:]
        for play in plays {
            let date = journal.days[play.dayIndex].date
            let key = unit == .month ? date.year * 100 + date.month : date.year
            let slot = stacked ? stats.chartSlot(of: journal.days[play.dayIndex].tracks[play.trackIndex]) : 0
            if let slot { counts[key, default: Array(repeating: 0, count: width)][slot] += 1 }
        }
        self.init(counts: counts, first: first, last: last, unit: unit, width: width)
    }

    /// The listening log's plays of an artist, a track or a genre (`PlayTally.months`); nil when
    /// there are none. `stacked`: by chart slot, else every play in one count.
    public init?(_ tally: PlayTally, stacked: Bool, slots: Int) {
        guard let first = tally.first, let last = tally.last else { return nil }
        let unit: Unit = (last.year - first.year) * 12 + last.month - first.month < 24 ? .month : .year
        let width = stacked ? slots : 1
        var counts: [Int: [Int]] = [:]
        for entry in tally.months {
            let month = Int(entry.month)
            let slot = stacked ? Int(entry.slot) : 0
            guard slot < width else { continue }
            counts[unit == .month ? month : month / 100, default: Array(repeating: 0, count: width)][slot] += entry.plays
        }
        self.init(counts: counts, first: first, last: last, unit: unit, width: width)
    }

    private init(counts: [Int: [Int]], first: CalendarDate, last: CalendarDate, unit: Unit, width: Int) {
        self.unit = unit
        let empty = Array(repeating: 0, count: width)
        var buckets: [Bucket] = []
        switch unit {
        case .month:
            var (year, month) = (first.year, first.month)
            while year * 100 + month <= last.year * 100 + last.month {
                buckets.append(Bucket(year: year, month: month, counts: counts[year * 100 + month] ?? empty))
                month += 1
                if month > 12 { (year, month) = (year + 1, 1) }
            }
        case .year:
            buckets = (first.year...last.year).map { Bucket(year: $0, month: nil, counts: counts[$0] ?? empty) }
        }
        self.buckets = buckets
    }
}
