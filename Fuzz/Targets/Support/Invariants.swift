// Shared by every fuzz target: the checks that turn a wrong result into a crash libFuzzer saves.
// Fuzzing code only: nothing here is part of JournalCore.
@testable import JournalCore

#if canImport(Glibc)
import Glibc
#endif

/// Stops the run with a message libFuzzer shows above the stack trace, and writes the input.
func broken(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    let text = "\nFUZZ INVARIANT BROKEN (\(file):\(line)): \(message)\n"
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    // abort() rather than fatalError: libFuzzer's deadly-signal handler saves the input either way,
    // and the message above is already out.
    abort()
}

func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { broken(message(), file: file, line: line) }
}

/// Shows a string on one line with its invisible characters escaped, for messages.
func shown(_ text: String, limit: Int = 300) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(limit) {
        if scalar.value < 0x20 || scalar.value == 0x7F || ControlCharacters.isForbidden(scalar) {
            result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    if text.unicodeScalars.count > limit { result += "…(\(text.unicodeScalars.count) scalars)" }
    return "\"" + result + "\""
}

/// Line lengths of a text, to check that a location points inside it.
struct TextLines {
    /// Unicode scalars per line, without the line feed.
    let lengths: [Int]

    init(_ text: String) {
        var lengths: [Int] = []
        var current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lengths.append(current)
                current = 0
            } else {
                current += 1
            }
        }
        lengths.append(current)
        self.lengths = lengths
    }

    var count: Int { lengths.count }
}

func firstForbidden(_ text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first(where: ControlCharacters.isForbidden)
}

func requireClean(_ text: String?, _ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    guard let text else { return }
    if let scalar = firstForbidden(text) {
        broken("\(what()) holds the control character \(ControlCharacters.name(scalar)): \(shown(text))", file: file, line: line)
    }
}

// MARK: Known issues

/// Bugs already found and reported, by name, so a run goes on to find new ones instead of
/// stopping at the same one again. FUZZ_STRICT=1 turns every one back into a crash, to check
/// whether Sources/ still has it. Remove an entry once the bug is fixed.
enum Known {
    /// Fuzz/crashes/FrontMatterFuzz/link-*-note.md, Fuzz/crashes/MarkdownFuzz/link-column-lazy.md:
    /// a refused link's position is not where the link is. In a track note the position is the
    /// one within the note's text, put on the note field's line (TrackDecoding.swift, `track`:
    /// `body(note, firstLine: location(of: fields["note"]).line, ...)`): a block-scalar note is one
    /// line early, and the column is the note's, not the file's. On a lazy continuation line
    /// of a quote, list item or footnote, cmark-gfm adds the first line's indentation to the
    /// column (clamped to the line's end since d457c15). Skipped: the check that a link
    /// diagnostic points at its link's '[', '!' or '<' (always off for the autolink extension's
    /// links, which are put at their paragraph's start).
    static let linkPosition = "link-position"

    /// Fuzz/crashes/FrontMatterFuzz/diagnostic-line-u2028-yaml.md: libyaml counts U+2028 and
    /// U+2029 (and NEL, replaced as a control character) as line breaks, so its line numbers
    /// run ahead of the file's (which end at LF), up to past its end: YAMLFields.location uses
    /// libyaml's mark as it is. (A lone CR did the same until d457c15 made it an LF.)
    static let otherLineBreaks = "other-line-breaks"

    static let strict: Bool = {
        guard let value = getenv("FUZZ_STRICT") else { return false }
        return String(cString: value) == "1"
    }()

    static func skip(_ issue: String) -> Bool { !strict }
}

/// The text's lines, to check locations against; nil while the known issue of other line
/// breaks applies to it (U+2028, U+2029).
func linesToCheck(_ text: String) -> TextLines? {
    if Known.skip(Known.otherLineBreaks) {
        let utf8 = Array(text.utf8)
        for index in utf8.indices {
            if utf8[index] == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 { return nil }
        }
    }
    return TextLines(text)
}

/// A diagnostic is printed on one line of a terminal and points at a place in a file.
/// `lines` is the file the diagnostic is about, when the fuzz target knows it, to check the
/// location is inside it (a column may point just past a line's end).
func checkDiagnostic(_ diagnostic: Diagnostic, in lines: TextLines?, text source: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
    let text = diagnostic.description
    let isLink = diagnostic.message.hasPrefix("link '") || diagnostic.message.hasPrefix("image source '")
    require(diagnostic.line >= 1, "diagnostic line \(diagnostic.line) < 1: \(text)", file: file, line: line)
    require(diagnostic.column >= 1, "diagnostic column \(diagnostic.column) < 1: \(text)", file: file, line: line)
    for scalar in text.unicodeScalars where scalar == "\n" || scalar == "\r" || ControlCharacters.isForbidden(scalar) {
        broken("diagnostic description holds \(ControlCharacters.name(scalar)): \(shown(text))", file: file, line: line)
    }
    for scalar in diagnostic.githubAnnotation.unicodeScalars where scalar == "\n" || scalar == "\r" || ControlCharacters.isForbidden(scalar) {
        broken("diagnostic GitHub annotation holds \(ControlCharacters.name(scalar)): \(shown(diagnostic.githubAnnotation))", file: file, line: line)
    }
    if let lines {
        require(diagnostic.line <= lines.count,
                "diagnostic line \(diagnostic.line) is past the end of the file (\(lines.count) lines): \(text)", file: file, line: line)
        if diagnostic.line <= lines.count {
            let length = lines.lengths[diagnostic.line - 1]
            require(diagnostic.column <= length + 1,
                    "diagnostic column \(diagnostic.column) is past the end of line \(diagnostic.line) (\(length) characters): \(text)", file: file, line: line)
            // A refused link or image is reported where it starts: at its '[', '!' or '<'.
            if isLink, let source, !Known.skip(Known.linkPosition), isWrittenLink(diagnostic.message, in: source) {
                let lineText = source.split(separator: "\n", maxSplits: diagnostic.line, omittingEmptySubsequences: false)[diagnostic.line - 1]
                let scalar = lineText.unicodeScalars.dropFirst(diagnostic.column - 1).first
                require(scalar == "[" || scalar == "!" || scalar == "<",
                        "link diagnostic at \(diagnostic.line):\(diagnostic.column) points at \(scalar.map { shown(String($0)) } ?? "nothing"), not at a link: \(text)", file: file, line: line)
            }
        }
    }
}

/// FUZZ_VERBOSE=1 prints every diagnostic checked (with `fuzz.sh repro`, to read a reproducer's).
let verbose: Bool = {
    guard let value = getenv("FUZZ_VERBOSE") else { return false }
    return String(cString: value) == "1"
}()

func say(_ message: String) {
    var bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// Whether the refused URL of a link diagnostic is written as a link in the source (`](url`,
/// `<url`, `[ref]: url`), not made by the autolink extension from a bare word.
func isWrittenLink(_ message: String, in source: String) -> Bool {
    guard let open = message.firstIndex(of: "'") else { return false }
    let rest = message[message.index(after: open)...]
    guard let close = rest.range(of: "' ")?.lowerBound else { return false }
    let url = String(rest[..<close])
    return source.contains("(" + url) || source.contains("<" + url) || source.contains(": " + url)
}

func checkDiagnostics(_ diagnostics: [Diagnostic], in lines: TextLines?, text source: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
    if verbose { diagnostics.forEach { say("diagnostic: \($0.description)") } }
    for diagnostic in diagnostics { checkDiagnostic(diagnostic, in: lines, text: source, file: file, line: line) }
}

// MARK: HTML from Markdown

/// Tags cmark-gfm writes itself (with the table, strikethrough, autolink, tagfilter and tasklist
/// extensions and footnotes). With unsafe HTML off, nothing else may reach a page.
let cmarkTags: Set<String> = [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code", "hr", "br",
    "em", "strong", "a", "img", "del", "table", "thead", "tbody", "tr", "th", "td", "input", "section", "sup",
]

/// Checks HTML rendered from Markdown: no control characters; with raw HTML off, only cmark's
/// own tags, raw HTML only as cmark's comment, and no script URL in an attribute.
func checkMarkdownHTML(_ html: String, safe: Bool, what: String) {
    requireClean(html, what)
    guard safe else { return }
    let bytes = Array(html.utf8)
    var index = 0
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "!") {
            let comment = Array("<!-- raw HTML omitted -->".utf8)
            require(bytes[index...].starts(with: comment), "\(what) has a '<!' that is not cmark's raw-HTML comment: \(shown(String(decoding: bytes[index..<min(bytes.count, index + 80)], as: UTF8.self)))")
            index += comment.count
            continue
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
        var name: [UInt8] = []
        while cursor < bytes.count, (bytes[cursor] >= UInt8(ascii: "a") && bytes[cursor] <= UInt8(ascii: "z")) || (bytes[cursor] >= UInt8(ascii: "0") && bytes[cursor] <= UInt8(ascii: "9")) || (bytes[cursor] >= UInt8(ascii: "A") && bytes[cursor] <= UInt8(ascii: "Z")) {
            name.append(bytes[cursor])
            cursor += 1
        }
        let tag = String(decoding: name, as: UTF8.self)
        require(cmarkTags.contains(tag), "\(what) has a tag '<\(tag)' that cmark-gfm does not write in safe mode: \(shown(String(decoding: bytes[index..<min(bytes.count, index + 120)], as: UTF8.self)))")
        // The tag's attributes, up to '>': cmark escapes '>' inside attribute values.
        let end = bytes[cursor...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        let attributes = String(decoding: bytes[cursor..<end], as: UTF8.self).lowercased()
        for attribute in ["href=\"", "src=\""] {
            var rest = Substring(attributes)
            while let found = rest.range(of: attribute) {
                let value = rest[found.upperBound...].prefix(while: { $0 != "\"" })
                let trimmed = value.drop(while: { $0 == " " || $0 == "\t" })
                for scheme in ["javascript:", "vbscript:", "file:"] where trimmed.hasPrefix(scheme) {
                    broken("\(what) has a \(scheme) URL in safe mode: \(shown(String(value)))")
                }
                if trimmed.hasPrefix("data:") {
                    let allowed = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
                    require(allowed.contains(where: { trimmed.hasPrefix($0) }), "\(what) has a data: URL in safe mode: \(shown(String(value)))")
                }
                rest = rest[found.upperBound...]
            }
        }
        index = end
    }
}

/// Runs `body` on a fresh input: libFuzzer gives a pointer that is only valid for the call.
@inline(__always)
func withInput<T>(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: ([UInt8]) -> T) -> T {
    body(Array(UnsafeBufferPointer(start: data, count: size)))
}
