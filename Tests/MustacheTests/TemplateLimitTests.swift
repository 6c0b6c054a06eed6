import Foundation
import Testing

@testable import Mustache

/// Themes no page could render (too deep, too many times over) are refused where they are
/// compiled, with the tag to blame, and no template makes the engine overflow its stack or run
/// without end, whatever the data.
@Suite struct TemplateLimitTests {
    /// `count` sections inside one another around `inner`.
    func nested(_ count: Int, _ inner: String = "x", name: String = "yes") -> String {
        String(repeating: "{{#\(name)}}", count: count) + inner + String(repeating: "{{/\(name)}}", count: count)
    }

    /// `p0` includes `p1` … includes `p<count>`, which says `end`.
    func chain(_ count: Int) -> [String: String] {
        var templates: [String: String] = [:]
        for index in 0..<count { templates["p\(index)"] = "<\(index)>\n{{> p\(index + 1)}}" }
        templates["p\(count)"] = "end"
        return templates
    }

    @Test func sectionsNestedAHundredThousandDeepAreASyntaxErrorAtTheTagTooDeep() throws {
        let source = "<main>\n  " + nested(100_000)
        #expect {
            _ = try Template(parsing: source)
        } throws: { error in
            // The 101st opening tag: 2 + 8 characters per tag before it, on line 2.
            (error as? TemplateSyntaxError)
                == TemplateSyntaxError(
                    message: "sections, parents and blocks nest deeper than 100 here, the limit", line: 2, column: 3 + 100 * 8)
        }
        // Parents and blocks count too.
        let blocks = "{{<layout}}" + String(repeating: "{{$b}}", count: 99) + "x" + String(repeating: "{{/b}}", count: 99) + "{{/layout}}"
        #expect(throws: Never.self) { try Template(parsing: blocks) }
        #expect(throws: TemplateSyntaxError.self) { try Template(parsing: "{{#a}}" + blocks + "{{/a}}") }
    }

    @Test func sectionsAtTheLimitInEveryPartialOfAChainAtTheLimitRender() throws {
        // 64 partials deep, 100 sections deep in each: 6,400 enclosing values, no stack to overflow.
        var templates: [String: String] = [:]
        for index in 0..<TemplateLimits.maxIncludeDepth - 1 {
            templates["p\(index)"] = nested(100, "{{> p\(index + 1)}}", name: "deeper")
        }
        templates["p\(TemplateLimits.maxIncludeDepth - 1)"] = nested(100, "{{word}}", name: "deeper")
        templates["main"] = "[{{> p0}}]"
        let library = try makeLibrary(templates)
        #expect(library.cycles().isEmpty)
        #expect(library.limitProblems().isEmpty)
        // An object in an object, 6,400 deep: each section finds its value in the one before.
        var deeper: TemplateValue = ["word": "bottom"]
        for _ in 1..<(100 * TemplateLimits.maxIncludeDepth) { deeper = ["deeper": deeper] }
        let output = try library.render(["deeper": deeper], template: "main")
        #expect(String(decoding: output, as: UTF8.self) == "[bottom]")
    }

    @Test func aLongChainOfPartialsIsRefusedAsTooDeepNotAsALoop() throws {
        let atTheLimit = try makeLibrary(chain(TemplateLimits.maxIncludeDepth))
        #expect(atTheLimit.limitProblems().isEmpty)
        #expect(String(decoding: try atTheLimit.render([:], template: "p0"), as: UTF8.self).hasSuffix("<63>\nend"))

        let library = try makeLibrary(chain(TemplateLimits.maxIncludeDepth + 1))
        #expect(library.cycles().isEmpty)
        let problems = library.limitProblems()
        // Named once, where the chain starts, at its first partial tag.
        #expect(problems.count == 1)
        #expect(problems.first?.template == "p0")
        #expect(problems.first?.line == 2)
        #expect(problems.first?.column == 1)
        #expect(problems.first?.message == "partials nest deeper than 64: p0 → p1 → p2 → p3 → … (59 more) → p63 → p64 → p65")
        // Rendered anyway (the engine on its own), it stops with the same words, not a loop's.
        #expect {
            try library.render([:], template: "p0")
        } throws: { error in
            let error = error as? TemplateRenderError
            return error?.path == "templates/p64.mustache" && error?.line == 2 && error?.column == 1
                && error?.message == "partials nest deeper than 64: p0 → p1 → p2 → p3 → … (59 more) → p63 → p64 → p65"
        }
    }

    @Test func aTemplateThatIncludesItselfIsALoop() throws {
        let library = try makeLibrary(["main": "{{> a}}", "a": "a\n{{#more}}{{> b}}{{/more}}", "b": "{{> a}}"])
        let cycles = library.cycles()
        #expect(cycles.count == 1)
        #expect(cycles.first?.loop == ["a", "b", "a"])
        #expect(cycles.first?.template == "b")
        #expect {
            try library.render(["more": true], template: "main")
        } throws: { error in
            (error as? TemplateRenderError)?.message == "'a' includes itself more than 64 templates deep: it would never finish rendering"
        }
    }

    /// Each of 12 partials includes the next four times: 4^12 (16 million) renders of the last.
    func fanOut(levels: Int = 12, times: Int = 4) -> [String: String] {
        var templates = ["main": "<main>{{> f0}}</main>"]
        for level in 0..<levels {
            templates["f\(level)"] = "<\(level)>\n" + String(repeating: "{{> f\(level + 1)}}", count: times)
        }
        templates["f\(levels)"] = "{{#tracks}}{{title}}{{/tracks}}"
        return templates
    }

    @Test func partialsThatIncludeTheNextSeveralTimesAreRefusedQuickly() throws {
        let started = Date()
        let library = try makeLibrary(fanOut())
        let problems = library.limitProblems()
        // Named where it starts to go over: f2 renders 4^10 × 4 (over a million), f3 does not.
        #expect(problems.map(\.template) == ["f2"])
        #expect(problems.first?.line == 2)
        #expect(problems.first?.column == 1)
        #expect(problems.first?.message.hasPrefix("'f2' could render more than 1000000 template tags and texts for one page") == true)
        // A theme just under the limit is accepted.
        #expect(try makeLibrary(fanOut(levels: 9)).limitProblems().isEmpty)
        // Rendered anyway, the page's budget stops it.
        #expect(throws: TemplateRenderError.self) { try library.render(["tracks": [["title": "t"]]], template: "main") }
        #expect(Date().timeIntervalSince(started) < 60)  // a hang detector, not a benchmark
    }

    @Test func blocksReplacedByHeavyPartialsCountTowardsTheBound() throws {
        // The layout shows its block four times, and the page fills it with a fan-out.
        var templates = fanOut(levels: 9)
        templates["layout"] = String(repeating: "{{$content}}{{/content}}", count: 4) + String(repeating: "{{$content}}{{/content}}", count: 4)
        templates["page"] = "{{<layout}}{{$content}}{{> f0}}{{/content}}{{/layout}}"
        let problems = try makeLibrary(templates).limitProblems()
        #expect(problems.map(\.template) == ["layout"])
    }

    /// A budget shared by renders, as a build's pages share one.
    final class Budget: RenderBudget, @unchecked Sendable {
        let limit: Int
        var spent = 0
        var error: TemplateRenderError?
        init(limit: Int) { self.limit = limit }
        func spend(steps: Int, bytes: Int, template: String) -> TemplateRenderError? {
            spent += steps
            if error == nil, spent > limit {
                error = TemplateRenderError(message: "over the shared budget", path: template, line: 0, column: 0)
            }
            return error
        }
    }

    @Test func rendersReportTheirWorkToASharedBudgetAndStopWhenItIsSpent() throws {
        let library = try makeLibrary(["page": "{{#items}}<li>{{.}}</li>{{/items}}"])
        let data: TemplateObject = ["items": .texts((0..<100_000).map(String.init))]
        let budget = Budget(limit: 500_000)
        var rendered = 0
        var failure: TemplateRenderError?
        do throws(TemplateRenderError) {
            for _ in 0..<10 {
                _ = try library.render(data, template: "page", options: RenderOptions(budget: budget))
                rendered += 1
            }
        } catch {
            failure = error
        }
        // Each page takes 300,001 steps (a section, and a text, a variable and a text per item):
        // the second goes over, and stops within one report (65,536 steps) of it.
        #expect(rendered == 1)
        #expect(failure?.path == "templates/page.mustache")
        #expect(failure?.message == "over the shared budget")
        #expect(budget.spent > 500_000 && budget.spent <= 500_000 + (1 << 16))
    }
}
