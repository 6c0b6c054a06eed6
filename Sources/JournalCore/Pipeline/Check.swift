/// `journal check`: the stages of a build up to writing, with drafts, so every problem a build
/// would refuse is found and nothing is written.
public enum Check {
    public static func run(source: String, output: String? = nil, strict: Bool) -> [Diagnostic] {
        inspect(source: source, output: output, strict: strict).diagnostics
    }

    /// Every problem, and (from the same load) the artists whose tracks have no genre, most
    /// played first, and how many covers are on other sites (`RemoteCover`); none when the
    /// journal did not load.
    public static func inspect(source: String, output: String? = nil, strict: Bool)
        -> (diagnostics: [Diagnostic], artistsWithoutGenre: [(name: String, plays: Int)], remoteCovers: Int)
    {
        let options = BuildOptions(source: source, output: output, drafts: true, strict: strict)
        let config = JournalLoader(source: source).readConfig(overrides: options.overrides)
        // What builds decoded is read (never written: check writes nothing), so a check of ten
        // years after one edit parses one file too (ContentCache).
        let prepared = Stages.prepare(
            options, config: config, output: OutputChoice(options, config: config.config), timer: StageTimer(),
            stored: ContentCache.read(source: source))
        return (prepared.diagnostics, prepared.journal.map(GenreGaps.artists) ?? [], prepared.journal.map { RemoteCover.remaining(in: $0).count } ?? 0)
    }

    /// The artists whose tracks have no genre, after a command changed the journal (`import`).
    public static func artistsWithoutGenre(source: String) -> [(name: String, plays: Int)] {
        JournalLoader(source: source).load(LoadOptions(drafts: true)).journal.map(GenreGaps.artists) ?? []
    }
}
