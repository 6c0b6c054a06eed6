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

    /// What a song of the journal lacks.
    public struct Needs: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let genre = Needs(rawValue: 1)
        public static let cover = Needs(rawValue: 2)
        public static let duration = Needs(rawValue: 4)
        public static let preview = Needs(rawValue: 8)
        public static let links = Needs(rawValue: 16)
        /// Filled when a song lacks them, but no reason to look a song up.
        public static let album = Needs(rawValue: 32)
        public static let released = Needs(rawValue: 64)
        /// What makes a song worth looking up.
        public static let lookedFor: Needs = [.genre, .cover, .duration, .preview, .links]
        public static let all: Needs = [.lookedFor, .album, .released]

        /// What `track`, as the journal knows it (its own values and its song's), lacks. A value
        /// the journal has is never looked up, so a lookup never puts another in front of it.
        public static func of(_ track: Track) -> Needs {
            var needs: Needs = []
            if track.genres.isEmpty { needs.insert(.genre) }
            if track.artwork == nil { needs.insert(.cover) }
            if track.duration == nil { needs.insert(.duration) }
            if track.preview == nil { needs.insert(.preview) }
            if track.links.allSatisfy({ $0.service == .musicbrainz || $0.service == .other }) { needs.insert(.links) }
            if track.album == nil { needs.insert(.album) }
            if track.released == nil { needs.insert(.released) }
            return needs
        }
    }

    /// A song of the journal that lacks something, as its plays know it.
    public struct Song: Sendable {
        public var artist: String
        public var title: String
        public var album: String?
        public var duration: Int?
        /// A MusicBrainz recording id, from an imported play's `links.musicbrainz`.
        public var recording: String?
        public var needs: Needs
        public var plays: Int
    }

    /// The songs of one artist that lack something, grouped by album (nil: songs with no album).
    public struct ArtistWork: Sendable {
        public var artist: String
        public var albums: [(album: String?, songs: [Song])]
        public var plays: Int
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

    /// Progress, after each artist: artists done, artists in all, the one just done.
    public typealias Progress = @Sendable (Int, Int, String) -> Void

    // MARK: What is missing

    /// The work, most played artist first: every song of the chosen days that lacks a genre,
    /// a cover, a duration, a preview or links, once per song however often it was played.
    public func work() -> [ArtistWork] {
        var songs: [String: Song] = [:]
        var order: [String] = []
        for day in journal.days where (since.map { day.date >= $0 } ?? true) && (until.map { day.date <= $0 } ?? true) {
            for track in day.tracks {
                let key = SongKey.song(artist: track.primaryArtist, title: track.title)
                if var song = songs[key] {
                    song.plays += 1
                    songs[key] = song
                    continue
                }
                let needs = Needs.of(track)
                let recording = track.links.first { $0.service == .musicbrainz }.flatMap { Self.recordingID(in: $0.url.text) }
                songs[key] = Song(
                    artist: track.primaryArtist, title: track.title, album: track.album, duration: track.duration,
                    recording: recording, needs: needs, plays: 1)
                order.append(key)
            }
        }
        var byArtist: [String: ArtistWork] = [:]
        var artistOrder: [String] = []
        for key in order {
            guard let song = songs[key], !song.needs.isDisjoint(with: .lookedFor) else { continue }
            let artistKey = SongKey.fold(song.artist)
            var work = byArtist[artistKey] ?? ArtistWork(artist: song.artist, albums: [], plays: 0)
            if byArtist[artistKey] == nil { artistOrder.append(artistKey) }
            work.plays += song.plays
            let albumKey = song.album.map(SongKey.fold)
            if let index = work.albums.firstIndex(where: { $0.album.map(SongKey.fold) == albumKey && albumKey != nil }) {
                work.albums[index].songs.append(song)
            } else {
                work.albums.append((song.album, [song]))
            }
            byArtist[artistKey] = work
        }
        return artistOrder.compactMap { byArtist[$0] }.sorted { ($1.plays, $0.artist) < ($0.plays, $1.artist) }
    }

    /// The covers the chosen days (and, without `--since` or `--until`, the playlists) show from
    /// other sites, by address, in the order first met: what `bringCoversHome` downloads. A cover
    /// that already has its copy was shown by it when the journal loaded, so it is not here.
    public func remoteCovers() -> [String] {
        var addresses: [String] = []
        var seen: Set<String> = []
        func add(_ target: LinkTarget?) {
            if let target, target.kind == .absolute, seen.insert(target.text).inserted { addresses.append(target.text) }
        }
        for day in journal.days where (since.map { day.date >= $0 } ?? true) && (until.map { day.date <= $0 } ?? true) {
            for track in day.tracks { add(track.artwork) }
        }
        if since == nil && until == nil {
            for playlist in journal.playlists {
                add(playlist.cover)
                for track in playlist.tracks { add(track.artwork) }
            }
        }
        return addresses
    }

    /// Downloads each cover the journal shows from another site into `static/covers/remote/`
    /// (`RemoteCover`), where builds then show it resized; the day files keep their addresses. A
    /// download is at most `CoverStore.maxBytes`, must be a PNG, JPEG or WebP image, and is
    /// written through a temporary file; a dry run downloads (into `.journal-cache/`) but writes
    /// nothing.
    func bringCoversHome(client: LookupClient, report: inout Report) async {
        for address in remoteCovers() {
            let data: Data
            switch await client.download(address, maxBytes: CoverStore.maxBytes) {
            case .found(let found): data = found
            case .notFound:
                report.leftAway.append((address, "not found"))
                continue
            case .refused(let reason), .unreachable(let reason), .invalid(let reason):
                report.leftAway.append((address, reason))
                continue
            }
            guard let kind = ImageKind(sniffing: data) else {
                report.leftAway.append((address, "not a PNG, JPEG or WebP image"))
                continue
            }
            let relative = RemoteCover.stem(of: address) + "." + kind.fileExtension
            if !dryRun {
                let path = join(source, "static/" + relative)
                do {
                    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try CatalogueFile.writeAtomically(Array(data), to: path, display: "static/" + relative)
                } catch {
                    report.leftAway.append((address, "cannot write static/\(relative): \(error)"))
                    continue
                }
            }
            report.broughtHome.append(relative)
        }
    }

    /// The id in `https://musicbrainz.org/recording/ID`.
    static func recordingID(in url: String) -> String? {
        guard let range = url.range(of: "musicbrainz.org/recording/") else { return nil }
        let id = url[range.upperBound...].prefix { $0.isHexDigit || $0 == "-" }
        return id.count == 36 ? id.lowercased() : nil
    }

    // MARK: Running

    public func run(client: LookupClient, progress: Progress? = nil) async -> Report {
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
        let work = work()
        report.artists = work.count
        report.songsLacking = work.reduce(0) { $0 + $1.albums.reduce(0) { $0 + $1.songs.count } }
        var update = CatalogueUpdate(source: source, catalogue: catalogue)
        let vocabulary = GenreVocabulary(journal: journal, catalogue: catalogue)
        let entries = Dictionary(catalogue.artists.map { (SongKey.fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
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
                if let written { report.written.append(display(written)) }
            case .failure(let problem):
                report.warnings.append("\(artistWork.artist): \(problem); what was found for them is not saved")
            }
            progress?(index + 1, work.count, artistWork.artist)
        }
        report.misses.sort { ($1.plays, $0.artist, $0.title) < ($0.plays, $1.artist, $1.title) }
        await bringCoversHome(client: client, report: &report)
        return report
    }

    /// What was found for one artist, for their catalogue file.
    struct Findings {
        var songs: [CatalogueSong] = []
        var albums: [CatalogueAlbum] = []
        var artistGenres: [String] = []
    }

    /// Looks one artist's songs up. `known` is their catalogue entry as the run found it.
    func enrich(
        _ work: ArtistWork, known: CatalogueArtist?, vocabulary: GenreVocabulary,
        client: LookupClient, report: inout Report
    ) async -> Findings {
        var findings = Findings()
        var artistNeedsGenre = false
        for group in work.albums {
            // One search finds the album; its track list then serves its other songs.
            var albumTracks: [FoundSong]?
            for song in group.songs {
                var found: FoundSong?
                var verdict = SongMatch.Verdict.different
                if let albumTracks {
                    (found, verdict) = SongMatch.best(albumTracks, artist: song.artist, title: song.title, album: song.album, duration: song.duration)
                }
                if found == nil {
                    let answer = await client.get(ITunesSearch.request(term: "\(song.artist) \(song.title)", country: config.storefront, limit: 10))
                    note(answer, .itunes, report: &report)
                    if case .found(let data) = answer {
                        (found, verdict) = SongMatch.best(
                            ITunesSearch.songs(from: data).cleaned, artist: song.artist, title: song.title, album: song.album, duration: song.duration)
                    }
                    if let albumID = found?.ids["itunes_album"], group.songs.count > 1, albumTracks == nil {
                        let list = await client.get(ITunesSearch.lookupRequest(ids: [albumID], country: config.storefront))
                        note(list, .itunes, report: &report)
                        if case .found(let data) = list { albumTracks = ITunesSearch.songs(from: data).cleaned }
                    }
                }
                if found == nil {
                    let answer = await client.get(Deezer.search(artist: song.artist, title: song.title))
                    note(answer, .deezer, report: &report)
                    if case .found(let data) = answer {
                        let (deezer, deezerVerdict) = SongMatch.best(
                            Deezer.songs(from: data).cleaned, artist: song.artist, title: song.title, album: song.album, duration: song.duration)
                        found = deezer
                        if verdict != .otherLength { verdict = deezerVerdict }
                        if var deezer, deezer.genre == nil, let albumID = deezer.ids["deezer_album"] {
                            let album = await client.get(Deezer.album(id: albumID))
                            note(album, .deezer, report: &report)
                            if case .found(let data) = album, let details = Deezer.album(from: data) {
                                deezer.genre = details.genres.first.map(FoundSong.clean)
                                if deezer.released == nil { deezer.released = details.released }
                            }
                            found = deezer
                        }
                    }
                }
                // What the export's MusicBrainz id gives: the recording's genre, and its release's
                // cover at the Cover Art Archive when no store has one.
                var genre: String?
                var coverAddress = found?.artworkURL
                if let recording = song.recording,
                    song.needs.contains(.genre) || (song.needs.contains(.cover) && coverAddress == nil)
                {
                    let details = await recordingDetails(recording, vocabulary: vocabulary, client: client, report: &report)
                    if song.needs.contains(.genre) { genre = details.genre }
                    if coverAddress == nil, song.needs.contains(.cover), let release = details.release {
                        let index = await client.get(CoverArtArchive.release(id: release))
                        note(index, .coverart, report: &report)
                        if case .found(let data) = index { coverAddress = CoverArtArchive.frontImageURL(from: data) }
                    }
                }
                guard let found else {
                    var artwork: LinkTarget?
                    if let coverAddress {
                        let named = FoundSong(source: .coverart, title: song.title, artist: song.artist, album: song.album)
                        artwork = await cover(coverAddress, for: named, album: song.album, report: &report, client: client)
                    }
                    if genre != nil || artwork != nil {
                        let details = CatalogueSong(title: song.title, genres: genre.map { [$0] } ?? [], artwork: artwork)
                        count(song.needs, details, report: &report)
                        findings.songs.append(details)
                        if let album = song.album, let artwork { findings.albums.append(CatalogueAlbum(title: album, artwork: artwork)) }
                    }
                    if genre == nil {
                        report.misses.append(Miss(artist: song.artist, title: song.title, plays: song.plays, ambiguous: verdict == .otherLength))
                        if song.needs.contains(.genre) { artistNeedsGenre = true }
                    }
                    continue
                }
                report.songsFound += 1
                if genre == nil, config.artistGenres[GenreKey.fold(song.artist)] == nil {
                    genre = vocabulary.primary(found.genre.map { [$0] } ?? [])
                }
                if genre == nil && song.needs.contains(.genre) { artistNeedsGenre = true }
                var artwork: LinkTarget?
                if song.needs.contains(.cover), let address = coverAddress {
                    artwork = await cover(address, for: found, album: song.album, report: &report, client: client)
                }
                var details = CatalogueEntry.song(found, genre: genre, artwork: artwork, needs: song.needs)
                // The journal's own names stay: the entry is found by them.
                details.title = song.title
                count(song.needs, details, report: &report)
                findings.songs.append(details)
                if var album = CatalogueEntry.album(found, genre: nil, artwork: artwork, needs: song.needs) {
                    if let own = song.album { album.title = own }
                    findings.albums.append(album)
                }
            }
        }
        // Songs still without a genre take the artist's, from MusicBrainz.
        if artistNeedsGenre, known?.genres.isEmpty ?? true, config.artistGenres[GenreKey.fold(work.artist)] == nil,
            let genres = await artistGenres(work.artist, vocabulary: vocabulary, client: client, report: &report), !genres.isEmpty
        {
            findings.artistGenres = genres
            report.filled["artist genre", default: 0] += 1
        }
        return findings
    }

    func count(_ needs: Needs, _ details: CatalogueSong, report: inout Report) {
        if needs.contains(.genre), !details.genres.isEmpty { report.filled["genre", default: 0] += 1 }
        if needs.contains(.cover), details.artwork != nil { report.filled["cover", default: 0] += 1 }
        if needs.contains(.duration), details.duration != nil { report.filled["duration", default: 0] += 1 }
        if needs.contains(.preview), details.preview != nil { report.filled["preview", default: 0] += 1 }
        if needs.contains(.links), !details.links.isEmpty { report.filled["links", default: 0] += 1 }
    }

    /// A MusicBrainz recording's genre (else its artists'), in the journal's words, and its first
    /// release, whose cover the Cover Art Archive may have.
    func recordingDetails(_ id: String, vocabulary: GenreVocabulary, client: LookupClient, report: inout Report) async -> (genre: String?, release: String?) {
        let answer = await client.get(MusicBrainz.recordingLookup(id: id))
        note(answer, .musicbrainz, report: &report)
        guard case .found(let data) = answer, let recording = MusicBrainz.recordings(from: data).first else { return (nil, nil) }
        // An id goes into the Cover Art Archive's path: only an MBID's shape is taken.
        let release = recording.releases.first.flatMap { Self.recordingID(in: "musicbrainz.org/recording/" + $0.id) }
        if let genre = vocabulary.primary(recording.genres.map(\.name)) { return (genre, release) }
        for credit in recording.artists where !credit.genres.isEmpty {
            if let genre = vocabulary.primary(credit.genres.map(\.name)) { return (genre, release) }
        }
        return (nil, release)
    }

    /// An artist's genres from MusicBrainz: the artist whose name matches, by votes.
    func artistGenres(_ name: String, vocabulary: GenreVocabulary, client: LookupClient, report: inout Report) async -> [String]? {
        let search = await client.get(MusicBrainz.artistSearch(name: name))
        note(search, .musicbrainz, report: &report)
        guard case .found(let data) = search,
            let artist = MusicBrainz.artists(from: data).first(where: { SongKey.fold($0.name) == SongKey.fold(name) })
        else { return nil }
        var genres = artist.genres
        if genres.isEmpty {
            let lookup = await client.get(MusicBrainz.artistLookup(id: artist.id))
            note(lookup, .musicbrainz, report: &report)
            if case .found(let data) = lookup, let full = MusicBrainz.artists(from: data).first { genres = full.genres }
        }
        return vocabulary.primary(genres.map(\.name)).map { [$0] }
    }

    func cover(_ address: String, for found: FoundSong, album: String?, report: inout Report, client: LookupClient) async -> LinkTarget? {
        var store = CoverStore(source: source)
        let albumName = album ?? found.album
        if dryRun { return CoverStore.target(CoverStore.relative(artist: found.artist, name: albumName ?? found.title, fileExtension: "jpg")) }
        switch await store.save(address, artist: found.artist, album: albumName, title: found.title, client: client) {
        case .success(let target):
            report.covers.formUnion(store.written)
            return target
        case .failure(let problem):
            report.warnings.append("\(found.artist) — \(found.title): the cover was not saved: \(problem)")
            return nil
        }
    }

    /// Remembers a service that could not be asked, once, with its reason.
    func note(_ answer: LookupResult, _ service: LookupService, report: inout Report) {
        switch answer {
        case .unreachable(let reason), .refused(let reason):
            if report.unavailable[service.displayName] == nil { report.unavailable[service.displayName] = reason }
        default:
            break
        }
    }

    func display(_ relative: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}
