import Foundation

/// `journal pick [DATE]`: the writer chooses a day's songs from what the listening log says was
/// played that day (docs/content-format.md, "Choosing a day's songs"). The picks replace the
/// day's songs; a song kept keeps every line the writer wrote for it (its note, its album, its
/// links), every other byte of the file stays, and the imported mark goes: the day is now the
/// writer's. A day with no file gets one, as `journal new` would make it.
public enum DayPick {
    /// Why nothing was written.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The log has no play on the date.
        case nothingPlayed(CalendarDate)
        /// `--pick` names a number outside the list, a number twice, or too many.
        case badPick(String)
        case dayFile(path: String, reason: String)
        case changed(path: String)
        case cannotWrite(path: String, reason: String)
        case tooLarge(path: String, size: Int, limit: Int)

        public var description: String {
            switch self {
            case .nothingPlayed(let date):
                return "the listening log has no play on \(date.iso): `journal import` an export that holds that day first; nothing was changed"
            case .badPick(let message): return message + "; nothing was changed"
            case .dayFile(let path, let reason): return "\(path): \(reason); nothing was changed"
            case .changed(let path): return "\(path) changed while you were choosing; nothing was changed: run journal pick again"
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            case .tooLarge(let path, let size, let limit):
                return "\(path) would be \(size) bytes, over limits.max_file_size (\(limit) bytes in journal.yaml); nothing was changed"
            }
        }
    }

    /// How a song of the day is listed: `3 plays · first at 10:00 · 9 min — Blueming — IU`.
    public static func line(_ song: PlayedSong) -> String {
        var parts = ["\(song.plays) play\(song.plays == 1 ? "" : "s")"]
        if let minute = song.firstMinute { parts.append("first at \(CalendarDate.pad(minute / 60, 2)):\(CalendarDate.pad(minute % 60, 2))") }
        if song.seconds > 0 { parts.append("\(max(1, (song.seconds + 30) / 60)) min") }
        return "\(song.title) — \(song.artist)" + (song.album.map { " (\($0))" } ?? "") + " · " + parts.joined(separator: " · ")
    }

    /// The numbers of `--pick 1,4,7` (or an answer typed at the prompt), checked against a list
    /// of `count` songs and a day of at most `limit` (0: no limit).
    public static func numbers(_ text: String, count: Int, limit: Int) -> Result<[Int], Refusal> {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), (1...max(1, count)).contains(number), count > 0 else {
                return .failure(.badPick("'\(part)' is not a number of the list (1 to \(count))"))
            }
            guard !numbers.contains(number) else { return .failure(.badPick("\(number) is picked twice")) }
            numbers.append(number)
        }
        guard !numbers.isEmpty else { return .failure(.badPick("pick at least one song, like --pick 1,3")) }
        if limit > 0, numbers.count > limit {
            return .failure(.badPick("\(numbers.count) songs picked, and a day holds \(limit) (max_tracks_per_day in journal.yaml)"))
        }
        return .success(numbers)
    }

    /// The new list: the picks in the order they were first played that day (then as picked),
    /// each one the day already has kept as its own item: the same title, by the same main
    /// artist, credits split as the diary's are (`names`: the log's `A feat. B` is the day's `A`).
    public static func items(for picks: [PlayedSong], existing: [(title: String, artists: [String])], names: ArtistNames) -> [DayFileEdit.ListItem] {
        let ordered = picks.enumerated().sorted { ($0.element.firstMinute ?? Int.max, $0.offset) < ($1.element.firstMinute ?? Int.max, $1.offset) }.map(
            \.element)
        var used: Set<Int> = []
        return ordered.map { song in
            let title = GenreKey.fold(song.title)
            let artist = names.mainKey(of: song.artist)
            if let match = existing.indices.first(where: { index in
                !used.contains(index) && GenreKey.fold(existing[index].title) == title && names.mainKey(of: existing[index].artists.first ?? "") == artist
            }) {
                used.insert(match)
                return .existing(match)
            }
            return .new(NewTrackLines(title: song.title, artists: [song.artist]))
        }
    }

    /// Writes the picks (numbers of `day.songs`, from 1) as the day's songs; `names` are the
    /// journal's (`Journal.artistNames`). Returns the day file as messages show it.
    public static func write(_ numbers: [Int], of day: ListeningDay, source: String, config: SiteConfig, names: ArtistNames) -> Result<String, Refusal> {
        let picks = numbers.compactMap { day.songs.indices.contains($0 - 1) ? day.songs[$0 - 1] : nil }
        guard picks.count == numbers.count, !picks.isEmpty else { return .failure(.badPick("the picks are not songs of the list")) }
        let relative = NewEntry.dayFile(for: day.date, source: source) ?? NewEntry.dayPath(day.date)
        let shown = NewEntry.display(relative, source: source)
        let path = join(source, relative)
        let original = FileManager.default.contents(atPath: path).map(Array.init)
        let text: String
        if let original {
            guard let decoded = String(validating: original, as: UTF8.self) else { return .failure(.dayFile(path: shown, reason: "not UTF-8 text")) }
            text = decoded
        } else {
            text = NewEntry.dayText(day.date, config: config, firstTrack: NewTrackLines(title: picks[0].title, artists: [picks[0].artist]))
        }
        guard let existing = original == nil ? [] : DayFileEdit.tracks(in: text) else {
            return .failure(.dayFile(path: shown, reason: "its front matter cannot be read"))
        }
        let edited: String
        switch DayFileEdit.replaceTracks(in: text, with: items(for: picks, existing: existing, names: names)) {
        case .failure(let problem): return .failure(.dayFile(path: shown, reason: problem.message))
        case .success(let result): edited = result
        }
        if edited.utf8.count > config.maxFileSize { return .failure(.tooLarge(path: shown, size: edited.utf8.count, limit: config.maxFileSize)) }
        if let original {
            guard FileManager.default.contents(atPath: path).map(Array.init) == original else { return .failure(.changed(path: shown)) }
            do throws(CatalogueFile.WriteProblem) {
                try CatalogueFile.writeAtomically(Array(edited.utf8), to: path, display: shown)
            } catch {
                if case .cannotWrite(let place, let reason) = error { return .failure(.cannotWrite(path: place, reason: reason)) }
            }
        } else {
            do throws(NewEntry.Refusal) {
                try NewEntry.create(relative, text: edited, source: source)
            } catch {
                switch error {
                case .exists(let place): return .failure(.changed(path: place))
                case .cannotWrite(let place, let reason): return .failure(.cannotWrite(path: place, reason: reason))
                }
            }
        }
        return .success(shown)
    }
}
