/// One file of the built site, as bytes, at a path relative to the output folder.
public struct OutputFile: Hashable, Sendable {
    /// Relative, `/`-separated, never absolute and never containing `..` (checked by `SitePath`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// Everything Render decided the output holds: generated files, and files copied as they are
/// from the journal's `static/` folder.
public struct SiteOutput: Sendable {
    public var files: [OutputFile]
    /// Relative paths under `static/` to copy to the same relative path in the output.
    public var staticCopies: [String]
    public var diagnostics: [Diagnostic]

    /// Number of HTML pages generated.
    public var pageCount: Int { files.filter { $0.path.hasSuffix(".html") }.count }
}

/// Checks that a relative output path stays inside the output folder.
public enum SitePath {
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\u{0}") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
