import Testing

@testable import JournalCore

/// A diagnostic is one line wherever it is shown: line breaks of every kind are written escaped.
@Suite struct DiagnosticTextTests {
    @Test func lineAndParagraphSeparatorsAreEscapedLikeControlCharacters() {
        let diagnostic = Diagnostic(.error, "title 'a\u{2028}b\u{2029}c\u{85}d\ne' is odd", path: "content/diary/x\u{2028}.md", line: 3, column: 9)
        #expect(diagnostic.description == "content/diary/x\\u{2028}.md:3:9: error: title 'a\\u{2028}b\\u{2029}c\\u{85}d\\u{A}e' is odd")
        #expect(!diagnostic.githubAnnotation.contains("\u{2028}"))
        #expect(!diagnostic.json.contains("\u{2028}") && !diagnostic.json.contains("\u{2029}"))
    }
}
