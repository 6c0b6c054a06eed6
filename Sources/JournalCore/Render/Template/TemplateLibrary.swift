/// The compiled templates of a theme, by name (`day`, `partials/track`), which is how partials
/// and parents find each other.
public struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]

    public init() {}

    public mutating func register(_ template: Template, named name: String) {
        templates[name] = template
    }

    public func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Every partial or parent a template names that the library lacks, with where it is named.
    public func missingReferences() -> [(template: String, name: String, line: Int, column: Int)] {
        var missing: [(template: String, name: String, line: Int, column: Int)] = []
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            for reference in template.references where templates[reference.name] == nil {
                missing.append((name, reference.name, reference.line, reference.column))
            }
        }
        return missing
    }

    /// Every reference that closes a loop of partials and parents (`a` includes `b`, which
    /// includes `a`), with the loop's names in order. Whatever the data, a theme with such a
    /// loop could only stop at the renderer's depth guard, after exponentially many renders,
    /// so themes are refused (`ThemeFiles`); the engine itself still allows recursion, as the
    /// Mustache spec does.
    public func cycles() -> [(template: String, line: Int, column: Int, loop: [String])] {
        enum State { case visiting, done }
        var state: [String: State] = [:]
        var path: [String] = []
        var found: [(template: String, line: Int, column: Int, loop: [String])] = []
        func visit(_ name: String) {
            guard let template = templates[name] else { return }
            state[name] = .visiting
            path.append(name)
            for reference in template.references.sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }) {
                switch state[reference.name] {
                case .visiting?:
                    let start = path.lastIndex(of: reference.name) ?? 0
                    found.append((name, reference.line, reference.column, Array(path[start...]) + [reference.name]))
                case .done?:
                    continue
                case nil:
                    visit(reference.name)
                }
            }
            path.removeLast()
            state[name] = .done
        }
        for name in templates.keys.sorted() where state[name] == nil {
            visit(name)
        }
        return found
    }

    /// Renders template `name` with `data` as the page's context; nil if there is no such template.
    public func render(_ data: TemplateObject, template name: String) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var renderer = TemplateRenderer(library: self, root: .object(data))
        renderer.render(template.nodes)
        return renderer.output
    }
}

/// One rendering: the output so far and the context stack, walked without dynamic casts.
struct TemplateRenderer {
    let library: TemplateLibrary
    var output: [UInt8] = []
    /// Values of the enclosing sections, innermost last.
    private var stack: [TemplateValue]
    /// Where the innermost list section is (`first()`, `index()`).
    private var listPosition: (index: Int, count: Int)?
    /// Blocks replaced by the inheriting templates being rendered.
    private var blocks: [String: [TemplateNode]] = [:]
    /// Added at the start of every template line of an indented standalone partial.
    private var indentation: [UInt8] = []
    private var atLineStart = false
    /// Partials and parents in progress, to stop a template that includes itself forever.
    private var depth = 0
    /// Partials, parents and list items rendered so far: a template that includes itself twice,
    /// or nests a list's section in itself, multiplies its work at every level, which the depth
    /// guard alone lets run for 2^100 renders. Past the budget the page is cut short.
    private var expansions = 0
    private static let maxExpansions = 2_000_000
    /// Nodes rendered so far, and the most a page may take or make (a 10-year journal's largest
    /// page takes under a million steps and makes under a megabyte).
    private var steps = 0
    private static let maxSteps = 5_000_000
    private static let maxOutput = 64 << 20

    init(library: TemplateLibrary, root: TemplateValue) {
        self.library = library
        stack = [root]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [TemplateNode]) {
        for node in nodes {
            // Every node and every byte counts too: nested sections can multiply cheap work.
            guard steps < Self.maxSteps, output.count < Self.maxOutput else { return }
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
                case .list?, .object?, nil:
                    break
                }
            case .section(let name, let nodes, let inverted):
                let value = lookup(name)
                if inverted {
                    if !Self.isTruthy(value) { render(nodes) }
                    break
                }
                switch value {
                case nil, .bool(false)?:
                    break
                case .bool(true)?:
                    render(nodes)
                case .list(let items)?:
                    let outer = listPosition
                    for (index, item) in items.enumerated() {
                        // Sections nested in sections of the same list multiply: bounded like partials.
                        guard expansions < Self.maxExpansions else { break }
                        expansions += 1
                        stack.append(item)
                        listPosition = (index, items.count)
                        render(nodes)
                        stack.removeLast()
                    }
                    listPosition = outer
                case let value?:
                    let outer = listPosition
                    stack.append(value)
                    listPosition = nil
                    render(nodes)
                    stack.removeLast()
                    listPosition = outer
                }
            case .partial(let name, let partialIndentation):
                guard depth < 100, expansions < Self.maxExpansions, let template = library.templates[name] else { break }
                expansions += 1
                let outer = indentation
                indentation += partialIndentation
                if !partialIndentation.isEmpty { atLineStart = true }
                depth += 1
                render(template.nodes)
                depth -= 1
                indentation = outer
            case .parent(let name, let overrides, let parentIndentation):
                guard depth < 100, expansions < Self.maxExpansions, let template = library.templates[name] else { break }
                expansions += 1
                let outerBlocks = blocks, outerIndentation = indentation
                // A block replaced further out (by a template inheriting from this one) wins.
                blocks.merge(overrides) { outer, _ in outer }
                indentation += parentIndentation
                depth += 1
                render(template.nodes)
                depth -= 1
                blocks = outerBlocks
                indentation = outerIndentation
            case .block(let name, let defaults):
                // Inside its own replacement, a block of the same name is its default: otherwise
                // `{{$a}}{{$a}}{{/a}}{{/a}}` would replace itself until the stack overflows.
                guard let replacement = blocks[name] else {
                    render(defaults)
                    break
                }
                blocks[name] = nil
                render(replacement)
                blocks[name] = replacement
            }
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

extension TemplateValue {
    /// The transforms of swift-mustache that make sense for these values; nil for any other.
    func transformed(_ name: String) -> TemplateValue? {
        switch (self, name) {
        case (.list(let items), "first"): items.first
        case (.list(let items), "last"): items.last
        case (.list(let items), "reversed"): .list(items.reversed())
        case (.list(let items), "count"): .int(items.count)
        case (.list(let items), "empty"): .bool(items.isEmpty)
        case (.object(let fields), "count"): .int(fields.count)
        case (.object(let fields), "empty"): .bool(fields.isEmpty)
        case (.text(let text), "empty"): .bool(text.isEmpty)
        case (.text(let text), "uppercased"): .text(text.uppercased())
        case (.text(let text), "lowercased"): .text(text.lowercased())
        case (.text(let text), "capitalized"): .text(text.capitalizedWords)
        case (.text(let text), "reversed"): .text(String(text.reversed()))
        case (.int(let number), "equalzero"): .bool(number == 0)
        case (.int(let number), "plusone"): .int(number + 1)
        case (.int(let number), "minusone"): .int(number - 1)
        case (.int(let number), "even"): .bool(number % 2 == 0)
        case (.int(let number), "odd"): .bool(number % 2 != 0)
        default: nil
        }
    }
}

private extension String {
    /// Each word's first letter upper-cased and the rest lower-cased, as Foundation's `capitalized`.
    var capitalizedWords: String {
        var result = ""
        var startOfWord = true
        for character in self {
            if character.isWhitespace {
                startOfWord = true
                result.append(character)
            } else if startOfWord {
                result += character.uppercased()
                startOfWord = false
            } else {
                result += character.lowercased()
            }
        }
        return result
    }
}
