import Foundation
import ZIPFoundation

/// ListenBrainz's listens: a `.jsonl` file (one listen, a JSON object, a line) or the account
/// export, a zip of `listens/YYYY/M.jsonl` files beside `user.json`. `listened_at` is the moment
/// the listen **started**, in Unix seconds (UTC).
enum ListenBrainzListens: ImportFormat {
    static let name = "listenbrainz"
    /// The most a zip's listens may hold, uncompressed, in total: more is refused as a zip bomb.
    static let zipLimit: UInt64 = 1 << 30
    /// Bad lines reported one by one; past this, only how many more.
    static let reportedLines = 20

    /// A zip, or text whose first non-blank line is a JSON object with `listened_at`.
    static func recognises(path: String, head: [UInt8]) -> Bool {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return true }
        let text = String(decoding: head, as: UTF8.self)
        guard
            let line = text.split(whereSeparator: \.isNewline)
                .first(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return false }
        let trimmed = line.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        return trimmed.first == "{" && trimmed.contains("\"listened_at\"")
    }

    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport) {
        var report = ImportFileReport(path: path, format: name)
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
            return (lines(bytes, path: path, report: &report), report)
        }
        let files: [(path: String, bytes: [UInt8])]
        switch listenFiles(bytes) {
        case .failure(let problem):
            report.diagnostics.append(ImportJSON.problem(problem.message, path: path))
            return ([], report)
        case .success(let found):
            files = found
        }
        var plays: [ImportedPlay] = []
        for file in files {
            // A problem inside the zip names the entry after the zip's own path. Each entry is a
            // text of its own, decoded as any export is.
            let entry = "\(path):\(file.path)"
            switch ExportText.decode(file.bytes) {
            case .failure(let problem):
                report.diagnostics.append(Diagnostic(.error, problem.message, path: entry, line: problem.line, column: problem.column))
            case .success(let decoded):
                if let notice = ExportText.notice(decoded, path: entry) { report.diagnostics.append(notice) }
                plays += lines(decoded.bytes, path: entry, report: &report)
            }
        }
        return (plays, report)
    }

    /// The zip's `listens/**.jsonl` entries, read in memory, sorted by path.
    static func listenFiles(_ bytes: [UInt8]) -> Result<[(path: String, bytes: [UInt8])], Problem> {
        if let problem = ZipStructure.problem(bytes) { return .failure(Problem(message: problem)) }
        let archive: Archive
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            return .failure(Problem(message: "not a readable zip archive"))
        }
        let entries = archive.filter { $0.type == .file && $0.path.hasPrefix("listens/") && $0.path.hasSuffix(".jsonl") }
            .sorted { $0.path < $1.path }
        guard !entries.isEmpty else {
            return .failure(Problem(message: "this zip has no listens (listens/YEAR/MONTH.jsonl): is it a ListenBrainz export?"))
        }
        let declared = entries.reduce(UInt64(0)) { $0 &+ $1.uncompressedSize }
        guard declared <= zipLimit else { return .failure(Problem(message: "the zip's listens are \(declared) bytes uncompressed, over 1 GB")) }
        var files: [(path: String, bytes: [UInt8])] = []
        var total: UInt64 = 0
        for entry in entries {
            var data: [UInt8] = []
            do {
                _ = try archive.extract(entry) { chunk in
                    // Sizes in the zip can lie: count what is actually inflated.
                    total += UInt64(chunk.count)
                    guard total <= zipLimit else { throw ZipBomb() }
                    data += chunk
                }
            } catch is ZipBomb {
                return .failure(Problem(message: "the zip's listens are over 1 GB uncompressed"))
            } catch {
                return .failure(Problem(message: "cannot read \(entry.path) in this zip: \(error)"))
            }
            files.append((entry.path, data))
        }
        return .success(files)
    }

    private struct ZipBomb: Error {}

    /// The listens of one `.jsonl` text; every bad line (up to `reportedLines`) at its line.
    static func lines(_ bytes: [UInt8], path: String, report: inout ImportFileReport) -> [ImportedPlay] {
        var plays: [ImportedPlay] = []
        var bad = 0
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var line = line
            if index == 0, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            report.playsRead += 1
            switch listen(line) {
            case .success(var play):
                play.format = name
                plays.append(play)
            case .failure(let problem):
                bad += 1
                if bad <= reportedLines {
                    report.diagnostics.append(Diagnostic(.error, problem.message, path: path, line: index + 1, column: 1))
                }
            }
        }
        if bad > reportedLines {
            report.diagnostics.append(
                Diagnostic(
                    .error, "and \(bad - reportedLines) more bad line\(bad - reportedLines == 1 ? "" : "s")",
                    path: path, line: 1, column: 1))
        }
        return plays
    }

    struct Problem: Error { var message: String }

    /// One line: a listen, or what is wrong with it.
    static func listen(_ line: ArraySlice<UInt8>) -> Result<ImportedPlay, Problem> {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            return .failure(Problem(message: "not a JSON object (a ListenBrainz listen a line)"))
        }
        return listen(object: object)
    }

    /// One listen, as an export's line or the API's `payload.listens` hold it (the same shape).
    static func listen(object: [String: Any]) -> Result<ImportedPlay, Problem> {
        let listenedAt = ImportRange.number(object["listened_at"])
        guard listenedAt != .missing else { return .failure(Problem(message: "the listen has no 'listened_at' (Unix seconds)")) }
        let started: Int64
        switch ImportRange.start(listenedAt, field: "listened_at") {
        case .success(let seconds): started = seconds
        case .failure(let problem): return .failure(Problem(message: problem.message))
        }
        let metadata = object["track_metadata"] as? [String: Any] ?? [:]
        let info = metadata["additional_info"] as? [String: Any] ?? [:]
        let mapping = metadata["mbid_mapping"] as? [String: Any] ?? [:]
        guard let title = ImportJSON.text(metadata["track_name"]) else {
            return .failure(Problem(message: "the listen has no 'track_metadata.track_name'"))
        }
        let listed = (info["artist_names"] as? [Any] ?? []).compactMap(ImportJSON.text)
        let credited = (mapping["artists"] as? [Any] ?? []).compactMap { ImportJSON.text(($0 as? [String: Any])?["artist_credit_name"]) }
        let artists = listed.count > 1 ? listed : credited.count > 1 ? credited : ImportJSON.text(metadata["artist_name"]).map { [$0] } ?? []
        guard !artists.isEmpty else {
            return .failure(Problem(message: "the listen has no 'track_metadata.artist_name'"))
        }
        var play = ImportedPlay(artists: artists, title: title, album: ImportJSON.text(metadata["release_name"]), started: started)
        // A length of 0 is no length; one that cannot be (negative, over 24 days) is an error.
        switch (
            ImportRange.milliseconds(ImportRange.number(info["duration_ms"]), field: "duration_ms"),
            ImportRange.seconds(ImportRange.number(info["duration"]), field: "duration")
        ) {
        case (.failure(let problem), _), (_, .failure(let problem)):
            return .failure(Problem(message: problem.message))
        case (.success(let ms), .success(let seconds)):
            if let ms, ms > 0 {
                play.duration = (ms + 500) / 1000
            } else if let seconds, seconds > 0 {
                play.duration = seconds
            }
        }
        if let url = ImportJSON.text(info["spotify_id"]), url.hasPrefix("https://open.spotify.com/track/"),
            isIdentifier(url.dropFirst("https://open.spotify.com/track/".count))
        {
            play.links.append(("spotify", url))
        }
        // A link to the recording on MusicBrainz.
        play.linkRecording([mapping["recording_mbid"], info["recording_mbid"]].lazy.compactMap(ImportedPlay.mbid).first)
        if let release = [mapping["caa_release_mbid"], mapping["release_mbid"], info["release_mbid"]].lazy.compactMap(ImportedPlay.mbid).first {
            play.artwork = "https://coverartarchive.org/release/\(release)/front-250"
        }
        return .success(play)
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
