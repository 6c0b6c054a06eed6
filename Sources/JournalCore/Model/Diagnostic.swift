/// A problem found in the input, pointing at a place in a file.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    /// Path as the user gave it (relative to the current folder when possible).
    public var path: String
    /// 1-based; a problem with the file as a whole is at line 1, column 1.
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int
    public var message: String

    public init(_ severity: Severity, _ message: String, path: String, line: Int = 1, column: Int = 1) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, path: location.path, line: location.line, column: location.column)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, path: location.path, line: location.line, column: location.column)
    }

    /// `path:line:column: error: message`, always one line: control characters and line breaks
    /// in the path or the message are shown escaped, never sent to the terminal.
    public var description: String {
        "\(ControlCharacters.escaped(path)):\(line):\(column): \(severity.rawValue): \(ControlCharacters.escaped(message))"
    }

    /// The GitHub Actions workflow command for this diagnostic.
    public var githubAnnotation: String {
        func escapeData(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        return
            "::\(severity.rawValue) file=\(escapeProperty(ControlCharacters.escaped(path))),line=\(line),col=\(column)::\(escapeData(ControlCharacters.escaped(message)))"
    }
}

extension Diagnostic {
    /// `{"path":…,"line":…,"column":…,"severity":…,"message":…}`, for editors and scripts.
    public var json: String {
        "{\"path\":\(JSONText.quoted(path)),\"line\":\(line),\"column\":\(column),\"severity\":\"\(severity.rawValue)\",\"message\":\(JSONText.quoted(message))}"
    }
}

extension [Diagnostic] {
    /// A JSON array of the diagnostics in display order, one per line.
    public var json: String {
        let items = sortedForDisplay().map(\.json)
        return items.isEmpty ? "[]" : "[\n  " + items.joined(separator: ",\n  ") + "\n]"
    }
}

/// A place in a source file.
public struct SourceLocation: Hashable, Sendable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }
}

extension Array where Element == Diagnostic {
    public var errors: [Diagnostic] { filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { filter { $0.severity == .warning } }
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by path, line, column, message: the order they are printed in.
    public func sortedForDisplay() -> [Diagnostic] {
        sorted { ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message) }
    }
}
