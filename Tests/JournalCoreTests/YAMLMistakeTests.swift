import Foundation
import Testing

@testable import JournalCore

/// The YAML mistakes writers make most, each said in plain words with its fix, at the line and
/// column to fix (docs/content-format.md, "Mistakes in the YAML"), instead of libyaml's own.
@Suite struct YAMLMistakeTests {
    /// The messages a build of one day file holding `frontMatter` prints.
    func messages(_ frontMatter: String) throws -> [String] {
        let journal = try TestJournal(minimalConfig)
        try journal.write("content/diary/2026-11-21.md", "---\n" + frontMatter + "---\n")
        let report = journal.build()
        #expect(!report.succeeded)
        return journal.lines(report.diagnostics)
    }

    @Test func anUnquotedColonInAValueAsksForQuotes() throws {
        #expect(
            try messages("title: Re: Stacks\ntracks:\n  - title: A\n    artist: B\n") == [
                #"content/diary/2026-11-21.md:2:10: error: this value holds ': ', which YAML reads as the start of another field: put the whole value in quotes, like title: "Re: Stacks""#
            ])
        // In a track too, the example is the writer's own line.
        #expect(
            try messages("tracks:\n  - title: Intro: The Beginning\n    artist: B\n") == [
                #"content/diary/2026-11-21.md:3:17: error: this value holds ': ', which YAML reads as the start of another field: put the whole value in quotes, like title: "Intro: The Beginning""#
            ])
    }

    @Test func aTabAsksForSpaces() throws {
        let said = "error: a tab: YAML lines things up with spaces only; replace the tab with spaces"
        #expect(try messages("title: x\ntracks:\n\t- title: A\n    artist: B\n") == ["content/diary/2026-11-21.md:4:1: \(said)"])
        #expect(try messages("tracks:\n  - title: A\n\t  artist: B\n") == ["content/diary/2026-11-21.md:4:1: \(said)"])
    }

    @Test func aLineIndentedTooFarIsToldToLineUp() throws {
        #expect(
            try messages("tracks:\n  - title: A\n     artist: B\n") == [
                "content/diary/2026-11-21.md:4:12: error: this line is indented further than the field above it, so YAML reads it as more of that field's value: line it up with the field above (the same number of spaces), or indent it under a field that ends with ':'"
            ])
    }

    @Test func aLineNotIndentedEnoughOrWithoutItsDashIsToldAboutTheList() throws {
        let said =
            "error: this line breaks the list that starts on line 4: each item starts with '- ' lined up with the other items' dashes, and an item's other fields line up with its first one; a new item needs its own '- '"
        // One space short of its item's first field.
        #expect(try messages("title: x\ntracks:\n  - title: A\n   artist: B\n") == ["content/diary/2026-11-21.md:5:4: \(said)"])
        // A second track without its dash.
        #expect(try messages("title: x\ntracks:\n  - title: A\n    artist: B\n  title: C\n  artist: D\n") == ["content/diary/2026-11-21.md:6:3: \(said)"])
    }

    @Test func aListItemAmongFieldsIsToldWhereItems() throws {
        #expect(
            try messages("tracks:\n  title: A\n  artist: B\n  - title: C\n    artist: D\n") == [
                "content/diary/2026-11-21.md:5:3: error: a list item ('- ') in the middle of fields: list items go under a field that ends with ':' (like 'tracks:'), indented, each starting with '- '"
            ])
    }

    @Test func anUnclosedQuoteIsShownWhereItOpens() throws {
        #expect(
            try messages("tracks: [{title: A, artist: B}]\ntitle: \"never closed\n") == [
                "content/diary/2026-11-21.md:3:8: error: the quote (\") that opens this value is never closed: end the value with \" on the same line"
            ])
    }

    /// A closing quote forgotten in a filled-in skeleton (whose other values are quoted) is
    /// found where it was forgotten, not where the next quote closes it.
    @Test func aForgottenClosingQuoteIsShownOnItsOwnLine() throws {
        let said = "error: the quote (\") that opens this value is never closed: end the value with \" on the same line"
        #expect(try messages("tracks:\n  - title: \"Hype Boy\n    artist: \"NewJeans\"\n    genre: \"\"\n") == ["content/diary/2026-11-21.md:3:12: \(said)"])
        #expect(try messages("tracks:\n  - title: \"Hype Boy\"\n    artist: \"NewJeans\n    genre: \"\"\n") == ["content/diary/2026-11-21.md:4:13: \(said)"])
    }

    /// Quoted values elsewhere on the line do not make a layout mistake read as a quoting one.
    @Test func quotedValuesDoNotHideALayoutMistake() throws {
        let lines = try messages("title: \"My day\"\n mood: \"happy\"\ntracks: [{title: A, artist: B}]\n")
        #expect(lines.count == 1 && !lines[0].contains("quote"), "\(lines)")
        let nested = try messages("tracks:\n  - title: \"A\"\n    artist: \"B\"\n    - title: \"C\"\n")
        #expect(nested.count == 1 && !nested[0].contains("closing"), "\(nested)")
    }

    /// The example keeps a comment out of the value, and takes a tab or extra spaces as they are.
    @Test func theQuotedExampleIsTheWritersOwnLineDoneRight() throws {
        let comment = try messages("title: Re: Stacks # the reply\ntracks: [{title: A, artist: B}]\n")
        #expect(comment.first?.hasSuffix(#"like title: "Re: Stacks""#) == true, "\(comment)")
        let spaced = try messages("tracks:\n  -   title: Re: Stacks\n      artist: B\n")
        #expect(spaced.first?.hasSuffix(#"like title: "Re: Stacks""#) == true, "\(spaced)")
    }

    @Test func textAfterAClosingQuoteSuggestsTheOtherQuotes() throws {
        #expect(
            try messages("tracks:\n  - title: 'Don't Stop'\n    artist: B\n") == [
                #"content/diary/2026-11-21.md:3:17: error: text follows the closing single quote of this value: a quoted value must end at its closing quote; to have ' inside a value, put the whole value in double quotes, like "Don't Stop""#
            ])
    }

    @Test func journalYamlGetsTheSameWords() throws {
        let journal = try TestJournal(minimalConfig)
        try journal.write("journal.yaml", "title: Songs: a journal\n")
        let lines = journal.lines(journal.build().diagnostics)
        #expect(
            lines.first
                == #"journal.yaml:1:13: error: this value holds ': ', which YAML reads as the start of another field: put the whole value in quotes, like title: "Songs: a journal""#,
            "\(lines)")
    }

    @Test func aMistakeWithoutPlainWordsKeepsLibyamlsOwn() throws {
        let lines = try messages("tracks: [unclosed\n")
        #expect(lines.count == 1 && lines[0].contains(": error: invalid YAML: "), "\(lines)")
    }
}
