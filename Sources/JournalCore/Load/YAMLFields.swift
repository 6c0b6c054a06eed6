import Foundation
import Yams

/// Reads typed values out of a YAML front matter, collecting a diagnostic with the node's
/// line and column for every problem instead of stopping at the first.
///
/// YAML is composed with Yams' basic resolver, so every scalar stays text until a field asks
/// for a type: `mood: no` is the string "no", and `date: 2026-11-21` is never an instant.
struct YAMLFields {
    let path: String
    /// Added to a YAML line number to get the file's line number.
    let lineOffset: Int
    var diagnostics: [Diagnostic] = []
    /// The site paths given as images, checked against `static/` once Load has listed it.
    var images: [StaticImageUse] = []
    /// A Markdown parse gave no document in time (`MarkdownParseQueue`): what was decoded says
    /// so, and is never kept for the next load, since the next parse may well finish.
    var parseUnfinished = false

    init(path: String, firstLine: Int) {
        self.path = path
        self.lineOffset = firstLine - 1
    }

    // MARK: Locations and reports

    func location(of node: Node?) -> SourceLocation {
        guard let mark = node?.mark else { return SourceLocation(path: path, line: max(1, lineOffset), column: 1) }
        return SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
    }

    mutating func error(_ message: String, at node: Node?) {
        diagnostics.append(.error(message, at: location(of: node)))
    }

    mutating func warning(_ message: String, at node: Node?) {
        diagnostics.append(.warning(message, at: location(of: node)))
    }

    // MARK: Documents

    /// The root mapping of `yaml`; nil after reporting a syntax error or a root that is not a mapping.
    /// An empty front matter is an empty mapping.
    /// `what` names the document in messages: `the front matter`, `journal.yaml`, `a language file`.
    mutating func root(of yaml: String, what: String = "the front matter") -> Node? {
        if let anchor = YAMLAnchors.first(in: yaml) {
            let what = anchor.isAlias ? "an alias (*name)" : "an anchor (&name)"
            diagnostics.append(
                Diagnostic(
                    .error, "YAML anchors and aliases are not accepted, found \(what): write the value out where it is needed",
                    path: path, line: anchor.line + lineOffset, column: anchor.column))
            return nil
        }
        let node: Node?
        do {
            // The encoding named, not `.default`, which reads the environment on every call.
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let yamlError as YamlError {
            report(yamlError, in: yaml)
            return nil
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot read the front matter: \(error)", path: path, line: lineOffset + 1, column: 1))
            return nil
        }
        guard let node else { return Node.mapping(Node.Mapping([])) }
        if node.mapping == nil {
            if let scalar = node.scalar, isNull(scalar) { return Node.mapping(Node.Mapping([])) }
            error("\(what) must be a mapping of fields (like 'title: ...'), found \(describe(node))", at: node)
            return nil
        }
        return node
    }

    private mutating func report(_ yamlError: YamlError, in yaml: String) {
        func add(_ problem: String, _ context: YamlError.Context?, line: Int, column: Int) {
            // In plain words, with the fix (YAMLSyntaxWording).
            let said = YAMLSyntaxWording(yaml: yaml, lineOffset: lineOffset).wording(
                problem: problem, line: line, column: column,
                context: context.map { ($0.text, $0.mark.line, $0.mark.column) })
            let (line, column) = Self.clamp(line: said.line, column: said.column, in: yaml)
            diagnostics.append(Diagnostic(.error, said.message, path: path, line: line + lineOffset, column: column))
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            add(problem, context, line: mark.line, column: mark.column)
        case .reader(let problem, let offset, _, _):
            let (line, column) = Self.position(ofByte: offset ?? 0, in: yaml)
            add(problem, nil, line: line, column: column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let (line, column) = Self.clamp(line: context.mark.line, column: context.mark.column, in: yaml)
            diagnostics.append(Diagnostic(.error, "duplicate field \(names)", path: path, line: line + lineOffset, column: column))
        default:
            diagnostics.append(Diagnostic(.error, "invalid YAML: \(yamlError)", path: path, line: lineOffset + 1, column: 1))
        }
    }

    /// libyaml puts an end-of-input error on the line after the last one; point at the end of
    /// the last line instead, which is in the file.
    static func clamp(line: Int, column: Int, in yaml: String) -> (Int, Int) {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let count = yaml.hasSuffix("\n") ? lines.count - 1 : lines.count
        guard count > 0, line > count else { return (max(1, line), max(1, column)) }
        return (count, lines[count - 1].unicodeScalars.count + 1)
    }

    /// The 1-based line and column (in Unicode scalars) of a UTF-8 byte offset.
    static func position(ofByte offset: Int, in yaml: String) -> (Int, Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in yaml.unicodeScalars {
            if consumed >= offset { break }
            consumed += scalar.utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return clamp(line: line, column: column, in: yaml)
    }

    // MARK: Mappings

    /// The fields of a mapping node by name. Unknown names are warned about; keys that are not
    /// plain strings are errors.
    mutating func fields(of node: Node, known: [String], in what: String) -> [String: Node] {
        guard let mapping = node.mapping else { return [:] }
        var result: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                error("a field name in \(what) must be a plain word, found \(describe(key))", at: key)
                continue
            }
            if known.contains(name) {
                result[name] = value
            } else {
                let suggestion = known.first { editDistance($0, name) <= 2 }.map { " (did you mean '\($0)'?)" } ?? ""
                warning("unknown field '\(name)' in \(what)\(suggestion)", at: key)
            }
        }
        return result
    }

    // MARK: Scalars

    func isNull(_ scalar: Node.Scalar) -> Bool {
        scalar.style == .plain
            && (scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" || scalar.string == "Null" || scalar.string == "NULL")
    }

    /// Absent or null.
    func isMissing(_ node: Node?) -> Bool {
        guard let node else { return true }
        if let scalar = node.scalar { return isNull(scalar) }
        return false
    }

    /// A string field; nil if absent, null or blank. Numbers and words are taken as written.
    mutating func string(_ node: Node?, field: String) -> String? {
        guard let node, !isMissing(node) else { return nil }
        guard let scalar = node.scalar else {
            error("'\(field)' must be text, found \(describe(node))", at: node)
            return nil
        }
        let text = scalar.string.trimmed(.whitespacesAndNewlines)
        // Only a YAML escape ("\x1b", "\uFFFE") can bring one in: the raw file was checked.
        if let found = ControlCharacters.first(in: text) {
            error("'\(field)' holds a control character (\(ControlCharacters.name(found.scalar))), which no page or feed can show; remove the escape", at: node)
            return ControlCharacters.replaced(in: text)
        }
        return text.isEmpty ? nil : text
    }

    /// A string field that must be there; `owner` locates the report when it is missing.
    mutating func requiredString(_ fields: [String: Node], _ field: String, in what: String, owner: Node) -> String? {
        guard let node = fields[field], !isMissing(node) else {
            error("missing required field '\(field)' in \(what)", at: owner)
            return nil
        }
        if let value = string(node, field: field) { return value }
        if node.scalar != nil { error("'\(field)' must not be empty", at: node) }
        return nil
    }

    /// One string or a list of strings (`artist`, `genre`); blanks dropped.
    mutating func stringList(_ node: Node?, field: String) -> [String] {
        guard let node, !isMissing(node) else { return [] }
        if node.scalar != nil { return string(node, field: field).map { [$0] } ?? [] }
        guard let sequence = node.sequence else {
            error("'\(field)' must be text or a list of text, found \(describe(node))", at: node)
            return []
        }
        var values: [String] = []
        for item in sequence {
            guard item.scalar != nil else {
                error("each item of '\(field)' must be text, found \(describe(item))", at: item)
                continue
            }
            if let value = string(item, field: field) { values.append(value) }
        }
        return values
    }

    /// A list of strings (`tags`), also accepting a single string.
    mutating func tags(_ node: Node?) -> [String] {
        var seen = Set<String>()
        return stringList(node, field: "tags").filter { seen.insert($0).inserted }
    }

    mutating func bool(_ node: Node?, field: String) -> Bool? {
        guard let node, !isMissing(node) else { return nil }
        guard let scalar = node.scalar else {
            error("'\(field)' must be true or false, found \(describe(node))", at: node)
            return nil
        }
        switch scalar.string {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            error("'\(field)' must be true or false, found '\(scalar.string)'", at: node)
            return nil
        }
    }

    mutating func integer(_ node: Node?, field: String, range: ClosedRange<Int>) -> Int? {
        guard let node, !isMissing(node) else { return nil }
        guard let scalar = node.scalar, let value = Int(scalar.string.trimmed(.whitespaces)) else {
            error("'\(field)' must be a whole number, found \(describe(node))", at: node)
            return nil
        }
        guard range.contains(value) else {
            error("'\(field)' must be between \(range.lowerBound) and \(range.upperBound), found \(value)", at: node)
            return nil
        }
        return value
    }

    mutating func date(_ node: Node?, field: String) -> CalendarDate? {
        guard let node, !isMissing(node) else { return nil }
        guard let scalar = node.scalar else {
            error("'\(field)' must be a date like 2026-11-21, found \(describe(node))", at: node)
            return nil
        }
        let text = scalar.string.trimmed(.whitespaces)
        guard let date = CalendarDate(iso: text) else {
            error("invalid date '\(text)' in '\(field)': expected a calendar date written YYYY-MM-DD", at: node)
            return nil
        }
        return date
    }

    mutating func url(_ node: Node?, field: String) -> LinkTarget? {
        guard let text = string(node, field: field) else { return nil }
        switch LinkTarget.check(text) {
        case .success(let target): return target
        case .failure(let problem):
            error(problem.message(for: "'\(field)'"), at: node)
            return nil
        }
    }

    /// An image (`artwork`, `cover`): a URL or a site path, which is kept with its place to be
    /// checked against `static/` (`StaticImages`).
    mutating func image(_ node: Node?, field: String) -> LinkTarget? {
        guard let target = url(node, field: field) else { return nil }
        // An address on another site too: its copy in static/covers/remote/, if any, is checked.
        images.append(StaticImageUse(target: target, field: field, location: location(of: node)))
        return target
    }

    /// A link out (`links.spotify`): an absolute `http(s)://host/…` URL. Without a scheme it
    /// would be published as a path of the site, which no server has.
    mutating func webLink(_ node: Node?, field: String, allowSitePath: Bool = false) -> LinkTarget? {
        guard let target = url(node, field: field) else { return nil }
        // `other` may lead to a page of the site itself (`/about/`).
        if allowSitePath, target.kind == .siteRoot { return target }
        let text = target.text
        if let scheme = LinkTarget.scheme(of: text) {
            let rest = text.dropFirst(scheme.count + 1)
            let host = rest.hasPrefix("//") ? rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" } : ""
            guard host.isEmpty else { return target }
            let fixed = "\(scheme.lowercased())://" + rest.drop { $0 == "/" }
            error("\(field) '\(text)' has no host name: write \(fixed)", at: node)
            return nil
        }
        if text.hasPrefix("//") {
            error("\(field) '\(text)' has no scheme: write https:\(text)", at: node)
        } else if let first = text.split(separator: "/").first, !text.hasPrefix("/"), !text.hasPrefix("."),
            first.contains("."), !first.hasSuffix("."), !first.contains(where: { $0 == " " })
        {
            error("\(field) '\(text)' has no scheme: write https://\(text)", at: node)
        } else {
            error("\(field) '\(text)' is not a web address: write the whole address, starting with https://", at: node)
        }
        return nil
    }

    // MARK: Words for messages

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    private func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
