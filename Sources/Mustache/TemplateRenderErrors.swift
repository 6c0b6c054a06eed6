/// The renderer's errors, each at its tag, and the words that explain a name that did not resolve.
extension TemplateRenderer {
    func error(_ message: String, at position: TemplatePosition) -> TemplateRenderError {
        TemplateRenderError(message: message, path: path, line: Int(position.line), column: Int(position.column))
    }

    @inline(never)
    func budgetError() -> TemplateRenderError {
        if steps >= Self.maxSteps {
            return error(
                "the page takes more than \(Self.maxSteps) render steps, the limit: sections over lists nested in each other multiply their work", at: tag)
        }
        return error("the page is larger than \(Self.maxOutput >> 20) MB, the limit", at: tag)
    }

    @inline(never)
    func expansionError(at position: TemplatePosition? = nil) -> TemplateRenderError {
        error("partials, parents and list items are rendered more than \(Self.maxExpansions) times for the page, the limit", at: position ?? tag)
    }

    /// Why `name` resolves to nothing.
    @inline(never)
    func unresolved(_ name: TemplateName) -> TemplateRenderError {
        let message: String
        if name.position {
            if listPosition == nil {
                message = "'\(name.source)' is outside a list section, so it has no position"
            } else {
                message = "'\(name.source)': '\(name.transforms.first ?? "")' is not a transform of a list position (first, last, index, even, odd)"
            }
        } else {
            message = explain(name)
        }
        return error(message, at: name.at)
    }

    func explain(_ name: TemplateName) -> String {
        var value: TemplateValue?
        var remaining = name.path[...]
        var walked: [String] = []
        if name.path.isEmpty {
            value = stack.last
        } else if name.anchored {
            value = stack.last
        } else {
            let first = name.path[0]
            for frame in stack.reversed() {
                if case .object(let fields) = frame, let found = fields[first] {
                    value = found
                    break
                }
            }
            guard value != nil else { return "no value is named '\(first)' here" }
            walked = [first]
            remaining = remaining.dropFirst()
        }
        for key in remaining {
            guard case .object(let fields)? = value else {
                return "'\(name.source)': '\(walked.joined(separator: "."))' is \(Self.describe(value)), which has no '\(key)'"
            }
            guard let found = fields[key] else {
                let owner = walked.isEmpty ? "the current value" : "'\(walked.joined(separator: "."))'"
                return "'\(name.source)': \(owner) has no '\(key)'"
            }
            value = found
            walked.append(key)
        }
        for transform in name.transforms {
            guard let current = value, let next = current.transformed(transform) else {
                return "'\(name.source)': '\(transform)' does not apply to \(Self.describe(value))"
            }
            value = next
        }
        return "'\(name.source)' resolves to nothing"
    }

    static func describe(_ value: TemplateValue?) -> String {
        switch value {
        case .text?: "a text"
        case .bool?: "a true/false value"
        case .int?: "a number"
        case .list?: "a list"
        case .object?: "an object"
        case nil: "nothing"
        }
    }
}
