/// Compiles Mustache source into a `Template`, following the spec's rules for standalone lines:
/// a section, comment, partial, parent, block or delimiter tag alone on its line takes the whole
/// line with it, so templates can be laid out readably without blank lines in the output.
///
/// Inheritance adds three rules. A parent's opening and closing tags, with what they enclose,
/// count as one tag: standalone when nothing but blanks stands before the opening tag and after
/// the closing tag on their lines. Inside a parent, where only block definitions count, a block
/// opening tag is standalone when nothing follows it on its line, and a block closing tag when
/// nothing but blanks precedes it. And the content of a block whose opening tag is standalone is
/// de-indented by the blanks that start its first line; those blanks become the block's
/// indentation where it is rendered, so a replacement takes the indentation of the block it
/// replaces.
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var references: [(name: String, line: Int, column: Int)] = []
    /// The last offset whose line and column were counted, so counting is linear in the source.
    private var counted = (offset: 0, line: 1, column: 1)

    /// An open section, block or parent, collecting what it contains.
    private struct Frame {
        enum Kind { case root, section, inverted, block, parent }
        var kind: Kind
        var name: String
        var tagOffset: Int
        var at: TemplatePosition
        var indentation: [UInt8] = []
        /// A block's opening tag was alone on its line; a parent's opening tag started its line.
        var standalone = false
        /// Blanks the parent's opening tag stood after, taken out of the text before it.
        var leadingBlanks: [UInt8] = []
        /// The parent's opening tag had nothing after it on its line.
        var openingEndsLine = false
        /// Blanks removed from the start of every source line inside this frame.
        var dedent: [UInt8] = []
        var nodes: [TemplateNode] = []
        var blocks: [String: [TemplateNode]] = [:]
    }

    static func parse(_ source: String) throws(TemplateSyntaxError) -> Template {
        var parser = TemplateParser(bytes: Array(source.utf8))
        return try parser.parse()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parse() throws(TemplateSyntaxError) -> Template {
        var frames = [Frame(kind: .root, name: "", tagOffset: 0, at: TemplatePosition(line: 1, column: 1))]
        var text: [UInt8] = []

        func flush(into frame: inout Frame) {
            guard !text.isEmpty else { return }
            if frame.kind != .parent { frame.nodes.append(.text(text)) }
            text.removeAll(keepingCapacity: true)
        }

        while position < bytes.count {
            let dedent = frames[frames.count - 1].dedent
            guard let tagStart = find(open, from: position) else {
                appendText(position..<bytes.count, dedent: dedent, to: &text)
                position = bytes.count
                break
            }
            appendText(position..<tagStart, dedent: dedent, to: &text)
            var cursor = tagStart + open.count
            let sigil: UInt8? = cursor < bytes.count && Self.sigils.contains(bytes[cursor]) ? bytes[cursor] : nil
            if sigil != nil { cursor += 1 }
            var closing = close
            if sigil == UInt8(ascii: "{") { closing = [UInt8(ascii: "}")] + close }
            if sigil == UInt8(ascii: "=") { closing = [UInt8(ascii: "=")] + close }
            guard let closeStart = find(closing, from: cursor) else {
                throw error("unclosed tag: no '\(String(decoding: closing, as: UTF8.self))' after it", at: tagStart)
            }
            let content = String(decoding: bytes[cursor..<closeStart], as: UTF8.self).trimmingWhitespace
            var next = closeStart + closing.count
            let at = tagPosition(tagStart)

            // The blanks before the tag on its line, when nothing else is (they are the tag's
            // indentation), and whether nothing but blanks follows it up to the line end.
            var lineStart = tagStart
            while lineStart > 0, Self.isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
            let blankCount = tagStart - lineStart - dedentLength(at: lineStart, before: tagStart, dedent: dedent)
            let startsLine = (lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")) && text.count >= blankCount
            var lineEnd = next
            while lineEnd < bytes.count, Self.isBlank(bytes[lineEnd]) { lineEnd += 1 }
            var endsLine = lineEnd == bytes.count
            if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") {
                lineEnd += 1
                endsLine = true
            } else if lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r"), bytes[lineEnd + 1] == UInt8(ascii: "\n") {
                lineEnd += 2
                endsLine = true
            }
            let blanks = startsLine ? Array(text.suffix(blankCount)) : []
            func takeLine() {
                text.removeLast(min(blankCount, text.count))
                next = lineEnd
            }

            let inParent = frames[frames.count - 1].kind == .parent
            let closesBlockInParent =
                sigil == UInt8(ascii: "/") && frames.count > 2
                && frames[frames.count - 1].kind == .block && frames[frames.count - 2].kind == .parent
            let closesParent = sigil == UInt8(ascii: "/") && frames[frames.count - 1].kind == .parent
            var standalone = false
            if sigil == UInt8(ascii: "<") {
                // Decided with the closing tag; the blanks go back if the parent is not standalone.
                if startsLine { text.removeLast(blankCount) }
                if startsLine && endsLine { next = lineEnd }
            } else if sigil == UInt8(ascii: "$") && inParent {
                standalone = endsLine
                if standalone { next = lineEnd }
            } else if closesBlockInParent {
                standalone = startsLine
                if standalone { text.removeLast(blankCount) }
                if standalone && endsLine { next = lineEnd }
            } else if closesParent {
                let frame = frames[frames.count - 1]
                standalone = endsLine && (startsLine || frame.standalone)
                if standalone { takeLine() }
            } else if let sigil, Self.standaloneSigils.contains(sigil), startsLine && endsLine {
                standalone = true
                takeLine()
            }

            switch sigil {
            case UInt8(ascii: "!"):
                break
            case UInt8(ascii: "="):
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error("a delimiter tag needs two delimiters, like {{=<% %>=}}", at: tagStart)
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                guard !content.isEmpty else { throw error("a section tag needs a name", at: tagStart) }
                // Refused before the tree gets deeper: everything that walks it stays shallow.
                guard frames.count <= TemplateLimits.maxNesting else {
                    throw error("sections, parents and blocks nest deeper than \(TemplateLimits.maxNesting) here, the limit", at: tagStart)
                }
                flush(into: &frames[frames.count - 1])
                var frame = Frame(kind: .section, name: content, tagOffset: tagStart, at: at, dedent: dedent)
                switch sigil {
                case UInt8(ascii: "^"):
                    frame.kind = .inverted
                case UInt8(ascii: "$"):
                    frame.kind = .block
                    frame.standalone = standalone
                    if standalone {
                        // The first line of the content sets the block's own indentation.
                        var end = lineEnd
                        while end < bytes.count, Self.isBlank(bytes[end]) { end += 1 }
                        frame.dedent = Array(bytes[lineEnd..<end])
                        let common = zip(frame.dedent, dedent).prefix { $0 == $1 }.count
                        frame.indentation = Array(frame.dedent[common...])
                    } else if startsLine {
                        frame.indentation = blanks
                    }
                case UInt8(ascii: "<"):
                    frame.kind = .parent
                    frame.standalone = startsLine
                    frame.leadingBlanks = blanks
                    frame.openingEndsLine = endsLine
                    references.append((content, Int(at.line), Int(at.column)))
                default:
                    break
                }
                frames.append(frame)
            case UInt8(ascii: "/"):
                guard frames.count > 1 else { throw error("'{{/\(content)}}' closes nothing", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                let frame = frames.removeLast()
                guard frame.name == content else {
                    throw error("'{{/\(content)}}' does not close '\(frame.name)', opened at \(frame.at.line):\(frame.at.column)", at: tagStart)
                }
                let node: TemplateNode
                switch frame.kind {
                case .section:
                    node = .section(TemplateName(parsing: frame.name, at: frame.at), frame.nodes, inverted: false)
                case .inverted:
                    node = .section(TemplateName(parsing: frame.name, at: frame.at), frame.nodes, inverted: true)
                case .block:
                    node = .block(frame.name, frame.nodes, indentation: frame.indentation, standalone: frame.standalone)
                case .parent, .root:
                    let isStandalone = frame.standalone && (frame.openingEndsLine || standalone)
                    if frame.standalone && !isStandalone && frames[frames.count - 1].kind != .parent {
                        frames[frames.count - 1].nodes.append(.text(frame.leadingBlanks))
                    }
                    node = .parent(frame.name, blocks: frame.blocks, indentation: isStandalone ? frame.leadingBlanks : [], at: frame.at)
                }
                if frames[frames.count - 1].kind == .parent {
                    // Inside a parent only block definitions count; they replace the parent's blocks.
                    if case .block(let name, let nodes, _, _) = node { frames[frames.count - 1].blocks[name] = nodes }
                } else {
                    frames[frames.count - 1].nodes.append(node)
                }
            case UInt8(ascii: ">"):
                guard !content.isEmpty else { throw error("a partial tag needs a name", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                references.append((content, Int(at.line), Int(at.column)))
                if frames[frames.count - 1].kind != .parent {
                    frames[frames.count - 1].nodes.append(.partial(content, indentation: standalone ? blanks : [], at: at))
                }
            default:
                guard !content.isEmpty else { throw error("an empty tag", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                let escaped = sigil != UInt8(ascii: "{") && sigil != UInt8(ascii: "&")
                if frames[frames.count - 1].kind != .parent {
                    frames[frames.count - 1].nodes.append(.variable(TemplateName(parsing: content, at: at), escaped: escaped))
                }
            }
            position = next
        }
        if let unclosed = frames.last, frames.count > 1 {
            throw error("'\(unclosed.name)' is opened here and never closed (no {{/\(unclosed.name)}})", at: unclosed.tagOffset)
        }
        flush(into: &frames[0])
        return Template(nodes: frames[0].nodes, references: references)
    }

    private static let sigils: Set<UInt8> = Set("#^/!><$={&".utf8)
    private static let standaloneSigils: Set<UInt8> = Set("#^/!><$=".utf8)

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Appends source text, without the part of `dedent` that starts each of its lines.
    private func appendText(_ range: Range<Int>, dedent: [UInt8], to text: inout [UInt8]) {
        guard !dedent.isEmpty else {
            text += bytes[range]
            return
        }
        var index = range.lowerBound
        while index < range.upperBound {
            if index == 0 || bytes[index - 1] == UInt8(ascii: "\n") {
                index += dedentLength(at: index, before: range.upperBound, dedent: dedent)
                guard index < range.upperBound else { break }
            }
            var end = index
            while end < range.upperBound, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < range.upperBound { end += 1 }
            text += bytes[index..<end]
            index = end
        }
    }

    /// How many bytes of `dedent` the line starting at `lineStart` begins with, before `limit`.
    private func dedentLength(at lineStart: Int, before limit: Int, dedent: [UInt8]) -> Int {
        var count = 0
        while count < dedent.count, lineStart + count < limit, bytes[lineStart + count] == dedent[count] { count += 1 }
        return count
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matches = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// The line and column of `offset`, counted on from the last offset asked about.
    private mutating func tagPosition(_ offset: Int) -> TemplatePosition {
        if offset < counted.offset { counted = (0, 1, 1) }
        var (line, column) = (counted.line, counted.column)
        for byte in bytes[counted.offset..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        counted = (offset, line, column)
        return TemplatePosition(line: Int32(clamping: line), column: Int32(clamping: column))
    }

    private mutating func error(_ message: String, at offset: Int) -> TemplateSyntaxError {
        let position = tagPosition(offset)
        return TemplateSyntaxError(message: message, line: Int(position.line), column: Int(position.column))
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[start...end])
    }
}
