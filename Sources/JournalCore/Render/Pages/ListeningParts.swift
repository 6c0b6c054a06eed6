/// What pages show of the listening log (docs/content-format.md, "The listening log"): a diary
/// day's plays beside its songs, and plays by hour of the day for a month, a year and its review.
extension SiteRenderer {
    /// The most songs a day's page lists: a day of 300 songs stays a page of tens of kilobytes
    /// (the rest are counted, "and 200 more songs").
    static let shownSongs = 100

    /// The listening of diary day `day`, when the log has plays on it.
    func dayListening(_ day: Day) -> DayListeningView? {
        guard let listening = journal.listening.day(day.date), listening.plays > 0 else { return nil }
        // A scrobble's length is its song's `duration` from the catalogue, as periods count it
        // ("about"); only plays of a song with no known length are of unknown length.
        var estimatedPlays = 0
        var estimatedSeconds = 0
        for entry in stats.played.days[day.date.dayNumber] ?? [] where entry.unrecorded > 0 && entry.track.duration != nil {
            estimatedPlays += entry.unrecorded
            estimatedSeconds += entry.estimatedSeconds
        }
        let seconds = listening.seconds + estimatedSeconds
        let unknown = max(0, listening.unrecordedPlays - estimatedPlays)
        let shown = listening.songs.prefix(Self.shownSongs)
        let rest = listening.songs.dropFirst(Self.shownSongs)
        let restPlays = rest.reduce(0) { $0 + $1.plays }
        return DayListeningView(
            songs: l10n.songsPlayed(listening.songs.count),
            plays: l10n.plays(listening.plays),
            duration: seconds > 0 ? (estimatedPlays > 0 ? "\(l10n.string(.about)) " : "") + l10n.totalDuration(seconds) : nil,
            untimed: unknown == 0 ? nil : seconds == 0 ? l10n.string(.dayListeningUnknownLength) : l10n.playsOfUnknownLength(unknown),
            list: shown.enumerated().map { offset, song in
                let picked = day.tracks.first { Self.isPicked(song, as: $0, names: journal.artistNames) }
                return PlayedSongView(
                    rank: offset + 1, title: song.title, artist: song.artist,
                    href: trackHref(title: song.title, artist: picked?.primaryArtist ?? song.artist),
                    plays: l10n.plays(song.plays), picked: picked != nil)
            },
            more: rest.isEmpty ? nil : l10n.moreSongs(rest.count),
            morePlays: rest.isEmpty ? nil : l10n.plays(restPlays))
    }

    /// Whether a played song is one the writer logged: the same title, without case, by the same
    /// main artist, credits split as the diary's are (`A feat. B` is A's song).
    static func isPicked(_ song: PlayedSong, as track: Track, names: ArtistNames) -> Bool {
        GenreKey.fold(song.title) == GenreKey.fold(track.title) && names.mainKey(of: song.artist) == names.mainKey(of: track.primaryArtist)
    }

    /// Plays by hour over the listening days from `start` through `end`; nil when there are none.
    func hourChart(from start: CalendarDate, through end: CalendarDate, name: String) -> HourChartView? {
        var hours = Array(repeating: 0, count: 24)
        for day in journal.listening.days(from: start, through: end) {
            for (hour, plays) in day.hours.enumerated() where hour < 24 { hours[hour] += plays }
        }
        let total = hours.reduce(0, +)
        guard total > 0 else { return nil }
        let title = "\(name) · \(l10n.string(.listeningByHour))"
        return HourChartView(
            svg: HourChart(hours: hours, title: title, l10n: l10n).svg(), title: title,
            rows: hours.enumerated().map { HourRow(hour: HourChart.span($0), plays: $1) },
            total: l10n.plays(total))
    }
}
