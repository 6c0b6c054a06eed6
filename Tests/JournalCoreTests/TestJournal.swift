import Foundation
import Testing

@testable import JournalCore

/// A journal written to a fresh temporary folder from one string of `-- path --` blocks, the
/// way Hugo's tests describe sites (hugolib/paginator_test.go), so a test reads like the
/// journal it builds. The folder is removed when the value goes away.
final class TestJournal {
    let root: URL

    init(_ files: String) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("journal-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, content) in Self.parse(files) {
            try write(path, content)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Splits `-- path --` blocks.
    static func parse(_ text: String) -> [(String, String)] {
        var files: [(String, String)] = []
        var current: String?
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                if let current { files.append((current, lines.joined(separator: "\n") + "\n")) }
                current = String(line.dropFirst(3).dropLast(3))
                lines = []
            } else {
                lines.append(line)
            }
        }
        if let current {
            while lines.last?.isEmpty == true { lines.removeLast() }
            files.append((current, lines.joined(separator: "\n") + "\n"))
        }
        return files
    }

    var path: String { root.path }
    var output: String { root.appendingPathComponent("public").path }

    func write(_ relative: String, _ content: String) throws {
        try write(relative, bytes: Array(content.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(relative))
    }

    /// `today`: the build's date (docs/content-format.md, "Statistics"), fixed so a test builds
    /// the same site whenever it runs.
    func build(
        drafts: Bool = false, strict: Bool = false, baseURL: String? = nil, output: String? = nil, today: BuildDay = TestJournal.today
    ) -> BuildReport {
        var options = BuildOptions(source: path, output: output, baseURL: baseURL, drafts: drafts, strict: strict)
        options.today = today
        return Build.run(options)
    }

    /// What a build of this journal is asked, with today fixed as `build` fixes it, so a site
    /// built through these options is the one `build` makes whenever the test runs.
    func options(output: String? = nil, baseURL: String? = nil) -> BuildOptions {
        var options = BuildOptions(source: path, output: output, baseURL: baseURL)
        options.today = Self.today
        return options
    }

    /// The date test builds take for today unless they say otherwise.
    static let today = BuildDay.date(CalendarDate(year: 2026, month: 11, day: 28) ?? CalendarDate(dayNumber: 0))

    func load(drafts: Bool = false) -> LoadResult {
        JournalLoader(source: path).load(LoadOptions(drafts: drafts))
    }

    /// A file of the built site as text; nil if it does not exist.
    func page(_ relative: String, in output: String? = nil) -> String? {
        let base = output ?? self.output
        return FileManager.default.contents(atPath: base + "/" + relative).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Every file of a folder: relative path -> bytes.
    func tree(_ folder: String? = nil) -> [String: Data] {
        let base = folder ?? output
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let item = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[item] = FileManager.default.contents(atPath: base + "/" + item) }
        }
        return result
    }

    /// Diagnostics as printed: `path:line:column: severity: message`, with the temporary folder
    /// removed from paths.
    static func lines(_ diagnostics: [Diagnostic], root: String) -> [String] {
        diagnostics.sortedForDisplay().map { $0.description.replacingOccurrences(of: root + "/", with: "") }
    }

    func lines(_ diagnostics: [Diagnostic]) -> [String] { Self.lines(diagnostics, root: path) }
}

/// A one-day journal with a valid config, to be extended by each test.
let minimalConfig = """
    -- journal.yaml --
    title: Test Journal
    """

/// The `journal` binary `swift build` puts beside the test bundle, for tests that need a
/// process of their own (its environment, its user, its exit); nil, with an issue recorded, when
/// it is not built.
func journalBinary() -> String? {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("journal").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        Issue.record("needs \(binary): swift build")
        return nil
    }
    return binary
}

/// Runs `executable` with `arguments` (and only `environment`, when given) to its end: its exit
/// status, standard output and standard error.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let errors = Pipe()
    process.standardOutput = out
    process.standardError = errors
    try process.run()
    // Standard error is read on a thread of its own while standard output is read here, so a
    // full pipe never blocks the process.
    final class Collected: @unchecked Sendable { var data = Data() }
    let collected = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        collected.data = errors.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: collected.data, as: UTF8.self))
}

/// Matches the values of an attribute in HTML: `href="..."`.
func attributeValues(_ name: String, in html: String) -> [String] {
    var values: [String] = []
    var rest = html[...]
    let marker = " \(name)=\""
    while let start = rest.range(of: marker) {
        let after = rest[start.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { break }
        values.append(String(after[..<end]))
        rest = after[end...]
    }
    return values
}

/// The HTML with tags removed and whitespace collapsed, for checking visible text.
func visibleText(_ html: String) -> String {
    var text = ""
    var inTag = false
    for character in html {
        if character == "<" {
            inTag = true
            text.append(" ")
        } else if character == ">" {
            inTag = false
        } else if !inTag {
            text.append(character)
        }
    }
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&quot;", with: "\"")
}

extension [Diagnostic] {
    /// Without the warning a build gives when `base_url` is a bare path (BaseURLAdvice), for
    /// tests about something else.
    var apartFromBaseURLAdvice: [Diagnostic] { filter { !$0.message.contains(" has no host: ") } }
}
