// Fuzzes Markdown bodies as Load renders them: text -> YAMLFields.body (Markdown.render through
// cmark-gfm with its extensions, then the link-scheme check) -> HTML, first paragraph, link
// destinations and diagnostics; with `markdown.unsafe_html` off, and on for odd-length inputs.
@testable import JournalCore

private let path = "content/pages/fuzz.md"
private let safe = Markdown(unsafeHTML: false)
private let unsafe = Markdown(unsafeHTML: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    withInput(data, size) { bytes in
        // As Load sees a body: SourceText.decode (UTF-8 only, every line ending one LF) and
        // removeControlCharacters; invalid UTF-8 never reaches Markdown.
        guard case .success(var text) = SourceText.decode(bytes, path: path) else { return }
        _ = SourceText.removeControlCharacters(&text, path: path)
        check(text, markdown: safe, isSafe: true)
        if bytes.count % 2 == 1 { check(text, markdown: unsafe, isSafe: false) }
    }
    return 0
}

private func check(_ text: String, markdown: Markdown, isSafe: Bool) {
    let lines = linesToCheck(text)
    #if HAVE_MARKDOWN_BOUNDS
    // MarkdownBounds refuses, before parsing, what would make cmark-gfm slow: its problems
    // must point into the text, and what it lets through must parse in time (libFuzzer's
    // -timeout is the judge). What it refuses is not parsed (YAMLFields.body returns nothing).
    let problems = MarkdownBounds.check(text)
    for problem in problems {
        checkDiagnostic(Diagnostic(.error, problem.message, path: path, line: problem.line, column: problem.column), in: lines)
    }
    #else
    let problems: [Int] = []
    #endif
    // The body starts on line 1 of the "file" here, so diagnostics point into `text`.
    var reader = YAMLFields(path: path, firstLine: 1)
    let output = reader.body(text, firstLine: 1, markdown: markdown)
    checkDiagnostics(reader.diagnostics, in: lines, text: text)
    if !problems.isEmpty {
        require(output.html.isEmpty && reader.diagnostics.hasErrors, "text with MarkdownBounds problems was rendered or not reported")
        return
    }
    checkMarkdownHTML(output.html, safe: isSafe, what: isSafe ? "HTML" : "HTML (unsafe_html)")
    requireClean(output.firstParagraph, "first paragraph")
    // Link positions matter only in the diagnostics of refused links (checked above): the
    // autolink extension's links carry none or only a line (column 0), harmless when accepted.
    if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
        require(output.html.isEmpty, "blank Markdown rendered to \(shown(output.html))")
    }
}
