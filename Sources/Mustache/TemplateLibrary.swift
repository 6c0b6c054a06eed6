/// Compiled templates by name (`day`, `partials/track`), which is how partials and parents find
/// each other.
public struct TemplateLibrary: Sendable {
    var templates: [String: Template] = [:]

    public init() {}

    /// Adds `template` as `name`; `path` (`templates/day.mustache`) is where render errors in it
    /// point.
    public mutating func register(_ template: Template, named name: String, path: String) {
        var template = template
        template.path = path
        templates[name] = template
    }

    /// The template registered as `name`.
    public subscript(name: String) -> Template? { templates[name] }

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
    /// so a theme should be refused; the engine itself still allows recursion, as the Mustache
    /// spec does, up to `TemplateRenderer.maxDepth` nested templates.
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

    /// Renders template `name` with `data` as the page's context.
    public func render(_ data: TemplateObject, template name: String, options: RenderOptions = RenderOptions()) throws(TemplateRenderError) -> [UInt8] {
        try render(value: .object(data), template: name, options: options)
    }

    /// Renders template `name` with `value` as the context, whatever kind of value it is.
    public func render(value: TemplateValue, template name: String, options: RenderOptions = RenderOptions()) throws(TemplateRenderError) -> [UInt8] {
        guard let template = templates[name] else {
            throw TemplateRenderError(message: "there is no template '\(name)'", path: name, line: 0, column: 0)
        }
        var renderer = TemplateRenderer(library: self, template: template, root: value, options: options)
        try renderer.render(template.nodes)
        return renderer.output
    }
}

/// How a render treats names and templates it cannot find.
public struct RenderOptions: Sendable {
    /// A name that resolves to nothing (a variable, a section's name, a step of a dotted path, a
    /// transform that does not apply to its value, `first()` outside a list) is an error, instead
    /// of rendering as empty or false. A value that exists is never an error, `false` included.
    public var strict: Bool
    /// A partial or parent the library lacks renders as nothing, as the Mustache spec says,
    /// instead of being an error.
    public var missingTemplatesRenderEmpty: Bool

    public init(strict: Bool = false, missingTemplatesRenderEmpty: Bool = false) {
        self.strict = strict
        self.missingTemplatesRenderEmpty = missingTemplatesRenderEmpty
    }
}

/// Why a template did not render, with where: the template's registered path and the 1-based
/// line and column (in Unicode scalars) of the tag; line and column are 0 when no tag is to blame.
public struct TemplateRenderError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var path: String
    public var line: Int
    public var column: Int

    public init(message: String, path: String, line: Int, column: Int) {
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
