import Foundation

/// Spotify's exports: the extended streaming history (`Streaming_History_Audio_*.json`, and the
/// older `endsong_*.json`) and the account data (`StreamingHistory_music_*.json`). Both give the
/// moment playback **ended**, in UTC; a play started that long before it (`ms_played`).
enum SpotifyHistory: ImportFormat {
    static let name = "spotify"
    /// Plays shorter than this that were skipped (or, in account data, any shorter) are left out.
    static let shortPlay = 30_000

    /// A JSON array whose objects have Spotify's fields.
    static func recognises(path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.first(where: { !$0.isWhitespace }) == "[" && (text.contains("\"ms_played\"") || text.contains("\"msPlayed\""))
    }

    /// The fields of a row this reads, of either kind of export; the rest are not decoded. Named
    /// as Spotify names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Row: Decodable {
        var ts: String?
        var ms_played: Int?
        var master_metadata_track_name: String?
        var master_metadata_album_artist_name: String?
        var master_metadata_album_album_name: String?
        var spotify_track_uri: String?
        var episode_name: String?
        var spotify_episode_uri: String?
        var reason_end: String?
        var skipped: Bool?
        var incognito_mode: Bool?
        var endTime: String?
        var msPlayed: Int?
        var trackName: String?
        var artistName: String?
        var podcastName: String?
        var episodeName: String?
        /// `ms_played` or `msPlayed` as written, when it is not a whole number of 64 bits (read
        /// loosely: the typed reading refuses such a row).
        var unreadableListened: String?

        enum CodingKeys: String, CodingKey {
            case ts, ms_played, master_metadata_track_name, master_metadata_album_artist_name, master_metadata_album_album_name,
                spotify_track_uri, episode_name, spotify_episode_uri, reason_end, skipped, incognito_mode, endTime, msPlayed,
                trackName, artistName, podcastName, episodeName
        }

        /// A row read as loose JSON, when the typed reading failed (a field of another type).
        init(_ object: [String: Any]) {
            ts = object["ts"] as? String
            ms_played = Self.listened(object["ms_played"], unreadable: &unreadableListened)
            master_metadata_track_name = object["master_metadata_track_name"] as? String
            master_metadata_album_artist_name = object["master_metadata_album_artist_name"] as? String
            master_metadata_album_album_name = object["master_metadata_album_album_name"] as? String
            spotify_track_uri = object["spotify_track_uri"] as? String
            episode_name = object["episode_name"] as? String
            spotify_episode_uri = object["spotify_episode_uri"] as? String
            reason_end = object["reason_end"] as? String
            skipped = object["skipped"] as? Bool
            incognito_mode = object["incognito_mode"] as? Bool
            endTime = object["endTime"] as? String
            msPlayed = Self.listened(object["msPlayed"], unreadable: &unreadableListened)
            trackName = object["trackName"] as? String
            artistName = object["artistName"] as? String
            podcastName = object["podcastName"] as? String
            episodeName = object["episodeName"] as? String
            if endTime == nil && object["endTime"] != nil { endTime = "" }
        }

        var isAccountData: Bool { endTime != nil || msPlayed != nil }

        /// A loose value as a whole number, or nil, keeping what was written when it is not one.
        static func listened(_ value: Any?, unreadable: inout String?) -> Int? {
            switch ImportRange.number(value) {
            case .missing: return nil
            case .value(let number): return Int(exactly: number)
            case .invalid(let text):
                unreadable = text
                return nil
            }
        }

        /// The time listened, in milliseconds, or why it is out of range.
        func listened(field: String) -> Result<Int, ImportRange.RangeProblem> {
            let number = unreadableListened.map(ImportRange.Number.invalid) ?? (ms_played ?? msPlayed).map { .value(Int64($0)) } ?? .missing
            return ImportRange.milliseconds(number, field: field).map { $0 ?? 0 }
        }
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        let rows: [Row]
        // Typed decoding is the fast way; a file it refuses (a syntax error, a field of another
        // type) is read again as loose JSON, which says where a syntax error is.
        if let typed = try? JSONDecoder().decode([Row].self, from: Data(bytes)) {
            rows = typed
        } else {
            switch ImportJSON.array(bytes, path: path) {
            case .failure(let problem):
                report.diagnostics.append(problem)
                return ([], report)
            case .success(let array):
                rows = array.map(Row.init)
            }
        }
        var plays: [ImportedPlay] = []
        plays.reserveCapacity(rows.count)
        var problems: [(index: Int, message: String)] = []
        for (index, row) in rows.enumerated() {
            report.playsRead += 1
            let play = row.isAccountData ? accountPlay(row, report: &report) : extendedPlay(row, report: &report)
            switch play {
            case .success(var play?):
                play.format = name
                plays.append(play)
            case .success(nil): break
            case .failure(let problem): problems.append((index, "play \(index + 1) \(problem.message)"))
            }
        }
        // Each problem at the line its play starts on, found once there is one.
        if !problems.isEmpty {
            let lines = ImportJSON.elementLines(bytes)
            report.add(problems: problems.map { (line: $0.index < lines.count ? lines[$0.index] : 1, message: $0.message) })
        }
        return (plays, report)
    }

    /// One row of the extended streaming history: a play, nil for a row left out (counted in
    /// `report`), or what is wrong with it.
    static func extendedPlay(_ row: Row, report: inout ImportFileReport) -> Result<ImportedPlay?, ImportRange.RangeProblem> {
        if row.incognito_mode == true {
            report.skip("incognito")
            return .success(nil)
        }
        guard let title = ImportJSON.text(row.master_metadata_track_name) else {
            report.skip(row.episode_name != nil || row.spotify_episode_uri != nil ? "podcast episode" : "no track name")
            return .success(nil)
        }
        guard let artist = ImportJSON.text(row.master_metadata_album_artist_name) else {
            report.skip("no artist")
            return .success(nil)
        }
        guard let ended = ImportJSON.text(row.ts).flatMap(ImportTime.iso8601) else {
            return .failure(ImportRange.RangeProblem("has no readable 'ts' (like 2024-01-31T23:59:59Z)"))
        }
        let listened: Int
        switch row.listened(field: "ms_played") {
        case .success(let value): listened = value
        case .failure(let problem): return .failure(problem)
        }
        let skipped = row.skipped == true || (ImportJSON.text(row.reason_end).map { $0 != "trackdone" } ?? false)
        if listened < shortPlay && skipped {
            report.skip("under 30 s and skipped")
            return .success(nil)
        }
        let started = ended - Int64(listened / 1000)
        if let problem = ImportRange.startProblem(started, field: "ts", written: row.ts ?? "") { return .failure(problem) }
        var play = ImportedPlay(
            artists: [artist], title: title, album: ImportJSON.text(row.master_metadata_album_album_name),
            started: started, listened: listened)
        if let uri = ImportJSON.text(row.spotify_track_uri), uri.hasPrefix("spotify:track:") {
            let id = uri.dropFirst("spotify:track:".count)
            if !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                play.links = [("spotify", "https://open.spotify.com/track/\(id)")]
            }
        }
        return .success(play)
    }

    /// One row of the account data's streaming history: `endTime` is "YYYY-MM-DD HH:MM", UTC.
    static func accountPlay(_ row: Row, report: inout ImportFileReport) -> Result<ImportedPlay?, ImportRange.RangeProblem> {
        guard let title = ImportJSON.text(row.trackName), let artist = ImportJSON.text(row.artistName) else {
            report.skip(row.podcastName != nil || row.episodeName != nil ? "podcast episode" : "no track name")
            return .success(nil)
        }
        guard let ended = ImportJSON.text(row.endTime).flatMap(ImportTime.minuteUTC) else {
            return .failure(ImportRange.RangeProblem("has no readable 'endTime' (like 2024-01-31 23:59)"))
        }
        let listened: Int
        switch row.listened(field: "msPlayed") {
        case .success(let value): listened = value
        case .failure(let problem): return .failure(problem)
        }
        if listened < shortPlay {
            report.skip("under 30 s")
            return .success(nil)
        }
        let started = ended - Int64(listened / 1000)
        if let problem = ImportRange.startProblem(started, field: "endTime", written: row.endTime ?? "") { return .failure(problem) }
        return .success(ImportedPlay(artists: [artist], title: title, started: started, listened: listened))
    }
}

/// Reading JSON exports: whole arrays, with the place of a syntax error.
enum ImportJSON {
    static func array(_ bytes: [UInt8], path: String) -> Result<[[String: Any]], Diagnostic> {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            return .failure(syntaxProblem(error, bytes: bytes, path: path))
        }
        guard let array = value as? [Any] else { return .failure(problem("expected a JSON array of plays", path: path)) }
        var objects: [[String: Any]] = []
        for (index, item) in array.enumerated() {
            guard let object = item as? [String: Any] else {
                return .failure(problem("play \(index + 1) is not a JSON object", path: path))
            }
            objects.append(object)
        }
        return .success(objects)
    }

    /// A JSON syntax error at its line and column, where Foundation names the byte.
    static func syntaxProblem(_ error: Error, bytes: [UInt8], path: String) -> Diagnostic {
        let text = "\(error)"
        var line = 1
        var column = 1
        if let range = text.range(of: #"(character|index) \d+"#, options: .regularExpression),
            let offset = Int(text[range].split(separator: " ").last ?? "")
        {
            let position = ExportText.position(ofByte: offset, in: bytes)
            return Diagnostic(.error, "invalid JSON at byte \(offset)", path: path, line: position.line, column: position.column)
        }
        if let range = text.range(of: #"line \d+, column \d+"#, options: .regularExpression) {
            let numbers = text[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 {
                line = numbers[0]
                column = numbers[1]
            }
        }
        return Diagnostic(.error, "invalid JSON", path: path, line: line, column: column)
    }

    /// The line (1-based) each element of a JSON text's top-level array starts on, in order.
    static func elementLines(_ bytes: [UInt8]) -> [Int] {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let comma = UInt8(ascii: ",")
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expecting = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == backslash { escaped = true } else if byte == quote { inString = false }
                continue
            }
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) { continue }
            if depth == 1 && expecting && byte != comma && byte != UInt8(ascii: "]") {
                lines.append(line)
                expecting = false
            }
            switch byte {
            case quote: inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expecting = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case comma where depth == 1: expecting = true
            default: break
            }
        }
        return lines
    }

    static func problem(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, path: path, line: 1, column: 1)
    }

    /// A non-empty string, trimmed.
    static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        // Most values need no trimming: look at the ends before building a new string.
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last else { return nil }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return string }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A whole number, nil for anything else (`ImportRange.number` says what).
    static func int(_ value: Any?) -> Int? {
        guard case .value(let number) = ImportRange.number(value) else { return nil }
        return Int(exactly: number)
    }
}

/// Instants as exports write them, in Unix seconds.
enum ImportTime {
    /// `2024-01-31T23:59:59Z` (fractions and `+00:00` accepted).
    static func iso8601(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let clock = clock(bytes[11..<19])
        else { return nil }
        var seconds = Int64(date.dayNumber) * 86_400 + clock
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") { rest = rest.drop(while: { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }) }
        if rest.isEmpty || rest.elementsEqual("Z".utf8) { return seconds }
        guard rest.count == 6, let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let hours = Int(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self)),
            let minutes = Int(String(decoding: rest.suffix(2), as: UTF8.self))
        else { return nil }
        let offset = Int64(hours * 3600 + minutes * 60)
        seconds -= sign == UInt8(ascii: "+") ? offset : -offset
        return seconds
    }

    /// `2024-01-31 23:59`, UTC.
    static func minuteUTC(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let clock = clock(Array(bytes[11..<16]) + Array(":00".utf8))
        else { return nil }
        return Int64(date.dayNumber) * 86_400 + clock
    }

    /// `HH:MM:SS` as seconds of the day.
    private static func clock(_ bytes: some Collection<UInt8>) -> Int64? {
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: ":")
        guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]),
            (0..<24).contains(h), (0..<60).contains(m), (0...60).contains(s)
        else { return nil }
        return Int64(h * 3600 + m * 60 + s)
    }
}
