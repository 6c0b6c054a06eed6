import Foundation
import JournalCore

/// Where a command's messages go: standard output and standard error, or a test's buffers.
public struct Console: Sendable {
    let writeOut: @Sendable (String) -> Void
    let writeError: @Sendable (String) -> Void
    /// Inside a GitHub Actions job: diagnostics are also printed as workflow annotations.
    let github: Bool
    /// The clock `new`, `status`, `add` and `init` read "today" from (tests give a fixed one).
    let now: @Sendable () -> Date

    public init(
        github: Bool, out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.github = github
        writeOut = out
        writeError = error
        self.now = now
    }

    /// Today's date in `timezone` (the system's when nil), by this console's clock.
    func today(timezone: String?) -> CalendarDate {
        Today.date(now: now(), timezone: timezone)
    }

    public static var standard: Console {
        Console(
            github: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true",
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    func out(_ line: String) { writeOut(line) }
    func error(_ line: String) { writeError(line) }

    /// Each diagnostic, in display order, on standard error (warnings left out when `quiet`);
    /// in GitHub Actions also as an annotation on standard output, which is where the runner
    /// reads them.
    func print(_ diagnostics: [Diagnostic], quiet: Bool) {
        for diagnostic in diagnostics.sortedForDisplay() where !(quiet && diagnostic.severity == .warning) {
            error(diagnostic.description)
            if github { out(diagnostic.githubAnnotation) }
        }
    }
}
