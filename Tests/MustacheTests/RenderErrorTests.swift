import Mustache
import Testing

/// Strict rendering: a name that resolves nowhere is an error at its tag, naming it.
@Suite struct StrictModeTests {
    let strict = RenderOptions(strict: true)

    /// The error of rendering `source` (as `templates/main.mustache`) strictly with `data`, as
    /// `path:line:column: message`; nil if it renders.
    func failure(_ source: String, _ data: TemplateObject = [:], partials: [String: String] = [:]) throws -> String? {
        let library = try makeLibrary(partials.merging(["main": source]) { _, main in main })
        do throws(TemplateRenderError) {
            _ = try library.render(data, template: "main", options: strict)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMissingVariableIsAnErrorAtItsTag() throws {
        #expect(
            try failure("<p>\n  {{title}} {{subtitle}}</p>", ["title": "T"])
                == "templates/main.mustache:2:13: no value is named 'subtitle' here")
        #expect(try failure("{{{raw}}}") == "templates/main.mustache:1:1: no value is named 'raw' here")
    }

    @Test func missingSectionAndInvertedSectionNamesAreErrors() throws {
        #expect(try failure("{{#tracks}}x{{/tracks}}") == "templates/main.mustache:1:1: no value is named 'tracks' here")
        #expect(try failure("ok\n{{^draft}}x{{/draft}}") == "templates/main.mustache:2:1: no value is named 'draft' here")
    }

    @Test func dottedPathsSayWhichStepIsMissing() throws {
        let data: TemplateObject = ["meta": ["title": "M"], "name": "N"]
        #expect(try failure("{{meta.description}}", data) == "templates/main.mustache:1:1: 'meta.description': 'meta' has no 'description'")
        #expect(try failure("{{name.first}}", data) == "templates/main.mustache:1:1: 'name.first': 'name' is a text, which has no 'first'")
        #expect(try failure("{{#meta}}{{.subtitle}}{{/meta}}", data) == "templates/main.mustache:1:10: '.subtitle': the current value has no 'subtitle'")
    }

    @Test func transformsThatDoNotApplyAreErrors() throws {
        #expect(try failure("{{uppercased(n)}}", ["n": 3]) == "templates/main.mustache:1:1: 'uppercased(n)': 'uppercased' does not apply to a number")
        #expect(
            try failure("{{#first(none)}}x{{/first(none)}}", ["none": "text"]) == "templates/main.mustache:1:1: 'first(none)': 'first' does not apply to a text"
        )
        #expect(try failure("{{#first()}}x{{/first()}}") == "templates/main.mustache:1:1: 'first()' is outside a list section, so it has no position")
        #expect(
            try failure("{{#items}}{{#third()}}x{{/third()}}{{/items}}", ["items": [1]])
                == "templates/main.mustache:1:11: 'third()': 'third' is not a transform of a list position (first, last, index, even, odd)")
    }

    @Test func theErrorNamesThePartialItIsIn() throws {
        #expect(
            try failure("{{> partials/card}}", partials: ["partials/card": "<b>\n{{artist}}</b>"])
                == "templates/partials/card.mustache:2:1: no value is named 'artist' here")
    }

    @Test func valuesThatExistAreNeverErrorsFalseIncluded() throws {
        let data: TemplateObject = [
            "note": .optional(nil), "tags": [], "title": "", "page": ["title": "P"], "n": 0,
            "items": ["a", "b"],
        ]
        #expect(try failure("{{note}}{{#note}}x{{/note}}{{^note}}none{{/note}}{{#tags}}x{{/tags}}{{title}}{{n}}", data) == nil)
        // Names climb the context as without strict mode.
        #expect(try failure("{{#page}}{{title}} {{n}}{{/page}}{{#items}}{{.}}{{^first()}},{{/first()}}{{/items}}", data) == nil)
        // An empty list has no first or last item, which is nothing, not a mistake.
        #expect(try failure("{{#first(tags)}}x{{/first(tags)}}{{^last(tags)}}none{{/last(tags)}}{{first(tags)}}", data) == nil)
    }

    @Test func withoutStrictModeMissingNamesRenderAsNothing() throws {
        let library = try makeLibrary(["main": "[{{missing}}{{#gone}}x{{/gone}}{{^gone}}y{{/gone}}{{a.b}}{{uppercased(n)}}]"])
        #expect(String(decoding: try library.render(["n": 1], template: "main"), as: UTF8.self) == "[y]")
    }
}

/// Templates that cannot finish are errors at the tag that goes too far, not pages cut short.
@Suite struct RenderErrorTests {
    func failure(_ templates: [String: String], _ data: TemplateObject = [:], options: RenderOptions = RenderOptions()) throws -> TemplateRenderError? {
        let library = try makeLibrary(templates)
        do throws(TemplateRenderError) {
            _ = try library.render(data, template: "main", options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingPartialOrParentIsAnErrorUnlessTheSpecsRuleIsAskedFor() throws {
        #expect(
            try failure(["main": "a\n  {{> nowhere}}"])
                == TemplateRenderError(
                    message: "there is no template 'nowhere'", path: "templates/main.mustache", line: 2, column: 3))
        #expect(try failure(["main": "{{<layout}}{{/layout}}"])?.message == "there is no template 'layout'")
        #expect(try failure(["main": "[{{> nowhere}}{{<layout}}{{/layout}}]"], options: RenderOptions(missingTemplatesRenderEmpty: true)) == nil)
    }

    @Test func aTemplateThatIncludesItselfForeverStopsAtTheDepthLimit() throws {
        let error = try failure(["main": "{{> loop}}", "loop": "x\n{{#yes}}{{> loop}}{{/yes}}"], ["yes": true])
        #expect(error?.path == "templates/loop.mustache")
        #expect(error?.line == 2)
        #expect(error?.column == 9)
        #expect(error?.message == "'loop' includes itself more than 64 templates deep: it would never finish rendering")
    }

    @Test func theBudgetsSayWhichLimitAndWhere() throws {
        let list: TemplateValue = ["a", "b", "c"]
        let deep = String(repeating: "{{#l}}", count: 20) + "{{.}}{{.}}{{.}}{{.}}{{.}}" + String(repeating: "{{/l}}", count: 20)
        let steps = try failure(["main": "{{> deep}}", "deep": "\n" + deep], ["l": ["a", "b"]])
        #expect(steps?.path == "templates/deep.mustache")
        #expect(steps?.line == 2)
        #expect(steps?.message == "the page takes more than 5000000 render steps, the limit: sections over lists nested in each other multiply their work")
        // Lists of lists, 14 deep, three items each (shared, so the data stays small).
        var lists = list
        for _ in 1..<14 { lists = [lists, lists, lists] }
        let repeats = try failure(
            ["main": "{{#l}}" + String(repeating: "{{#.}}", count: 13) + "x" + String(repeating: "{{/.}}", count: 13) + "{{/l}}"], ["l": lists])
        #expect(repeats?.message == "partials, parents and list items are rendered more than 2000000 times for the page, the limit")
        let big = try failure(
            ["main": String(repeating: "{{#l}}", count: 12) + String(repeating: "X", count: 200) + String(repeating: "{{/l}}", count: 12)], ["l": list])
        #expect(big?.message == "the page is larger than 64 MB, the limit")
    }
}
