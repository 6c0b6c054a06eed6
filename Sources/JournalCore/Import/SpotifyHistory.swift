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
