import Foundation
import JournalCLI
import Testing

/// The command line as a user meets it: what it prints where, and how it exits.
@Suite struct CommandLineTests {
    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var out: [String]
        var errors: [String]
    }

    /// The moment every run here takes for now: noon UTC on 15 June 2026, so "today" never
    /// changes under a test at midnight.
    static let now = Date(timeIntervalSince1970: 1_781_524_800)

    /// Runs `journal ARGUMENTS` inside `folder`'s journal, capturing both streams.
    func journal(_ arguments: [String], github: Bool = false) -> Run {
        let out = Lines()
        let errors = Lines()
        let console = Console(github: github, out: out.append, error: errors.append, now: { Self.now })
        let status = JournalCLI.run(arguments, console: console)
        return Run(status: status, out: out.all, errors: errors.all)
    }

    /// Lines written from any thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        @Sendable func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A journal in a fresh temporary folder: `files` maps relative paths to their text.
    final class Folder {
        let path: String
        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-cli-\(UUID().uuidString)").path
            for (relative, text) in files {
                let url = URL(fileURLWithPath: path + "/" + relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var output: String { path + "/public" }
    }

    static let day = "---\ntracks:\n  - title: Through the Night\n    artist: IU\n---\nRain all day.\n"

    @Test func aGoodBuildSaysWhatItBuiltAndExitsZero() throws {
        let folder = try Folder(["journal.yaml": "title: Test\nbase_url: https://example.org/\n", "content/diary/2026/11/2026-11-21.md": Self.day])
        let run = journal(["build", "--source", folder.path])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.out.count == 1 && run.out[0].hasPrefix("Built ") && run.out[0].contains("→ \(folder.output)"), "\(run.out)")
        #expect(FileManager.default.fileExists(atPath: folder.output + "/2026/11/21/index.html"))

        let again = journal(["build", "--source", folder.path])
        #expect(again.status == 0)
        #expect(again.out.first?.hasPrefix("Up to date: ") == true, "\(again.out)")
    }

    @Test func quietPrintsNothingButErrors() throws {
        let warned = "---\ntracks:\n  - title: A\n    artist: B\n    genra: Pop\n---\n"
        let folder = try Folder(["journal.yaml": "title: Test\n", "content/diary/2026/11/2026-11-21.md": warned])
        let loud = journal(["build", "--source", folder.path, "--output", folder.path + "/loud"])
        #expect(loud.status == 0)
        #expect(loud.errors.contains { $0.contains("2026-11-21.md:5:5: warning: unknown field 'genra'") }, "\(loud.errors)")

        let quiet = journal(["build", "--quiet", "--source", folder.path])
        #expect(quiet.status == 0)
        #expect(quiet.out.isEmpty && quiet.errors.isEmpty, "\(quiet.out) \(quiet.errors)")
    }

    @Test func contentErrorsExitOneWithEveryPlaceAndLeaveTheSite() throws {
        let folder = try Folder([
            "journal.yaml": "title: Test\n",
            "content/diary/2026/11/2026-11-21.md": "---\ntracks: [unclosed\n",
            "content/diary/2026/11/2026-11-22.md": "no front matter\n",
        ])
        let run = journal(["build", "--source", folder.path])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.errors.filter { $0.contains(": error: ") }.count == 2, "\(run.errors)")
        #expect(run.errors.contains { $0.hasPrefix(folder.path + "/content/diary/2026/11/2026-11-22.md:1:1: error: ") })
        #expect(run.errors.last == "Build failed: 2 errors; the previous site was left as it was.")
        #expect(!FileManager.default.fileExists(atPath: folder.output))
    }

    @Test func inGitHubActionsEveryDiagnosticIsAlsoAnAnnotation() throws {
        let folder = try Folder(["journal.yaml": "title: Test\n", "content/diary/2026/11/2026-11-22.md": "no front matter\n"])
        let run = journal(["check", "--source", folder.path], github: true)
        #expect(run.status == 1)
        #expect(
            run.out == [
                "::error file=\(folder.path)/content/diary/2026/11/2026-11-22.md,line=1,col=1::missing front matter: the file must start with a line '---', then YAML, then a line '---'"
            ])
        #expect(journal(["check", "--source", folder.path], github: false).out.isEmpty)
    }

    @Test func checkCountsWarningsAndStrictMakesThemErrors() throws {
        let warned = "---\ntracks:\n  - title: A\n    artist: B\n    genra: Pop\n---\n"
        let folder = try Folder(["journal.yaml": "title: Test\nbase_url: https://example.org/\n", "content/diary/2026/11/2026-11-21.md": warned])
        let lenient = journal(["check", "--source", folder.path])
        #expect(lenient.status == 0)
        #expect(lenient.out.first == "No errors, 1 warning.")
        let strict = journal(["check", "--strict", "--source", folder.path])
        #expect(strict.status == 1)
        #expect(strict.errors.contains { $0.contains(": error: unknown field 'genra'") }, "\(strict.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.output), "check wrote a site")
    }

    @Test func checkReportsWhatOnlyThePlanFindsAlongsideEveryOtherError() throws {
        let warned = "---\ntracks:\n  - title: A\n    artist: B\n    genra: Pop\n---\n"
        let folder = try Folder(["journal.yaml": "title: Test\n", "content/diary/2026/11/2026-11-21.md": warned, "static/feed.xml": "x\n"])
        let run = journal(["check", "--strict", "--source", folder.path])
        #expect(run.status == 1)
        #expect(run.errors.contains { $0.contains(": error: unknown field 'genra'") }, "\(run.errors)")
        #expect(run.errors.contains { $0.contains("static/feed.xml is not copied") }, "\(run.errors)")
    }

    @Test func usageErrorsExitTwoAndHelpExitsZero() {
        let unknown = journal(["build", "--colour"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.joined().contains("--colour"), "\(unknown.errors)")
        #expect(journal(["publish"]).status == 2)

        let help = journal(["--help"])
        #expect(help.status == 0)
        #expect(help.out.joined().contains("USAGE: journal"), "\(help.out)")
        #expect(journal([]).status == 0)
        for arguments in [["build", "--help"], ["help", "build"], ["check", "-h"]] {
            let run = journal(arguments)
            #expect(run.status == 0, "\(arguments)")
            let usage = arguments.contains("check") ? "USAGE: journal check" : "USAGE: journal build"
            #expect(run.out.joined().contains(usage), "\(arguments): \(run.out)")
            #expect(run.out.joined().contains("--source"), "\(arguments)")
        }
    }
}
