import Foundation
import Testing

@testable import Mustache

/// A library of `templates` (name -> source), each at `templates/NAME.mustache`.
func makeLibrary(_ templates: [String: String]) throws -> TemplateLibrary {
    var library = TemplateLibrary()
    for (name, source) in templates {
        library.register(try Template(parsing: source), named: name, path: "templates/\(name).mustache")
    }
    return library
}

/// The rules of the Mustache spec that themes rely on, and the transforms the default theme uses.
@Suite struct TemplateTests {
    /// Renders `main` from `templates` (name -> source) with `data`.
    func render(_ templates: [String: String], _ data: TemplateObject = [:], main: String = "main") throws -> String {
        String(decoding: try makeLibrary(templates).render(data, template: main), as: UTF8.self)
    }

    func render(_ source: String, _ data: TemplateObject = [:]) throws -> String {
        try render(["main": source], data)
    }

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let data: TemplateObject = ["x": "<a href=\"y\">Tom & 'Jerry'</a>", "n": 42, "yes": true]
        #expect(try render("{{x}}", data) == "&lt;a href=&quot;y&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(try render("{{{x}}}|{{& x}}", data) == "<a href=\"y\">Tom & 'Jerry'</a>|<a href=\"y\">Tom & 'Jerry'</a>")
        #expect(try render("{{n}} {{yes}} [{{missing}}]", data) == "42 true []")
        #expect(try render("한국어 {{x}} ✓", ["x": "노래 <b>"]) == "한국어 노래 &lt;b&gt; ✓")
    }

    @Test func sectionsRenderListsObjectsAndFlags() throws {
        let data: TemplateObject = [
            "tracks": [["title": "A"], ["title": "B"], ["title": "C"]],
            "none": [], "off": false, "on": true, "meta": ["title": "M"],
        ]
        #expect(try render("{{#tracks}}{{title}};{{/tracks}}", data) == "A;B;C;")
        #expect(try render("{{#none}}x{{/none}}{{#off}}x{{/off}}{{#missing}}x{{/missing}}", data) == "")
        #expect(try render("{{^none}}a{{/none}}{{^off}}b{{/off}}{{^missing}}c{{/missing}}{{^on}}d{{/on}}{{^tracks}}e{{/tracks}}", data) == "abc")
        #expect(try render("{{#on}}{{meta.title}}{{/on}}{{#meta}}{{title}}{{/meta}}", data) == "MM")
        #expect(try render("{{#list}}{{.}},{{/list}}", ["list": .texts(["x", "y"])]) == "x,y,")
    }

    @Test func namesClimbTheContextButDottedNamesDoNot() throws {
        let data: TemplateObject = ["title": "Outer", "href": "/outer", "day": ["title": "Inner", "meta": ["x": "1"]]]
        // `href` is not in `day`, so it comes from the page: why optional keys are set to false.
        #expect(try render("{{#day}}{{title}} {{href}}{{/day}}", data) == "Inner /outer")
        #expect(try render("{{#day}}[{{meta.title}}]{{/day}}", data) == "[]")
        #expect(try render("{{#day}}[{{.href}}]{{/day}}", data) == "[]")
    }

    @Test func standaloneTagsTakeTheirLineWithThem() throws {
        let source = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n{{! a comment }}\nend"
        #expect(try render(source, ["items": .texts(["a", "b"])]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\nend")
        #expect(try render("a {{#on}}x{{/on}}\nb", ["on": true]) == "a x\nb")
        #expect(try render("|\r\n{{#on}}\r\nx\r\n{{/on}}\r\n|", ["on": true]) == "|\r\nx\r\n|")
        // A standalone line takes one line break with it, never the next line's too.
        #expect(try render("{{#on}}\n\r\nx{{/on}}", ["on": true]) == "\r\nx")
    }

    @Test func partialsAreIndentedLikeTheirTag() throws {
        let templates = ["main": "<div>\n  {{> item}}\n</div>", "item": "<p>\n{{text}}\n</p>\n"]
        #expect(try render(templates, ["text": "a\nb"]) == "<div>\n  <p>\n  a\nb\n  </p>\n</div>")
        #expect(try render(["main": "{{#items}}{{> item}}{{/items}}", "item": "[{{.}}]"], ["items": .texts(["x", "y"])]) == "[x][y]")
    }

    @Test func inheritanceReplacesBlocksAndKeepsDefaults() throws {
        let templates = [
            "layout": "<title>{{$title}}Site{{/title}}</title>\n{{$content}}{{/content}}<footer>{{$footer}}(c){{/footer}}</footer>",
            "page": "{{<layout}}\n{{$content}}\n<main>{{body}}</main>\n{{/content}}\n{{$title}}Page{{/title}}\n{{/layout}}",
            "special": "{{<page}}{{$title}}Special{{/title}}{{/page}}",
        ]
        #expect(try render(templates, ["body": "Hi"], main: "page") == "<title>Page</title>\n<main>Hi</main>\n<footer>(c)</footer>")
        // The template furthest out wins over the one it inherits from.
        #expect(try render(templates, ["body": "Hi"], main: "special") == "<title>Special</title>\n<main>Hi</main>\n<footer>(c)</footer>")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(try render("{{=<% %>=}}<% x %> {{x}} <%={{ }}=%>{{x}}", ["x": "1"]) == "1 {{x}} 1")
    }

    @Test func transformsOfListsAndPositions() throws {
        let data: TemplateObject = ["artists": [["name": "A"], ["name": "B"], ["name": "C"]], "tags": [], "n": 3]
        #expect(try render("{{#artists}}{{^first()}}, {{/first()}}{{name}}{{/artists}}", data) == "A, B, C")
        #expect(try render("{{#artists}}{{name}}{{^last()}} · {{/last()}}{{/artists}}", data) == "A · B · C")
        #expect(
            try render("{{#first(artists)}}<p>{{#artists}}{{name}}{{/artists}}</p>{{/first(artists)}}{{#first(tags)}}<p>tags</p>{{/first(tags)}}", data)
                == "<p>ABC</p>")
        #expect(
            try render("{{count(artists)}} {{#empty(tags)}}none{{/empty(tags)}} {{plusone(n)}} {{#artists}}{{index()}}{{/artists}}", data) == "3 none 4 012")
        #expect(try render("{{#reversed(artists)}}{{name}}{{/reversed(artists)}} {{uppercased(x)}}", ["artists": data["artists"]!, "x": "ab"]) == "CBA AB")
    }

    @Test func syntaxErrorsSayWhere() {
        func failure(_ source: String) -> TemplateSyntaxError? {
            do {
                _ = try Template(parsing: source)
                return nil
            } catch { return error }
        }
        #expect(
            failure("<p>\n  {{#day}}\n  {{title}}\n") == TemplateSyntaxError(message: "'day' is opened here and never closed (no {{/day}})", line: 2, column: 3)
        )
        #expect(failure("{{#a}}\n{{/b}}") == TemplateSyntaxError(message: "'{{/b}}' does not close 'a', opened at 1:1", line: 2, column: 1))
        #expect(failure("ok\nthen {{title") == TemplateSyntaxError(message: "unclosed tag: no '}}' after it", line: 2, column: 6))
        #expect(failure("{{/a}}") == TemplateSyntaxError(message: "'{{/a}}' closes nothing", line: 1, column: 1))
        #expect(failure("x {{}}") == TemplateSyntaxError(message: "an empty tag", line: 1, column: 3))
        #expect(failure("{{=<%>=}}") == TemplateSyntaxError(message: "a delimiter tag needs two delimiters, like {{=<% %>=}}", line: 1, column: 1))
    }

    @Test func missingPartialsAndParentsAreFound() throws {
        let missing = try makeLibrary(["day": "{{<layout}}{{/layout}}\n{{> partials/cover}}", "layout": "{{$content}}{{/content}}"]).missingReferences()
        #expect(missing.count == 1)
        #expect(missing.first?.template == "day")
        #expect(missing.first?.name == "partials/cover")
        #expect(missing.first?.line == 2)
        #expect(missing.first?.column == 1)
    }
}

/// Found by Fuzz/TemplateFuzz: themes that crashed or hung the renderer. They end quickly, as errors.
@Suite struct TemplateRendererBoundsTests {
    @Test func aBlockInsideItsOwnReplacementRendersItsDefault() throws {
        let library = try makeLibrary([
            "page": "{{<layout}}{{$content}}[{{$content}}inner{{/content}}]{{/content}}{{/layout}}",
            "layout": "<main>{{$content}}default{{/content}}</main>",
        ])
        let html = String(decoding: try library.render([:], template: "page"), as: UTF8.self)
        #expect(html == "<main>[inner]</main>")
    }

    @Test func sectionsOfOneListNestedThirtyDeepEndQuickly() throws {
        let source = String(repeating: "{{#tracks}}", count: 30) + "x" + String(repeating: "{{/tracks}}", count: 30)
        let library = try makeLibrary(["page": source])
        let data: TemplateObject = ["tracks": .list([.text("a"), .text("b"), .text("c")])]
        let started = Date()
        #expect {
            try library.render(data, template: "page")
        } throws: { error in
            let error = error as? TemplateRenderError
            // Whichever budget runs out first: items rendered, or steps (each name looked up
            // through 30 enclosing items counts).
            return error?.path == "templates/page.mustache"
                && (error?.message.contains("more than 2000000 times") == true || error?.message.contains("render steps") == true)
        }
        #expect(Date().timeIntervalSince(started) < 60)  // a hang detector, not a benchmark
    }

    @Test func nestedSectionsOfBigTextOrManyFlagsEndQuicklyAndSmall() throws {
        let open = String(repeating: "{{#tracks}}", count: 21)
        let close = String(repeating: "{{/tracks}}", count: 21)
        let library = try makeLibrary([
            "big": open + String(repeating: "X", count: 15_000) + close,
            "flags": open + String(repeating: "{{#yes}}", count: 70) + "x" + String(repeating: "{{/yes}}", count: 70) + close,
        ])
        let data: TemplateObject = ["tracks": .list([.text("a"), .text("b"), .text("c")]), "yes": .bool(true)]
        let started = Date()
        for (name, limit) in [("big", "64 MB"), ("flags", "render steps")] {
            #expect {
                try library.render(data, template: name)
            } throws: { error in
                (error as? TemplateRenderError)?.message.contains(limit) == true
            }
        }
        #expect(Date().timeIntervalSince(started) < 60)  // a hang detector, not a benchmark
    }
}
