import ArgumentParser
import Foundation
import JournalCore

/// `journal`: the command line. Parses arguments and calls JournalCore; nothing else lives here.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Turns a listening journal kept as Markdown into a static website.",
        subcommands: [BuildCommand.self, CheckCommand.self]
    )
}

struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "The journal folder (holding journal.yaml).")
    var source: String = "."
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")

    @OptionGroup var sourceOptions: SourceOptions
    @Option(name: .long, help: "The output folder (default: 'output' in journal.yaml, else public).")
    var output: String?
    @Option(name: .customLong("base-url"), help: "Where the site will live, e.g. https://me.github.io/journal/.")
    var baseURL: String?
    @Flag(help: "Include days, playlists and pages marked draft.")
    var drafts = false
    @Flag(help: "Treat warnings as errors.")
    var strict = false
    @Flag(help: "Print the time each stage took.")
    var verbose = false
    @Flag(help: "Print only errors.")
    var quiet = false

    func run() throws {
        let report = Build.run(BuildOptions(source: sourceOptions.source, output: output, baseURL: baseURL, drafts: drafts, strict: strict))
        Terminal.print(report.diagnostics, quiet: quiet)
        guard report.succeeded else {
            let errors = report.diagnostics.errors.count
            Terminal.error("Build failed: \(errors) error\(errors == 1 ? "" : "s"); the previous site was left as it was.")
            throw ExitCode(1)
        }
        if verbose {
            for stage in report.stages {
                print("  \(stage.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(String(format: "%.3f", stage.seconds)) s")
            }
            if !report.workerSeconds.isEmpty {
                print("  (generate, summed over threads: " + report.workerSeconds.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ") + ")")
            }
        }
        if report.upToDate {
            if !quiet {
                print("Up to date: \(report.pageCount) pages, nothing changed since the last build (checked in \(String(format: "%.2f", report.totalSeconds)) s) → \(report.outputPath ?? "")")
            }
            return
        }
        if !quiet {
            let changes = report.filesWritten == 0 && report.filesRemoved == 0 ? "nothing changed"
                : "\(report.filesWritten) file\(report.filesWritten == 1 ? "" : "s") written" + (report.filesRemoved > 0 ? ", \(report.filesRemoved) removed" : "")
            print("Built \(report.pageCount) pages in \(String(format: "%.2f", report.totalSeconds)) s → \(report.outputPath ?? "") (\(changes))")
        }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Check the journal for errors without writing anything.")

    @OptionGroup var sourceOptions: SourceOptions
    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let report = Check.run(source: sourceOptions.source, strict: strict)
        Terminal.print(report, quiet: false)
        if report.hasErrors { throw ExitCode(1) }
        let warnings = report.warnings.count
        print("No errors\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "").")
    }
}

enum Terminal {
    static func print(_ diagnostics: [Diagnostic], quiet: Bool) {
        let github = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        for diagnostic in diagnostics.sortedForDisplay() where !(quiet && diagnostic.severity == .warning) {
            error(diagnostic.description)
            if github { Swift.print(diagnostic.githubAnnotation) }
        }
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

// Usage errors exit with 2 (SPEC 7), content errors with 1.
do {
    var command = try JournalCommand.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch {
    let code = JournalCommand.exitCode(for: error)
    if code == .success {
        JournalCommand.exit(withError: error)
    }
    FileHandle.standardError.write(Data((JournalCommand.fullMessage(for: error) + "\n").utf8))
    Foundation.exit(code == .failure ? 1 : 2)
}
