/// One rendering: the output so far and the context stack, walked without dynamic casts.
///
/// The walk keeps its own stack of open sections and templates (`frames`) instead of recursing,
/// so however deeply a template nests, the thread's stack does not grow with it.
struct TemplateRenderer {
    let library: TemplateLibrary
    let options: RenderOptions
    var output: [UInt8] = []
    /// Values of the enclosing sections, innermost last.
    private(set) var stack: [TemplateValue]
    /// Where the innermost list section is (`first()`, `index()`).
    private(set) var listPosition: (index: Int, count: Int)?
    /// Blocks replaced by the inheriting templates being rendered, with the path of the template
    /// each replacement comes from.
    private var blocks: [String: (nodes: [TemplateNode], path: String)] = [:]
    /// Added at the start of every template line of an indented standalone partial.
    private var indentation: [UInt8] = []
    private var atLineStart = false
    /// The template the nodes being rendered come from, and the innermost tag being rendered,
    /// for errors.
    private(set) var path: String
    /// The page's own template, which the build's budget counts the page's work against.
    private let page: String
    private(set) var tag = TemplatePosition(line: 0, column: 0)
    /// The page's template and the partials and parents in progress, outermost first, to stop
    /// a template that includes itself forever and to say which chain went too deep.
    private var including: [String]
    /// The most partials and parents in progress at once (`TemplateLimits.maxIncludeDepth`).
    static let maxDepth = TemplateLimits.maxIncludeDepth
    /// Partials, parents and list items rendered so far: a template that includes itself twice,
    /// or nests a list's section in itself, multiplies its work at every level, which the depth
    /// guard alone lets run for 2^100 renders.
    private var expansions = 0
    static let maxExpansions = 2_000_000
    /// Nodes rendered so far, plus the enclosing values a name was looked for in, and the most a
    /// page may take or make (a 10-year journal's largest page with the default theme takes
    /// 5,899 steps and makes 98 KB).
    var steps = 0
    static let maxSteps = 5_000_000
    static let maxOutput = 64 << 20
    /// Steps and bytes already reported to the build's budget.
    private var charged = (steps: 0, bytes: 0)
    /// The section, template or block being rendered, and the ones it is inside, innermost
    /// last; each knows what to restore when its nodes are done.
    private var current = Frame(nodes: [], exit: .page)
    private var frames: [Frame] = []

    private struct Frame {
        var nodes: [TemplateNode]
        var index = 0
        var exit: Exit
    }

    /// What closing a frame restores (the state before it opened), or does next.
    private enum Exit {
        /// The template asked for.
        case page
        /// A section rendered once without a value of its own (`true`, or inverted).
        case section(outerTag: TemplatePosition)
        /// A section over a list: the next item, or the enclosing list's position when done.
        case listItem(items: [TemplateValue], index: Int, outerPosition: (index: Int, count: Int)?, outerTag: TemplatePosition)
        /// A section with a value of its own (an object, a text, a number).
        case value(outerPosition: (index: Int, count: Int)?, outerTag: TemplatePosition)
        /// A partial's or parent's template; a parent also restores the blocks replaced before it.
        case included(
            outerIndentation: [UInt8], outerPath: String, outerTag: TemplatePosition,
            outerBlocks: [String: (nodes: [TemplateNode], path: String)]?)
        /// A block's default.
        case block(outerIndentation: [UInt8])
        /// A block's replacement, put back when it is done.
        case replacement(
            name: String, replacement: (nodes: [TemplateNode], path: String), outerIndentation: [UInt8],
            outerPath: String, outerTag: TemplatePosition)
    }

    init(library: TemplateLibrary, template: Template, named name: String, root: TemplateValue, options: RenderOptions) {
        including = [name]
        self.library = library
        self.options = options
        path = template.path
        page = template.path
        stack = [root]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateRenderError) {
        current = Frame(nodes: nodes, exit: .page)
        frames = []
        while true {
            guard current.index < current.nodes.count else {
                // Done with this frame: the next item of its list, or back to the one it is in.
                if try close() { continue }
                guard let outer = frames.popLast() else { break }
                current = outer
                continue
            }
            let node = current.nodes[current.index]
            current.index += 1
            // Every node and every byte counts too: nested sections can multiply cheap work.
            guard steps < Self.maxSteps, output.count < Self.maxOutput else { throw budgetError() }
            steps += 1
            if steps - charged.steps >= Self.chargeEvery { try charge() }
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
                if inverted {
                    guard !Self.isTruthy(value) else { break }
                    tag = name.at
                    open(Frame(nodes: nodes, exit: .section(outerTag: outerTag)))
                    break
                }
                switch value {
                case nil, .bool(false)?:
                    break
                case .bool(true)?:
                    tag = name.at
                    open(Frame(nodes: nodes, exit: .section(outerTag: outerTag)))
                case .list(let items)?:
                    guard !items.isEmpty else { break }
                    tag = name.at
                    let outer = listPosition
                    try enter(item: 0, of: items)
                    open(Frame(nodes: nodes, exit: .listItem(items: items, index: 0, outerPosition: outer, outerTag: outerTag)))
                case let value?:
                    tag = name.at
                    let outer = listPosition
                    stack.append(value)
                    listPosition = nil
                    open(Frame(nodes: nodes, exit: .value(outerPosition: outer, outerTag: outerTag)))
                }
            case .partial(let name, let partialIndentation, let at):
                guard let template = try included(name, at: at) else { break }
                enter(included: template, named: name, indentedBy: partialIndentation, outerBlocks: nil)
            case .parent(let name, let overrides, let parentIndentation, let at):
                guard let template = try included(name, at: at) else { break }
                let outerBlocks = blocks
                // A block replaced further out (by a template inheriting from this one) wins.
                for (block, nodes) in overrides where blocks[block] == nil {
                    blocks[block] = (nodes, path)
                }
                enter(included: template, named: name, indentedBy: parentIndentation, outerBlocks: outerBlocks)
            case .block(let name, let defaults, let blockIndentation, let standalone):
                let outerIndentation = indentation
                indentation += blockIndentation
                if standalone && !blockIndentation.isEmpty { atLineStart = true }
                // Inside its own replacement, a block of the same name is its default: otherwise
                // `{{$a}}{{$a}}{{/a}}{{/a}}` would replace itself without end.
                guard let replacement = blocks[name] else {
                    open(Frame(nodes: defaults, exit: .block(outerIndentation: outerIndentation)))
                    break
                }
                let outerPath = path
                let outerTag = tag
                blocks[name] = nil
                path = replacement.path
                tag = TemplatePosition(line: 0, column: 0)
                open(
                    Frame(
                        nodes: replacement.nodes,
                        exit: .replacement(
                            name: name, replacement: replacement, outerIndentation: outerIndentation, outerPath: outerPath, outerTag: outerTag)))
            }
        }
        try charge()
    }

    /// Makes `frame` the one being rendered, inside the current one.
    private mutating func open(_ frame: Frame) {
        frames.append(current)
        current = frame
    }

    /// Restores what the current frame changed when it opened; true when it starts again
    /// instead, for its list's next item.
    private mutating func close() throws(TemplateRenderError) -> Bool {
        switch current.exit {
        case .page:
            break
        case .section(let outerTag):
            tag = outerTag
        case .listItem(let items, let index, let outerPosition, let outerTag):
            stack.removeLast()
            guard index + 1 < items.count else {
                listPosition = outerPosition
                tag = outerTag
                return false
            }
            // The frames inside the item have put the section's own tag back.
            try enter(item: index + 1, of: items)
            current.index = 0
            current.exit = .listItem(items: items, index: index + 1, outerPosition: outerPosition, outerTag: outerTag)
            return true
        case .value(let outerPosition, let outerTag):
            stack.removeLast()
            listPosition = outerPosition
            tag = outerTag
        case .included(let outerIndentation, let outerPath, let outerTag, let outerBlocks):
            including.removeLast()
            indentation = outerIndentation
            path = outerPath
            tag = outerTag
            if let outerBlocks { blocks = outerBlocks }
        case .block(let outerIndentation):
            indentation = outerIndentation
        case .replacement(let name, let replacement, let outerIndentation, let outerPath, let outerTag):
            blocks[name] = replacement
            path = outerPath
            tag = outerTag
            indentation = outerIndentation
        }
        return false
    }

    /// Puts list item `index` on top of the context.
    private mutating func enter(item index: Int, of items: [TemplateValue]) throws(TemplateRenderError) {
        // Sections nested in sections of the same list multiply: bounded like partials.
        guard expansions < Self.maxExpansions else { throw expansionError() }
        expansions += 1
        stack.append(items[index])
        listPosition = (index, items.count)
    }

    /// The template a partial or parent tag names, or nil when it renders as nothing.
    private mutating func included(_ name: String, at: TemplatePosition) throws(TemplateRenderError) -> Template? {
        guard let template = library.templates[name] else {
            if options.missingTemplatesRenderEmpty { return nil }
            throw error("there is no template '\(name)'", at: at)
        }
        guard including.count <= Self.maxDepth else {
            let message =
                including.contains(name)
                ? "'\(name)' includes itself more than \(Self.maxDepth) templates deep: it would never finish rendering"
                : "partials nest deeper than \(Self.maxDepth): \(TemplateLimits.chain(including + [name]))"
            throw error(message, at: at)
        }
        guard expansions < Self.maxExpansions else { throw expansionError(at: at) }
        expansions += 1
        return template
    }

    /// Opens an included template (a partial's or a parent's) in place: its lines indented by
    /// what stood before a standalone tag, errors named by its path, one level deeper.
    private mutating func enter(
        included template: Template, named name: String, indentedBy extra: [UInt8],
        outerBlocks: [String: (nodes: [TemplateNode], path: String)]?
    ) {
        let exit = Exit.included(outerIndentation: indentation, outerPath: path, outerTag: tag, outerBlocks: outerBlocks)
        indentation += extra
        if !extra.isEmpty { atLineStart = true }
        path = template.path
        tag = TemplatePosition(line: 0, column: 0)
        including.append(name)
        open(Frame(nodes: template.nodes, exit: exit))
    }

    /// Steps between reports to the build's budget, so pages rendered at once rarely wait for
    /// each other.
    static let chargeEvery = 1 << 16

    /// Reports the steps and bytes since the last report to the build's budget, if any.
    private mutating func charge() throws(TemplateRenderError) {
        guard let budget = options.budget else { return }
        let spent = (steps: steps - charged.steps, bytes: output.count - charged.bytes)
        charged = (steps, output.count)
        if let exceeded = budget.spend(steps: spent.steps, bytes: max(0, spent.bytes), template: page) {
            throw exceeded
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
