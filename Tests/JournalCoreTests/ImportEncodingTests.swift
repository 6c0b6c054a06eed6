import Foundation
import Testing
import ZIPFoundation

@testable import JournalCore

/// Exports as they are saved in the wild: UTF-8 with a byte-order mark, UTF-16 (Excel's "Unicode
/// Text", tab-separated), Windows-1252. Each import goes through `JournalImport.run` into a
/// journal, and the day it writes must carry the letters the export meant.
@Suite struct ImportEncodingTests {
    /// One play of "Déjà vu" by Beyoncé on 2025-11-21 (UTC), in each format, as text.
    static let samples: [(format: String, text: String)] = [
        (
            "spotify",
            #"[{"ts": "2025-11-21T10:04:00Z", "ms_played": 240000, "master_metadata_track_name": "Déjà vu", "master_metadata_album_artist_name": "Beyoncé", "master_metadata_album_album_name": "B'Day", "reason_end": "trackdone"}]"#
        ),
        (
            "listenbrainz",
            #"{"listened_at": 1763719200, "track_metadata": {"artist_name": "Beyoncé", "track_name": "Déjà vu", "release_name": "B'Day"}}"# + "\n"
        ),
        ("lastfm", "uts,artist,album,track\n1763719200,Beyoncé,B'Day,Déjà vu\n"),
        ("scrobbler", "#AUDIOSCROBBLER/1.1\n#TZ/UTC\n#CLIENT/Rockbox\nBeyoncé\tB'Day\tDéjà vu\t1\t240\tL\t1763719200\n"),
        (
            "applemusic",
            "Artist Name,Song Name,Album Name,Event Type,Event Start Timestamp,Play Duration Milliseconds\nBeyoncé,Déjà vu,B'Day,PLAY_END,2025-11-21T10:00:00.000Z,200000\n"
        ),
        (
            "youtubemusic",
            #"[{"header": "YouTube Music", "title": "Watched Déjà vu", "subtitles": [{"name": "Beyoncé - Topic"}], "time": "2025-11-21T10:00:00.000Z"}]"#
        ),
    ]

    static func utf16(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// Latin-1 (every character here is below U+0100).
    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    /// Imports one file into an empty journal (in UTC unless `zone`): the summary, and the text of each day written.
    static func importing(_ bytes: [UInt8], name: String = "export", zone: String = "UTC", config: String = "") throws
        -> (summary: JournalImport.Summary, days: [String], journal: TestJournal)
    {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\ntimezone: \(zone)\n" + config)
        try journal.write(name, bytes: bytes)
        let configFile = JournalLoader(source: journal.path).readConfig(overrides: ConfigOverrides())
        let loaded = try #require(configFile.config)
        let summary = JournalImport.run(source: journal.path, config: loaded, options: JournalImport.Options(files: [journal.path + "/" + name]))
        let days = journal.tree(journal.path + "/content/diary").sorted { $0.key < $1.key }.map { String(decoding: $0.value, as: UTF8.self) }
        return (summary, days, journal)
    }

    /// The import wrote one day, with the title and artist spelt right, and the build reads it.
    static func expectOneRightDay(_ result: (summary: JournalImport.Summary, days: [String], journal: TestJournal), _ what: String) {
        #expect(result.summary.diagnostics.errors.isEmpty, "\(what): \(result.summary.diagnostics)")
        #expect(result.days.count == 1, "\(what)")
        #expect(result.days.first?.contains("Déjà vu") == true && result.days.first?.contains("Beyoncé") == true, "\(what): \(result.days)")
        #expect(result.days.first?.contains("\u{FFFD}") == false, "\(what): \(result.days)")
        #expect(!result.journal.load().diagnostics.hasErrors, "\(what)")
    }

    @Test func everyFormatImportsWithAByteOrderMark() throws {
        for sample in Self.samples {
            let result = try Self.importing([0xEF, 0xBB, 0xBF] + Array(sample.text.utf8))
            Self.expectOneRightDay(result, "\(sample.format) with a BOM")
            #expect(result.summary.files.map(\.format) == [sample.format])
            #expect(result.summary.diagnostics.isEmpty, "\(result.summary.diagnostics)")
        }
    }

    @Test func everyFormatImportsFromUTF16EitherWayRound() throws {
        for sample in Self.samples {
            for bigEndian in [false, true] {
                let result = try Self.importing(Self.utf16(sample.text, bigEndian: bigEndian))
                let encoding = bigEndian ? "UTF-16BE" : "UTF-16LE"
                Self.expectOneRightDay(result, "\(sample.format) in \(encoding)")
                #expect(result.summary.files.map(\.format) == [sample.format])
                // The summary says how the file was read.
                #expect(result.summary.lines.first?.contains("(\(sample.format), read as \(encoding)):") == true, "\(result.summary.lines)")
            }
        }
        // JSON in UTF-16 without a mark is known by its NUL bytes (RFC 4627).
        let spotify = try #require(Self.samples.first)
        Self.expectOneRightDay(try Self.importing(Self.utf16(spotify.text, bigEndian: false, mark: false)), "UTF-16LE JSON without a BOM")
        Self.expectOneRightDay(try Self.importing(Self.utf16(spotify.text, bigEndian: true, mark: false)), "UTF-16BE JSON without a BOM")
    }

    @Test func excelsUnicodeTextIsTabSeparatedUTF16() throws {
        // Excel's "Save as Unicode Text": UTF-16LE with a mark, tabs between fields, CRLF.
        let lastfm = "uts\tartist\talbum\ttrack\r\n1763719200\tBeyoncé\tB'Day, deluxe\tDéjà vu\r\n"
        let lastResult = try Self.importing(Self.utf16(lastfm, bigEndian: false), name: "scrobbles.txt")
        Self.expectOneRightDay(lastResult, "Last.fm as Unicode Text")
        #expect(lastResult.days.first?.contains("album: \"B'Day, deluxe\"") == true, "\(lastResult.days)")
        let apple =
            "Artist Name\tSong Name\tEvent Type\tEvent Start Timestamp\tPlay Duration Milliseconds\r\nBeyoncé\tDéjà vu\tPLAY_END\t2025-11-21T10:00:00.000Z\t200000\r\n"
        Self.expectOneRightDay(try Self.importing(Self.utf16(apple, bigEndian: false), name: "Apple Music Play Activity.txt"), "Apple as Unicode Text")
    }

    @Test func bytesThatAreNotUTF8AreReadAsWindows1252AndTheImportSaysSo() throws {
        for sample in Self.samples {
            let bytes = Self.latin1(sample.text)
            let result = try Self.importing(bytes)
            Self.expectOneRightDay(result, "\(sample.format) in Latin-1")
            let warnings = result.summary.diagnostics.warnings
            #expect(warnings.count == 1, "\(sample.format): \(warnings)")
            // At the first byte that is not UTF-8: the é of Beyoncé or of Déjà.
            let first = try #require(bytes.firstIndex { $0 >= 0x80 })
            let line = bytes[..<first].count { $0 == UInt8(ascii: "\n") } + 1
            let column = first - (bytes[..<first].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            #expect(warnings.first.map { "\($0.line):\($0.column)" } == "\(line):\(column)", "\(sample.format): \(warnings)")
            #expect(warnings.first?.message.hasPrefix("not UTF-8: read as Windows-1252 (Latin-1), so the byte 0xE9 here is 'é'") == true, "\(warnings)")
            #expect(result.summary.lines.first?.contains("read as Windows-1252") == true, "\(result.summary.lines)")
        }
        // Windows-1252's own letters: curly quotes and the euro sign.
        let curly = "uts,artist,album,track\n1763719200,Beyonc\u{E9},\u{93}B'Day\u{94} \u{80}5,D\u{E9}j\u{E0} vu\n"
        let result = try Self.importing(Self.latin1(curly))
        Self.expectOneRightDay(result, "Windows-1252 quotes")
        #expect(result.days.first?.contains("album: \"“B'Day” €5\"") == true, "\(result.days)")
    }

    @Test func aUTF8FileWithOneBrokenByteIsAnErrorThereNotAGuess() throws {
        // Mostly UTF-8 (the é of Beyoncé), one Latin-1 byte on line 3: a guess would garble the rest.
        let text = Array("uts,artist,album,track\n1763719200,Beyoncé,B'Day,Déjà vu\n1763719300,Beyoncé,B'Day,Irreplaceable ".utf8) + [0xE9] + Array("\n".utf8)
        let result = try Self.importing(text, name: "scrobbles.csv")
        #expect(result.days.isEmpty)
        let problems = result.summary.diagnostics.errors
        #expect(problems.map { "\($0.line):\($0.column)" } == ["3:40"], "\(problems)")
        #expect(problems.first?.message.contains("0xE9 here is not UTF-8") == true, "\(problems)")
        // UTF-16 with a surrogate cut in half.
        let broken =
            Self.utf16("uts,artist,album,track\n1763719200,Beyoncé,B'Day,", bigEndian: false) + [0x3D, 0xD8] + Self.utf16("\n", bigEndian: false, mark: false)
        let cut = try Self.importing(broken, name: "scrobbles.csv")
        #expect(cut.days.isEmpty)
        #expect(cut.summary.diagnostics.errors.map { "\($0.line):\($0.column)" } == ["2:26"], "\(cut.summary.diagnostics)")
    }

    @Test func aListenBrainzZipsEntriesAreDecodedOneByOne() throws {
        let listen = #"{"listened_at": 1763719200, "track_metadata": {"artist_name": "Beyoncé", "track_name": "Déjà vu"}}"# + "\n"
        let archive = try Archive(data: Data(), accessMode: .create)
        let data = Data(Self.latin1(listen))
        try archive.addEntry(with: "listens/2025/11.jsonl", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        let result = try Self.importing(Array(archive.data ?? Data()), name: "listens.zip")
        Self.expectOneRightDay(result, "a Latin-1 entry in a zip")
        let warning = result.summary.diagnostics.warnings.first
        #expect(
            warning?.path.hasSuffix("listens.zip:listens/2025/11.jsonl") == true && warning?.line == 1 && warning?.column == 70,
            "\(result.summary.diagnostics)")
    }
}
