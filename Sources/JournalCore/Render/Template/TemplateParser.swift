/// Compiles Mustache source into a `Template`, following the spec's rules for standalone lines:
/// a section, comment, partial, parent, block or delimiter tag alone on its line takes the whole
/// line with it, so templates can be laid out readably without blank lines in the output.
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var references: [(name: String, line: Int, column: Int)] = []

    /// An open section, block or parent, collecting what it contains.
    private struct Frame {
        enum Kind { case root, section, inverted, block, parent }
        var kind: Kind
        var name: String
        var tagOffset: Int
        var indentation: [UInt8] = []
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
        var frames = [Frame(kind: .root, name: "", tagOffset: 0)]
        var text: [UInt8] = []

        func flush(into frame: inout Frame) {
            guard !text.isEmpty else { return }
            if frame.kind != .parent { frame.nodes.append(.text(text)) }
            text.removeAll(keepingCapacity: true)
        }

        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                text += bytes[position...]
                position = bytes.count
                break
            }
            text += bytes[position..<tagStart]
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

            // A standalone tag: only blanks before it on its line and after it up to the line end.
            var indentation: [UInt8] = []
            if let sigil, Self.standaloneSigils.contains(sigil) {
                var lineStart = tagStart
                while lineStart > 0, Self.isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
                let startsLine = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
                var lineEnd = next
                while lineEnd < bytes.count, Self.isBlank(bytes[lineEnd]) { lineEnd += 1 }
                var endsLine = lineEnd == bytes.count
                if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") { lineEnd += 1; endsLine = true }
                if lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r"), bytes[lineEnd + 1] == UInt8(ascii: "\n") { lineEnd += 2; endsLine = true }
                if startsLine && endsLine && text.count >= tagStart - lineStart {
                    indentation = Array(bytes[lineStart..<tagStart])
                    text.removeLast(tagStart - lineStart)
                    next = lineEnd
                }
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
                flush(into: &frames[frames.count - 1])
                let kind: Frame.Kind = switch sigil {
                case UInt8(ascii: "#"): .section
                case UInt8(ascii: "^"): .inverted
                case UInt8(ascii: "$"): .block
                default: .parent
                }
                if kind == .parent { references.append(reference(content, at: tagStart)) }
                frames.append(Frame(kind: kind, name: content, tagOffset: tagStart, indentation: indentation))
            case UInt8(ascii: "/"):
                guard frames.count > 1 else { throw error("'{{/\(content)}}' closes nothing", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                let frame = frames.removeLast()
                guard frame.name == content else {
                    throw error("'{{/\(content)}}' does not close '\(frame.name)', opened at \(lineAndColumn(of: frame.tagOffset))", at: tagStart)
                }
                let node: TemplateNode = switch frame.kind {
                case .section: .section(TemplateName(parsing: frame.name), frame.nodes, inverted: false)
                case .inverted: .section(TemplateName(parsing: frame.name), frame.nodes, inverted: true)
                case .block: .block(frame.name, frame.nodes)
                case .parent, .root: .parent(frame.name, blocks: frame.blocks, indentation: frame.indentation)
                }
                if frames[frames.count - 1].kind == .parent {
                    // Inside a parent only block definitions count; they replace the parent's blocks.
                    if case .block(let name, let nodes) = node { frames[frames.count - 1].blocks[name] = nodes }
                } else {
                    frames[frames.count - 1].nodes.append(node)
                }
            case UInt8(ascii: ">"):
                guard !content.isEmpty else { throw error("a partial tag needs a name", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                references.append(reference(content, at: tagStart))
                if frames[frames.count - 1].kind != .parent {
                    frames[frames.count - 1].nodes.append(.partial(content, indentation: indentation))
                }
            default:
                guard !content.isEmpty else { throw error("an empty tag", at: tagStart) }
                flush(into: &frames[frames.count - 1])
                let escaped = sigil != UInt8(ascii: "{") && sigil != UInt8(ascii: "&")
                if frames[frames.count - 1].kind != .parent {
                    frames[frames.count - 1].nodes.append(.variable(TemplateName(parsing: content), escaped: escaped))
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

    private func reference(_ name: String, at offset: Int) -> (name: String, line: Int, column: Int) {
        let (line, column) = location(of: offset)
        return (name, line, column)
    }

    private func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private func lineAndColumn(of offset: Int) -> String {
        let (line, column) = location(of: offset)
        return "\(line):\(column)"
    }

    private func error(_ message: String, at offset: Int) -> TemplateSyntaxError {
        let (line, column) = location(of: offset)
        return TemplateSyntaxError(message: message, line: line, column: column)
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
