import ArgumentParser
import Foundation
import JournalCore

/// The commands that read the whole journal: build the site, or check it without writing anything.

struct BuildCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        discussion: """
            Writes the whole site (public/ by default) or nothing: a failed build leaves the previous site as it was. A build with nothing changed since the last one only compares stamps.

            Examples:
              journal build
              journal build --base-url https://me.github.io/journal/ --strict
              JOURNAL_TODAY=2026-11-28 journal build    # the site as built on that day

            Today (which period is "so far", which streak is current) is the date in journal.yaml's timezone; JOURNAL_TODAY=YYYY-MM-DD or SOURCE_DATE_EPOCH (Unix seconds) fixes it for a reproducible build.
            """)

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

    func execute(_ console: Console) -> Int32 {
        var options = BuildOptions(source: sourceOptions.source, output: output, baseURL: baseURL, drafts: drafts, strict: strict)
        switch BuildDay.from(environment: ProcessInfo.processInfo.environment) {
        case .success(let today): options.today = today
        case .failure(let refusal): return console.refuse(refusal)
        }
        let report = Build.run(options)
        console.print(report.diagnostics, quiet: quiet)
        guard report.succeeded else {
            let errors = report.diagnostics.errors.count
            console.error("Build failed: \(errors) error\(errors == 1 ? "" : "s"); the previous site was left as it was.")
            return 1
        }
        if verbose {
            for stage in report.stages {
                console.out("  \(stage.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(Self.seconds(stage.seconds)) s")
            }
            if !report.workerSeconds.isEmpty {
                console.out(
                    "  (generate, summed over threads: " + report.workerSeconds.map { "\($0.name) \(Self.seconds($0.seconds)) s" }.joined(separator: ", ") + ")"
                )
                console.out(
                    "  (templates: \(report.renderWork.steps) render steps, \(report.renderWork.bytes) bytes, of the build's "
                        + "\(SiteRenderBudget.defaultMaxSteps) and \(SiteRenderBudget.defaultMaxBytes))")
            }
        }
        guard !quiet else { return 0 }
        if report.upToDate {
            console.out(
                "Up to date: \(report.pageCount) pages, nothing changed since the last build (checked in \(String(format: "%.2f", report.totalSeconds)) s) → \(report.outputPath ?? "")"
            )
        } else {
            let changes =
                report.filesWritten == 0 && report.filesRemoved == 0
                ? "nothing changed"
                : "\(report.filesWritten) file\(report.filesWritten == 1 ? "" : "s") written"
                    + (report.filesRemoved > 0 ? ", \(report.filesRemoved) removed" : "")
            console.out("Built \(report.pageCount) pages in \(String(format: "%.2f", report.totalSeconds)) s → \(report.outputPath ?? "") (\(changes))")
        }
        return 0
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}

struct CheckCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the journal for errors without writing anything.",
        discussion: """
            Finds every problem a build would, in one run, as path:line:column: error: message. With --format json, prints them instead as a JSON array of {path, line, column, severity, message} on standard output, for editors and scripts.

            Examples:
              journal check --strict
              journal check --format json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var sourceOptions: SourceOptions
    @Flag(help: "Treat warnings as errors.")
    var strict = false
    @Option(help: "text (the default) or json.")
    var format: Format = .text

    func execute(_ console: Console) -> Int32 {
        let (report, artistsWithoutGenre, remoteCovers) = Check.inspect(source: sourceOptions.source, strict: strict)
        if format == .json {
            console.out(report.json)
            return report.hasErrors ? 1 : 0
        }
        console.print(report, quiet: false)
        if report.hasErrors { return 1 }
        let warnings = report.warnings.count
        console.out("No errors\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "").")
        if let gaps = GenreGaps.summary(artistsWithoutGenre) { console.out(gaps) }
        if let remote = RemoteCover.summary(remoteCovers) { console.out(remote) }
        return 0
    }
}
