/// What a template shows: typed data, strings ready to print. A page's data is an `.object` of
/// these.
///
/// In a section (`{{#name}}`), `false`, an empty list and a missing name render nothing; a list
/// renders once per element; anything else renders once with that value on top of the context.
public enum TemplateValue: Sendable, Equatable {
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
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue {
    /// The transforms of swift-mustache that make sense for these values; nil for any other.
    func transformed(_ name: String) -> TemplateValue? {
        switch (self, name) {
        // An empty list has no first item: the empty list itself stands for it, which renders
        // exactly as nothing does, but is a value, so strict rendering accepts it.
        case (.list(let items), "first"): items.first ?? .list([])
        case (.list(let items), "last"): items.last ?? .list([])
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

extension String {
    /// Each word's first letter upper-cased and the rest lower-cased, as Foundation's `capitalized`.
    fileprivate var capitalizedWords: String {
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
