import Foundation

/// The `.scrobbler.log` that Rockbox and other portable players write (Audioscrobbler 1.1):
/// `#` header lines (`#AUDIOSCROBBLER/1.1`, `#TZ/UNKNOWN` or `#TZ/UTC`, `#CLIENT/…`), then one
/// tab-separated row a play: artist, album, title, track number, length in seconds, rating
/// (`L` listened, `S` skipped), start in Unix seconds and, optionally, a MusicBrainz track id.
/// With `#TZ/UNKNOWN` the start is the device's wall-clock time; with `#TZ/UTC`, a real instant.
enum ScrobblerLog: ImportFormat {
    static let name = "scrobbler"
    static let magic = "#AUDIOSCROBBLER/"
    /// What Rockbox writes for a tag the file does not have.
    static let untagged = "<Untagged>"

    static func recognises(path: String, head: [UInt8]) -> Bool {
        withoutBOM(head).starts(with: magic.utf8)
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        var plays: [ImportedPlay] = []
        var problems: [(line: Int, column: Int, message: String)] = []
        var wallClock = true
        var inHeader = true
        for (index, raw) in withoutBOM(bytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(decoding: raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw, as: UTF8.self)
            if number == 1 && !line.hasPrefix(magic) {
                problems.append((1, 1, "a scrobbler log starts with '\(magic)1.1'"))
                break
            }
            // Header lines come first; the column-name line some players add (`#ARTIST\t#ALBUM…`) is one too.
            if inHeader && line.hasPrefix("#") {
                if line.hasPrefix("#TZ/") { wallClock = line.dropFirst(4).trimmingCharacters(in: .whitespaces) != "UTC" }
                continue
            }
            inHeader = false
            if line.allSatisfy(\.isWhitespace) { continue }
            report.playsRead += 1
            switch play(line, wallClock: wallClock) {
            case .play(var play):
                play.format = name
                plays.append(play)
            case .skip(let reason):
                report.skip(reason)
            case .problem(let column, let message):
                problems.append((number, column, message))
            }
        }
        report.add(placed: problems)
        return (plays, report)
    }

    /// A play, a row left out (why), or what is wrong at which column of the row.
    enum Row {
        case play(ImportedPlay)
        case skip(String)
        case problem(column: Int, String)
    }

    /// One row of the log.
    static func play(_ line: String, wallClock: Bool) -> Row {
        var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // Some writers end every row with a tab: an empty field past the eighth is not a field.
        while fields.count > 8, fields.last?.isEmpty == true { fields.removeLast() }
        guard fields.count == 7 || fields.count == 8 else {
            return .problem(
                column: 1,
                "this row has \(fields.count) tab-separated field\(fields.count == 1 ? "" : "s"); a scrobbler row has 7 or 8 (artist, album, title, track number, length, rating, timestamp, MusicBrainz id)"
            )
        }
        // Trimmed as the build trims a value: a tag of only a line separator is no tag.
        let text = fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        /// Where field `index` starts on the line, in characters.
        func column(_ index: Int) -> Int { fields.prefix(index).reduce(1) { $0 + $1.unicodeScalars.count + 1 } }
        guard !text[6].isEmpty, text[6].allSatisfy({ $0.isASCII && $0.isNumber }), let started = Int64(text[6]) else {
            return .problem(column: column(6), "the timestamp '\(text[6])' is not a number of seconds (like 1577836800)")
        }
        if let problem = ImportRange.startProblem(started, field: "timestamp", written: text[6]) { return .problem(column: column(6), problem.message) }
        switch text[5] {
        case "L": break
        case "S": return .skip("rated S")
        default: return .problem(column: column(5), "the rating '\(text[5])' is neither L (listened) nor S (skipped)")
        }
        let length: Int?
        switch ImportRange.seconds(ImportRange.number(text: text[4]), field: "length") {
        case .success(let seconds): length = seconds
        case .failure(let problem): return .problem(column: column(4), problem.message)
        }
        func tag(_ value: String) -> String? { value.isEmpty || value == untagged ? nil : value }
        guard let artist = tag(text[0]), let title = tag(text[2]) else { return .skip("no artist or title tag") }
        var play = ImportedPlay(artists: [artist], title: title, album: tag(text[1]), started: started)
        play.wallClock = wallClock
        play.duration = length.flatMap { $0 > 0 ? $0 : nil }
        // Rockbox's MusicBrainz track id is the recording's (Picard's `musicbrainz_trackid` tag).
        if text.count == 8 { play.linkRecording(text[7]) }
        return .play(play)
    }

    static func withoutBOM(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }
}
