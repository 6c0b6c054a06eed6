/// The one warning about a `base_url` that is a sub-path with no host (`/journal/`): links
/// between pages work, but what leaves the site needs an absolute address and cannot have one.
/// `og:url`, `og:image`, the feed's links and the Share block's snippets are then written as
/// paths from the root, which another site, a feed reader or a chat preview cannot follow.
///
/// The default `/` says nothing (docs/content-format.md, "Absolute addresses"): it is what a new
/// journal has (`journal init`), and its site works as it is wherever it is put at a host's root;
/// the publishing workflow passes the real address. A sub-path is written for one host, so its
/// host is wanted. It is advice about publishing, not a problem in the journal, so `--strict`
/// leaves it a warning. `journal serve` never gives it: its base URL is the local server's.
enum BaseURLAdvice {
    static func warning(config: SiteConfig?, options: BuildOptions) -> Diagnostic? {
        guard let config, config.origin == nil, config.basePath != "/", !options.servesLocally else { return nil }
        let why = "has no host: shared links, cards and feed entries need an absolute address, and will say '\(config.baseURL)…' instead"
        let example = "where the site will live, like https://me.github.io/journal/"
        if options.baseURL != nil {
            return Diagnostic(.warning, "--base-url '\(config.baseURL)' \(why); pass \(example)", path: "command line", line: 1, column: 1)
        }
        return .warning(
            "base_url '\(config.baseURL)' \(why); set it to \(example)",
            at: config.baseURLLocation ?? SourceLocation(path: JournalLoader(source: options.source).display("journal.yaml"), line: 1, column: 1))
    }
}
