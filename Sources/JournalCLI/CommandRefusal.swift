import JournalCore
import JournalLookup

/// Why a command did nothing, as every command prints it: one `error:` line on standard error,
/// maybe a line for scripts on standard output, and the exit status (`Console.refuse`).
protocol CommandRefusal {
    /// The line after `error: `.
    var message: String { get }
    /// 2 when the command line asked for what cannot be done, 1 otherwise.
    var status: Int32 { get }
    /// A line for standard output besides (a path a script goes on with), or nil.
    var output: String? { get }
}

extension CommandRefusal {
    var status: Int32 { 1 }
    var output: String? { nil }
}

extension Console {
    /// Prints `refusal` and returns the command's exit status.
    func refuse(_ refusal: some CommandRefusal) -> Int32 {
        error("error: \(refusal.message)")
        if let output = refusal.output { out(output) }
        return refusal.status
    }
}

extension JournalInit.Refusal: CommandRefusal {
    var message: String {
        switch self {
        case .notEmpty(let path, let names):
            let shown = names.isEmpty ? "it is not a folder" : "it holds " + names.joined(separator: ", ") + (names.count == 3 ? ", …" : "")
            return "\(path) is not empty (\(shown)); init starts a journal only in an empty or new folder, and touched nothing"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason); nothing was left behind"
        case .leftBehind(let path, let reason, let remaining):
            return "cannot write \(path): \(reason); what init made was removed except \(remaining.joined(separator: ", "))"
        }
    }

    var status: Int32 {
        if case .notEmpty = self { return 2 }
        return 1
    }
}

extension NewEntry.Refusal: CommandRefusal {
    var message: String {
        switch self {
        case .exists(let path): return "\(path) already exists; open it to add to it (nothing was written)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }

    /// The file that is there already, for a script to open.
    var output: String? {
        if case .exists(let path) = self { return path }
        return nil
    }
}

extension SongAddition.Refusal: CommandRefusal {
    var message: String { description }
}

extension BuildDay.Refusal: CommandRefusal {
    /// A value the command was given that cannot be read: a usage error.
    var status: Int32 { 2 }
}
