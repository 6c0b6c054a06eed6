import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through cmark-gfm. The only file that touches the C library.
///
/// cmark-gfm's parser is not thread-safe: finishing a parse adds the extensions' special
/// characters to a process-global table and takes them out again. So parsing holds a lock, and
/// rendering the parsed document to HTML, which touches no shared state, runs outside it, on
/// every core. The core extensions are registered once before the first parse.
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

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    private static let parseLock = NSLock()
    private static let registration: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// `path` names the file in the watchdog's message if the parse runs away (`ParseWatchdog`).
    func render(_ text: String, path: String) -> Output {
        _ = Self.registration
        // Table alignment as style attributes: the align attribute is obsolete HTML.
        var options = CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if unsafeHTML { options |= CMARK_OPT_UNSAFE }
        guard let parser = cmark_parser_new(options) else { return Output(html: "", firstParagraph: "", destinations: []) }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        var utf8 = Array(text.utf8)
        Self.parseLock.lock()
        let parsed = ParseWatchdog.shared.watch(path) { () -> OpaquePointer? in
            utf8.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
                }
            }
            return cmark_parser_finish(parser)
        }
        Self.parseLock.unlock()
        guard let document = parsed else { return Output(html: "", firstParagraph: "", destinations: []) }
        defer { cmark_node_free(document) }

        var html = ""
        if let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) {
            // A character reference such as `&#1;` decodes to a control character.
            html = ControlCharacters.replaced(in: String(cString: rendered))
            free(rendered)
        }
        let (firstParagraph, destinations) = Self.walk(document)
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
                    destinations.append(Destination(url: url, isImage: type == CMARK_NODE_IMAGE,
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
