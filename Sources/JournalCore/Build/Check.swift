/// `journal check`: Load, Analyse and Render without writing, so every problem is found.
public enum Check {
    public static func run(source: String, output: String? = nil, strict: Bool) -> [Diagnostic] {
        let loaded = JournalLoader(source: source).load(LoadOptions(drafts: true, overrides: ConfigOverrides(output: output)))
        var diagnostics = loaded.diagnostics
        if let problem = Build.outputProblem(BuildOptions(source: source, output: output)) { diagnostics.append(problem) }
        if let journal = loaded.journal, let theme = loaded.theme {
            let catalog = GenreCatalog(journal: journal)
            let stats = Stats(journal: journal, catalog: catalog)
            let library = Library(journal: journal, catalog: catalog)
            diagnostics += SiteRenderer(journal: journal, stats: stats, library: library, theme: theme).plan().diagnostics
        }
        if strict { diagnostics = diagnostics.map { var d = $0; d.severity = .error; return d } }
        return diagnostics
    }
}
