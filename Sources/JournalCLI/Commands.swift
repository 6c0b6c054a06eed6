import ArgumentParser
import Foundation
import JournalCore

/// `journal`: the command line, as a library (the pattern of Publish's `PublishCLICore`), so
/// exit codes, `--quiet` and GitHub annotations are tested; the executable only calls `run`.
public enum JournalCLI {
    /// Runs the command line `arguments` (without the program name), writing to `console`, and
    /// returns the exit status: 0 done, 1 the journal has errors, 2 the command line is wrong.
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        do {
            var command = try JournalCommand.parseAsRoot(arguments)
            if let subcommand = command as? any JournalSubcommand {
                return subcommand.execute(console)
            }
            guard !arguments.isEmpty else {
                // `journal` alone: the overview, as `--help` prints it.
                console.out(JournalCommand.helpMessage())
                return 0
            }
            // `journal help build`, `journal build --help`: ArgumentParser's own help command,
            // which reports the text to print by throwing it.
            try command.run()
            return 0
        } catch {
            let message = JournalCommand.fullMessage(for: error)
            if JournalCommand.exitCode(for: error) == .success {
                console.out(message)
                return 0
            }
            console.error(message)
            return 2
        }
    }
}

/// A subcommand that runs against a console and says how it ended.
protocol JournalSubcommand: ParsableCommand {
    func execute(_ console: Console) -> Int32
}

extension JournalSubcommand {
    // ArgumentParser's own entry point; `JournalCLI.run` is the one used.
    func run() throws {
        let status = execute(.standard)
        if status != 0 { throw ExitCode(status) }
    }
}

struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Turns a listening journal kept as Markdown into a static website.",
        subcommands: [
            InitCommand.self, NewCommand.self, AddCommand.self, PickCommand.self, ServeCommand.self, StatusCommand.self, ImportCommand.self, SyncCommand.self,
            EnrichCommand.self,
            BuildCommand.self, CheckCommand.self,
        ]
    )
}

struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "The journal folder (holding journal.yaml).")
    var source: String = "."
}
