import Foundation
import Mustache
import Testing

/// The official Mustache spec's suites, kept in this repository beside this file (`Spec/`, with
/// their licence and where they come from).
private let specFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Spec")

/// The official Mustache spec (https://github.com/mustache/spec): comments, delimiters,
/// interpolation, inverted sections, partials, sections and inheritance. Every case runs, with
/// the spec's own rule for templates that do not exist (they render as nothing); it never skips.
@Suite
struct SpecTests {
    @Test(arguments: ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "inheritance"])
    func suite(_ name: String) throws {
        let folder = specFolder
        let suite = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: folder.appendingPathComponent("\(name).json")))
        #expect(!suite.tests.isEmpty)
        var passed = 0
        for test in suite.tests {
            var library = TemplateLibrary()
            do {
                library.register(try Template(parsing: test.template), named: "test", path: "\(name).json: \(test.name)")
                for (partial, source) in test.partials ?? [:] {
                    library.register(try Template(parsing: source), named: partial, path: "\(name).json: \(test.name): \(partial)")
                }
                let output = try library.render(
                    value: test.data.value ?? .object([:]), template: "test",
                    options: RenderOptions(missingTemplatesRenderEmpty: true))
                let got = String(decoding: output, as: UTF8.self)
                #expect(
                    got == test.expected, "\(name) / \(test.name): \(test.desc)\n     got: \(got.debugDescription)\nexpected: \(test.expected.debugDescription)"
                )
                if got == test.expected { passed += 1 }
            } catch {
                Issue.record("\(name) / \(test.name): \(error)")
            }
        }
        print("Mustache spec \(name): \(passed)/\(suite.tests.count) passed")
    }

    struct SpecFile: Decodable {
        var tests: [Case]
    }

    struct Case: Decodable {
        var name: String
        var desc: String
        var data: JSON
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    /// A JSON value as template data: strings are texts, integers numbers, other numbers texts
    /// of their shortest decimal form, and null a name that is not there.
    struct JSON: Decodable {
        var value: TemplateValue?

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = nil
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                value = .int(number)
            } else if let number = try? container.decode(Double.self) {
                value = .text("\(number)")
            } else if let text = try? container.decode(String.self) {
                value = .text(text)
            } else if let items = try? container.decode([JSON].self) {
                value = .list(items.compactMap(\.value))
            } else {
                value = .object(try container.decode([String: JSON].self).compactMapValues(\.value))
            }
        }
    }
}
