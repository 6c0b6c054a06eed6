import Foundation

/// `Apple Music Play Activity.csv` from Apple's privacy export (privacy.apple.com): one row an
/// event, a hundred or more columns in any order, read by name. A play is a `PLAY_END` row of
/// `Media Type` `AUDIO`, or a row with no event type (older years) that says how long it played;
/// it started at `Event Start Timestamp`, an instant in UTC (`UTC Offset In Seconds` only says
/// where the device was, and is not applied), or, without one, at its end less the time played,
/// or at `Event Timestamp`. Newer files name the song `Song Name`, older ones `Content Name`, and
/// write milliseconds as `332486.0`. Every row passed over is counted by reason.
enum AppleMusicPlayActivity: ImportFormat {
    static let name = "applemusic"
    /// Plays shorter than this that were skipped are left out.
    static let shortPlay = 30_000
    /// `Item Type`s of rows that are not a song: an advert, a clip, a radio stream.
    static let nonSongItems: Set = ["AD", "NON_SONG_CLIP", "STREAM"]
    /// The song's title, by the newer name first.
    static let titleColumns = ["Song Name", "Content Name"]

    /// A CSV header naming Apple's columns. The header can be longer than the head: the columns
    /// looked for are the ones in it.
    static func recognises(path: String, head: [UInt8]) -> Bool {
        let firstLine = Array(head.prefix { $0 != UInt8(ascii: "\n") })
        guard let header = CSV.rows(firstLine).rows.first?.fields.map(trimmed) else { return false }
        return header.contains("Event Start Timestamp")
            || (header.contains("Event Type") && titleColumns.contains(where: header.contains))
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        let (rows, csvProblems) = CSV.rows(bytes)
        var problems = csvProblems.map { (line: $0.line, column: $0.column, message: $0.message) }
        guard let header = rows.first, !csvProblems.contains(where: { $0.line <= header.line }) else {
            if rows.isEmpty { problems.append((1, 1, "an Apple Music play activity file starts with a header line of column names")) }
            report.add(placed: problems)
            return ([], report)
        }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() where columns[trimmed(name)] == nil { columns[trimmed(name)] = index }
        var missing: [String] = []
        if !titleColumns.contains(where: { columns[$0] != nil }) { missing.append("the header has no column 'Song Name' or 'Content Name'") }
        if ["Event Start Timestamp", "Event End Timestamp", "Event Timestamp"].allSatisfy({ columns[$0] == nil }) {
            missing.append("the header has no column 'Event Start Timestamp', 'Event End Timestamp' or 'Event Timestamp'")
        }
        guard missing.isEmpty else {
            problems += missing.map { (header.line, 1, $0) }
            report.add(placed: problems)
            return ([], report)
        }

        var plays: [ImportedPlay] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count else {
                problems.append(
                    (row.line, 1, "this row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); the header names \(header.fields.count)"))
                continue
            }
            report.playsRead += 1
            /// The value in the first of these columns that has one.
            func value(_ names: String...) -> String? {
                for name in names {
                    if let index = columns[name] {
                        let text = trimmed(row.fields[index])
                        if !text.isEmpty { return text }
                    }
                }
                return nil
            }
            /// The first of these columns the header has, and where its field starts.
            func place(_ names: String...) -> (name: String, column: Int) {
                let name = names.first { columns[$0] != nil } ?? names[0]
                return (name, columns[name].map(row.column) ?? 1)
            }
            // Apple writes a negative play duration for some plays: it is read as unknown. The
            // time played is read first, so that a row passed over is counted among the long
            // ones; a bad value is an error only on a row that is a play.
            let listenedRead: Result<Int?, ImportRange.RangeProblem>
            switch wholeNumber(value("Play Duration Milliseconds") ?? "") {
            case .value(let ms) where ms < 0: listenedRead = .success(nil)
            case let number: listenedRead = ImportRange.milliseconds(number, field: "Play Duration Milliseconds")
            }
            let played = try? listenedRead.get()
            // Rows that are no song's play, whatever their time: a library's play time added up
            // over songs not in Apple's catalogue, an advert, a clip, a radio stream.
            switch value("Item Type") {
            case "AGGREGATE_NON_CATALOG_PLAY_TIME"?:
                report.skip("not a play: play time added up (AGGREGATE_NON_CATALOG_PLAY_TIME)")
                continue
            case let item? where nonSongItems.contains(item):
                report.skip("not a song: \(item)")
                continue
            default: break
            }
            if columns["Event Type"] != nil {
                switch value("Event Type") {
                case "PLAY_END": break
                // Older rows have no event type: one that says how long it played is a play.
                case nil where (played ?? 0) > 0: break
                case nil:
                    report.skip("not a play: no event type and no time played")
                    continue
                case let type?:
                    report.skip("not a play: \(type)", playedMilliseconds: played)
                    continue
                }
            }
            if let media = value("Media Type"), media != "AUDIO" {
                report.skip("not a song: \(media)", playedMilliseconds: played)
                continue
            }
            guard let title = value("Song Name", "Content Name") else {
                report.skip("no song name", playedMilliseconds: played)
                continue
            }
            guard let artist = value("Artist Name", "Container Artist Name") else {
                report.skip("no artist", playedMilliseconds: played)
                continue
            }
            let listened: Int?
            switch listenedRead {
            case .success(let ms): listened = ms
            case .failure(let problem):
                problems.append((row.line, place("Play Duration Milliseconds").column, problem.message))
                continue
            }
            // The start, from the first of the row's times that it has: its own start; its end,
            // less the time played; the event's time (docs/content-format.md, "Importing").
            let startField: (name: String, column: Int)
            let start: String
            var lessPlayed = false
            if let text = value("Event Start Timestamp") {
                (startField, start) = (place("Event Start Timestamp"), text)
            } else if let text = value("Event End Timestamp") {
                (startField, start, lessPlayed) = (place("Event End Timestamp"), text, true)
            } else if let text = value("Event Timestamp") {
                (startField, start) = (place("Event Timestamp"), text)
            } else {
                report.skip(
                    value("Event Received Timestamp") == nil
                        ? "no time" : "no time but when Apple received it", playedMilliseconds: listened)
                continue
            }
            guard let read = ImportTime.iso8601(start) else {
                problems.append((row.line, startField.column, "this play's '\(startField.name)' is '\(start)', not a time like 2021-03-04T05:06:07.123Z"))
                continue
            }
            let started = lessPlayed ? read - Int64((listened ?? 0) / 1000) : read
            if let problem = ImportRange.startProblem(started, field: startField.name, written: start) {
                problems.append((row.line, startField.column, problem.message))
                continue
            }
            let length: Int?
            switch ImportRange.milliseconds(wholeNumber(value("Media Duration In Milliseconds") ?? ""), field: "Media Duration In Milliseconds") {
            case .success(let ms): length = ms
            case .failure(let problem):
                problems.append((row.line, place("Media Duration In Milliseconds").column, problem.message))
                continue
            }
            if value("End Reason Type")?.hasPrefix("TRACK_SKIPPED") == true && (listened ?? 0) < shortPlay {
                report.skip("under 30 s and skipped")
                continue
            }
            var play = ImportedPlay(
                artists: [artist], title: title, album: value("Album Name", "Container Album Name"),
                started: started, listened: listened)
            play.duration = length.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil }
            // Apple's own names (`Hip-Hop/Rap`, `R&B/Soul`) in the usual words, so imported plays
            // chart with the genres `journal enrich` finds (docs/content-format.md, "Genres from lookups").
            play.genre = value("Genre").flatMap { GenreVocabulary.plain.primary([$0]) }
            play.format = name
            plays.append(play)
        }
        report.add(placed: problems)
        return (plays, report)
    }

    /// A number of milliseconds as Apple writes it: `332486`, or `332486.0` in newer files; a
    /// fraction that is a whole number is that number, a real fraction (`12.5`) stays one.
    static func wholeNumber(_ text: String) -> ImportRange.Number {
        let number = ImportRange.number(text: text)
        guard case .invalid(let written) = number, let dot = written.firstIndex(of: "."),
            written[written.index(after: dot)...].allSatisfy({ $0 == "0" }), let whole = Int64(written[..<dot])
        else { return number }
        return .value(whole)
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
