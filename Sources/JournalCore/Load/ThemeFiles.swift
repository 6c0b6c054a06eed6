import Foundation
import Mustache

/// The theme a build renders with: the default theme carried in the binary (from `templates/`
/// of this repository), with any file of the journal's own `templates/` folder taking the place
/// of the default file of the same name (Hugo's and Zola's lookup order).
public struct ThemeFiles: Sendable {
    /// Compiled templates by name: `day` for `day.mustache`, `partials/track` for `partials/track.mustache`.
    public var library: TemplateLibrary
    /// Other theme files (CSS, scripts, images), relative to the theme folder: `assets/site.css`.
    /// Language files (`i18n/`) are not among them: they are read, never published.
    public var assets: [String: [UInt8]]
    /// The paths of the files that came from the journal's own `templates/`.
    public var journalFiles: Set<String> = []
    /// The UI text and formats of the site's language (English until `load` reads the language files).
    public var localization: Localization = .defaultEnglish

    /// The default theme as shipped.
    public static var defaultFiles: [String: [UInt8]] {
        DefaultTheme.base64Files.compactMapValues { Data(base64Encoded: $0).map { Array($0) } }
    }

    /// A theme file larger than this (64 MiB) is a mistake, not a stylesheet or a font.
    static let maxFileSize = 64 << 20

    /// Merges the journal's overrides over the default theme and compiles the templates,
    /// reporting template syntax errors with their line and column, then reads the language
    /// files of `language` (`setting`: where journal.yaml names it).
    static func load(
        overridesIn folder: String, displayPrefix: String, language: Language = .en, setting: SourceLocation? = nil,
        diagnostics: inout [Diagnostic]
    ) -> ThemeFiles {
        var files = defaultFiles
        var origins: [String: String] = [:]
        var defaultLanguages: [String: LanguageLoading.Source] = [:]
        var journalLanguages: [String: LanguageLoading.Source] = [:]
        for (path, bytes) in files where path.hasPrefix("i18n/") {
            files[path] = nil
            if let code = LanguageLoading.code(ofPath: path) {
                defaultLanguages[code] = LanguageLoading.Source(path: "templates/\(path) (default theme)", bytes: bytes)
            }
        }
        // Hidden files and folders (a theme's .git/) are never read, let alone published.
        let journal = parentFolder(of: folder)
        let tree = JournalTree(folder, published: journal.isEmpty ? "." : journal)
        for problem in tree.problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: join(displayPrefix, problem.relative)))
        }
        for file in tree.files {
            let shown = join(displayPrefix, file.relative)
            switch FileTree.read(join(folder, file.relative), limit: maxFileSize) {
            case .bytes(let bytes) where file.relative.hasPrefix("i18n/"):
                if let code = LanguageLoading.code(ofPath: file.relative) {
                    journalLanguages[code] = LanguageLoading.Source(path: shown, bytes: bytes)
                } else {
                    diagnostics.append(Diagnostic(.warning, "ignored: a language file is named i18n/<code>.yaml, like i18n/fr.yaml", path: shown))
                }
            case .bytes(let bytes):
                files[file.relative] = bytes
                origins[file.relative] = shown
            case .failed(let code):
                diagnostics.append(Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: shown))
            case .tooLarge(let size):
                diagnostics.append(Diagnostic(.error, "the file is \(size) bytes, over the limit of \(maxFileSize) for a theme file", path: shown))
            }
        }
        var theme = compile(files, origins: origins, diagnostics: &diagnostics)
        theme.localization = LanguageLoading.localization(
            for: language, defaults: defaultLanguages, overrides: journalLanguages,
            setting: setting, diagnostics: &diagnostics)
        return theme
    }

    /// Compiles `files` (relative path -> bytes); `origins` names the files that came from the journal.
    static func compile(_ files: [String: [UInt8]], origins: [String: String] = [:], diagnostics: inout [Diagnostic]) -> ThemeFiles {
        var library = TemplateLibrary()
        var assets: [String: [UInt8]] = [:]
        var shownPaths: [String: String] = [:]
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            guard path.hasSuffix(".mustache") else {
                if !path.hasPrefix("i18n/") { assets[path] = bytes }
                continue
            }
            let name = String(path.dropLast(".mustache".count))
            let shownPath = origins[path] ?? "templates/\(path) (default theme)"
            shownPaths[name] = shownPath
            guard let text = String(validating: bytes, as: UTF8.self) else {
                diagnostics.append(Diagnostic(.error, "the template is not valid UTF-8", path: shownPath))
                continue
            }
            do {
                library.register(try Template(parsing: text), named: name, path: shownPath)
            } catch {
                diagnostics.append(Diagnostic(.error, "template syntax error: \(error.message)", path: shownPath, line: error.line, column: error.column))
            }
        }
        for missing in library.missingReferences() where shownPaths[missing.name] == nil {
            diagnostics.append(
                Diagnostic(
                    .error, "the theme has no template '\(missing.name).mustache'", path: shownPaths[missing.template] ?? missing.template,
                    line: missing.line, column: missing.column))
        }
        for cycle in library.cycles() {
            diagnostics.append(
                Diagnostic(
                    .error, "template recursion: \(cycle.loop.joined(separator: " includes ")); it would never finish rendering",
                    path: shownPaths[cycle.template] ?? cycle.template, line: cycle.line, column: cycle.column))
        }
        // Partials nested too deep, or multiplying past what one page may take: refused here,
        // so check finds them too, at the tag that leads there.
        for problem in library.limitProblems() {
            diagnostics.append(
                Diagnostic(
                    .error, problem.message, path: shownPaths[problem.template] ?? problem.template,
                    line: max(1, problem.line), column: max(1, problem.column)))
        }
        return ThemeFiles(library: library, assets: assets, journalFiles: Set(origins.keys))
    }
}
