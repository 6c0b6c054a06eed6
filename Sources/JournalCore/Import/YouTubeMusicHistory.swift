import Foundation

/// YouTube Music's history from Google Takeout (`watch-history.json` of "YouTube and YouTube
/// Music"): a JSON array, one object a video watched. Only entries whose `header` is
/// `YouTube Music` are music; the song is the `title` without Takeout's "Watched …", the artist
/// the first of `subtitles` (the channel, without ` - Topic`). `time` is the moment the play
/// **started**, in UTC.
enum YouTubeMusicHistory: ImportFormat {
    static let name = "youtubemusic"
    static let musicHeader = "YouTube Music"
    /// How Takeout writes "Watched TITLE" in the languages this knows (English, Korean). A title
    /// in another language is kept as it is.
    static let watched: [(prefix: String, suffix: String)] = [("Watched ", ""), ("", "을(를) 시청했습니다.")]
    /// What YouTube adds to the name of an artist's automatic channel.
    static let topic = " - Topic"

    /// A JSON array whose objects have Takeout's fields.
    static func recognises(path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) == "["
            && text.contains("\"header\"") && text.contains("\"time\"")
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        let entries: [Any]
        do {
            let value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            guard let array = value as? [Any] else {
                report.diagnostics.append(ImportJSON.problem("expected a JSON array of watched videos (Google Takeout's watch-history.json)", path: path))
                return ([], report)
            }
            entries = array
        } catch {
            report.diagnostics.append(ImportJSON.syntaxProblem(error, bytes: bytes, path: path))
            return ([], report)
        }
        var problems: [(line: Int, message: String)] = []
        // Lines are only needed for a problem: found once, when the first one is.
        var lines: [Int]?
        func problem(_ index: Int, _ message: String) {
            let found = lines ?? ImportJSON.elementLines(bytes)
            lines = found
            problems.append((index < found.count ? found[index] : 1, "entry \(index + 1) \(message)"))
        }

        var plays: [ImportedPlay] = []
        for (index, item) in entries.enumerated() {
            report.playsRead += 1
            guard let entry = item as? [String: Any] else {
                problem(index, "is not a JSON object")
                continue
            }
            guard ImportJSON.text(entry["header"]) == musicHeader else {
                report.skip("not YouTube Music")
                continue
            }
            let details = (entry["details"] as? [Any] ?? []).compactMap { ImportJSON.text(($0 as? [String: Any])?["name"]) }
            if details.contains("From Google Ads") {
                report.skip("ad")
                continue
            }
            guard let title = (entry["title"] as? String).flatMap(songTitle) else {
                report.skip("no title")
                continue
            }
            let channel = ((entry["subtitles"] as? [Any])?.first as? [String: Any]).flatMap { ImportJSON.text($0["name"]) }
            guard let artist = channel.flatMap(artistName) else {
                report.skip("no artist (a removed video)")
                continue
            }
            guard let started = ImportJSON.text(entry["time"]).flatMap(ImportTime.iso8601) else {
                problem(index, "has no readable 'time' (like 2023-01-24T09:42:11.123Z)")
                continue
            }
            if let range = ImportRange.startProblem(started, field: "time", written: ImportJSON.text(entry["time"]) ?? "") {
                problem(index, range.message)
                continue
            }
            var play = ImportedPlay(artists: [artist], title: title, started: started)
            if let url = link(entry["titleUrl"]) { play.links = [(TrackLink.Service.youtubeMusic.rawValue, url)] }
            play.format = name
            plays.append(play)
        }
        report.add(problems: problems)
        return (plays, report)
    }

    /// The song's title in Takeout's "Watched TITLE" (or its Korean form); nil if nothing is left.
    static func songTitle(_ text: String) -> String? {
        for form in watched
        where text.hasPrefix(form.prefix) && text.hasSuffix(form.suffix)
            && text.count >= form.prefix.count + form.suffix.count
        {
            return ImportJSON.text(String(text.dropFirst(form.prefix.count).dropLast(form.suffix.count)))
        }
        return ImportJSON.text(text)
    }

    /// A channel's name as an artist's: `NewJeans - Topic` is NewJeans.
    static func artistName(_ channel: String) -> String? {
        ImportJSON.text(channel.hasSuffix(topic) ? String(channel.dropLast(topic.count)) : channel)
    }

    /// A YouTube or YouTube Music watch link as `https://music.youtube.com/watch?v=ID`; nil for
    /// anything else.
    static func link(_ value: Any?) -> String? {
        guard let text = ImportJSON.text(value), let url = URLComponents(string: text), url.scheme == "https",
            url.host == "music.youtube.com" || url.host == "www.youtube.com", url.port == nil, url.user == nil,
            url.path == "/watch", let id = url.queryItems?.first(where: { $0.name == "v" })?.value, !id.isEmpty,
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return "https://music.youtube.com/watch?v=\(id)"
    }
}
