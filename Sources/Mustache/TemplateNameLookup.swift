/// How the renderer finds a name: up the context stack, then down its dotted path, with the
/// position transforms of lists (`first`, `last`, `index`, `even`, `odd`) and what counts as true.
extension TemplateRenderer {
    /// The value `name` stands for here; every enclosing value it is looked for in beyond the
    /// innermost counts as a step, so a deep context cannot make a cheap page slow.
    mutating func lookup(_ name: TemplateName) -> TemplateValue? {
        var value: TemplateValue?
        if name.position {
            guard let position = listPosition else { return nil }
            return Self.positionTransform(name.transforms, position)
        } else if name.path.isEmpty {
            value = stack.last
        } else if name.anchored {
            value = Self.descend(stack.last, name.path[...])
        } else {
            let first = name.path[0]
            var looked = 0
            for frame in stack.reversed() {
                if case .object(let fields) = frame, let found = fields[first] {
                    value = name.path.count == 1 ? found : Self.descend(found, name.path.dropFirst())
                    break
                }
                looked += 1
            }
            steps += looked
        }
        for transform in name.transforms {
            guard let current = value else { return nil }
            value = current.transformed(transform)
        }
        return value
    }

    static func descend(_ value: TemplateValue?, _ path: ArraySlice<String>) -> TemplateValue? {
        var current = value
        for key in path {
            guard case .object(let fields)? = current else { return nil }
            current = fields[key]
        }
        return current
    }

    static func positionTransform(_ transforms: [String], _ position: (index: Int, count: Int)) -> TemplateValue? {
        guard let first = transforms.first else { return nil }
        var value: TemplateValue
        switch first {
        case "first": value = .bool(position.index == 0)
        case "last": value = .bool(position.index == position.count - 1)
        case "index": value = .int(position.index)
        case "even": value = .bool(position.index % 2 == 0)
        case "odd": value = .bool(position.index % 2 == 1)
        default: return nil
        }
        for transform in transforms.dropFirst() {
            guard let next = value.transformed(transform) else { return nil }
            value = next
        }
        return value
    }

    static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .bool(false)?: false
        case .list(let items)?: !items.isEmpty
        default: true
        }
    }
}
