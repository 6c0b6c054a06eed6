import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through cmark-gfm. The only file that touches the C library.
///
/// cmark-gfm's parser is not thread-safe: finishing a parse adds the extensions' special
/// characters to a process-global table and takes them out again. So parses run one at a time
/// on a `MarkdownParseQueue`, under its budget, and rendering the parsed document to HTML, which
/// touches no shared state, runs on every core. The core extensions are registered once before
/// the first parse.
struct Markdown: Sendable {
    /// A link or image destination found in the text, for checking.
    struct Destination: Equatable {
        var url: String
        var isImage: Bool
        /// 1-based, within the Markdown text.
        var line: Int
        /// 1-based, in UTF-8 bytes (as cmark-gfm counts), within the line.
        var column: Int
    }

    struct Output {
        var html: String
        /// Plain text of the first paragraph.
        var firstParagraph: String
        var destinations: [Destination]
    }

    /// When false, raw HTML is replaced by a comment (`markdown.unsafe_html`).
    var unsafeHTML: Bool
    var queue = MarkdownParseQueue.shared

    /// The cmark-gfm `MarkdownBounds` was measured against: another version may have other slow
    /// shapes of text (a test compares it with the linked one).
    static let calibratedVersion = "0.29.0.gfm.6"

    /// The version of the linked cmark-gfm.
    static var linkedVersion: String { cmark_version_string().map { String(cString: $0) } ?? "" }

    /// A parser and the document it made, freed together.
    private struct Parsed: @unchecked Sendable {
        let parser: OpaquePointer
        let document: OpaquePointer?

        func free() {
            if let document { cmark_node_free(document) }
            cmark_parser_free(parser)
        }
    }

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    private static let registration: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// The text as HTML, with its first paragraph and link destinations; or why it could not be
    /// parsed in time (`MarkdownParseQueue`), naming the file at `path` to the others waiting.
    func render(_ text: String, path: String) -> Result<Output, MarkdownParseQueue.Failure> {
        _ = Self.registration
        // Table alignment as style attributes: the align attribute is obsolete HTML.
        var options = CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if unsafeHTML { options |= CMARK_OPT_UNSAFE }
        // Everything the parse touches is made and freed on the queue's side: a parse past its
        // budget goes on after this file has stopped waiting for it.
        let outcome = queue.run(
            path,
            { () -> Parsed? in
                guard let parser = cmark_parser_new(options) else { return nil }
                for name in Self.extensionNames {
                    if let syntax = cmark_find_syntax_extension(name) {
                        cmark_parser_attach_syntax_extension(parser, syntax)
                    }
                }
                var utf8 = Array(text.utf8)
                utf8.withUnsafeMutableBufferPointer { buffer in
                    buffer.baseAddress.map { base in
                        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
                    }
                }
                return Parsed(parser: parser, document: cmark_parser_finish(parser))
            }, discard: { $0?.free() })
        switch outcome {
        case .failure(let failure):
            return .failure(failure)
        case .success(nil):
            return .success(Output(html: "", firstParagraph: "", destinations: []))
        case .success(let parsed?):
            defer { parsed.free() }
            return .success(Self.output(parsed, options: options))
        }
    }

    private static func output(_ parsed: Parsed, options: Int32) -> Output {
        guard let document = parsed.document else { return Output(html: "", firstParagraph: "", destinations: []) }
        let parser = parsed.parser

        var html = ""
        if let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) {
            // A character reference such as `&#1;` decodes to a control character.
            html = ControlCharacters.replaced(in: String(cString: rendered))
            free(rendered)
        }
        let (firstParagraph, destinations) = walk(document)
        return Output(html: html, firstParagraph: ControlCharacters.replaced(in: firstParagraph), destinations: destinations)
    }

    /// Collects link destinations and the first paragraph's text.
    private static func walk(_ document: OpaquePointer) -> (String, [Destination]) {
        var destinations: [Destination] = []
        var paragraph = ""
        var paragraphDepth = 0
        var paragraphDone = false
        guard let iterator = cmark_iter_new(document) else { return ("", []) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                    let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                    // Links the autolink extension makes have no position: take their paragraph's.
                    var placed: OpaquePointer? = node
                    while let current = placed, cmark_node_get_start_line(current) <= 0 { placed = cmark_node_parent(current) }
                    destinations.append(
                        Destination(
                            url: url, isImage: type == CMARK_NODE_IMAGE,
                            line: placed.map { Int(cmark_node_get_start_line($0)) } ?? 1,
                            column: placed.map { Int(cmark_node_get_start_column($0)) } ?? 1))
                }
                if type == CMARK_NODE_PARAGRAPH && !paragraphDone && cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT {
                    paragraphDepth += 1
                }
                if paragraphDepth > 0 && !paragraphDone {
                    if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                        paragraph += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                    } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                        paragraph += " "
                    }
                }
            } else if event == CMARK_EVENT_EXIT, type == CMARK_NODE_PARAGRAPH, paragraphDepth > 0, !paragraphDone {
                paragraphDone = true
            }
        }
        return (paragraph, destinations)
    }
}
