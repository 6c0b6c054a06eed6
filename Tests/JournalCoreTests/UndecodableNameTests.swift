import Testing

@testable import JournalCore

/// The rename a name that is not UTF-8 is reported with (docs/content-format.md, "Files"): safe
/// to paste, and never printing what a terminal would act on.
struct UndecodableNameTests {
    @Test func theRenameNeverReplacesAFileNorReadsTheNameAsAnOption() {
        let name = UndecodableName(bytes: Array("-caf".utf8) + [0xE9] + Array(".txt".utf8))
        #expect(name.message.hasSuffix("rename it in UTF-8, in its folder, like: mv -n -- $'-caf\\xE9.txt' '-café.txt'"))
    }

    /// When the name read as Latin-1 holds a control (a byte 0x80-0x9F) or a bidi control, no
    /// name is suggested: NEW-NAME.
    @Test func aNameThatCannotBeSuggestedAsksForANewOne() {
        let control = UndecodableName(bytes: Array("a".utf8) + [0x85])
        #expect(control.message.hasSuffix("like: mv -n -- $'a\\x85' 'NEW-NAME'"))
        // A bidi override and a C1 control that are valid UTF-8 are escaped, never printed.
        let hidden = UndecodableName(bytes: Array("x\u{202E}y\u{85}z\u{2067}".utf8) + [0xE9])
        #expect(hidden.escaped == "x\\u202Ey\\u0085z\\u2067\\xE9")
        #expect(hidden.message.hasSuffix("like: mv -n -- $'x\\u202Ey\\u0085z\\u2067\\xE9' 'NEW-NAME'"))
    }
}
