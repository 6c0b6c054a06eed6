/// Where a run writes its site, where that was chosen (for messages), and why it may not write
/// there, if it may not. Asked by build and check alike, whatever else is wrong with the journal.
struct OutputChoice {
    let path: String
    let location: SourceLocation
    /// Why the output may not be written (docs/content-format.md, "The output folder"), or nil.
    let problem: Diagnostic?

    /// `config` is journal.yaml's settings, or nil when it could not be read (the default then).
    init(_ options: BuildOptions, config: SiteConfig?) {
        let config = config ?? SiteConfig(title: "")
        // A relative `output` in journal.yaml is relative to the journal; a flag, to the current folder.
        path = options.output ?? join(options.source, config.output)
        if options.output != nil {
            location = SourceLocation(path: "--output", line: 1, column: 1)
        } else {
            location = config.outputLocation ?? SourceLocation(path: join(options.source, "journal.yaml"), line: 1, column: 1)
        }
        if case .failure(let refusal) = OutputFolder.resolve(path, source: options.source) {
            problem = .error(refusal.message, at: location)
        } else {
            problem = nil
        }
    }
}
