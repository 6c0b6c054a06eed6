import Yams

/// Reads the theme's language files (`i18n/<code>.yaml` in `templates/`) into the
/// `Localization` of the site's language.
///
/// A language is made of layers, later ones winning key by key: the default theme's English,
/// the journal's `templates/i18n/en.yaml`, the default theme's file for the language, the
/// journal's file for it. So a journal's file only needs the keys it changes, and whatever the
/// language lacks is shown in English.
///
/// Severity: a file that cannot be read as YAML, or a `language` with no file, is an error.
/// A key that is missing from the language in use, or malformed (text where a list belongs, a
/// name list of the wrong length, a pattern with an unknown placeholder), is a warning at its
/// place in the file, and pages show the English value instead.
enum LanguageLoading {
    /// What a key outside `strings` holds.
    enum Kind {
        case text
        /// A list of exactly this many names.
        case names(Int)
        /// `{n}` forms: a pattern, or a mapping with `one` and `other`.
        case count
        case pattern([String: TextPattern.Placeholder])
    }

    /// The sections of a language file and their keys; `strings` is open (a theme may add
    /// its own keys) and checked against English instead.
    static let sections: [(name: String, keys: [(String, Kind)])] = {
        let dates = TextPattern.datePlaceholders
        let monthYear = dates.filter { ["year", "month", "month_name", "month_short"].contains($0.key) }
        let ranges = TextPattern.rangePlaceholders
        return [
            (
                "names",
                [
                    ("months", .names(12)), ("months_short", .names(12)), ("weekdays", .names(7)),
                    ("weekdays_short", .names(7)), ("weekdays_initial", .names(7)),
                ]
            ),
            (
                "counts",
                [
                    ("tracks", .count), ("plays", .count), ("days", .count), ("appearances", .count), ("guest_plays", .count), ("genres", .count),
                    ("other_genres_hint", .count), ("days_logged_hint", .count), ("artists", .count), ("albums", .count),
                    ("new_artists", .count), ("untimed_plays", .count), ("undated_plays", .count), ("tied_days", .count),
                    ("songs_played", .count), ("more_songs", .count), ("plays_of_unknown_length", .count),
                    ("songs_logged", .count), ("estimated_plays", .count), ("guest_songs_logged", .count),
                    ("days_with_plays", .count), ("days_logged", .count),
                ]
            ),
            (
                "formats",
                [
                    ("long_date", .pattern(dates)), ("short_date", .pattern(dates)), ("day_month", .pattern(dates)),
                    ("month_year", .pattern(monthYear)), ("week_of", .pattern(dates)),
                    ("page_of", .pattern(TextPattern.numberPlaceholders(.page, .pages))),
                    ("days_of", .pattern(TextPattern.numberPlaceholders(.logged, .covered))),
                    ("artists_left_out", .pattern(TextPattern.numberPlaceholders(.n, .minimum, .limit))),
                    ("minutes", .pattern(TextPattern.numberPlaceholders(.minutes))),
                    ("hours", .pattern(TextPattern.numberPlaceholders(.hours, .minutes))),
                    ("review_title", .pattern(dates.filter { $0.key == "year" })),
                    ("year_so_far", .pattern(dates.filter { $0.key == "year" })),
                    ("share_of_plays", .pattern(TextPattern.numberPlaceholders(.percent))),
                    ("decade", .pattern(TextPattern.numberPlaceholders(.n))),
                ]
            ),
            ("date_ranges", [("same_month", .pattern(ranges)), ("same_year", .pattern(ranges)), ("other_years", .pattern(ranges))]),
        ]
    }()

    static let topLevel = ["locale", "strings"] + sections.map(\.name)

    /// One language file, decoded: its valid values by key path (`strings.playlists`,
    /// `formats.long_date`), and where each section starts, for reports of missing keys.
    struct Layer {
        var path: String
        var values: [String: LanguageValue] = [:]
        var sectionLocations: [String: SourceLocation] = [:]
        /// Every key the file gives, valid or not: an invalid one was already reported.
        var written: Set<String> = []
        /// The file was read as YAML; when not, that one error is all it reports.
        var parsed = false
    }

    /// One file of a language: `path` as shown in messages.
    struct Source {
        var path: String
        var bytes: [UInt8]
    }

    /// The language codes a theme offers: the file names under `i18n/`, lowercased.
    static func code(ofPath path: String) -> String? {
        guard path.hasPrefix("i18n/"), path.hasSuffix(".yaml") else { return nil }
        let name = path.dropFirst("i18n/".count).dropLast(".yaml".count)
        guard let first = name.first, first.isASCII, first.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return name.lowercased()
    }

    /// The localization of `language`. `defaults` and `overrides` are the default theme's and
    /// the journal's language files by code; `setting` is where journal.yaml names the language.
    static func localization(
        for language: Language, defaults: [String: Source], overrides: [String: Source],
        setting: SourceLocation?, diagnostics: inout [Diagnostic]
    ) -> Localization {
        let code = language.rawValue
        var english: [String: LanguageValue] = [:]
        // What every language must give: the keys of the default English file. Keys a journal
        // adds to its own en.yaml (strings for templates of its own) fall back to English.
        var required: Set<String> = []
        for source in [defaults["en"], overrides["en"]].compactMap({ $0 }) {
            let layer = decode(source, diagnostics: &diagnostics)
            if required.isEmpty { required = Set(layer.values.keys) }
            english.merge(layer.values) { _, new in new }
        }
        guard code != "en" else { return Localization(language: language, values: english) }
        guard defaults[code] != nil || overrides[code] != nil else {
            let available = Set(defaults.keys).union(overrides.keys).sorted().joined(separator: ", ")
            let message = "unsupported language '\(code)': use one of \(available), or add templates/i18n/\(code).yaml"
            diagnostics.append(.error(message, at: setting ?? SourceLocation(path: "journal.yaml", line: 1, column: 1)))
            return Localization(language: language, values: english)
        }
        var own: [String: LanguageValue] = [:]
        var written: Set<String> = []
        var last: Layer?
        for source in [defaults[code], overrides[code]].compactMap({ $0 }) {
            let layer = decode(source, diagnostics: &diagnostics)
            own.merge(layer.values) { _, new in new }
            written.formUnion(layer.written)
            last = layer
        }
        if let last, last.parsed { reportMissing(required.filter { !written.contains($0) }, in: last, diagnostics: &diagnostics) }
        return Localization(language: language, values: english.merging(own) { _, new in new })
    }

    /// One warning per section, at the section (or the top of the file when it is missing).
    private static func reportMissing(_ keys: [String], in layer: Layer, diagnostics: inout [Diagnostic]) {
        let bySection = Dictionary(grouping: keys) { key in key.split(separator: ".").count > 1 ? String(key.split(separator: ".")[0]) : "" }
        for (section, keys) in bySection.sorted(by: { $0.key < $1.key }) {
            let sorted = keys.sorted()
            var names = sorted.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            if sorted.count > 8 { names += " and \(sorted.count - 8) more" }
            let location = layer.sectionLocations[section] ?? SourceLocation(path: layer.path, line: 1, column: 1)
            let what = keys.count == 1 ? "this key" : "these \(keys.count) keys"
            diagnostics.append(.warning("the language file lacks \(names); pages show English for \(what)", at: location))
        }
    }

    /// The default theme's localization of `language`, English where it has no file.
    static func defaultTheme(_ language: Language) -> Localization {
        var defaults: [String: Source] = [:]
        for (path, bytes) in ThemeFiles.defaultFiles {
            if let code = code(ofPath: path) { defaults[code] = Source(path: "templates/\(path) (default theme)", bytes: bytes) }
        }
        var ignored: [Diagnostic] = []
        return localization(
            for: defaults[language.rawValue] == nil ? .en : language, defaults: defaults, overrides: [:],
            setting: nil, diagnostics: &ignored)
    }

    // MARK: One file

    static func decode(_ source: Source, diagnostics: inout [Diagnostic]) -> Layer {
        var layer = Layer(path: source.path)
        var yaml: String
        switch SourceText.decode(source.bytes, path: source.path) {
        case .failure(let problem):
            diagnostics.append(problem)
            return layer
        case .success(let decoded):
            yaml = decoded
        }
        if let problem = SourceText.removeControlCharacters(&yaml, path: source.path) { diagnostics.append(problem) }
        var reader = YAMLFields(path: source.path, firstLine: 1)
        defer { diagnostics += reader.diagnostics }
        guard let root = reader.root(of: yaml, what: "a language file") else { return layer }
        layer.parsed = true
        let fields = reader.fields(of: root, known: topLevel, in: "the language file")
        layer.written = Set(fields.keys.filter { $0 == "locale" })
        if let node = fields["locale"], let value = text(node, key: "locale", reader: &reader) {
            layer.values["locale"] = .text(value)
        }
        if let node = fields["strings"], let mapping = section(node, "strings", in: root, layer: &layer, reader: &reader) {
            for (key, value) in mapping {
                guard let name = key.scalar?.string, !name.isEmpty else {
                    reader.warning("a key in 'strings' must be a plain word, found \(reader.describe(key))", at: key)
                    continue
                }
                layer.written.insert("strings.\(name)")
                if let text = text(value, key: "strings.\(name)", reader: &reader) { layer.values["strings.\(name)"] = .text(text) }
            }
        }
        for (name, keys) in sections {
            guard let node = fields[name], section(node, name, in: root, layer: &layer, reader: &reader) != nil else { continue }
            let entries = reader.fields(of: node, known: keys.map(\.0), in: "'\(name)'")
            for (key, kind) in keys {
                guard let value = entries[key] else { continue }
                layer.written.insert("\(name).\(key)")
                if let decoded = decode(value, kind: kind, key: "\(name).\(key)", reader: &reader) {
                    layer.values["\(name).\(key)"] = decoded
                }
            }
        }
        return layer
    }

    /// The mapping of a section, noting where it is; nil (with a warning) if it is not a mapping.
    private static func section(_ node: Node, _ name: String, in root: Node, layer: inout Layer, reader: inout YAMLFields) -> Node.Mapping? {
        let key = root.mapping?.first { $0.key.scalar?.string == name }?.key
        layer.sectionLocations[name] = reader.location(of: key ?? node)
        if reader.isMissing(node) { return nil }
        guard let mapping = node.mapping else {
            reader.warning("'\(name)' must be a mapping of keys, found \(reader.describe(node))", at: node)
            return nil
        }
        return mapping
    }

    private static func decode(_ node: Node, kind: Kind, key: String, reader: inout YAMLFields) -> LanguageValue? {
        switch kind {
        case .text:
            return text(node, key: key, reader: &reader).map(LanguageValue.text)
        case .names(let count):
            guard let items = node.sequence else {
                reader.warning("'\(key)' must be a list of \(count) names, found \(reader.describe(node)); English is used", at: node)
                return nil
            }
            guard items.count == count else {
                reader.warning("'\(key)' must list \(count) names, found \(items.count); English is used", at: node)
                return nil
            }
            var names: [String] = []
            for item in items {
                guard let name = text(item, key: key, reader: &reader) else { return nil }
                names.append(name)
            }
            return .names(names)
        case .count:
            let placeholders = TextPattern.numberPlaceholders(.n)
            if node.scalar != nil {
                return pattern(node, key: key, placeholders: placeholders, reader: &reader).map { .count(CountForms(one: nil, other: $0)) }
            }
            guard node.mapping != nil else {
                reader.warning(
                    "'\(key)' must be a pattern like \"{n} tracks\" or a mapping with 'one' and 'other', found \(reader.describe(node)); English is used",
                    at: node)
                return nil
            }
            let forms = reader.fields(of: node, known: ["one", "other"], in: "'\(key)'")
            guard let otherNode = forms["other"] else {
                reader.warning("'\(key)' has no 'other' form (for every count but 1); English is used", at: node)
                return nil
            }
            guard let other = pattern(otherNode, key: "\(key).other", placeholders: placeholders, reader: &reader) else { return nil }
            var one: TextPattern?
            if let oneNode = forms["one"] {
                guard let parsed = pattern(oneNode, key: "\(key).one", placeholders: placeholders, reader: &reader) else { return nil }
                one = parsed
            }
            return .count(CountForms(one: one, other: other))
        case .pattern(let placeholders):
            return pattern(node, key: key, placeholders: placeholders, reader: &reader).map(LanguageValue.pattern)
        }
    }

    private static func pattern(_ node: Node, key: String, placeholders: [String: TextPattern.Placeholder], reader: inout YAMLFields) -> TextPattern? {
        guard let source = text(node, key: key, reader: &reader) else { return nil }
        switch TextPattern.parse(source, allowed: placeholders) {
        case .success(let pattern): return pattern
        case .failure(let problem):
            reader.warning("'\(key)': \(problem.message); English is used", at: node)
            return nil
        }
    }

    /// Text that is not empty; a warning otherwise.
    private static func text(_ node: Node, key: String, reader: inout YAMLFields) -> String? {
        guard node.scalar != nil, !reader.isMissing(node) else {
            reader.warning("'\(key)' must be text, found \(reader.describe(node)); English is used", at: node)
            return nil
        }
        guard let value = reader.string(node, field: key) else {
            reader.warning("'\(key)' is empty; English is used", at: node)
            return nil
        }
        return value
    }
}
