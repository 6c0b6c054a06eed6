/// The one warning about a `base_url` that is a bare path (`/`, `/journal/`): links between pages
/// work, but what leaves the site needs an absolute address and cannot have one. `og:url`,
/// `og:image`, the feed's links and the Share block's snippets are then written as paths from
/// the root, which another site, a feed reader or a chat preview cannot follow.
///
/// It is advice about publishing, not a problem in the journal, so `--strict` leaves it a
/// warning: a new journal (`journal init` writes `base_url: /`, the default) kept on a laptop
/// would otherwise fail every strict build and check. `journal serve` never gives it: its base
/// URL is the local server's.
enum BaseURLAdvice {
    static func warning(config: SiteConfig?, options: BuildOptions) -> Diagnostic? {
        guard let config, config.origin == nil, !options.servesLocally else { return nil }
        let why = "has no host: shared links, cards and feed entries need an absolute address, and will say '\(config.baseURL)…' instead"
        let example = "where the site will live, like https://me.github.io/journal/"
        if options.baseURL != nil {
            return Diagnostic(.warning, "--base-url '\(config.baseURL)' \(why); pass \(example)", path: "command line", line: 1, column: 1)
        }
        if let location = config.baseURLLocation {
            return .warning("base_url '\(config.baseURL)' \(why); set it to \(example)", at: location)
        }
        return Diagnostic(.warning, "no base_url, so the site's address is '/', which \(why); set base_url to \(example)",
                          path: JournalLoader(source: options.source).display("journal.yaml"), line: 1, column: 1)
    }
}
