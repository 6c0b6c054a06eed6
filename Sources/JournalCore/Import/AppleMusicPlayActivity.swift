import Foundation

/// `Apple Music Play Activity.csv` from Apple's privacy export (privacy.apple.com): one row an
/// event, a hundred or more columns in any order, read by name. A play is a `PLAY_END` row of
/// `Media Type` `AUDIO`; it started at `Event Start Timestamp`, an instant in UTC (`UTC Offset In
/// Seconds` only says where the device was, and is not applied). Newer files name the song
/// `Song Name`, older ones `Content Name`.
enum AppleMusicPlayActivity: ImportFormat {
    static let name = "applemusic"
    /// Plays shorter than this that were skipped are left out.
    static let shortPlay = 30_000
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
        if columns["Event Start Timestamp"] == nil && columns["Event Timestamp"] == nil { missing.append("the header has no column 'Event Start Timestamp'") }
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
            if columns["Event Type"] != nil {
                let type = value("Event Type")
                guard type == "PLAY_END" else {
                    report.skip("not a play: \(type ?? "no event type")")
                    continue
                }
            }
            if let media = value("Media Type"), media != "AUDIO" {
                report.skip("not a song: \(media)")
                continue
            }
            guard let title = value("Song Name", "Content Name") else {
                report.skip("no song name")
                continue
            }
            guard let artist = value("Artist Name", "Container Artist Name") else {
                report.skip("no artist")
                continue
            }
            /// The first of these columns the header has, and where its field starts.
            func place(_ names: String...) -> (name: String, column: Int) {
                let name = names.first { columns[$0] != nil } ?? names[0]
                return (name, columns[name].map(row.column) ?? 1)
            }
            let startField = place("Event Start Timestamp", "Event Timestamp")
            let start = value("Event Start Timestamp", "Event Timestamp")
            guard let started = start.flatMap(ImportTime.iso8601) else {
                problems.append((row.line, startField.column, "this play has no readable 'Event Start Timestamp' (like 2021-03-04T05:06:07.123Z)"))
                continue
            }
            if let problem = ImportRange.startProblem(started, field: startField.name, written: start ?? "") {
                problems.append((row.line, startField.column, problem.message))
                continue
            }
            // Apple writes a negative play duration for some plays: it is read as unknown.
            var listened: Int?
            switch ImportRange.number(text: value("Play Duration Milliseconds") ?? "") {
            case .value(let ms) where ms < 0: listened = nil
            case let number:
                switch ImportRange.milliseconds(number, field: "Play Duration Milliseconds") {
                case .success(let ms): listened = ms
                case .failure(let problem):
                    problems.append((row.line, place("Play Duration Milliseconds").column, problem.message))
                    continue
                }
            }
            let length: Int?
            switch ImportRange.milliseconds(ImportRange.number(text: value("Media Duration In Milliseconds") ?? ""), field: "Media Duration In Milliseconds") {
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

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
