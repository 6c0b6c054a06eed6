import Foundation

/// Reads the listening log (docs/content-format.md, "The listening log"): `listening/YYYY/YYYY-MM.tsv`
/// beside `content/`, every month file read and checked on every core, gathered into days. A line
/// marked `counts: no`, and a song `listening.ignore` names, counts in no number. Every problem
/// is a diagnostic at its `path:line:column`.
extension JournalLoader {
    func loadListening(settings: ListeningSettings, names: ArtistNames, parallel: Bool, diagnostics: inout [Diagnostic]) -> Listening {
        let root = join(source, "listening")
        var status = stat()
        guard stat(root, &status) == 0 else { return Listening() }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            diagnostics.append(Diagnostic(.error, "this should be the folder of the listening log", path: display("listening")))
            return Listening()
        }
        // Half of a decided import is never read as the log (ListeningLogStaging).
        if let unfinished = ListeningLogStaging.unfinished(root) {
            diagnostics.append(
                Diagnostic(
                    .error, "an import was stopped while putting the listening log in place: run `journal import --resume` to finish it",
                    path: display("listening/" + (unfinished as NSString).lastPathComponent)))
            return Listening()
        }
        var months: [(relative: String, year: Int, month: Int)] = []
        let years = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for year in years {
            let folder = "listening/" + year
            guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(year) else {
                diagnostics.append(
                    Diagnostic(.warning, "not part of the listening log (its folders are years, like listening/2024/): left out", path: display(folder)))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: join(source, folder), isDirectory: &isFolder), isFolder.boolValue else {
                diagnostics.append(
                    Diagnostic(.warning, "not part of the listening log (its folders are years, like listening/2024/): left out", path: display(folder)))
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: join(source, folder)) else {
                diagnostics.append(Diagnostic(.error, "cannot read this folder", path: display(folder)))
                continue
            }
            for name in names.filter({ !$0.hasPrefix(".") }).sorted() {
                let relative = folder + "/" + name
                if name.count == 11, name.hasPrefix(year + "-"), name.hasSuffix(".tsv"), let month = Int(name.dropFirst(5).prefix(2)),
                    name.dropFirst(5).prefix(2).allSatisfy(\.isNumber), (1...12).contains(month)
                {
                    months.append((relative, number, month))
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "not a month file of the listening log (named like listening/\(year)/\(year)-01.tsv): left out", path: display(relative)))
                }
            }
        }
        let path = source
        let results = ParallelMap.map(months, parallel: parallel) { month -> ([ListeningDay], [Diagnostic]) in
            let shown = path == "." || path.isEmpty ? month.relative : join(path, month.relative)
            switch FileTree.read(join(path, month.relative), limit: ListeningLogUpdate.maxFileBytes) {
            case .bytes(let bytes):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return ([], [Diagnostic(.error, "this file is not UTF-8 text", path: shown, line: 1, column: 1)])
                }
                return Self.days(of: text, month: (month.year, month.month), settings: settings, names: names, path: shown)
            case .tooLarge(let size):
                return ([], [Diagnostic(.error, "this file is \(size) bytes, over \(ListeningLogUpdate.maxFileBytes)", path: shown, line: 1, column: 1)])
            case .failed(let code):
                return ([], [Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: shown, line: 1, column: 1)])
            }
        }
        var days: [ListeningDay] = []
        for result in results {
            days += result.0
            diagnostics += result.1
        }
        Self.shareNames(&days)
        return Listening(days: days)
    }

    /// Gives every song of the log one copy of each of its names. Each month file is read on its
    /// own, so a song kept a copy of its artist, title and album for every day it was played: in
    /// 50 years of 1.5 million plays, a million copies of a few thousand names. A name is shared
    /// only with one of the same bytes (not merely equal as Swift compares text).
    static func shareNames(_ days: inout [ListeningDay]) {
        var names = Set<String>()
        func shared(_ name: String) -> String {
            let member = names.insert(name).memberAfterInsert
            return member.utf8.count == name.utf8.count && member.utf8.elementsEqual(name.utf8) ? member : name
        }
        for day in days.indices {
            for song in days[day].songs.indices {
                days[day].songs[song].artist = shared(days[day].songs[song].artist)
                days[day].songs[song].title = shared(days[day].songs[song].title)
                if let album = days[day].songs[song].album { days[day].songs[song].album = shared(album) }
            }
        }
    }

    /// One month file's days.
    static func days(of text: String, month: (year: Int, month: Int), settings: ListeningSettings, names: ArtistNames, path: String) -> (
        [ListeningDay], [Diagnostic]
    ) {
        let contents = ListeningLogFile.parse(text, month: month)
        var diagnostics: [Diagnostic] = []
        for problem in contents.problems.prefix(ImportFileReport.shownProblems) {
            diagnostics.append(Diagnostic(.error, problem.message, path: path, line: problem.line, column: problem.column))
        }
        if contents.problems.count > ImportFileReport.shownProblems {
            let rest = contents.problems.count - ImportFileReport.shownProblems
            diagnostics.append(
                Diagnostic(
                    .error, "and \(rest) more problem\(rest == 1 ? "" : "s") like these", path: path,
                    line: contents.problems[ImportFileReport.shownProblems].line,
                    column: 1))
        }
        var days: [ListeningDay] = []
        var ignoring = settings.ignoring(names: names)
        switch contents.kind {
        case .plays:
            var byDate: [CalendarDate: [ListeningLogFile.Play]] = [:]
            for (_, play) in contents.plays where play.counts && !ignoring.ignores(artist: play.artist, title: play.title, album: play.album) {
                byDate[play.local.date, default: []].append(play)
            }
            var numbers = ListeningAggregation.SongNumbers()
            days = byDate.keys.sorted().map { ListeningAggregation.day($0, plays: byDate[$0] ?? [], numbers: &numbers).listening }
        case .days:
            var songs: [CalendarDate: [String: PlayedSong]] = [:]
            for (line, song) in contents.songs {
                let key = ListeningLogUpdate.key(song.artist, song.title)
                if songs[song.date]?[key] != nil {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "\(song.title) by \(song.artist) is listed twice for \(song.date.iso): the first line is used", path: path, line: line,
                            column: 1))
                    continue
                }
                guard song.plays > 0, !ignoring.ignores(artist: song.artist, title: song.title, album: song.album) else { continue }
                songs[song.date, default: [:]][key] = PlayedSong(
                    artist: song.artist, title: song.title, album: song.album, plays: song.plays, seconds: song.seconds, unrecorded: song.unrecorded)
            }
            var hours: [CalendarDate: [Int]] = [:]
            for (line, day) in contents.hours {
                if hours[day.date] != nil {
                    diagnostics.append(Diagnostic(.warning, "\(day.date.iso) has two lines of hours: the first is used", path: path, line: line, column: 1))
                    continue
                }
                hours[day.date] = day.hours
            }
            days = songs.keys.sorted().map { date in
                ListeningDay(date: date, songs: Array((songs[date] ?? [:]).values), hours: hours[date] ?? Array(repeating: 0, count: 24))
            }
        case nil:
            break
        }
        // Shared within the month now, as its days are made: until the whole log is loaded and
        // its names shared across months, a song holds one copy a month, not one a day.
        shareNames(&days)
        return (days, diagnostics)
    }
}
