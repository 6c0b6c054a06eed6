// Fuzzes `journal import` on one export file, as JournalImport.run reads it: bytes ->
// ExportText.decode -> recognition -> every format's reader (each forced in turn, and the one
// recognised) -> DayPlanner in three zones -> JournalImport.dayFile -> ImportedDayCheck, which is
// the loader's own reading of a day file (size, SourceText, FrontMatter, ContentDecoding.day).
import Foundation
@testable import JournalCore

private let exportPath = "export"
private let decoding = ContentDecoding(markdown: Markdown(unsafeHTML: false), maxTracksPerDay: 0)
/// The zones furthest ahead of and behind UTC, and UTC: a start at the edge of the range lands
/// on a date the build accepts in each.
private let zones = [TimeZone(identifier: "Pacific/Kiritimati"), TimeZone(identifier: "Etc/GMT+12"), TimeZone(identifier: "UTC")].compactMap { $0 }
/// Days checked per plan: reading a day back parses its YAML, and a 64 KB export can plan thousands.
private let daysChecked = 12

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    withInput(data, size) { bytes in
        fuzzOne(bytes)
    }
    return 0
}

private func fuzzOne(_ bytes: [UInt8]) {
    // Decoding: UTF-8 text without a byte-order mark, or a problem at a place (line, column >= 1).
    var lines: TextLines?
    switch ExportText.decode(bytes) {
    case .failure(let problem):
        require(problem.line >= 1 && problem.column >= 1, "decoding problem at \(problem.line):\(problem.column)")
        requireClean(problem.message, "decoding problem")
    case .success(let decoded):
        if !bytes.starts(with: ExportText.zipMagic) {
            require(String(validating: decoded.bytes, as: UTF8.self) != nil, "\(decoded.encoding) decoding gave bytes that are not UTF-8")
            let withoutMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            if decoded.encoding == .utf8 {
                require(decoded.bytes == withoutMark, "UTF-8 decoding changed the text")
            } else if decoded.encoding == .windows1252 {
                require(String(validating: withoutMark, as: UTF8.self) == nil, "valid UTF-8 was read as Windows-1252")
                require(decoded.guessedAt != nil, "a Windows-1252 guess without its place")
            }
            // Places are checked in the decoded text, with its lines as an editor shows them.
            let text = String(decoding: decoded.bytes, as: UTF8.self)
            if !text.utf8.contains(0x0D) { lines = linesToCheck(text) }
        }
    }

    for format in JournalImport.formats.map(Optional.some) + [nil] {
        let (plays, report) = ExportFile.read(bytes, path: exportPath, format: format)
        if verbose { say("\(format ?? "recognised") -> \(report.format): \(plays.count) plays, \(report.diagnostics.count) diagnostics") }
        if format == nil, case .success = ExportText.decode(bytes) {
            let known = JournalImport.readers.contains { $0.name == report.format }
            require(known || report.diagnostics.hasErrors, "a file recognised as no format gave no error")
        }
        for diagnostic in report.diagnostics {
            // Inside the file for the file's own diagnostics; a zip entry's name its entry.
            checkDiagnostic(diagnostic, in: diagnostic.path == exportPath ? lines : nil)
        }
        for play in plays { checkPlay(play) }
        // An import with an error writes nothing: days are planned only from a clean read.
        guard !report.diagnostics.hasErrors, !plays.isEmpty else { continue }
        for zone in zones {
            for cap in [3, 0] {
                let plan = DayPlanner(timezone: zone, maxTracksPerDay: cap).plan(plays)
                require(plan.days.allSatisfy { !$0.tracks.isEmpty && (cap == 0 || $0.tracks.count <= cap) }, "a planned day with no tracks or too many")
                require(zip(plan.days, plan.days.dropFirst()).allSatisfy { $0.date < $1.date }, "planned days out of order or twice")
                for day in plan.days.prefix(daysChecked) {
                    require((1...9999).contains(day.date.year), "a play planned on \(day.date.iso) in \(zone.identifier)")
                    let relative = "content/diary/\(day.date.iso).md"
                    let text = JournalImport.dayFile(day, format: report.format)
                    requireClean(text, "the day file for \(day.date.iso)")
                    let refused = ImportedDayCheck.problems(in: text, path: relative, name: relative, maxFileSize: 1 << 30, decoding: decoding)
                    require(refused.isEmpty, "import would write a day the build refuses: \(refused.map(\.description)) in \(shown(text, limit: 2000))")
                }
            }
        }
    }
}

/// A play as a reader gives it: a start, a length and a time listened in range, names present.
private func checkPlay(_ play: ImportedPlay) {
    require((ImportRange.earliest...ImportRange.latest).contains(play.started), "a play starts at \(play.started), out of range")
    require(play.duration.map { (1...Int(ImportRange.longestSeconds)).contains($0) } ?? true, "a track length of \(play.duration ?? 0) s")
    require(play.listened.map { (0...Int(ImportRange.longestSeconds) * 1000).contains($0) } ?? true, "a play listened \(play.listened ?? 0) ms")
    require(!play.artists.isEmpty && play.artists.allSatisfy { !$0.isEmpty } && !play.title.isEmpty, "a play without a title or an artist")
    require(!play.format.isEmpty, "a play without its format")
}
