/// One rendering: the output so far and the context stack, walked without dynamic casts.
struct TemplateRenderer {
    let library: TemplateLibrary
    let options: RenderOptions
    var output: [UInt8] = []
    /// Values of the enclosing sections, innermost last.
    private var stack: [TemplateValue]
    /// Where the innermost list section is (`first()`, `index()`).
    private var listPosition: (index: Int, count: Int)?
    /// Blocks replaced by the inheriting templates being rendered, with the path of the template
    /// each replacement comes from.
    private var blocks: [String: (nodes: [TemplateNode], path: String)] = [:]
    /// Added at the start of every template line of an indented standalone partial.
    private var indentation: [UInt8] = []
    private var atLineStart = false
    /// The template the nodes being rendered come from, and the innermost tag being rendered,
    /// for errors.
    private var path: String
    private var tag = TemplatePosition(line: 0, column: 0)
    /// Partials and parents in progress, to stop a template that includes itself forever.
    private var depth = 0
    static let maxDepth = 100
    /// Partials, parents and list items rendered so far: a template that includes itself twice,
    /// or nests a list's section in itself, multiplies its work at every level, which the depth
    /// guard alone lets run for 2^100 renders.
    private var expansions = 0
    static let maxExpansions = 2_000_000
    /// Nodes rendered so far, and the most a page may take or make (a 10-year journal's largest
    /// page takes under a million steps and makes under a megabyte).
    private var steps = 0
    static let maxSteps = 5_000_000
    static let maxOutput = 64 << 20

    init(library: TemplateLibrary, template: Template, root: TemplateValue, options: RenderOptions) {
        self.library = library
        self.options = options
        path = template.path
        stack = [root]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateRenderError) {
        for node in nodes {
            // Every node and every byte counts too: nested sections can multiply cheap work.
            guard steps < Self.maxSteps, output.count < Self.maxOutput else { throw budgetError() }
            steps += 1
            switch node {
            case .text(let bytes):
                if indentation.isEmpty { output += bytes } else { appendIndented(bytes) }
            case .variable(let name, let escaped):
                switch lookup(name) {
                case .text(let text)?:
                    guard !text.isEmpty else { break }
                    startLine()
                    if escaped { Self.appendEscaped(text, to: &output) } else { output += text.utf8 }
                case .int(let number)?:
                    startLine()
                    output += String(number).utf8
                case .bool(let flag)?:
                    startLine()
                    output += (flag ? "true" : "false").utf8
                case .list?, .object?:
                    break
                case nil:
                    if options.strict { throw unresolved(name) }
                }
            case .section(let name, let nodes, let inverted):
                let value = lookup(name)
                if value == nil && options.strict { throw unresolved(name) }
                let outerTag = tag
                tag = name.at
                defer { tag = outerTag }
                if inverted {
                    if !Self.isTruthy(value) { try render(nodes) }
                    break
                }
                switch value {
                case nil, .bool(false)?:
                    break
                case .bool(true)?:
                    try render(nodes)
                case .list(let items)?:
                    let outer = listPosition
                    for (index, item) in items.enumerated() {
                        // Sections nested in sections of the same list multiply: bounded like partials.
                        guard expansions < Self.maxExpansions else { throw expansionError() }
                        expansions += 1
                        stack.append(item)
                        listPosition = (index, items.count)
                        try render(nodes)
                        stack.removeLast()
                    }
                    listPosition = outer
                case let value?:
                    let outer = listPosition
                    stack.append(value)
                    listPosition = nil
                    try render(nodes)
                    stack.removeLast()
                    listPosition = outer
                }
            case .partial(let name, let partialIndentation, let at):
                guard let template = try included(name, at: at) else { break }
                try render(included: template, indentedBy: partialIndentation)
            case .parent(let name, let overrides, let parentIndentation, let at):
                guard let template = try included(name, at: at) else { break }
                let outerBlocks = blocks
                // A block replaced further out (by a template inheriting from this one) wins.
                for (block, nodes) in overrides where blocks[block] == nil {
                    blocks[block] = (nodes, path)
                }
                try render(included: template, indentedBy: parentIndentation)
                blocks = outerBlocks
            case .block(let name, let defaults, let blockIndentation, let standalone):
                let outerIndentation = indentation
                indentation += blockIndentation
                if standalone && !blockIndentation.isEmpty { atLineStart = true }
                defer { indentation = outerIndentation }
                // Inside its own replacement, a block of the same name is its default: otherwise
                // `{{$a}}{{$a}}{{/a}}{{/a}}` would replace itself until the stack overflows.
                guard let replacement = blocks[name] else {
                    try render(defaults)
                    break
                }
                let outerPath = path, outerTag = tag
                blocks[name] = nil
                path = replacement.path
                tag = TemplatePosition(line: 0, column: 0)
                try render(replacement.nodes)
                blocks[name] = replacement
                path = outerPath
                tag = outerTag
            }
        }
    }

    /// The template a partial or parent tag names, or nil when it renders as nothing.
    private mutating func included(_ name: String, at: TemplatePosition) throws(TemplateRenderError) -> Template? {
        guard let template = library.templates[name] else {
            if options.missingTemplatesRenderEmpty { return nil }
            throw error("there is no template '\(name)'", at: at)
        }
        guard depth < Self.maxDepth else {
            throw error("'\(name)' is included more than \(Self.maxDepth) templates deep: a template includes itself without end", at: at)
        }
        guard expansions < Self.maxExpansions else { throw expansionError(at: at) }
        expansions += 1
        return template
    }

    /// Renders an included template (a partial's or a parent's) in place: its lines indented by
    /// what stood before a standalone tag, errors named by its path, one level deeper.
    private mutating func render(included template: Template, indentedBy extra: [UInt8]) throws(TemplateRenderError) {
        let outerIndentation = indentation, outerPath = path, outerTag = tag
        indentation += extra
        if !extra.isEmpty { atLineStart = true }
        path = template.path
        tag = TemplatePosition(line: 0, column: 0)
        depth += 1
        try render(template.nodes)
        depth -= 1
        indentation = outerIndentation
        path = outerPath
        tag = outerTag
    }

    // MARK: Errors

    private func error(_ message: String, at position: TemplatePosition) -> TemplateRenderError {
        TemplateRenderError(message: message, path: path, line: Int(position.line), column: Int(position.column))
    }

    @inline(never)
    private func budgetError() -> TemplateRenderError {
        if steps >= Self.maxSteps {
            return error("the page takes more than \(Self.maxSteps) render steps, the limit: sections over lists nested in each other multiply their work", at: tag)
        }
        return error("the page is larger than \(Self.maxOutput >> 20) MB, the limit", at: tag)
    }

    @inline(never)
    private func expansionError(at position: TemplatePosition? = nil) -> TemplateRenderError {
        error("partials, parents and list items are rendered more than \(Self.maxExpansions) times for the page, the limit", at: position ?? tag)
    }

    /// Why `name` resolves to nothing.
    @inline(never)
    private func unresolved(_ name: TemplateName) -> TemplateRenderError {
        let message: String
        if name.position {
            if listPosition == nil {
                message = "'\(name.source)' is outside a list section, so it has no position"
            } else {
                message = "'\(name.source)': '\(name.transforms.first ?? "")' is not a transform of a list position (first, last, index, even, odd)"
            }
        } else {
            message = explain(name)
        }
        return error(message, at: name.at)
    }

    private func explain(_ name: TemplateName) -> String {
        var value: TemplateValue?
        var remaining = name.path[...]
        var walked: [String] = []
        if name.path.isEmpty {
            value = stack.last
        } else if name.anchored {
            value = stack.last
        } else {
            let first = name.path[0]
            for frame in stack.reversed() {
                if case .object(let fields) = frame, let found = fields[first] {
                    value = found
                    break
                }
            }
            guard value != nil else { return "no value is named '\(first)' here" }
            walked = [first]
            remaining = remaining.dropFirst()
        }
        for key in remaining {
            guard case .object(let fields)? = value else {
                return "'\(name.source)': '\(walked.joined(separator: "."))' is \(Self.describe(value)), which has no '\(key)'"
            }
            guard let found = fields[key] else {
                let owner = walked.isEmpty ? "the current value" : "'\(walked.joined(separator: "."))'"
                return "'\(name.source)': \(owner) has no '\(key)'"
            }
            value = found
            walked.append(key)
        }
        for transform in name.transforms {
            guard let current = value, let next = current.transformed(transform) else {
                return "'\(name.source)': '\(transform)' does not apply to \(Self.describe(value))"
            }
            value = next
        }
        return "'\(name.source)' resolves to nothing"
    }

    private static func describe(_ value: TemplateValue?) -> String {
        switch value {
        case .text?: "a text"
        case .bool?: "a true/false value"
        case .int?: "a number"
        case .list?: "a list"
        case .object?: "an object"
        case nil: "nothing"
        }
    }

    // MARK: Names

    private func lookup(_ name: TemplateName) -> TemplateValue? {
        var value: TemplateValue?
        if name.position {
            guard let position = listPosition else { return nil }
            return Self.positionTransform(name.transforms, position)
        } else if name.path.isEmpty {
            value = stack.last
        } else if name.anchored {
            value = Self.descend(stack.last, name.path[...])
        } else {
            let first = name.path[0]
            for frame in stack.reversed() {
                if case .object(let fields) = frame, let found = fields[first] {
                    value = name.path.count == 1 ? found : Self.descend(found, name.path.dropFirst())
                    break
                }
            }
        }
        for transform in name.transforms {
            guard let current = value else { return nil }
            value = current.transformed(transform)
        }
        return value
    }

    private static func descend(_ value: TemplateValue?, _ path: ArraySlice<String>) -> TemplateValue? {
        var current = value
        for key in path {
            guard case .object(let fields)? = current else { return nil }
            current = fields[key]
        }
        return current
    }

    private static func positionTransform(_ transforms: [String], _ position: (index: Int, count: Int)) -> TemplateValue? {
        guard let first = transforms.first else { return nil }
        var value: TemplateValue
        switch first {
        case "first": value = .bool(position.index == 0)
        case "last": value = .bool(position.index == position.count - 1)
        case "index": value = .int(position.index)
        case "even": value = .bool(position.index % 2 == 0)
        case "odd": value = .bool(position.index % 2 == 1)
        default: return nil
        }
        for transform in transforms.dropFirst() {
            guard let next = value.transformed(transform) else { return nil }
            value = next
        }
        return value
    }

    private static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .bool(false)?: false
        case .list(let items)?: !items.isEmpty
        default: true
        }
    }

    // MARK: Output

    private mutating func startLine() {
        if atLineStart {
            output += indentation
            atLineStart = false
        }
    }

    /// Template text of an indented partial: the indentation goes before every line's first byte.
    private mutating func appendIndented(_ bytes: [UInt8]) {
        for byte in bytes {
            startLine()
            output.append(byte)
            if byte == UInt8(ascii: "\n") { atLineStart = true }
        }
    }

    /// Appends `text` with `<`, `>`, `&`, `"` and `'` as character references.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output += UnsafeBufferPointer(rebasing: bytes[start..<index])
                output += UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount)
                start = index + 1
            }
            output += UnsafeBufferPointer(rebasing: bytes[start...])
        }
    }
}
