import Foundation

/// Where a source's listening stops in the log: the newest play `journal sync` (or an import of
/// the same service's export) put there, which is where the next sync starts reading, a look-back
/// window earlier (docs/content-format.md, "Syncing").
public enum LoggedSource {
    /// The start (Unix seconds) of the newest play in `source`'s listening log whose `source`
    /// column is `format` (`listenbrainz`); in a log of days, the start of the newest day with a
    /// song of `format`, in `timezone`. Nil when the log has none. Month files are read newest
    /// first, and reading stops at the first month that has one; a file that cannot be read or
    /// parsed is a diagnostic (sync stops rather than read the whole history again).
    public static func newestPlay(source: String, format: String, timezone: TimeZone) -> (start: Int64?, diagnostics: [Diagnostic]) {
        let root = join(source, "listening")
        let years = numberedEntries(root, digits: 4).sorted(by: >)
        for year in years {
            let folder = join(root, CalendarDate.pad(year, 4))
            let months = numberedEntries(folder, prefix: CalendarDate.pad(year, 4) + "-", digits: 2, suffix: ".tsv").filter { (1...12).contains($0) }
            for month in months.sorted(by: >) {
                let relative = ListeningLogFile.relativePath(year: year, month: month)
                let display = NewEntry.display(relative, source: source)
                let text: String
                switch FileTree.read(join(source, relative), limit: ListeningLogUpdate.maxFileBytes) {
                case .bytes(let bytes):
                    guard let decoded = String(validating: bytes, as: UTF8.self) else {
                        return (nil, [Diagnostic(.error, "this file is not UTF-8 text; fix it, then sync again", path: display, line: 1, column: 1)])
                    }
                    text = decoded
                case .tooLarge(let size):
                    return (nil, [Diagnostic(.error, "this file is \(size) bytes, over \(ListeningLogUpdate.maxFileBytes)", path: display, line: 1, column: 1)])
                case .failed(let code):
                    return (nil, [Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: display, line: 1, column: 1)])
                }
                let contents = ListeningLogFile.parse(text, month: (year, month))
                if let problem = contents.problems.first {
                    return (nil, [Diagnostic(.error, problem.message + "; fix it, then sync again", path: display, line: problem.line, column: problem.column)])
                }
                if let newest = contents.plays.lazy.filter({ $0.play.source == format }).map({ $0.play.instant }).max() {
                    return (newest, [])
                }
                if let date = (contents.songs.lazy.filter { $0.song.source == format }.map(\.song.date)).max() {
                    return (start(of: date, in: timezone), [])
                }
            }
        }
        return (nil, [])
    }

    /// The instant `date` starts in `timezone`.
    public static func start(of date: CalendarDate, in timezone: TimeZone) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timezone
        // The zone's own start of the day: on the day summer time ends, its offset at midnight
        // is not the one it has at noon.
        guard let noon = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) else {
            return Int64(date.dayNumber) * 86_400
        }
        return Int64(calendar.startOfDay(for: noon).timeIntervalSince1970.rounded(.down))
    }

    /// The numbers of `folder`'s entries named `prefix` + `digits` digits + `suffix`.
    private static func numberedEntries(_ folder: String, prefix: String = "", digits: Int, suffix: String = "") -> [Int] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.compactMap { name in
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard middle.count == digits, middle.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(middle)
        }
    }
}
