/// A format from a theme language file, like `{day} {month_short} {year}`: text with named
/// placeholders in braces, parsed once when the language is loaded. `{{` and `}}` stand for
/// literal braces.
struct TextPattern: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case value(Placeholder)
    }

    /// What a placeholder stands for.
    enum Placeholder: Sendable, Hashable {
        /// A count, a page number or a duration part: `{n}`, `{page}`, `{pages}`, `{hours}`, `{minutes}`.
        case number(NumberField)
        /// A field of the date being formatted: `{day}`.
        case date(DateField)
        /// A field of the first or last day of a range: `{start.day}`, `{end.year}`.
        case start(DateField)
        case end(DateField)
    }

    enum NumberField: String, Sendable, CaseIterable {
        case n, page, pages, hours, minutes, logged, covered, percent, minimum, limit
    }

    /// The parts of a calendar date a pattern can show; numbers are written without leading zeros.
    enum DateField: String, Sendable, CaseIterable {
        case year, month, day
        case monthName = "month_name"
        case monthShort = "month_short"
        case weekday
        case weekdayShort = "weekday_short"
    }

    /// Why a pattern cannot be used, for the diagnostic.
    struct Problem: Error, Equatable {
        var message: String
    }

    let pieces: [Piece]

    /// Parses `text`, accepting only the placeholders of `allowed` (by name, without braces).
    static func parse(_ text: String, allowed: [String: Placeholder]) -> Result<TextPattern, Problem> {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{" || character == "}", next < text.endIndex, text[next] == character {
                literal.append(character)
                index = text.index(after: next)
                continue
            }
            if character == "}" {
                return .failure(Problem(message: "a '}' with no '{' before it (write '}}' for a brace)"))
            }
            guard character == "{" else {
                literal.append(character)
                index = next
                continue
            }
            guard let close = text[next...].firstIndex(of: "}") else {
                return .failure(Problem(message: "a '{' that is never closed (write '{{' for a brace)"))
            }
            let name = String(text[next..<close])
            guard let placeholder = allowed[name] else {
                let known = allowed.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
                return .failure(Problem(message: "unknown placeholder '{\(name)}': use \(known)"))
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.value(placeholder))
            index = text.index(after: close)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return .success(TextPattern(pieces: pieces))
    }

    /// The placeholders of a date format: `{year}`, `{month}`, `{day}`, `{month_name}`, ...
    static let datePlaceholders = Dictionary(uniqueKeysWithValues: DateField.allCases.map { ($0.rawValue, Placeholder.date($0)) })

    /// The placeholders of a date range: `{start.day}`, `{end.month_name}`, ...
    static let rangePlaceholders = Dictionary(
        uniqueKeysWithValues: DateField.allCases.flatMap {
            [("start.\($0.rawValue)", Placeholder.start($0)), ("end.\($0.rawValue)", Placeholder.end($0))]
        })

    static func numberPlaceholders(_ fields: NumberField...) -> [String: Placeholder] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.rawValue, Placeholder.number($0)) })
    }

    /// The text with every placeholder replaced by `value(placeholder)`.
    func render(_ value: (Placeholder) -> String) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .value(let placeholder): result += value(placeholder)
            }
        }
        return result
    }
}
