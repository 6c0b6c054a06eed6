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
    ///
    /// A walk with its own stack, so a chain of any number of templates cannot overflow the thread's.
    public func cycles() -> [(template: String, line: Int, column: Int, loop: [String])] {
        enum State { case visiting, done }
        var state: [String: State] = [:]
        var found: [(template: String, line: Int, column: Int, loop: [String])] = []
        // The templates being visited, outermost first, each with its references and the next to follow.
        var path: [(name: String, references: [(name: String, line: Int, column: Int)], next: Int)] = []
        func enter(_ name: String) {
            guard let template = templates[name] else { return }
            state[name] = .visiting
            path.append((name, template.references.sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }), 0))
        }
        for root in templates.keys.sorted() where state[root] == nil {
            enter(root)
            while let top = path.indices.last {
                guard path[top].next < path[top].references.count else {
                    state[path[top].name] = .done
                    path.removeLast()
                    continue
                }
                let reference = path[top].references[path[top].next]
                path[top].next += 1
                switch state[reference.name] {
                case .visiting?:
                    let names = path.map(\.name)
                    let start = names.lastIndex(of: reference.name) ?? 0
                    found.append((path[top].name, reference.line, reference.column, Array(names[start...]) + [reference.name]))
                case .done?:
                    continue
                case nil:
                    enter(reference.name)
                }
            }
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
        var renderer = TemplateRenderer(library: self, template: template, named: name, root: value, options: options)
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

    /// Work shared with other renders (the pages of one build), on top of the page's own limits.
    public var budget: (any RenderBudget)?

    public init(strict: Bool = false, missingTemplatesRenderEmpty: Bool = false, budget: (any RenderBudget)? = nil) {
        self.strict = strict
        self.missingTemplatesRenderEmpty = missingTemplatesRenderEmpty
        self.budget = budget
    }
}

/// Work shared by many renders (every page of a build): each render reports the steps it took
/// and the bytes it made as it goes, and stops with the error `spend` returns once the whole is
/// over its limit, so no number of pages can make a build run without end.
public protocol RenderBudget: AnyObject, Sendable {
    /// Adds `steps` and `bytes` of a render of the page template at `template` (its path); an
    /// error once the total is over the limit, for this render and every one after it.
    func spend(steps: Int, bytes: Int, template: String) -> TemplateRenderError?
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
