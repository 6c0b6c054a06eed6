/// libyaml's syntax errors said in plain words, with the fix (docs/content-format.md, "Mistakes
/// in the YAML"). libyaml speaks of tokens, indicators and block collections; a writer needs
/// to hear "put the value in quotes" or "use spaces". The common mistakes each have their own
/// wording: a value holding `: `, a tab, a line indented too far or not far enough, a list item
/// without its dash, a quote never closed or followed by more text. Anything else keeps
/// libyaml's words.
struct YAMLSyntaxWording {
    /// The plain message and where it points (1-based line and column in the YAML text).
    struct Wording: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// The YAML text the error was found in, split into lines.
    let lines: [Substring]
    /// Added to a YAML line number to get the file's, for messages that name another line.
    let lineOffset: Int

    init(yaml: String, lineOffset: Int = 0) {
        lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        self.lineOffset = lineOffset
    }

    /// `problem` is libyaml's, at `line`:`column`; `context` is what it was reading then and where
    /// that began.
    func wording(problem: String, line: Int, column: Int, context: (text: String, line: Int, column: Int)?) -> Wording {
        let here = { (message: String) in Wording(message: message, line: line, column: column) }
        switch problem {
        case "mapping values are not allowed in this context":
            if let quoted = quotedExample(line: line, colonColumn: column) {
                return here("this value holds ': ', which YAML reads as the start of another field: put the whole value in quotes, like \(quoted)")
            }
            return here("this line is indented further than the field above it, so YAML reads it as more of that field's value: line it up with the field above (the same number of spaces), or indent it under a field that ends with ':'")
        case "found character that cannot start any token", "found a tab character that violates indentation",
             "found a tab character where an indentation space is expected":
            if problem.contains("tab") || character(line: line, column: column) == "\t" || lineHasTab(line) {
                return here("a tab: YAML lines things up with spaces only; replace the tab with spaces")
            }
            if let found = character(line: line, column: column) {
                let quoted = quotedExample(line: line, colonColumn: nil).map { ", like \($0)" } ?? ""
                return here("a value cannot begin with '\(found)' in YAML: put the whole value in quotes\(quoted)")
            }
        case "did not find expected '-' indicator":
            let list = context.map { " that starts on line \($0.line + lineOffset)" } ?? ""
            return here("this line breaks the list\(list): each item starts with '- ' lined up with the other items' dashes, and an item's other fields line up with its first one; a new item needs its own '- '")
        case "did not find expected key":
            if let quote = closedQuote(line: line, before: column) {
                let other = quote == "'" ? "double quotes, like \"Don't Stop\"" : "single quotes, like 'A \"quoted\" word'"
                return here("text follows the closing \(quote == "'" ? "single" : "double") quote of this value: a quoted value must end at its closing quote; to have \(quote) inside a value, put the whole value in \(other)")
            }
            if character(line: line, column: column) == "-" {
                return here("a list item ('- ') in the middle of fields: list items go under a field that ends with ':' (like 'tracks:'), indented, each starting with '- '")
            }
            let block = context.map { " (from line \($0.line + lineOffset))" } ?? ""
            return here("this line does not line up with the fields above it\(block): a field lines up with the others of its group, with the same number of spaces")
        case "found unexpected end of stream" where context?.text == "while scanning a quoted scalar",
             "found unexpected end of stream" where context?.text == "while scanning a quoted scalar ":
            if let context {
                let quote = character(line: context.line, column: context.column) ?? "\""
                return Wording(message: "the quote (\(quote)) that opens this value is never closed: end the value with \(quote) on the same line", line: context.line, column: context.column)
            }
        default:
            break
        }
        var message = problem
        if let context, !context.text.isEmpty { message += " (\(context.text))" }
        return here("invalid YAML: " + message)
    }

    /// The character at a 1-based line and column (in Unicode scalars).
    func character(line: Int, column: Int) -> Character? {
        guard lines.indices.contains(line - 1), column >= 1 else { return nil }
        let scalars = lines[line - 1].unicodeScalars
        guard column <= scalars.count else { return nil }
        return Character(scalars[scalars.index(scalars.startIndex, offsetBy: column - 1)])
    }

    func lineHasTab(_ line: Int) -> Bool {
        lines.indices.contains(line - 1) && lines[line - 1].prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
    }

    /// The line's field rewritten with its value in double quotes (`title: "Re: Stacks"`), when
    /// the line is `key: value` (or `- key: value`) and, given `colonColumn`, that colon is inside
    /// the value, not the key's own.
    func quotedExample(line: Int, colonColumn: Int?) -> String? {
        guard lines.indices.contains(line - 1) else { return nil }
        let text = String(lines[line - 1].trimmingPrefix(while: { $0 == " " }))
        let body = text.hasPrefix("- ") ? String(text.dropFirst(2)) : text
        guard let colon = body.range(of: ": ") ?? (body.hasSuffix(":") ? body.range(of: ":", options: .backwards) : nil) else { return nil }
        let key = body[..<colon.lowerBound]
        guard !key.isEmpty, !key.contains(" ") || key.first == "\"" else { return nil }
        if let colonColumn {
            // The reported colon must come after the key's own.
            let indent = lines[line - 1].unicodeScalars.count - text.unicodeScalars.count + (text.count - body.count)
            let keyColon = indent + key.unicodeScalars.count + 1
            guard colonColumn > keyColon else { return nil }
        }
        let value = body[colon.upperBound...].trimmed(.whitespaces)
        guard !value.isEmpty else { return nil }
        return "\(key): \(NewEntry.yamlQuoted(String(value)))"
    }

    /// The quote that a value on this line opened and closed before `column`, with text after it.
    func closedQuote(line: Int, before column: Int) -> Character? {
        guard lines.indices.contains(line - 1) else { return nil }
        let text = lines[line - 1]
        guard let colon = text.range(of: ": ") else { return nil }
        let value = text[colon.upperBound...].drop(while: { $0 == " " })
        guard let quote = value.first, quote == "'" || quote == "\"" else { return nil }
        return value.dropFirst().contains(quote) ? quote : nil
    }
}
