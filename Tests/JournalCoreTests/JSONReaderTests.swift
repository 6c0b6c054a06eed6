import Foundation
import Testing

@testable import JournalCore

/// The strict JSON reader Spotify's exports are read with (issue 36: half a million plays
/// without a tree of them): what RFC 8259 refuses is refused at its byte, what it allows is read
/// as written, and nothing traps.
@Suite struct JSONReaderTests {
    /// The whole text read as one value: nil when it is JSON, else where and why it is not.
    static func refusal(_ text: String) -> JSONReader.SyntaxError? {
        var reader = JSONReader(Array(text.utf8))
        do throws(JSONReader.SyntaxError) {
            _ = try reader.value()
            try reader.end()
            return nil
        } catch {
            return error
        }
    }

    @Test func whatRFC8259RefusesIsRefusedAtItsByte() {
        let refused: [(text: String, offset: Int)] = [
            ("[1,]", 3), (#"{"a": 1,}"#, 8), ("[1 2]", 3), (#"{"a" 1}"#, 5), ("{a: 1}", 1), ("[01]", 1), ("[-]", 1), ("[1.]", 1),
            ("[.5]", 1), ("[1e]", 1), ("[+1]", 1), ("[NaN]", 1), ("[tru]", 1), ("[1] x", 4), ("", 0), ("   ", 3), (#"["abc"#, 1),
            ("[\"a\u{1}b\"]", 3), (#"["\x"]"#, 2), (#"["\u12G4"]"#, 2), (#"["\ud800"]"#, 2), (#"["\udc00 "]"#, 2),
            (#"["\ud800\u0041"]"#, 2), ("[", 1), (#"{"a": }"#, 6), ("[1,,2]", 3),
            (String(repeating: "[", count: JSONReader.maxDepth + 1) + String(repeating: "]", count: JSONReader.maxDepth + 1), JSONReader.maxDepth),
        ]
        for (text, offset) in refused {
            let refusal = Self.refusal(text)
            #expect(refusal?.offset == offset, "\(text.prefix(40)): \(String(describing: refusal))")
            #expect(refusal?.reason.isEmpty == false)
        }
    }

    @Test func whatRFC8259AllowsIsRead() throws {
        let allowed = [
            "[]", "{}", " [ 1 , -0 , 0.5 , -1.25e+3 , 1E-2 , true , false , null ] ", #"{"a": {"b": [[], {}]}, "c": "\ud83c\udfb5"}"#, "1",
            #""\"\\\/\b\f\n\r\t""#,
            String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth),
        ]
        for text in allowed { #expect(Self.refusal(text) == nil, "\(text.prefix(40))") }

        var reader = JSONReader(Array(#"{"t\u0073": "D\u00e9j\u00e0 vu \ud83c\udfb5\n", "n": 240000.0, "big": 9223372036854775808, "half": 1.5}"#.utf8))
        let entered = reader.enterObject()
        #expect(entered)
        let key = try #require(try reader.nextKey(first: true))
        #expect(reader.key(key, is: "ts") && !reader.key(key, is: "t"))
        guard case .string(let range, let escaped) = try reader.value() else { throw Refusal.notAString }
        #expect(reader.text(range, escaped: escaped) == "Déjà vu 🎵\n")
        var numbers: [ImportRange.Number] = []
        while (try reader.nextKey(first: false)) != nil {
            guard case .number(let range) = try reader.value() else { throw Refusal.notANumber }
            numbers.append(reader.number(range))
        }
        #expect(numbers == [.value(240_000), .invalid("9223372036854775808"), .invalid("1.5")])
        try reader.end()
    }

    @Test func aSpotifyExportsSyntaxErrorIsAtItsLineAndColumnAndAnEscapedKeyIsRead() {
        let (_, report) = SpotifyHistory.read(Array("[{\"ts\": \"2026-11-21T10:00:00Z\"},\n {\"ms_played\": 01}]".utf8), path: "broken.json")
        #expect(report.diagnostics.map { "\($0.line):\($0.column) \($0.message)" } == ["2:16 invalid JSON at byte 48: a number with a leading zero"])
        let (plays, clean) = SpotifyHistory.read(
            Array(
                #"[{"\u0074s": "2026-11-21T10:04:00Z", "ms_played": 240000, "master_metadata_track_name": "Blueming", "master_metadata_album_artist_name": "IU", "extra": [1, {"deep": null}]}]"#
                    .utf8), path: "escaped.json")
        #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics)")
        #expect(plays.map(\.title) == ["Blueming"] && plays.first?.started == ImportTests.utc("2026-11-21T10:00:00"))
    }

    enum Refusal: Error { case notAString, notANumber }
}
