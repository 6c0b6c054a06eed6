/// The limits a set of templates is held to before anything renders, so a theme that could not
/// render is refused where it is compiled (`journal check` and `journal build` alike) with the
/// tag to blame, rather than by a page that runs out of time, memory or stack.
///
/// - Sections, inverted sections, parents and blocks nest at most `maxNesting` deep in one
///   template (`TemplateParser` refuses the opening tag that goes deeper).
/// - Partials and parents include one another at most `maxIncludeDepth` deep.
/// - One render of a template visits at most `maxExpansion` nodes when every list has one
///   item: a partial that includes another several times, which includes another several
///   times, multiplies its work at every level. Lists multiply it further, by their length,
///   which is data: the renderer's own budgets (per page, and per build with a `RenderBudget`)
///   bound that part.
public enum TemplateLimits {
    /// Sections, inverted sections, parents and blocks open inside one another in one template.
    public static let maxNesting = 100
    /// Partials and parents included inside one another: `day` → `layout` → `partials/header` is 2.
    public static let maxIncludeDepth = 64
    /// Nodes (texts, tags) one render of a template may visit with one item in every list.
    public static let maxExpansion = 1_000_000

    /// `a → b → c`, with the middle left out of a long chain.
    static func chain(_ names: [String]) -> String {
        guard names.count > 9 else { return names.joined(separator: " → ") }
        return (names.prefix(4) + ["… (\(names.count - 7) more)"] + names.suffix(3)).joined(separator: " → ")
    }
}

extension TemplateLibrary {
    /// Every template over `TemplateLimits.maxIncludeDepth` or `maxExpansion`, with the tag that
    /// leads there and why, templates in name order. A template is named only when it is the
    /// first of the chain that goes too deep, or when what it includes is within the limit
    /// itself, so one mistake is one problem. Loops (`cycles()`) are left to be reported there.
    public func limitProblems() -> [(template: String, line: Int, column: Int, message: String)] {
        let heights = includeHeights()
        var problems: [(template: String, line: Int, column: Int, message: String)] = []
        var tooDeep = Set<String>()
        for (name, height) in heights where height.levels > TemplateLimits.maxIncludeDepth { tooDeep.insert(name) }
        let includedByTooDeep = Set(tooDeep.flatMap { name in templates[name]?.references.map(\.name) ?? [] })
        for name in tooDeep.sorted() where !includedByTooDeep.contains(name) {
            guard let height = heights[name], let first = height.via else { continue }
            // The longest chain, step by step: each `via` was settled before the one naming it.
            var chain = [name, first.name]
            while let step = heights[chain[chain.count - 1]]?.via { chain.append(step.name) }
            problems.append(
                (
                    name, first.line, first.column,
                    "partials nest deeper than \(TemplateLimits.maxIncludeDepth): \(TemplateLimits.chain(chain))"
                ))
        }
        // Bounding the work of a chain that is already refused would only repeat it.
        guard tooDeep.isEmpty else { return problems }
        var bound = ExpansionBound(library: self)
        var over: [String: Bool] = [:]
        for name in templates.keys.sorted() { over[name] = bound.cost(ofTemplate: name) > TemplateLimits.maxExpansion }
        for name in templates.keys.sorted() where over[name] == true {
            guard let template = templates[name] else { continue }
            // Named only where it starts: what it includes is within the limit.
            guard !template.references.contains(where: { over[$0.name] == true }) else { continue }
            let heaviest = template.references.max { bound.cost(ofTemplate: $0.name) < bound.cost(ofTemplate: $1.name) }
            problems.append(
                (
                    name, heaviest?.line ?? 0, heaviest?.column ?? 0,
                    "'\(name)' could render more than \(TemplateLimits.maxExpansion) template tags and texts for one page even "
                        + "with one item in every list: partials that include partials several times multiply at every level"
                ))
        }
        return problems
    }

    /// For each template, how many partials and parents deep its longest chain of includes goes,
    /// and the reference it starts with. A walk with its own stack; a loop is not followed round.
    private func includeHeights() -> [String: (levels: Int, via: (name: String, line: Int, column: Int)?)] {
        var heights: [String: (levels: Int, via: (name: String, line: Int, column: Int)?)] = [:]
        var visiting = Set<String>()
        var path: [(name: String, next: Int)] = []
        for root in templates.keys.sorted() where heights[root] == nil {
            visiting.insert(root)
            path.append((root, 0))
            while let top = path.indices.last {
                let name = path[top].name
                let references = templates[name]?.references ?? []
                if path[top].next < references.count {
                    let reference = references[path[top].next]
                    path[top].next += 1
                    if templates[reference.name] != nil, heights[reference.name] == nil, !visiting.contains(reference.name) {
                        visiting.insert(reference.name)
                        path.append((reference.name, 0))
                    }
                    continue
                }
                var best: (levels: Int, via: (name: String, line: Int, column: Int)?) = (0, nil)
                for reference in references {
                    guard let below = heights[reference.name] else { continue }
                    if below.levels + 1 > best.levels { best = (below.levels + 1, reference) }
                }
                heights[name] = best
                visiting.remove(name)
                path.removeLast()
            }
        }
        return heights
    }
}

/// An upper bound on the nodes one render of a template visits with one item in every list:
/// a section counts its content once, a partial or parent the bound of its template, a block
/// the larger of its default and every replacement of that name in the library. Sums saturate
/// just over the limit.
private struct ExpansionBound {
    let library: TemplateLibrary
    private var replacements: [String: [[TemplateNode]]] = [:]
    private var templateCosts: [String: Int] = [:]
    private var blockCosts: [String: Int] = [:]
    /// Templates and blocks being bounded, to stop at a loop (counted as nothing more: the
    /// renderer shows a block's default inside its own replacement) and at a chain too long.
    private var inProgress = Set<String>()
    private var depth = 0
    private static let cap = TemplateLimits.maxExpansion + 1
    /// Blocks replaced inside replacements inside replacements: past this the bound gives up.
    private static let maxDepth = 2 * TemplateLimits.maxIncludeDepth

    init(library: TemplateLibrary) {
        self.library = library
        var pending = library.templates.keys.sorted().compactMap { library.templates[$0]?.nodes }
        while let nodes = pending.popLast() {
            for node in nodes {
                switch node {
                case .parent(_, let blocks, _, _):
                    for name in blocks.keys.sorted() {
                        guard let replacement = blocks[name] else { continue }
                        replacements[name, default: []].append(replacement)
                        pending.append(replacement)
                    }
                case .section(_, let children, _), .block(_, let children, _, _):
                    pending.append(children)
                case .text, .variable, .partial:
                    break
                }
            }
        }
    }

    mutating func cost(ofTemplate name: String) -> Int {
        if let known = templateCosts[name] { return known }
        guard let template = library.templates[name], !inProgress.contains("t:" + name) else { return 0 }
        guard depth < Self.maxDepth else { return Self.cap }
        inProgress.insert("t:" + name)
        depth += 1
        let value = cost(template.nodes)
        depth -= 1
        inProgress.remove("t:" + name)
        templateCosts[name] = value
        return value
    }

    private mutating func cost(ofReplacements name: String) -> Int {
        if let known = blockCosts[name] { return known }
        guard !inProgress.contains("b:" + name) else { return 0 }
        guard depth < Self.maxDepth else { return Self.cap }
        inProgress.insert("b:" + name)
        depth += 1
        var value = 0
        for replacement in replacements[name] ?? [] { value = max(value, cost(replacement)) }
        depth -= 1
        inProgress.remove("b:" + name)
        blockCosts[name] = value
        return value
    }

    /// The nodes and everything they include; sections are walked with a stack of their own,
    /// block defaults (which nest at most `TemplateLimits.maxNesting` deep) by recursion.
    private mutating func cost(_ nodes: [TemplateNode]) -> Int {
        var total = 0
        var pending = [nodes]
        while let list = pending.popLast() {
            for node in list {
                total = min(Self.cap, total + 1)
                switch node {
                case .text, .variable:
                    break
                case .section(_, let children, _):
                    pending.append(children)
                case .partial(let name, _, _), .parent(let name, _, _, _):
                    // A parent's replacements are counted where its blocks are.
                    total = min(Self.cap, total + cost(ofTemplate: name))
                case .block(let name, let defaults, _, _):
                    guard depth < Self.maxDepth else { return Self.cap }
                    depth += 1
                    let own = cost(defaults)
                    depth -= 1
                    total = min(Self.cap, total + max(own, cost(ofReplacements: name)))
                }
                if total >= Self.cap { return Self.cap }
            }
        }
        return total
    }
}
