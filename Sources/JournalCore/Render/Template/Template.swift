/// A compiled Mustache template (https://mustache.github.io/mustache.5.html): variables, sections,
/// inverted sections, comments, partials, set delimiters, and template inheritance (parents and
/// blocks), plus the transforms of hummingbird's swift-mustache that themes already use
/// (`{{#first(tags)}}`, `{{^first()}}`).
///
/// Templates are parsed once per build and rendered from `TemplateValue`s, with no dynamic
/// casts, straight into bytes.
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// Every partial and parent the template names, with where, so a theme can be checked
    /// for templates it lacks before anything renders.
    let references: [(name: String, line: Int, column: Int)]
}

/// One piece of a compiled template.
indirect enum TemplateNode: Sendable {
    /// Text copied as it is.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone tag indents every line of the partial by what stood before it.
    case partial(String, indentation: [UInt8])
    /// `{{<name}}…{{/name}}`: renders template `name` with its blocks replaced by these.
    case parent(String, blocks: [String: [TemplateNode]], indentation: [UInt8])
    /// `{{$name}}default{{/name}}`: the default unless an inheriting template replaced it.
    case block(String, [TemplateNode])
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

    init(parsing text: String) {
        source = text
        var inner = Substring(text)
        var transforms: [String] = []
        while inner.hasSuffix(")"), let open = inner.firstIndex(of: "(") {
            transforms.append(String(inner[..<open]))
            inner = inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]
        }
        self.transforms = transforms.reversed()
        anchored = inner.hasPrefix(".") && inner != "."
        position = inner.isEmpty && !transforms.isEmpty
        path = inner == "." ? [] : inner.split(separator: ".").map(String.init)
    }
}

/// A template that does not parse, with where.
public struct TemplateSyntaxError: Error, Equatable, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
}
