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

    /// The fields of a row this reads, of either kind of export; the rest are read through and
    /// left. Named as Spotify names them. A field of another type than Spotify writes is taken as
    /// missing, except a time listened, which says what it is.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Row {
        var ts: String?
        var ms_played: ImportRange.Number = .missing
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
        var msPlayed: ImportRange.Number = .missing
        var trackName: String?
        var artistName: String?
        var podcastName: String?
        var episodeName: String?

        init() {}

        /// The row of the object `reader` has just entered, read through its `}`.
        init(_ reader: inout JSONReader) throws(JSONReader.SyntaxError) {
            var first = true
            while let key = try reader.nextKey(first: first) {
                first = false
                let value = try reader.value()
                func text() -> String? {
                    guard case .string(let range, let escaped) = value else { return nil }
                    return reader.text(range, escaped: escaped)
                }
                func flag() -> Bool? {
                    guard case .bool(let flag) = value else { return nil }
                    return flag
                }
                func number() -> ImportRange.Number {
                    switch value {
                    case .null: return .missing
                    case .number(let range): return reader.number(range)
                    case .string(let range, let escaped): return ImportRange.number(text: reader.text(range, escaped: escaped))
                    case .bool, .array, .object: return .invalid("a value that is not a number")
                    }
                }
                // Keys by their length first: most rows have ten or so, each compared with few names.
                switch key.range.count {
                case 2 where reader.key(key, is: "ts"): ts = text()
                case 7 where reader.key(key, is: "endTime"): endTime = value == .null ? nil : text() ?? ""
                case 7 where reader.key(key, is: "skipped"): skipped = flag()
                case 8 where reader.key(key, is: "msPlayed"): msPlayed = number()
                case 9 where reader.key(key, is: "ms_played"): ms_played = number()
                case 9 where reader.key(key, is: "trackName"): trackName = text()
                case 10 where reader.key(key, is: "reason_end"): reason_end = text()
                case 10 where reader.key(key, is: "artistName"): artistName = text()
                case 11 where reader.key(key, is: "podcastName"): podcastName = text()
                case 11 where reader.key(key, is: "episodeName"): episodeName = text()
                case 12 where reader.key(key, is: "episode_name"): episode_name = text()
                case 14 where reader.key(key, is: "incognito_mode"): incognito_mode = flag()
                case 17 where reader.key(key, is: "spotify_track_uri"): spotify_track_uri = text()
                case 19 where reader.key(key, is: "spotify_episode_uri"): spotify_episode_uri = text()
                case 26 where reader.key(key, is: "master_metadata_track_name"): master_metadata_track_name = text()
                case 32 where reader.key(key, is: "master_metadata_album_album_name"): master_metadata_album_album_name = text()
                case 33 where reader.key(key, is: "master_metadata_album_artist_name"): master_metadata_album_artist_name = text()
                default:
                    // An escaped key is compared as text.
                    if key.escaped { assign(reader.text(key.range, escaped: true), text: text(), flag: flag(), number: number(), isNull: value == .null) }
                }
            }
        }

        /// A field named by an escaped key (`"ts"` written `"\u0074s"`), the rare way.
        private mutating func assign(_ name: String, text: String?, flag: Bool?, number: ImportRange.Number, isNull: Bool) {
            switch name {
            case "ts": ts = text
            case "endTime": endTime = isNull ? nil : text ?? ""
            case "skipped": skipped = flag
            case "msPlayed": msPlayed = number
            case "ms_played": ms_played = number
            case "trackName": trackName = text
            case "reason_end": reason_end = text
            case "artistName": artistName = text
            case "podcastName": podcastName = text
            case "episodeName": episodeName = text
            case "episode_name": episode_name = text
            case "incognito_mode": incognito_mode = flag
            case "spotify_track_uri": spotify_track_uri = text
            case "spotify_episode_uri": spotify_episode_uri = text
            case "master_metadata_track_name": master_metadata_track_name = text
            case "master_metadata_album_album_name": master_metadata_album_album_name = text
            case "master_metadata_album_artist_name": master_metadata_album_artist_name = text
            default: break
            }
        }

        var isAccountData: Bool {
            if endTime != nil { return true }
            if case .value = msPlayed { return true }
            return false
        }

        /// The time listened, in milliseconds, or why it is out of range: a value that is not a
        /// whole number is the problem, else `ms_played`, else `msPlayed`.
        func listened(field: String) -> Result<Int, ImportRange.RangeProblem> {
            var number = ImportRange.Number.missing
            if case .invalid = msPlayed {
                number = msPlayed
            } else if case .invalid = ms_played {
                number = ms_played
            } else if case .value = ms_played {
                number = ms_played
            } else {
                number = msPlayed
            }
            return ImportRange.milliseconds(number, field: field).map { $0 ?? 0 }
        }
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        var plays: [ImportedPlay] = []
        // Problems by the byte their play starts at, placed at its line once there is one.
        var problems: [(start: Int, message: String)] = []
        // The first element that is not an object: the file is refused, once it is known to be JSON.
        var notObject: Int?
        var reader = JSONReader(bytes)
        do throws(JSONReader.SyntaxError) {
            guard reader.enterArray() else {
                _ = try reader.value()
                try reader.end()
                report.diagnostics.append(ImportJSON.problem("expected a JSON array of plays", path: path))
                return ([], report)
            }
            var index = 0
            while try reader.nextElement(first: index == 0) {
                let start = reader.nextStart()
                defer { index += 1 }
                guard notObject == nil, reader.enterObject() else {
                    _ = try reader.value()
                    if notObject == nil { notObject = index }
                    continue
                }
                let row = try Row(&reader)
                report.playsRead += 1
                let play = row.isAccountData ? accountPlay(row, report: &report) : extendedPlay(row, report: &report)
                switch play {
                case .success(var play?):
                    play.format = name
                    plays.append(play)
                case .success(nil): break
                case .failure(let problem): problems.append((start, "play \(index + 1) \(problem.message)"))
                }
            }
            try reader.end()
        } catch {
            let position = ExportText.position(ofByte: error.offset, in: bytes)
            var refused = ImportFileReport(path: path, format: name)
            refused.diagnostics.append(
                Diagnostic(.error, "invalid JSON at byte \(error.offset): \(error.reason)", path: path, line: position.line, column: position.column))
            return ([], refused)
        }
        if let notObject {
            var refused = ImportFileReport(path: path, format: name)
            refused.diagnostics.append(ImportJSON.problem("play \(notObject + 1) is not a JSON object", path: path))
            return ([], refused)
        }
        // Each problem at the line its play starts on.
        if !problems.isEmpty {
            let lines = ImportJSON.lines(at: problems.map(\.start), in: bytes)
            report.add(problems: zip(lines, problems).map { (line: $0, message: $1.message) })
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
            if !id.isEmpty, id.utf8.allSatisfy(ImportJSON.isLetterOrDigit) {
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
