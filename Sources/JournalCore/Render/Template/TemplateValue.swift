/// What a template shows: the typed view data Render hands to the theme (STYLE.md: templates
/// get strings ready to print). A page's data is an `.object` of these.
///
/// In a section (`{{#name}}`), `false`, an empty list and a missing name render nothing; a list
/// renders once per element; anything else renders once with that value on top of the context.
public indirect enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case int(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// A text, or `false` when there is none, so the name never falls through to an enclosing
    /// object's value of the same name.
    public static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.text) ?? .bool(false)
    }

    /// A list of texts.
    public static func texts(_ texts: [String]) -> TemplateValue {
        .list(texts.map(TemplateValue.text))
    }

    /// The value for `name` when this is an object.
    public subscript(name: String) -> TemplateValue? {
        get {
            if case .object(let fields) = self { return fields[name] }
            return nil
        }
        set {
            guard case .object(var fields) = self else { return }
            fields[name] = newValue
            self = .object(fields)
        }
    }
}

/// A page's or partial's data: named values.
public typealias TemplateObject = [String: TemplateValue]

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
