import Foundation

/// `Apple Music Play Activity.csv` from Apple's privacy export (privacy.apple.com): one row an
/// event, many columns. A play is a `PLAY_END` row; it started at `Event Start Timestamp`, an
/// instant in UTC (`UTC Offset In Seconds` only says where the device was, and is not applied).
enum AppleMusicPlayActivity: ImportFormat {
    static let name = "applemusic"
    /// Plays shorter than this that were skipped are left out.
    static let shortPlay = 30_000

    /// A CSV header naming Apple's columns.
    static func recognises(path: String, head: [UInt8]) -> Bool {
        let firstLine = Array(head.prefix { $0 != UInt8(ascii: "\n") })
        guard let header = CSV.rows(firstLine).rows.first?.fields.map(trimmed) else { return false }
        return header.contains("Song Name") && (header.contains("Event Start Timestamp") || header.contains("Event Type"))
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        let (rows, csvProblems) = CSV.rows(bytes)
        var problems = csvProblems.map { (line: $0.line, message: $0.message) }
        guard let header = rows.first, !csvProblems.contains(where: { $0.line <= header.line }) else {
            if rows.isEmpty { problems.append((1, "an Apple Music play activity file starts with a header line of column names")) }
            report.add(problems: problems)
            return ([], report)
        }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() where columns[trimmed(name)] == nil { columns[trimmed(name)] = index }
        let missing = ["Song Name"].filter { columns[$0] == nil }
            + (columns["Event Start Timestamp"] == nil && columns["Event Timestamp"] == nil ? ["Event Start Timestamp"] : [])
        guard missing.isEmpty else {
            problems.append((header.line, "the header has no column \(missing.map { "'\($0)'" }.joined(separator: " or "))"))
            report.add(problems: problems)
            return ([], report)
        }

        var plays: [ImportedPlay] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count else {
                problems.append((row.line, "this row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); the header names \(header.fields.count)"))
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
                guard type == "PLAY_END" else { report.skip("not a play: \(type ?? "no event type")"); continue }
            }
            guard let title = value("Song Name") else { report.skip("no song name"); continue }
            guard let artist = value("Artist Name", "Container Artist Name") else { report.skip("no artist"); continue }
            guard let started = value("Event Start Timestamp", "Event Timestamp").flatMap(ImportTime.iso8601) else {
                problems.append((row.line, "this play has no readable 'Event Start Timestamp' (like 2021-03-04T05:06:07.123Z)"))
                continue
            }
            let listened = value("Play Duration Milliseconds").flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
            if value("End Reason Type")?.hasPrefix("TRACK_SKIPPED") == true && (listened ?? 0) < shortPlay {
                report.skip("under 30 s and skipped")
                continue
            }
            var play = ImportedPlay(artists: [artist], title: title, album: value("Album Name", "Container Album Name"),
                                    started: started, listened: listened)
            play.duration = value("Media Duration In Milliseconds").flatMap { Int($0) }.flatMap { $0 > 0 ? ($0 + 500) / 1000 : nil }
            play.format = name
            plays.append(play)
        }
        report.add(problems: problems)
        return (plays, report)
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
