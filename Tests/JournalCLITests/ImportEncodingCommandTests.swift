import Foundation
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal import` on exports saved in other encodings or holding numbers out of range, as the
/// terminal shows it: the warning, the errors at their places, the exit status.
@Suite struct ImportEncodingCommandTests {
    let cli = CommandLineTests()

    @Test func aLatin1LogImportsWithAWarningAndBadNumbersStopTheImport() throws {
        let folder = try CommandLineTests.Folder(["journal.yaml": "title: T\ntimezone: UTC\n"])
        let latin1: [UInt8] =
            Array("#AUDIOSCROBBLER/1.1\n#TZ/UTC\n#CLIENT/Rockbox\nBeyonc".utf8) + [0xE9]
            + Array("\tB'Day\tD".utf8) + [0xE9] + Array("j".utf8) + [0xE0] + Array(" vu\t1\t240\tL\t1763719200\n".utf8)
        try Data(latin1).write(to: URL(fileURLWithPath: folder.path + "/player.log"))
        let run = cli.journal(["import", "--source", folder.path, folder.path + "/player.log"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.errors.contains(
                "\(folder.path)/player.log:4:7: warning: not UTF-8: read as Windows-1252 (Latin-1), so the byte 0xE9 here is 'é'; "
                    + "if letters look wrong in the days written, save the export as UTF-8 and import it again"), "\(run.errors)")
        #expect(run.out.first == "\(folder.path)/player.log (scrobbler, read as Windows-1252): 1 play read", "\(run.out)")
        let day = try #require(
            FileManager.default.contents(atPath: folder.path + "/content/diary/2025/11/2025-11-21.md").map { String(decoding: $0, as: UTF8.self) })
        #expect(day.contains("title: \"Déjà vu\"") && day.contains("artist: \"Beyoncé\""), "\(day)")
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)

        let bad = "#AUDIOSCROBBLER/1.1\n#TZ/UTC\nA\tB\tC\t1\t240\tL\t9223372036854775807\nA\tB\tC\t1\t60000000\tL\t1763719300\n"
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder.path + "/bad.log"))
        let refused = cli.journal(["import", "--source", folder.path, folder.path + "/bad.log"])
        #expect(refused.status == 1)
        #expect(
            refused.errors.filter { $0.contains(": error: ") }.map { $0.replacingOccurrences(of: folder.path + "/", with: "").prefix(13) } == [
                "bad.log:3:15:", "bad.log:4:9: ",
            ],
            "\(refused.errors)")
        #expect(refused.errors.last == "Import failed: 2 errors; nothing was written.", "\(refused.errors)")
    }
}
