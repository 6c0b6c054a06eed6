import Foundation
import JournalCore

/// `journal enrich`: fills the catalogue with what the journal's songs lack (docs/content-format.md,
/// "Filling in songs"). Works a distinct artist and album at a time, never a play at a time:
/// what the days already carry first (MusicBrainz ids from imports), then the iTunes store (one
/// search for an album, then the album's track list for its other songs), Deezer for what iTunes
/// does not have, MusicBrainz for an artist's genre. Each artist's file is written whole as soon
/// as that artist is done, so a run stopped at any moment keeps what it found, and the next run,
/// whose answers come from `.journal-cache/`, finishes the job.
public struct Enrichment: Sendable {
    public var source: String
    public var config: SiteConfig
    public var journal: Journal
    /// Only plays from and up to these dates.
    public var since: CalendarDate?
    public var until: CalendarDate?
    /// Look up, but write nothing into the journal.
    public var dryRun: Bool

    public init(source: String, config: SiteConfig, journal: Journal, since: CalendarDate? = nil, until: CalendarDate? = nil, dryRun: Bool = false) {
        self.source = source
        self.config = config
        self.journal = journal
        self.since = since
        self.until = until
        self.dryRun = dryRun
    }

    /// A song that was not found, or found only as another recording.
    public struct Miss: Sendable, Equatable {
        public var artist: String
        public var title: String
        public var plays: Int
        /// True when the names matched but the lengths did not.
        public var ambiguous: Bool
    }

    /// What a run did.
    public struct Report: Sendable {
        public var artists = 0
        public var songsLacking = 0
        public var songsFound = 0
        public var filled: [String: Int] = [:]
        public var misses: [Miss] = []
        /// Songs MusicBrainz credited, whose artists went into the catalogue (`credits:`).
        public var credited = 0
        /// The catalogue files written (or that would be, in a dry run).
        public var written: [String] = []
        /// The covers written into `static/covers/`, as site paths.
        public var covers: Set<String> = []
        /// Services that could not be asked, with the reason.
        public var unavailable: [String: String] = [:]
        public var warnings: [String] = []
        /// Why nothing was looked up at all (a catalogue file with a problem).
        public var refusal: String?
        /// Covers on other sites now kept in `static/covers/remote/` (or that would be, in a dry
        /// run), as paths under `static/`; and those that could not be, with the reason.
        public var broughtHome: [String] = []
        public var leftAway: [(address: String, reason: String)] = []
    }

    /// Progress, after each artist: artists done, artists in all, the one just done; first with
    /// none done, as the artists begin. (And so for the credits asked at MusicBrainz before
    /// them: credits done, in all, the song.)
    public typealias Progress = @Sendable (Int, Int, String) -> Void

    // MARK: Running

    public func run(client: LookupClient, progress: Progress? = nil, creditProgress: Progress? = nil) async -> Report {
        var report = Report()
        if !dryRun {
            CatalogueFile.removeLeftovers(under: join(source, "catalogue"))
            CatalogueFile.removeLeftovers(under: join(source, "static/covers"))
        }
        var diagnostics: [Diagnostic] = []
        let catalogue = JournalLoader(source: source).loadCatalogue(diagnostics: &diagnostics)
        if !diagnostics.isEmpty {
            // A file is rewritten whole, so one with a problem (an unknown key would be dropped) is
            // never written: the writer fixes it first.
            report.refusal =
                diagnostics.sortedForDisplay().map(\.description).joined(separator: "\n")
                + "\nThe catalogue has problems (above): fix them first; nothing was looked up or written."
            return report
        }
        var update = CatalogueUpdate(source: source, catalogue: catalogue)
        // MusicBrainz's credits first: a song it credits to one artist (`Simon & Garfunkel`) is
        // looked up and filed under that artist, not under a part of the split credit.
        let credits = await learnCredits(catalogue: catalogue, update: &update, client: client, report: &report, progress: creditProgress)
        let work = work(credits: credits)
        report.artists = work.count
        report.songsLacking = work.reduce(0) { $0 + $1.albums.reduce(0) { $0 + $1.songs.count } }
        let vocabulary = GenreVocabulary(journal: journal, catalogue: catalogue)
        let entries = Dictionary(catalogue.artists.map { (SongKey.fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        if !work.isEmpty { progress?(0, work.count, "") }
        for (index, artistWork) in work.enumerated() {
            let known = entries[SongKey.fold(artistWork.artist)]
            let findings = await enrich(artistWork, known: known, vocabulary: vocabulary, client: client, report: &report)
            let result = update.apply(to: artistWork.artist, dryRun: dryRun) { entry in
                var changed = false
                for song in findings.songs { changed = entry.record(song) || changed }
                for album in findings.albums { changed = entry.record(album) || changed }
                if !findings.artistGenres.isEmpty { changed = entry.fill(genres: findings.artistGenres, ids: [:]) || changed }
                return changed
            }
            switch result {
            case .success(let written):
                if let written, !report.written.contains(display(written)) { report.written.append(display(written)) }
            case .failure(let problem):
                report.warnings.append("\(artistWork.artist): \(problem); what was found for them is not saved")
            }
            progress?(index + 1, work.count, artistWork.artist)
        }
        report.misses.sort { ($1.plays, $0.artist, $0.title) < ($0.plays, $1.artist, $1.title) }
        await bringCoversHome(client: client, report: &report)
        return report
    }

    func display(_ relative: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}
