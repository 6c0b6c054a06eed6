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
            return here(
                "this line is indented further than the field above it, so YAML reads it as more of that field's value: line it up with the field above (the same number of spaces), or indent it under a field that ends with ':'"
            )
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
            return here(
                "this line breaks the list\(list): each item starts with '- ' lined up with the other items' dashes, and an item's other fields line up with its first one; a new item needs its own '- '"
            )
        case "did not find expected key":
            if character(line: line, column: column) == "-" {
                return here(
                    "a list item ('- ') in the middle of fields: list items go under a field that ends with ':' (like 'tracks:'), indented, each starting with '- '"
                )
            }
            // A quote left open on an earlier line ran on to this one: that line is the mistake.
            if let opened = openedEarlier(line: line, column: column) { return unclosed(opened) }
            if let quote = closedQuote(line: line, before: column) {
                let other = quote == "'" ? "double quotes, like \"Don't Stop\"" : "single quotes, like 'A \"quoted\" word'"
                return here(
                    "text follows the closing \(quote == "'" ? "single" : "double") quote of this value: a quoted value must end at its closing quote; to have \(quote) inside a value, put the whole value in \(other)"
                )
            }
            return here("this line does not line up with the fields above it: a field lines up with the others of its group, with the same number of spaces")
        case "found unexpected end of stream" where context?.text == "while scanning a quoted scalar",
            "found unexpected end of stream" where context?.text == "while scanning a quoted scalar ":
            if let context {
                if let opened = openedEarlier(line: context.line, column: context.column) { return unclosed(opened) }
                return unclosed((context.line, context.column))
            }
        default:
            break
        }
        var message = problem
        if let context, !context.text.isEmpty { message += " (\(context.text))" }
        return here("invalid YAML: " + message)
    }

    /// The message for a quote opened at `at` and never closed on its line.
    func unclosed(_ at: (line: Int, column: Int)) -> Wording {
        let quote = character(line: at.line, column: at.column) ?? "\""
        return Wording(
            message: "the quote (\(quote)) that opens this value is never closed: end the value with \(quote) on the same line",
            line: at.line, column: at.column)
    }

    /// Where a double quote was opened on an earlier line and left open, when `line` closes it
    /// before `column` (an odd number of unescaped `"` there): the nearest line above with an
    /// odd number of them, at its last one. YAML lets a quoted value run over lines, so a
    /// forgotten closing quote is only noticed where the next quote closes it.
    func openedEarlier(line: Int, column: Int) -> (line: Int, column: Int)? {
        guard lines.indices.contains(line - 1), quoteColumns(in: lines[line - 1], before: column).count % 2 == 1 else { return nil }
        var above = line - 1
        while above >= 1, line - above <= 20 {
            let quotes = quoteColumns(in: lines[above - 1], before: Int.max)
            if quotes.count % 2 == 1, let last = quotes.last { return (above, last) }
            above -= 1
        }
        return nil
    }

    /// The 1-based columns of the unescaped double quotes of `text` before `column`.
    func quoteColumns(in text: Substring, before column: Int) -> [Int] {
        var columns: [Int] = []
        var escaped = false
        for (offset, scalar) in text.unicodeScalars.enumerated() where offset + 1 < column {
            if scalar == "\"", !escaped { columns.append(offset + 1) }
            escaped = scalar == "\\" && !escaped
        }
        return columns
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
    /// the line is `key: value` (or `- key: value`) with a plain key and, given `colonColumn`,
    /// that colon is inside the value, not the key's own. A comment after the value stays out.
    func quotedExample(line: Int, colonColumn: Int?) -> String? {
        guard lines.indices.contains(line - 1) else { return nil }
        let scalars = Array(lines[line - 1].unicodeScalars)
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        var start = 0
        while start < scalars.count, isBlank(scalars[start]) { start += 1 }
        // `- ` and the spaces after it, as many as there are.
        if start + 1 < scalars.count, scalars[start] == "-", isBlank(scalars[start + 1]) {
            start += 1
            while start < scalars.count, isBlank(scalars[start]) { start += 1 }
        }
        // The key: up to the first ':' followed by a space, a tab or the line's end.
        var colon = start
        while colon < scalars.count, !(scalars[colon] == ":" && (colon + 1 == scalars.count || isBlank(scalars[colon + 1]))) { colon += 1 }
        guard colon < scalars.count, colon > start else { return nil }
        let key = String(String.UnicodeScalarView(scalars[start..<colon]))
        // A plain key: letters, digits, '_' and '-', as every field of a journal is named.
        guard key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" }),
            key.unicodeScalars.first.map({ $0 != "-" }) == true
        else { return nil }
        if let colonColumn, colonColumn <= colon + 1 { return nil }
        var value = String(String.UnicodeScalarView(scalars[(colon + 1)...])).trimmed(.whitespaces)
        if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]).trimmed(.whitespaces) }
        guard !value.isEmpty else { return nil }
        return "\(key): \(NewEntry.yamlQuoted(value))"
    }

    /// The quote that a value on this line opened and closed before `column`, with text after it.
    func closedQuote(line: Int, before column: Int) -> Character? {
        guard lines.indices.contains(line - 1) else { return nil }
        let scalars = Array(lines[line - 1].unicodeScalars)
        // The value after the first ': ', its opening quote, and its closing one (in columns).
        guard let colon = scalars.indices.first(where: { $0 + 1 < scalars.count && scalars[$0] == ":" && scalars[$0 + 1] == " " }) else { return nil }
        var open = colon + 1
        while open < scalars.count, scalars[open] == " " { open += 1 }
        guard open < scalars.count, scalars[open] == "'" || scalars[open] == "\"" else { return nil }
        let quote = scalars[open]
        guard let close = scalars.indices.first(where: { $0 > open && scalars[$0] == quote }) else { return nil }
        // The text the parser stopped at comes after the closing quote.
        return close + 1 < column ? Character(quote) : nil
    }
}
