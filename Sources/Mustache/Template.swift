/// A compiled Mustache template (https://mustache.github.io/mustache.5.html): variables, sections,
/// inverted sections, comments, partials, set delimiters, and template inheritance (parents and
/// blocks), plus the transforms of hummingbird's swift-mustache that themes already use
/// (`{{#first(tags)}}`, `{{^first()}}`).
///
/// Templates are parsed once and rendered from `TemplateValue`s, with no dynamic casts,
/// straight into bytes.
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// Every partial and parent the template names, with where, so a library can be checked
    /// for templates it lacks before anything renders.
    public let references: [(name: String, line: Int, column: Int)]
    /// Where the template came from (`templates/day.mustache`), for render errors; set by
    /// `TemplateLibrary.register`.
    public internal(set) var path: String = ""

    /// Compiles Mustache source, or says where it does not parse.
    public init(parsing source: String) throws(TemplateSyntaxError) {
        self = try TemplateParser.parse(source)
    }

    init(nodes: [TemplateNode], references: [(name: String, line: Int, column: Int)]) {
        self.nodes = nodes
        self.references = references
    }
}

/// Where a tag starts in its template: 1-based line, and column counted in Unicode scalars.
struct TemplatePosition: Sendable, Equatable {
    var line: Int32
    var column: Int32
}

/// One piece of a compiled template. Tags that can fail at render time carry where they are.
indirect enum TemplateNode: Sendable {
    /// Text copied as it is.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone tag indents every line of the partial by what stood before it.
    case partial(String, indentation: [UInt8], at: TemplatePosition)
    /// `{{<name}}…{{/name}}`: renders template `name` with its blocks replaced by these.
    case parent(String, blocks: [String: [TemplateNode]], indentation: [UInt8], at: TemplatePosition)
    /// `{{$name}}default{{/name}}`: the default unless an inheriting template replaced it,
    /// indented by `indentation`: from the first line when the opening tag is `standalone`,
    /// from the second otherwise (the first follows the blanks already written).
    case block(String, [TemplateNode], indentation: [UInt8], standalone: Bool)
}

/// A name in a tag: `.`, `title`, `meta.title`, or a transform of one: `first(tags)`, `first()`.
struct TemplateName: Sendable, Equatable {
    /// The dotted path; empty for `.` (the current value) or for a transform of the list
    /// position (`first()`).
    var path: [String]
    /// Transforms, innermost first: `uppercased(first(tags))` is `["first", "uppercased"]`.
    var transforms: [String]
    /// `.name`: look only in the current value, not in enclosing ones.
    var anchored: Bool
    /// `first()`, `index()`: a transform of the position in the list being rendered.
    var position: Bool
    /// The name as written, for closing tags and messages.
    var source: String
    /// Where the tag naming it starts.
    var at: TemplatePosition

    init(parsing text: String, at position: TemplatePosition) {
        source = text
        at = position
        var inner = Substring(text)
        var transforms: [String] = []
        while inner.hasSuffix(")"), let open = inner.firstIndex(of: "(") {
            transforms.append(String(inner[..<open]))
            inner = inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]
        }
        self.transforms = transforms.reversed()
        anchored = inner.hasPrefix(".") && inner != "."
        self.position = inner.isEmpty && !transforms.isEmpty
        path = inner == "." ? [] : inner.split(separator: ".").map(String.init)
    }
}

/// A template that does not parse, with where.
public struct TemplateSyntaxError: Error, Equatable, Sendable {
    public var message: String
    /// 1-based.
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}
