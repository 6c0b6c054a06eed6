import Foundation
import Testing

@testable import JournalCore

/// `JSONText.quoted`, directly: every string comes back as itself through a JSON parser, on one
/// line, with nothing that could end a script element or a JavaScript line.
@Suite struct JSONTextTests {
    static let awkward = [
        "", "plain", "quote \" and backslash \\", "line\nbreak\r\nand\ttab", "</script><script>alert(1)</script>",
        "\u{0}\u{1}\u{1F}\u{7F}", "C1 \u{80}\u{85}\u{9F} and after \u{A0}", "separators \u{2028}\u{2029}", "한국어 밤편지", "emoji 🎧 and é",
        "\u{E2}\u{80}", "ends with backslash \\",
    ]

    @Test func everyStringComesBackAsItselfOnOneSafeLine() throws {
        for text in Self.awkward {
            let quoted = JSONText.quoted(text)
            let parsed = try JSONSerialization.jsonObject(with: Data(("[" + quoted + "]").utf8)) as? [String]
            #expect(parsed == [text], "\(quoted)")
            #expect(quoted.hasPrefix("\"") && quoted.hasSuffix("\""))
            for unsafe in ["\n", "\r", "<", "\u{2028}", "\u{2029}", "\u{85}", "\u{0}", "\u{7F}"] {
                #expect(!quoted.contains(unsafe), "\(text.debugDescription) keeps \(unsafe.debugDescription)")
            }
        }
    }

    @Test func escapesAreTheShortOnesWhereJSONHasThem() {
        #expect(JSONText.quoted("a\"b\\c\nd\re\tf<g\u{1}") == #""a\"b\\c\nd\re\tf\u003cg\u0001""#)
        #expect(JSONText.quoted("\u{85}\u{2028}") == #""\u0085\u2028""#)
    }
}
