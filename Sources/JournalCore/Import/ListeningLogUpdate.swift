import Foundation

/// What an import adds to the listening log (docs/content-format.md, "The listening log"): for
/// each month its plays fall in, that month's file with the new plays appended after every line it
/// already has, byte for byte. A play the log already holds (same title and artist without regard
/// to case, starting within `DayPlanner.sameWithin` seconds) is not added again; in a log that
/// keeps days only, a day the log already has is left as it is.
struct ListeningLogUpdate: Sendable {
    struct Month: Sendable {
        /// `listening/2024/2024-01.tsv`.
        var relative: String
        /// The whole new file.
        var text: String
        /// Whether the file exists (its bytes are kept, the new lines come after them).
        var exists: Bool
    }

    var months: [Month] = []
    /// Plays added.
    var added = 0
    /// Plays the log already had (a re-import, an overlapping export, a second source).
    var alreadyLogged = 0
    /// In a log of days: plays of days the log already has, left out.
    var daysAlreadyLogged = 0
    var diagnostics: [Diagnostic] = []

    /// A month file may hold at most this many bytes (about half a million plays).
    static let maxFileBytes = 64 << 20

    /// The update for `plays` (deduplicated among themselves already) in `source`'s log.
    /// `display` names a file relative to the journal as messages show it.
    static func plan(
        _ plays: [ImportedPlay], source: String, timezone: TimeZone, detail: ListeningSettings.Detail,
        display: @escaping @Sendable (String) -> String
    ) -> ListeningLogUpdate {
        var update = ListeningLogUpdate()
        var byMonth: [Int: [ListeningLogFile.Play]] = [:]
        for play in plays {
            let line = logLine(play, timezone: timezone)
            byMonth[line.local.date.year * 12 + line.local.date.month - 1, default: []].append(line)
        }
        // Each month on its own, on every core: a big import touches hundreds of them.
        let months = byMonth
        let parts = ParallelMap.map(months.keys.sorted()) { key in
            month(key, new: months[key] ?? [], source: source, detail: detail, display: display)
        }
        for part in parts {
            update.months += part.months
            update.added += part.added
            update.alreadyLogged += part.alreadyLogged
            update.daysAlreadyLogged += part.daysAlreadyLogged
            update.diagnostics += part.diagnostics
        }
        return update
    }

    /// One month's part of the update: month `key` (year * 12 + month - 1) and its new plays.
    static func month(
        _ key: Int, new: [ListeningLogFile.Play], source: String, detail: ListeningSettings.Detail, display: (String) -> String
    ) -> ListeningLogUpdate {
        var part = ListeningLogUpdate()
        let (year, month) = (key / 12, key % 12 + 1)
        let relative = ListeningLogFile.relativePath(year: year, month: month)
        let path = join(source, relative)
        var existing = ""
        var exists = false
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                part.diagnostics.append(
                    Diagnostic(
                        .error, "this should be a plain file of the listening log (it is a link or a folder); nothing was imported", path: display(relative)
                    ))
                return part
            }
            switch FileTree.read(path, limit: maxFileBytes) {
            case .bytes(let bytes):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    part.diagnostics.append(
                        Diagnostic(.error, "this file is not UTF-8 text; fix it, then import again", path: display(relative), line: 1, column: 1))
                    return part
                }
                existing = text
                exists = true
            case .tooLarge(let size):
                part.diagnostics.append(
                    Diagnostic(.error, "this file is \(size) bytes, over \(maxFileBytes)", path: display(relative), line: 1, column: 1))
                return part
            case .failed(let code):
                part.diagnostics.append(
                    Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: display(relative), line: 1, column: 1))
                return part
            }
        }
        let contents = ListeningLogFile.parse(existing, month: (year, month))
        guard contents.problems.isEmpty else {
            for problem in contents.problems.prefix(20) {
                part.diagnostics.append(
                    Diagnostic(.error, problem.message + "; fix it, then import again", path: display(relative), line: problem.line, column: problem.column)
                )
            }
            return part
        }
        let kind = contents.kind ?? (detail == .plays ? .plays : .days)
        var lines: [String]
        switch kind {
        case .plays:
            (lines, part.alreadyLogged) = appendedPlays(new, to: contents.plays.map(\.play), alreadyLogged: 0)
            part.added += lines.count
        case .days:
            let present = Set(contents.songs.map(\.song.date) + contents.hours.map(\.hours.date))
            let kept = new.filter { !present.contains($0.local.date) }
            part.daysAlreadyLogged += new.count - kept.count
            part.added += kept.count
            lines = dayLines(kept)
        }
        guard !lines.isEmpty else { return part }
        var text = existing
        if text.isEmpty {
            text = ListeningLogFile.comment(kind) + "\n" + ListeningLogFile.header(kind) + "\n"
        } else if !text.hasSuffix("\n") {
            text += "\n"
        }
        text += lines.joined(separator: "\n") + "\n"
        part.months.append(Month(relative: relative, text: text, exists: exists))
        return part
    }

    /// The lines of the plays not yet in `logged`, in time order, and the count of those that were.
    static func appendedPlays(_ new: [ListeningLogFile.Play], to logged: [ListeningLogFile.Play], alreadyLogged: Int) -> ([String], Int) {
        var starts: [String: [Int64]] = [:]
        for play in logged { starts[key(play.artist, play.title), default: []].append(play.instant) }
        for key in starts.keys { starts[key]?.sort() }
        var lines: [String] = []
        var already = alreadyLogged
        // In time order: indexes sorted by numbers made once, the names compared only on a tie.
        let locals = new.map(\.local.asUnix)
        let instants = new.map(\.instant)
        let order = new.indices.sorted { a, b in
            if locals[a] != locals[b] { return locals[a] < locals[b] }
            if instants[a] != instants[b] { return instants[a] < instants[b] }
            return (new[a].artist, new[a].title) < (new[b].artist, new[b].title)
        }
        for play in order.map({ new[$0] }) {
            let known = starts.isEmpty ? [] : starts[key(play.artist, play.title)] ?? []
            if nearest(play.instant, in: known) <= DayPlanner.sameWithin {
                already += 1
                continue
            }
            lines.append(play.line)
        }
        return (lines, already)
    }

    /// The distance from `instant` to the closest of the sorted `starts`.
    static func nearest(_ instant: Int64, in starts: [Int64]) -> Int64 {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < instant { low = middle + 1 } else { high = middle }
        }
        var best = Int64.max
        for index in [low - 1, low] where index >= 0 && index < starts.count {
            let gap = starts[index].subtractingReportingOverflow(instant)
            if !gap.overflow { best = min(best, gap.partialValue.magnitude > UInt64(Int64.max) ? Int64.max : Int64(gap.partialValue.magnitude)) }
        }
        return best
    }

    /// A log of days: each day's songs (most played first) then its hours.
    static func dayLines(_ plays: [ListeningLogFile.Play]) -> [String] {
        var byDate: [CalendarDate: [ListeningLogFile.Play]] = [:]
        for play in plays { byDate[play.local.date, default: []].append(play) }
        var lines: [String] = []
        for date in byDate.keys.sorted() {
            let day = ListeningAggregation.day(date, plays: byDate[date] ?? [])
            for song in day.songs {
                lines.append(
                    ListeningLogFile.DaySong(
                        date: date, plays: song.plays, seconds: song.seconds, unrecorded: song.unrecorded, artist: song.artist, title: song.title,
                        album: song.album, source: song.source
                    ).line)
            }
            lines.append(ListeningLogFile.DayHours(date: date, hours: day.hours).line)
        }
        return lines
    }

    /// How two plays of one song are matched: title and credit, without regard to case.
    static func key(_ artist: String, _ title: String) -> String { title.lowercased() + "\u{0}" + artist.lowercased() }

    /// A play as a line of the log: its local time in `timezone` (a wall-clock play keeps its own).
    static func logLine(_ play: ImportedPlay, timezone: TimeZone) -> ListeningLogFile.Play {
        let local: ListeningLogFile.LocalTime
        if play.wallClock {
            local = ListeningLogFile.LocalTime(unix: play.started, offset: 0)
        } else {
            let offset = Int64(timezone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(play.started))))
            local = ListeningLogFile.LocalTime(unix: play.started, offset: offset)
        }
        return ListeningLogFile.Play(
            utc: play.wallClock ? nil : play.started, local: local, seconds: play.listened.map { ($0 + 500) / 1000 },
            artist: field(play.artists.count == 1 ? play.artists[0] : play.artists.joined(separator: ", ")), title: field(play.title),
            album: play.album.map(field), source: field(play.format),
            ids: ids(play.links), counts: true)
    }

    /// Text as a field holds it: no control character, tab or line break (each a U+FFFD or a
    /// space), at most 1,000 characters.
    static func field(_ text: String) -> String {
        // Most text is a field as it is: checked on its bytes, not rebuilt.
        if text.utf8.count <= 1000, !text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }), !ControlCharacters.contains(text) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                scalars.append(" ")
            } else {
                scalars.append(ControlCharacters.isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        let cleaned = String(scalars)
        return cleaned.count > 1000 ? String(cleaned.prefix(1000)) : cleaned
    }

    /// The ids an export carries, from the links import makes of them: `spotify:track:ID`,
    /// `musicbrainz:recording:MBID`, `youtube:ID`.
    static func ids(_ links: [(service: String, url: String)]) -> String {
        var ids: [String] = []
        for link in links {
            if let id = suffix(link.url, after: "https://open.spotify.com/track/") {
                ids.append("spotify:track:" + id)
            } else if let id = suffix(link.url, after: "https://musicbrainz.org/recording/") {
                ids.append("musicbrainz:recording:" + id)
            } else if let id = suffix(link.url, after: "https://music.youtube.com/watch?v=") {
                ids.append("youtube:" + id)
            }
        }
        return ids.joined(separator: " ")
    }

    /// What follows `prefix` in `url`, when it is a plain id (letters, digits, `-` and `_`).
    private static func suffix(_ url: String, after prefix: String) -> String? {
        guard url.hasPrefix(prefix) else { return nil }
        // On bytes: an id is ASCII, and this runs for every play of an import.
        let id = url.utf8.dropFirst(prefix.utf8.count).prefix { $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "?") }
        guard !id.isEmpty, id.count <= 64, id.allSatisfy({ ImportJSON.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { return nil }
        return String(decoding: id, as: UTF8.self)
    }
}
