/// "On this day" on a day page and the home page (docs/content-format.md, "Browsing").
extension SiteRenderer {
    /// The songs an untitled day is named by, at most.
    static let onThisDaySongs = 3

    /// What the journal has on the same date 1, 5 and 10 years before `date`; nil when nothing.
    func onThisDay(_ date: CalendarDate) -> OnThisDayView? {
        let memories = OnThisDay.memories(of: date, in: journal).map { memory in
            let day = memory.day.map { journal.days[$0] }
            var songs: String?
            if let day, day.title == nil, !day.tracks.isEmpty {
                songs =
                    day.tracks.prefix(Self.onThisDaySongs).map { "\($0.title) — \($0.artists.joined(separator: ", "))" }
                    .joined(separator: ", ") + (day.tracks.count > Self.onThisDaySongs ? ", …" : "")
            }
            return OnThisDayMemoryView(
                ago: l10n.string(Self.agoString(memory.yearsAgo)),
                date: l10n.shortDate(memory.date), dateISO: memory.date.iso,
                href: day.map { urls.href(urls.day($0.date)) }, title: day?.title, songs: songs,
                playedMost: memory.playedMost.map { song in
                    "\(l10n.string(.playedMost)): \(song.title) — \(song.artist) · \(l10n.plays(song.plays))"
                })
        }
        return memories.isEmpty ? nil : OnThisDayView(dayMonth: l10n.dayMonth(date), memories: memories)
    }

    /// `1 year ago`, `5 years ago`, `10 years ago`, by `OnThisDay.yearsBack`.
    static func agoString(_ years: Int) -> UIString {
        switch years {
        case 1: return .oneYearAgo
        case 5: return .fiveYearsAgo
        default: return .tenYearsAgo
        }
    }
}
