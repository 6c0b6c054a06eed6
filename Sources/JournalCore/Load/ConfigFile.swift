import Foundation

/// journal.yaml as read: its settings (nil when it cannot be read or parsed at all) and every
/// problem found in it.
public struct ConfigFile: Sendable {
    public var config: SiteConfig?
    public var diagnostics: [Diagnostic]
    /// False when journal.yaml is missing, unreadable or too large.
    var wasRead: Bool
}

extension JournalLoader {
    /// journal.yaml is a page of settings; anything larger is a mistake.
    static let maxConfigSize = 1 << 20

    /// journal.yaml, read and decoded on its own: the pipeline needs the output folder before
    /// it loads anything else, and hands this to `load` so the file is read once.
    public func readConfig(overrides: ConfigOverrides) -> ConfigFile {
        let path = display("journal.yaml")
        switch FileTree.read(join(source, "journal.yaml"), limit: Self.maxConfigSize) {
        case .bytes(let bytes):
            switch SourceText.decode(bytes, path: path) {
            case .failure(let diagnostic):
                return ConfigFile(config: nil, diagnostics: [diagnostic], wasRead: true)
            case .success(var text):
                var diagnostics: [Diagnostic] = []
                if let problem = SourceText.removeControlCharacters(&text, path: path) { diagnostics.append(problem) }
                let (config, found) = ConfigLoading.decode(text, path: path, overrides: overrides)
                return ConfigFile(config: config, diagnostics: diagnostics + found, wasRead: true)
            }
        case .failed(let code):
            let message = code == ENOENT ? "no journal.yaml here: is this a journal folder?" : "cannot read journal.yaml: \(Platform.describe(code))"
            return ConfigFile(config: nil, diagnostics: [Diagnostic(.error, message, path: path, line: 1, column: 1)], wasRead: false)
        case .tooLarge(let size):
            return ConfigFile(
                config: nil,
                diagnostics: [Diagnostic(.error, "journal.yaml is \(size) bytes, over the limit of \(Self.maxConfigSize)", path: path, line: 1, column: 1)],
                wasRead: false)
        }
    }
}
