/// What a planned file is made from, as keys an edit is matched against (`FileJob.inputs`): so
/// `journal serve` puts first exactly the files of the plan an edit touches (`FirstPass`), from
/// the plan itself rather than a second list of its rules.
///
/// A key names one thing of the journal: a day (`day:2026-11-21`), a period (`week:2026-11-16`,
/// `month:2026-11`, `year:2026`), an artist, a track, a genre or a tag (by the key two spellings
/// share), a playlist; `home` is the newest home page and `index` the files every edit
/// reaches (the feed, the search index). A file with no keys is made from the whole journal (the
/// indexes of artists and genres, the sitemap, cards): only the whole site's pass remakes it.
enum FileInputs {
    static let home = "home"
    static let index = "index"
    static let writing = "writing"
    static let playlists = "playlists"

    static func day(_ date: CalendarDate) -> String { "day:" + date.iso }
    static func week(_ start: CalendarDate) -> String { "week:" + start.iso }
    static func month(year: Int, month: Int) -> String { "month:\(CalendarDate.pad(year, 4))-\(CalendarDate.pad(month, 2))" }
    static func year(_ year: Int) -> String { "year:\(year)" }
    static func artist(_ name: String) -> String { "artist:" + name.lowercased() }
    static func track(title: String, artist: String) -> String { "track:" + TrackSummary.key(title: title, artist: artist) }
    static func genre(key: String) -> String { "genre:" + key }
    static func tag(_ name: String) -> String { "tag:" + name.lowercased() }
    static func playlist(_ slug: String) -> String { "playlist:" + slug }

    /// The keys of a period's files: its page, its charts; a year's review also shows the year
    /// before it (what changed).
    static func period(_ period: PeriodStats) -> [String] {
        switch period.kind {
        case .week: return [week(period.start)]
        case .month: return [month(year: period.start.year, month: period.start.month)]
        case .year: return [year(period.start.year)]
        case .all: return []
        }
    }

    /// What a day reaches: itself, its week, month and year, the newest home page and the
    /// indexes, and every artist, track, genre and tag it names. `catalog` resolves genre names
    /// (aliases included) to their keys.
    static func of(_ day: Day, catalog: GenreCatalog, weekStart: SiteConfig.WeekStart) -> Set<String> {
        var keys: Set<String> = [
            self.day(day.date), week(day.date.startOfWeek(weekStart)), month(year: day.date.year, month: day.date.month),
            year(day.date.year), home, index,
        ]
        for track in day.tracks {
            for artist in track.artists { keys.insert(self.artist(artist)) }
            keys.insert(self.track(title: track.title, artist: track.primaryArtist))
            if let genre = catalog.primaryGenre(of: track) { keys.insert(self.genre(key: genre.key)) }
        }
        for tag in day.tags { keys.insert(self.tag(tag)) }
        return keys
    }

    /// What a playlist reaches: its page, the list of playlists, its tags, and the indexes.
    static func of(_ playlist: Playlist) -> Set<String> {
        Set([self.playlist(playlist.slug), playlists, home, index, writing] + playlist.tags.map(tag))
    }
}
