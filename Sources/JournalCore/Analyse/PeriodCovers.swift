/// The tracks whose covers stand for a week, month or year (its share card shows them): its
/// most played tracks (`PeriodStats.topTracks`), one per artwork, so an album played twice is
/// shown once.
public struct PeriodCovers: Sendable {
    /// The most covers a period shows.
    public static let limit = 4

    private struct Key: Hashable {
        var kind: PeriodKind
        var start: Int
    }
    private let plays: [Key: [Play]]

    /// The covers of every week, month and year of `stats`; `parallel`: on every core.
    public init(stats: Stats, journal: Journal, parallel: Bool = true) {
        let periods = stats.weeks + stats.months + stats.years
        let ranked = ParallelMap.map(periods, parallel: parallel) { Self.ranked($0, in: journal) }
        var plays: [Key: [Play]] = [:]
        for (period, covers) in zip(periods, ranked) { plays[Key(kind: period.kind, start: period.start.dayNumber)] = covers }
        self.plays = plays
    }

    /// The plays showing `period`'s covers, most played track first: each the track's first play
    /// in the period with artwork, else its first play. Empty for a period not analysed.
    public func plays(of period: PeriodStats) -> [Play] {
        plays[Key(kind: period.kind, start: period.start.dayNumber)] ?? []
    }

    /// `plays(of:)` of one period, counted from its days.
    static func ranked(_ period: PeriodStats, in journal: Journal) -> [Play] {
        var first: [String: Play] = [:]
        for tally in period.days {
            guard let dayIndex = tally.dayIndex else { continue }
            for (trackIndex, track) in journal.days[dayIndex].tracks.enumerated() {
                let key = TrackSummary.key(title: track.title, artist: track.primaryArtist)
                // The first play with artwork, else the first play.
                if let kept = first[key], kept.track(in: journal).artwork != nil || track.artwork == nil { continue }
                first[key] = Play(dayIndex: dayIndex, trackIndex: trackIndex)
            }
        }
        var covers: [Play] = []
        var seen: Set<String> = []
        for ranked in period.topTracks {
            let key = TrackSummary.key(title: ranked.name, artist: ranked.artist ?? "")
            guard let play = first[key] else { continue }
            guard seen.insert(play.track(in: journal).artwork?.text ?? "\u{0}" + key).inserted else { continue }
            covers.append(play)
            if covers.count == limit { break }
        }
        return covers
    }
}
