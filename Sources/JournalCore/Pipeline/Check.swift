/// `journal check`: the stages of a build up to writing, with drafts, so every problem a build
/// would refuse is found and nothing is written.
public enum Check {
    public static func run(source: String, output: String? = nil, strict: Bool) -> [Diagnostic] {
        let options = BuildOptions(source: source, output: output, drafts: true, strict: strict)
        let config = JournalLoader(source: source).readConfig(overrides: options.overrides)
        return Stages.prepare(options, config: config, output: OutputChoice(options, config: config.config), timer: StageTimer()).diagnostics
    }

    /// What `check` prints besides the problems: the artists with no genre, when the journal
    /// loads.
    public static func artistsWithoutGenre(source: String) -> [(name: String, plays: Int)] {
        JournalLoader(source: source).load(LoadOptions(drafts: true)).journal.map(GenreGaps.artists) ?? []
    }
}
