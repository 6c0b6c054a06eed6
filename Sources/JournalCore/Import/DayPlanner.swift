import Foundation

/// From plays to diary days (docs/content-format.md, "Importing"):
/// - a play lands on the calendar date of its start in the journal's `timezone`;
/// - the same play seen twice (same artist and title, starts within `sameWithin` seconds) counts
///   once;
/// - a day keeps at most `maxTracksPerDay` tracks (0: every distinct track): the tracks played
///   most that day, then the longest listened, then the earliest, listed in the order of their
///   first play that day.
public struct DayPlanner: Sendable {
    public var timezone: TimeZone
    public var maxTracksPerDay: Int
    public var since: CalendarDate?
    public var until: CalendarDate?
    /// `listening.ignore`: ignored plays are kept in the log but never picked for a day.
    public var listening = ListeningSettings()
    /// Two plays of one track starting this close are one play seen twice.
    public static let sameWithin: Int64 = 5

    public init(timezone: TimeZone, maxTracksPerDay: Int, since: CalendarDate? = nil, until: CalendarDate? = nil) {
        self.timezone = timezone
        self.maxTracksPerDay = maxTracksPerDay
        self.since = since
        self.until = until
    }

    /// One imported day: its date and its tracks, each with the plays that chose it.
    public struct PlannedDay: Sendable, Equatable {
        public var date: CalendarDate
        public var tracks: [ImportedPlay]
    }

    public struct Plan: Sendable {
        public var days: [PlannedDay]
        /// Plays counted once because another read of them came first.
        public var duplicates: Int
        /// Plays outside --since/--until.
        public var outsideRange: Int
        /// Every play kept (duplicates and plays outside --since/--until left out), for the
        /// listening log.
        public var plays: [ImportedPlay] = []
    }

    public func plan(_ plays: [ImportedPlay]) -> Plan {
        // Duplicates: by track, in time order; a play within `sameWithin` of the last kept one
        // of its track is the same play.
        // Keys made once, and indexes sorted rather than the plays themselves: half a million
        // plays sort in a fraction of a second.
        // Each distinct track gets a number, so the sort compares numbers, not strings.
        var numbers: [String: Int] = [:]
        let keys = plays.map { play -> Int in
            let key = play.trackKey
            if let number = numbers[key] { return number }
            numbers[key] = numbers.count
            return numbers.count - 1
        }
        let starts = plays.map(\.started)
        let ordered = plays.indices.sorted { (keys[$0], starts[$0], $0) < (keys[$1], starts[$1], $1) }
        // Indexes, not copies: half a million plays are copied once, into `inRange`.
        var kept: [Int] = []
        kept.reserveCapacity(plays.count)
        var duplicates = 0
        var last: Int?
        for index in ordered {
            // Starts are checked by the readers (`ImportRange`); the arithmetic here never traps on any.
            if let last, keys[last] == keys[index],
                case let gap = starts[index].subtractingReportingOverflow(starts[last]), !gap.overflow, gap.partialValue <= Self.sameWithin
            {
                duplicates += 1
                continue
            }
            kept.append(index)
            last = index
        }

        var byDate: [CalendarDate: [Int]] = [:]
        var inRange: [ImportedPlay] = []
        inRange.reserveCapacity(kept.count)
        var outside = 0
        // No journal is read: credits are split by their separators alone.
        var ignoring = listening.ignoring(names: ArtistNames())
        for index in kept {
            let play = plays[index]
            let date = self.date(of: play)
            if let since, date < since {
                outside += 1
                continue
            }
            if let until, date > until {
                outside += 1
                continue
            }
            inRange.append(play)
            if !listening.ignore.isEmpty,
                ignoring.ignores(artist: play.artists.joined(separator: ", "), title: play.title, album: play.album)
            {
                continue
            }
            byDate[date, default: []].append(index)
        }
        let days = byDate.keys.sorted().map { date in PlannedDay(date: date, tracks: choose((byDate[date] ?? []).map { plays[$0] })) }
        return Plan(days: days, duplicates: duplicates, outsideRange: outside, plays: inRange)
    }

    /// The calendar date a play belongs to.
    func date(of play: ImportedPlay) -> CalendarDate {
        let offset = play.wallClock ? 0 : Int64(timezone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(play.started))))
        let (seconds, overflow) = play.started.addingReportingOverflow(offset)
        if overflow { return CalendarDate(dayNumber: play.started < 0 ? Int(Int64.min / 86_400) : Int(Int64.max / 86_400)) }
        return CalendarDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// The day's tracks: ranked by plays, time listened and first play; kept in first-play order.
    func choose(_ plays: [ImportedPlay]) -> [ImportedPlay] {
        // Each play's key made once, not in every comparison.
        let keyed = plays.map { (play: $0, key: $0.trackKey) }.sorted { ($0.play.started, $0.key) < ($1.play.started, $1.key) }
        var tracks: [String: (first: ImportedPlay, key: String, count: Int, listened: Int)] = [:]
        for (play, key) in keyed {
            if var track = tracks[key] {
                track.count += 1
                track.listened = track.listened.addingReportingOverflow(play.listened ?? 0).overflow ? Int.max : track.listened + (play.listened ?? 0)
                tracks[key] = track
            } else {
                tracks[key] = (play, key, 1, play.listened ?? 0)
            }
        }
        var ranked = tracks.values.sorted {
            ($1.count, $1.listened, $0.first.started, $0.key) < ($0.count, $0.listened, $1.first.started, $1.key)
        }
        if maxTracksPerDay > 0 { ranked = Array(ranked.prefix(maxTracksPerDay)) }
        return ranked.sorted { ($0.first.started, $0.key) < ($1.first.started, $1.key) }.map(\.first)
    }
}
