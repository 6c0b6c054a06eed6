import Mustache

/// How views become template values. Every view is a plain struct, and beside each one (in the
/// files of this folder) is the one place its fields are given the keys the theme knows them
/// by. Here is the one rule for what has no value: an absent optional becomes `false`, so it
/// renders nothing in a section and never falls through to an enclosing value of the same name
/// (a track without an album showing the day's title).
protocol TemplateRepresentable {
    var templateValue: TemplateValue { get }
}

/// A view that is an object of named values: what pages and their parts are.
protocol TemplateObjectRepresentable: TemplateRepresentable {
    var templateObject: TemplateObject { get }
}

extension TemplateObjectRepresentable {
    var templateValue: TemplateValue { .object(templateObject) }
}

extension String: TemplateRepresentable {
    var templateValue: TemplateValue { .text(self) }
}

extension Int: TemplateRepresentable {
    var templateValue: TemplateValue { .int(self) }
}

extension Bool: TemplateRepresentable {
    var templateValue: TemplateValue { .bool(self) }
}

extension TemplateValue: TemplateRepresentable {
    var templateValue: TemplateValue { self }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

extension Optional: TemplateRepresentable where Wrapped: TemplateRepresentable {
    var templateValue: TemplateValue { self?.templateValue ?? .bool(false) }
}

/// A view converted once and shown on many pages (a day's card on the home, week and tag pages).
struct Converted: TemplateRepresentable {
    let templateValue: TemplateValue

    init(_ view: some TemplateRepresentable) {
        templateValue = view.templateValue
    }
}
