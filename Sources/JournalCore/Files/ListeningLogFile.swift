/// One month file of the listening log, `listening/YYYY/YYYY-MM.tsv` (docs/content-format.md,
/// "The listening log"): plain tab-separated text, a header line naming the columns, then one
/// line a play, or, in a log that keeps days only, one line a song of a day and one of its hours.
/// Lines starting with `#` are comments. No field holds a tab or a line break (import writes
/// control characters as U+FFFD), so no field is quoted or escaped.
enum ListeningLogFile {
    enum Kind: Sendable, Equatable {
        /// One line a play, with its time.
        case plays
        /// One line a song of a day (its plays and seconds) and one a day's plays by hour.
        case days
    }

    static let playsColumns = ["utc", "local", "seconds", "artist", "title", "album", "source", "ids", "counts"]
    static let daysColumns = ["date", "plays", "seconds", "unrecorded", "artist", "title", "album", "source"]
    static let hoursMark = "hours"

    static func comment(_ kind: Kind) -> String {
        switch kind {
        case .plays:
            return "# journal's listening log: one play a line, tab-separated (docs/content-format.md, \"The listening log\")."
        case .days:
            return
                "# journal's listening log, days only: each song's plays and seconds a day, and the day's plays by hour (docs/content-format.md, \"The listening log\")."
        }
    }

    static func header(_ kind: Kind) -> String { (kind == .plays ? playsColumns : daysColumns).joined(separator: "\t") }

    /// The place of a month's file, relative to the journal: `listening/2024/2024-01.tsv`.
    static func relativePath(year: Int, month: Int) -> String {
        "listening/\(CalendarDate.pad(year, 4))/\(CalendarDate.pad(year, 4))-\(CalendarDate.pad(month, 2)).tsv"
    }

    /// A time of day in the journal's zone, to the second.
    struct LocalTime: Sendable, Equatable, Comparable {
        var date: CalendarDate
        /// 0 to 86,399.
        var second: Int

        /// As if it were UTC: how wall-clock plays (zone unknown) are compared.
        var asUnix: Int64 { Int64(date.dayNumber) * 86_400 + Int64(second) }
        var hour: Int { second / 3600 }
        var minute: Int { second / 60 }
        var text: String {
            var bytes: [UInt8] = []
            append(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// `text`'s bytes, appended: a log's lines are written half a million at a time.
        func append(to bytes: inout [UInt8]) {
            bytes += date.iso.utf8
            bytes.append(UInt8(ascii: "T"))
            func two(_ part: Int) {
                bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: part / 10 % 10))
                bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: part % 10))
            }
            two(second / 3600)
            bytes.append(UInt8(ascii: ":"))
            two(second / 60 % 60)
            bytes.append(UInt8(ascii: ":"))
            two(second % 60)
        }

        init(date: CalendarDate, second: Int) {
            self.date = date
            self.second = second
        }

        /// The local time of a Unix instant `offset` seconds ahead of UTC.
        init(unix: Int64, offset: Int64) {
            let local = unix + offset
            let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            date = CalendarDate(dayNumber: Int(day))
            second = Int(local - day * 86_400)
        }

        static func < (a: LocalTime, b: LocalTime) -> Bool { (a.date, a.second) < (b.date, b.second) }
    }

    /// A line of a `plays` file.
    struct Play: Sendable, Equatable {
        /// Unix seconds of the start; nil for a play whose zone the source did not know.
        var utc: Int64?
        var local: LocalTime
        /// Seconds played; nil where the source did not record them (a scrobble).
        var seconds: Int?
        var artist: String
        var title: String
        var album: String?
        var source: String
        /// `spotify:track:…`, `musicbrainz:recording:…`, `youtube:…`, space-separated.
        var ids: String
        /// Whether it counts as a play; a line marked `no` stays in the log, out of every number.
        var counts: Bool

        /// The instant dedupe compares: UTC where known, else the wall clock as if it were UTC.
        var instant: Int64 { utc ?? local.asUnix }

        var line: String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(64 + artist.utf8.count + title.utf8.count + (album?.utf8.count ?? 0) + source.utf8.count + ids.utf8.count)
            if let utc {
                LocalTime(unix: utc, offset: 0).append(to: &bytes)
                bytes.append(UInt8(ascii: "Z"))
            }
            bytes.append(UInt8(ascii: "\t"))
            local.append(to: &bytes)
            for field in [seconds.map(String.init) ?? "", artist, title, album ?? "", source, ids, counts ? "yes" : "no"] {
                bytes.append(UInt8(ascii: "\t"))
                bytes += field.utf8
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        static func utcText(_ unix: Int64) -> String { LocalTime(unix: unix, offset: 0).text + "Z" }
    }

    /// A song of a day, in a `days` file.
    struct DaySong: Sendable, Equatable {
        var date: CalendarDate
        var plays: Int
        var seconds: Int
        var unrecorded: Int
        var artist: String
        var title: String
        var album: String?
        var source: String

        var line: String {
            [date.iso, String(plays), String(seconds), String(unrecorded), artist, title, album ?? "", source].joined(separator: "\t")
        }
    }

    /// A day's plays by hour, in a `days` file.
    struct DayHours: Sendable, Equatable {
        var date: CalendarDate
        var hours: [Int]

        var line: String { [date.iso, hoursMark, hours.map(String.init).joined(separator: " ")].joined(separator: "\t") }
    }

    struct Problem: Sendable, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// What a file holds.
    struct Contents: Sendable {
        var kind: Kind?
        var plays: [(line: Int, play: Play)] = []
        var songs: [(line: Int, song: DaySong)] = []
        var hours: [(line: Int, hours: DayHours)] = []
        var problems: [Problem] = []
    }

    /// Reads a month file's text. `month` (year, month) is the one its name says: a line of
    /// another month is a problem, so a play is never counted in two files.
    static func parse(_ text: String, month: (year: Int, month: Int)?) -> Contents {
        var contents = Contents()
        var number = 0
        // Split on bytes: a log holds hundreds of thousands of lines, and splitting by
        // characters (grapheme clusters) took most of a build's load time. Lines and fields are
        // found by offsets in a copy of the bytes (the library's generic `split` was most of
        // what was left), each field a Substring of `text` at those offsets.
        let utf8 = text.utf8
        let all = Array(utf8)
        func part(_ from: Int, _ to: Int) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
        }
        var next = 0
        while next <= all.count {
            let start = next
            var end = start
            while end < all.count && all[end] != UInt8(ascii: "\n") { end += 1 }
            next = end + 1
            number += 1
            if end > start && all[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == start || all[start] == UInt8(ascii: "#") { continue }
            var split: [Substring] = []
            split.reserveCapacity(playsColumns.count)
            var fieldStart = start
            for index in start..<end where all[index] == UInt8(ascii: "\t") {
                split.append(part(fieldStart, index))
                fieldStart = index + 1
            }
            split.append(part(fieldStart, end))
            let fields = split
            guard let kind = contents.kind else {
                let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                if names == playsColumns {
                    contents.kind = .plays
                } else if names == daysColumns {
                    contents.kind = .days
                } else {
                    contents.problems.append(
                        Problem(
                            line: number, column: 1,
                            message:
                                "a listening log file starts with its column names: '\(playsColumns.joined(separator: " "))' (one play a line) or '\(daysColumns.joined(separator: " "))' (days only), tab-separated"
                        ))
                    return contents
                }
                continue
            }
            /// The column (1-based, in characters) where field `index` starts.
            func column(_ index: Int) -> Int { fields.prefix(index).reduce(1) { $0 + $1.count + 1 } }
            func problem(_ index: Int, _ message: String) { contents.problems.append(Problem(line: number, column: column(index), message: message)) }
            func inMonth(_ date: CalendarDate) -> Bool { month.map { $0.year == date.year && $0.month == date.month } ?? true }
            func name(_ index: Int, _ what: String, required: Bool) -> String?? {
                let value = String(fields[index])
                if value.isEmpty {
                    if required { problem(index, "no \(what): every line names one") }
                    return required ? nil : .some(nil)
                }
                if value.utf8.count > 1000, value.count > 1000 {
                    problem(index, "this \(what) is \(value.count) characters long; at most 1000")
                    return nil
                }
                if ControlCharacters.contains(value), let bad = value.unicodeScalars.first(where: ControlCharacters.isForbidden) {
                    problem(index, "this \(what) holds the control character \(ControlCharacters.name(bad))")
                    return nil
                }
                return .some(value)
            }
            switch kind {
            case .plays:
                guard fields.count == playsColumns.count else {
                    problem(0, "this line has \(fields.count) field\(fields.count == 1 ? "" : "s"); a play has \(playsColumns.count), tab-separated")
                    continue
                }
                var utc: Int64?
                if !fields[0].isEmpty {
                    guard let value = utcTime(fields[0]) else {
                        problem(0, "'\(fields[0].prefix(40))' is not a time like 2024-01-05T08:12:33Z (UTC), or empty")
                        continue
                    }
                    utc = value
                }
                guard let local = localTime(fields[1]) else {
                    problem(1, "'\(fields[1].prefix(40))' is not a local time like 2024-01-05T17:12:33")
                    continue
                }
                guard inMonth(local.date) else {
                    problem(
                        1,
                        "this play is on \(local.date.iso), not in this file's month: it belongs in \(relativePath(year: local.date.year, month: local.date.month))"
                    )
                    continue
                }
                var seconds: Int?
                if !fields[2].isEmpty {
                    guard let value = count(fields[2], max: maxSeconds) else {
                        problem(2, "'\(fields[2].prefix(40))' is not a number of seconds from 0 to \(maxSeconds), or empty when unknown")
                        continue
                    }
                    seconds = value
                }
                guard let artist = name(3, "artist", required: true) ?? nil, let title = name(4, "title", required: true) ?? nil,
                    let album = name(5, "album", required: false), let source = name(6, "source", required: false),
                    let ids = name(7, "ids", required: false)
                else { continue }
                let counts: Bool
                switch fields[8].lowercased() {
                case "yes", "": counts = true
                case "no": counts = false
                default:
                    problem(8, "'\(fields[8].prefix(40))' is not yes or no: whether the play counts")
                    continue
                }
                contents.plays.append(
                    (
                        number,
                        Play(
                            utc: utc, local: local, seconds: seconds, artist: artist, title: title, album: album, source: source ?? "", ids: ids ?? "",
                            counts: counts)
                    ))
            case .days:
                guard fields.count >= 2, let date = CalendarDate(iso: fields[0]), fields[0].count == 10 else {
                    problem(0, "'\(fields[0].prefix(40))' is not a date like 2024-01-05")
                    continue
                }
                guard inMonth(date) else {
                    problem(0, "\(date.iso) is not in this file's month: it belongs in \(relativePath(year: date.year, month: date.month))")
                    continue
                }
                if fields[1] == Substring(hoursMark) {
                    let values = fields.count == 3 ? fields[2].split(separator: " ").map { count($0, max: maxPlaysADay) } : []
                    guard values.count == 24, values.allSatisfy({ $0 != nil }) else {
                        problem(min(2, fields.count - 1), "a day's hours are 24 numbers of plays, from midnight, separated by spaces")
                        continue
                    }
                    contents.hours.append((number, DayHours(date: date, hours: values.map { $0 ?? 0 })))
                    continue
                }
                guard fields.count == daysColumns.count else {
                    problem(0, "this line has \(fields.count) fields; a song of a day has \(daysColumns.count), tab-separated")
                    continue
                }
                guard let plays = count(fields[1], max: maxPlaysADay) else {
                    problem(1, "'\(fields[1].prefix(40))' is not a number of plays from 0 to \(maxPlaysADay)")
                    continue
                }
                guard let seconds = count(fields[2], max: maxSeconds * maxPlaysADay) else {
                    problem(2, "'\(fields[2].prefix(40))' is not a number of seconds")
                    continue
                }
                guard let unrecorded = count(fields[3], max: plays) else {
                    problem(3, "'\(fields[3].prefix(40))' is not a number of plays from 0 to the day's \(plays) whose seconds are unknown")
                    continue
                }
                guard let artist = name(4, "artist", required: true) ?? nil, let title = name(5, "title", required: true) ?? nil,
                    let album = name(6, "album", required: false), let source = name(7, "source", required: false)
                else { continue }
                contents.songs.append(
                    (
                        number,
                        DaySong(
                            date: date, plays: plays, seconds: seconds, unrecorded: unrecorded, artist: artist, title: title, album: album, source: source ?? ""
                        )
                    ))
            }
        }
        if contents.kind == nil, !text.isEmpty, contents.problems.isEmpty {
            contents.problems.append(Problem(line: 1, column: 1, message: "this listening log file has no header line of column names"))
        }
        return contents
    }

    /// A play lasts at most 24 days (ListenBrainz's own limit, as import checks).
    static let maxSeconds = 24 * 86_400
    /// A day holds at most this many plays of one song (one every second).
    static let maxPlaysADay = 86_400

    /// A whole number of ASCII digits up to `max`.
    static func count(_ text: Substring, max: Int) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text), value <= max else { return nil }
        return value
    }

    /// `2024-01-05T17:12:33`.
    static func localTime(_ text: Substring) -> LocalTime? {
        text.utf8.withContiguousStorageIfAvailable { localTime(bytes: $0) } ?? localTime(bytes: Array(text.utf8))
    }

    /// `2024-01-05T17:12:33` as bytes, read in place.
    private static func localTime<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> LocalTime? where Bytes.Index == Int {
        guard bytes.count == 19 else { return nil }
        let first = bytes.startIndex
        guard bytes[first + 4] == UInt8(ascii: "-"), bytes[first + 7] == UInt8(ascii: "-"), bytes[first + 10] == UInt8(ascii: "T"),
            bytes[first + 13] == UInt8(ascii: ":"), bytes[first + 16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[first + index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13), hour < 24,
            let minute = number(14..<16), minute < 60, let second = number(17..<19), second < 60,
            let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        return LocalTime(date: date, second: hour * 3600 + minute * 60 + second)
    }

    /// `2024-01-05T08:12:33Z`.
    static func utcTime(_ text: Substring) -> Int64? {
        guard text.utf8.last == UInt8(ascii: "Z") else { return nil }
        let local =
            text.utf8.withContiguousStorageIfAvailable { localTime(bytes: UnsafeBufferPointer(rebasing: $0.dropLast())) }
            ?? localTime(bytes: Array(text.utf8.dropLast()))
        return local?.asUnix
    }
}
