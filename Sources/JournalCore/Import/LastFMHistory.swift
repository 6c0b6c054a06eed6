import Foundation

/// Last.fm scrobbles, as three exporters write them, each giving the moment a scrobble
/// **started**, in UTC:
/// - lastfm.ghan.nl JSON: `user.getRecentTracks` pages (an array of `{"recenttracks": {...}}`, or
///   of the `recenttracks` objects themselves), `date.uts` in Unix seconds;
/// - a CSV with a header naming `artist`, `track`, `album` and the time, as `uts` (Unix seconds,
///   lastfm.ghan.nl) or `utc_time` (`24 Jan 2023, 09:42`); columns are read by name, others ignored;
/// - benfoxall's lastfm-to-csv: no header, `artist,album,name,date` with dates like `27 Jan 2014 10:56`.
/// A track's MusicBrainz recording id (`mbid`, `track_mbid`) becomes its `musicbrainz` link.
enum LastFMHistory: ImportFormat {
    static let name = "lastfm"

    static func recognises(path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        switch text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) {
        case "[", "{":
            // The real exports often hold the `recenttracks` objects without their wrapper.
            return text.contains("\"recenttracks\"") || (text.contains("\"track\"") && text.contains("\"#text\""))
        default:
            guard let first = CSV.rows(head).rows.first, first.line == 1 else { return false }
            return header(first.fields) != nil || (first.fields.count == 4 && dayMonthYearTime(first.fields[3]) != nil)
        }
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        let first = bytes.first(where: { $0 != 0xEF && $0 != 0xBB && $0 != 0xBF && !(UInt8(ascii: " ") == $0 || (9...13).contains($0)) })
        var plays = first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? readJSON(bytes, report: &report) : readCSV(bytes, report: &report)
        for index in plays.indices { plays[index].format = name }
        return (report.diagnostics.isEmpty ? plays : [], report)
    }

    // MARK: JSON

    static func readJSON(_ bytes: [UInt8], report: inout ImportFileReport) -> [ImportedPlay] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            report.diagnostics.append(ImportJSON.syntaxProblem(error, bytes: bytes, path: report.path))
            return []
        }
        let pages = value as? [Any] ?? [value]
        var plays: [ImportedPlay] = []
        for (pageIndex, page) in pages.enumerated() {
            let place = pages.count == 1 ? "" : "page \(pageIndex + 1): "
            guard let object = page as? [String: Any] else {
                report.diagnostics.append(ImportJSON.problem("\(place)expected a JSON object with 'recenttracks'", path: report.path))
                continue
            }
            let recent = object["recenttracks"] as? [String: Any] ?? object
            let tracks: [Any]
            switch recent["track"] {
            case let list as [Any]: tracks = list
            case let one as [String: Any]: tracks = [one]
            default:
                report.diagnostics.append(ImportJSON.problem("\(place)expected 'recenttracks' with a 'track' list", path: report.path))
                continue
            }
            for (index, item) in tracks.enumerated() {
                report.playsRead += 1
                guard let track = item as? [String: Any] else {
                    report.diagnostics.append(ImportJSON.problem("\(place)track \(index + 1) is not a JSON object", path: report.path))
                    continue
                }
                if let play = jsonPlay(track, place: "\(place)track \(index + 1)", report: &report) { plays.append(play) }
            }
        }
        return plays
    }

    /// One entry of a `track` list; nil for the one now playing (it has no date yet) or one without names.
    static func jsonPlay(_ track: [String: Any], place: String, report: inout ImportFileReport) -> ImportedPlay? {
        let attributes = track["@attr"] as? [String: Any]
        if let playing = attributes?["nowplaying"], "\(playing)" == "true" || playing as? Bool == true {
            report.skip("now playing")
            return nil
        }
        guard let title = ImportJSON.text(track["name"]) else {
            report.skip("no track name")
            return nil
        }
        guard let artist = named(track["artist"]) else {
            report.skip("no artist")
            return nil
        }
        let uts = ImportRange.number((track["date"] as? [String: Any])?["uts"])
        guard uts != .missing else {
            report.diagnostics.append(ImportJSON.problem("\(place) has no readable 'date' with 'uts' (Unix seconds)", path: report.path))
            return nil
        }
        let started: Int64
        switch ImportRange.start(uts, field: "date.uts") {
        case .success(let seconds): started = seconds
        case .failure(let problem):
            report.diagnostics.append(ImportJSON.problem("\(place): \(problem.message)", path: report.path))
            return nil
        }
        var play = ImportedPlay(artists: [artist], title: title, album: named(track["album"]), started: started)
        play.artwork = artwork(track["image"])
        if let url = ImportJSON.text(track["url"]), url.hasPrefix("https://www.last.fm/") || url.hasPrefix("https://last.fm/"), isWebAddress(url) {
            play.links = [(TrackLink.Service.lastfm.rawValue, url)]
        }
        play.linkRecording(track["mbid"])
        return play
    }

    /// An address without white space or control characters, which no link may hold (the build
    /// refuses a line break in one).
    static func isWebAddress(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isWhitespace }
    }

    /// `{"#text": name}`, `{"name": name}` or a plain string.
    static func named(_ value: Any?) -> String? {
        guard let object = value as? [String: Any] else { return ImportJSON.text(value) }
        return ImportJSON.text(object["#text"]) ?? ImportJSON.text(object["name"])
    }

    /// The `extralarge` image, else the largest given, if it is an https URL; Last.fm's grey
    /// star placeholder is no artwork.
    static func artwork(_ value: Any?) -> String? {
        let sizes = ["extralarge", "mega", "large", "medium", "small"]
        let images = (value as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        for size in sizes {
            for image in images where ImportJSON.text(image["size"]) == size {
                if let url = ImportJSON.text(image["#text"]), url.hasPrefix("https://"), isWebAddress(url), !url.contains("2a96cbd8b46e442fc41c2b86b821562f") {
                    return url
                }
            }
        }
        return nil
    }

    // MARK: CSV

    /// Where a header's columns are: `artist`, `track` and a time are needed, the rest are not.
    struct Columns {
        enum Time {
            /// `uts`: Unix seconds.
            case uts(Int)
            /// `utc_time`: `24 Jan 2023, 09:42`, UTC.
            case utcTime(Int)
        }
        var time: Time
        var artist: Int
        var album: Int?
        var track: Int
        var trackMBID: Int?
    }

    /// The columns a header names; nil if it is not a header of scrobbles.
    static func header(_ fields: [String]) -> Columns? {
        let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let artist = names.firstIndex(of: "artist"), let track = names.firstIndex(of: "track"),
            let time = names.firstIndex(of: "uts").map(Columns.Time.uts) ?? names.firstIndex(of: "utc_time").map(Columns.Time.utcTime)
        else { return nil }
        return Columns(time: time, artist: artist, album: names.firstIndex(of: "album"), track: track, trackMBID: names.firstIndex(of: "track_mbid"))
    }

    static func readCSV(_ bytes: [UInt8], report: inout ImportFileReport) -> [ImportedPlay] {
        let (rows, problems) = CSV.rows(bytes)
        for problem in problems {
            report.diagnostics.append(Diagnostic(.error, "malformed CSV: \(problem.message)", path: report.path, line: problem.line, column: problem.column))
        }
        guard let first = rows.first else {
            if problems.isEmpty { report.diagnostics.append(ImportJSON.problem("no scrobbles in this CSV file", path: report.path)) }
            return []
        }
        let columns = header(first.fields)
        let width = first.fields.count
        var plays: [ImportedPlay] = []
        for row in columns == nil ? rows[...] : rows.dropFirst() {
            report.playsRead += 1
            func problem(_ message: String, field: Int = 0) {
                report.diagnostics.append(Diagnostic(.error, message, path: report.path, line: row.line, column: row.column(field)))
            }
            guard row.fields.count == width else {
                problem("this row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"), the first has \(width)")
                continue
            }
            let field = { (index: Int?) in index.flatMap { ImportJSON.text(row.fields[$0]) } }
            let artist: String?
            let album: String?
            let title: String?
            let started: Int64
            if let columns {
                artist = field(columns.artist)
                album = field(columns.album)
                title = field(columns.track)
                switch columns.time {
                case .uts(let index):
                    switch ImportRange.start(ImportRange.number(text: row.fields[index]), field: "uts") {
                    case .success(let uts): started = uts
                    case .failure(let range):
                        problem(range.message, field: index)
                        continue
                    }
                case .utcTime(let index):
                    guard let time = field(index).flatMap(dayMonthYearTime) else {
                        problem("'utc_time' is not like 24 Jan 2023, 09:42 (found '\(row.fields[index])')", field: index)
                        continue
                    }
                    if let range = ImportRange.startProblem(time, field: "utc_time", written: row.fields[index]) {
                        problem(range.message, field: index)
                        continue
                    }
                    started = time
                }
            } else {
                guard width == 4 else {
                    problem("expected artist,album,name,date (4 fields) or a header naming uts or utc_time, artist, track")
                    continue
                }
                artist = field(0)
                album = field(1)
                title = field(2)
                guard let time = field(3).flatMap(dayMonthYearTime) else {
                    problem("the date is not like 27 Jan 2014 10:56", field: 3)
                    continue
                }
                if let range = ImportRange.startProblem(time, field: "date", written: row.fields[3]) {
                    problem(range.message, field: 3)
                    continue
                }
                started = time
            }
            guard let title else {
                report.skip("no track name")
                continue
            }
            guard let artist else {
                report.skip("no artist")
                continue
            }
            var play = ImportedPlay(artists: [artist], title: title, album: album, started: started)
            play.linkRecording(field(columns?.trackMBID))
            plays.append(play)
        }
        return plays
    }

    /// `27 Jan 2014 10:56` or `24 Jan 2023, 09:42` (UTC) in Unix seconds.
    static func dayMonthYearTime(_ text: String) -> Int64? {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var parts = text.split(separator: " ")
        if parts.count == 4, parts[2].hasSuffix(",") { parts[2] = parts[2].dropLast() }
        guard parts.count == 4, parts[0].count <= 2, parts[2].count == 4, let day = Int(parts[0]), let year = Int(parts[2]),
            let month = months.firstIndex(of: parts[1].lowercased()),
            let date = CalendarDate(year: year, month: month + 1, day: day)
        else { return nil }
        let clock = parts[3].split(separator: ":")
        guard clock.count == 2, clock[0].count <= 2, clock[1].count == 2, let h = Int(clock[0]), let m = Int(clock[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return Int64(date.dayNumber) * 86_400 + Int64(h * 3600 + m * 60)
    }
}
