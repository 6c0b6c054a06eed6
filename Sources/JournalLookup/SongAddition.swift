import Foundation
import JournalCore

/// `journal add`: a chosen song into a day's file and what is known of it into the catalogue
/// (docs/content-format.md, "Adding a song"). The day gains only what a writer would type (the
/// title, the artist and the note); the album, genre, duration, cover, preview and links go to
/// `catalogue/`, and the cover into `static/covers/`.
public struct SongAddition: Sendable {
    /// The journal folder.
    public var source: String
    public var config: SiteConfig
    /// The journal as loaded (drafts included): its songs, and the genres they use.
    public var journal: Journal

    public init(source: String, config: SiteConfig, journal: Journal) {
        self.source = source
        self.config = config
        self.journal = journal
    }

    /// Why a song was not added; nothing was written when one of these comes back.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The day already has `max_tracks_per_day` songs.
        case dayFull(path: String, count: Int, limit: Int)
        /// The day file cannot take a new track as it is written.
        case dayFile(path: String, reason: String)
        /// The day file changed while the song was being looked up.
        case changed(path: String)
        case cannotWrite(path: String, reason: String)
        /// The day file would pass `limits.max_file_size` with the track, and the build would
        /// refuse it.
        case tooLarge(path: String, size: Int, limit: Int)

        public var description: String {
            switch self {
            case .dayFull(let path, let count, let limit):
                return
                    "\(path) already has \(count) song\(count == 1 ? "" : "s") and a day holds \(limit) (max_tracks_per_day in journal.yaml): nothing was added; to replace one, run journal add again with --replace N (its number in the day), or choose the day's songs from what you played with journal pick"
            case .dayFile(let path, let reason):
                return "\(path): \(reason); nothing was added"
            case .changed(let path):
                return "\(path) changed while the song was looked up; nothing was added to it: run journal add again"
            case .cannotWrite(let path, let reason):
                return "cannot write \(path): \(reason)"
            case .tooLarge(let path, let size, let limit):
                return
                    "\(path) would be \(size) bytes with this song, over limits.max_file_size (\(limit) bytes in journal.yaml), and the build would refuse it: shorten the note, add the song to another day, or raise limits.max_file_size; nothing was added"
            }
        }
    }

    /// What was done, for the writer.
    public struct Report: Sendable, Equatable {
        /// The day file, as messages show it, and whether it was created.
        public var dayPath: String
        public var createdDay: Bool
        /// The catalogue file that got the song's details, when it got any.
        public var cataloguePath: String?
        /// The cover saved into the journal, when there was one to save.
        public var cover: String?
        /// What could not be done besides (a cover that did not download, a catalogue with problems).
        public var warnings: [String] = []
    }

    /// The day file for `date` and how many tracks it has, or a refusal when it is full.
    public func checkRoom(on date: CalendarDate, replacing: Int? = nil) -> Result<(relative: String?, count: Int), Refusal> {
        let relative = NewEntry.dayFile(for: date, source: source)
        let count = journal.days.first { $0.date == date }?.tracks.count ?? 0
        if let replacing {
            guard relative != nil, (1...max(1, count)).contains(replacing), count > 0 else {
                return .failure(
                    .dayFile(
                        path: display(relative ?? NewEntry.dayPath(date)),
                        reason: "--replace \(replacing), but the day has \(count) song\(count == 1 ? "" : "s")"))
            }
            return .success((relative, count))
        }
        if let relative, config.maxTracksPerDay > 0, count >= config.maxTracksPerDay {
            return .failure(.dayFull(path: display(relative), count: count, limit: config.maxTracksPerDay))
        }
        return .success((relative, count))
    }

    /// Adds `candidate` to the day `date`: the day's lines first, written whole through a rename,
    /// and only if the day still has room as the file is now; then, for a song the journal did
    /// not know, its cover and details (a failure there is a warning: the song is on the day, and
    /// `journal enrich` can fill it in later).
    public func add(
        _ candidate: SongCandidate, on date: CalendarDate, note: String?, replacing: Int? = nil, client: LookupClient
    ) async -> Result<Report, Refusal> {
        let room: (relative: String?, count: Int)
        switch checkRoom(on: date, replacing: replacing) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): room = found
        }
        let track = NewTrackLines(title: candidate.song.title, artists: candidate.artists, note: note)
        var report = Report(dayPath: "", createdDay: room.relative == nil)
        if let relative = room.relative {
            switch writeDay(track, to: relative, replacing: replacing) {
            case .failure(let refusal): return .failure(refusal)
            case .success: report.dayPath = display(relative)
            }
        } else {
            let size = NewEntry.dayText(date, config: config, firstTrack: track).utf8.count
            if size > config.maxFileSize {
                return .failure(.tooLarge(path: display(NewEntry.dayPath(date)), size: size, limit: config.maxFileSize))
            }
            do throws(NewEntry.Refusal) {
                report.dayPath = try NewEntry.day(date, source: source, config: config, firstTrack: track)
            } catch {
                switch error {
                case .exists(let path): return .failure(.changed(path: path))
                case .cannotWrite(let path, let reason): return .failure(.cannotWrite(path: path, reason: reason))
                }
            }
        }
        if !candidate.known {
            await remember(candidate.song, report: &report, client: client)
        }
        return .success(report)
    }

    /// Appends the track to the day file as it is now: refused when the file is full, cannot take
    /// it, would pass `limits.max_file_size` with it, or changes between this read and the rename.
    func writeDay(_ track: NewTrackLines, to relative: String, replacing: Int? = nil) -> Result<Void, Refusal> {
        let path = join(source, relative)
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
            return .failure(.dayFile(path: display(relative), reason: "cannot be read"))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if replacing == nil, config.maxTracksPerDay > 0, let count = DayFileEdit.trackCount(in: text), count >= config.maxTracksPerDay {
            return .failure(.dayFull(path: display(relative), count: count, limit: config.maxTracksPerDay))
        }
        // The day becomes the writer's: a day `journal import` wrote loses its mark
        // (docs/content-format.md, "Choosing a day's songs").
        let edit: Result<String, DayFileEdit.Problem>
        if let replacing {
            let count = DayFileEdit.tracks(in: text)?.count ?? 0
            guard (1...max(1, count)).contains(replacing), count > 0 else {
                return .failure(.dayFile(path: display(relative), reason: "--replace \(replacing), but the day has \(count) song\(count == 1 ? "" : "s")"))
            }
            edit = DayFileEdit.replaceTracks(in: text, with: (0..<count).map { $0 == replacing - 1 ? .new(track) : .existing($0) })
        } else {
            edit = DayFileEdit.appendTrack(track, to: text)
        }
        let edited: String
        switch edit {
        case .failure(let problem): return .failure(.dayFile(path: display(relative), reason: problem.message))
        case .success(let result): edited = result
        }
        // The build refuses a day over the limit: nothing is written that it would refuse.
        if edited.utf8.count > config.maxFileSize {
            return .failure(.tooLarge(path: display(relative), size: edited.utf8.count, limit: config.maxFileSize))
        }
        guard let now = FileManager.default.contents(atPath: path).map(Array.init), now == bytes else {
            return .failure(.changed(path: display(relative)))
        }
        do throws(CatalogueFile.WriteProblem) {
            try CatalogueFile.writeAtomically(Array(edited.utf8), to: path, display: display(relative))
        } catch {
            if case .cannotWrite(let shown, let reason) = error { return .failure(.cannotWrite(path: shown, reason: reason)) }
        }
        return .success(())
    }

    /// Saves the song's cover and details into the journal (catalogue and `static/covers/`).
    func remember(_ song: FoundSong, report: inout Report, client: LookupClient) async {
        var diagnostics: [Diagnostic] = []
        let catalogue = JournalLoader(source: source).loadCatalogue(diagnostics: &diagnostics)
        if let problem = diagnostics.sortedForDisplay().first {
            report.warnings.append("the catalogue has a problem (\(problem.description)): fix it, then run journal enrich to save this song's details")
            return
        }
        // A song the journal has played already keeps what its plays say: only what it lacks is added.
        let key = SongKey.song(artist: song.artist, title: song.title)
        let needs =
            journal.days.lazy.flatMap(\.tracks).first { SongKey.song(artist: $0.primaryArtist, title: $0.title) == key }
            .map(Enrichment.Needs.of) ?? .all
        var artwork: LinkTarget?
        if needs.contains(.cover), let address = song.artworkURL {
            var store = CoverStore(source: source)
            switch await store.save(address, artist: song.artist, album: song.album, title: song.title, client: client) {
            case .success(let target):
                artwork = target
                report.cover = "static" + target.text
            case .failure(let problem):
                report.warnings.append("the cover was not saved: \(problem)")
            }
        }
        let genre =
            config.artistGenres[GenreKey.fold(song.artist)] == nil
            ? GenreVocabulary(journal: journal, catalogue: catalogue).primary(song.genre.map { [$0] } ?? []) : nil
        for reason in CatalogueEntry.leftOut(song, needs: needs) { report.warnings.append(reason) }
        var update = CatalogueUpdate(source: source, catalogue: catalogue)
        let result = update.apply(to: song.artist, dryRun: false) { entry in
            var changed = entry.record(CatalogueEntry.song(song, genre: genre, artwork: artwork, needs: needs))
            if let album = CatalogueEntry.album(song, genre: nil, artwork: artwork, needs: needs) { changed = entry.record(album) || changed }
            return changed
        }
        switch result {
        case .success(let written): report.cataloguePath = written.map(display)
        case .failure(let problem): report.warnings.append("\(problem): the song is added without its details")
        }
    }

    func display(_ relative: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}
