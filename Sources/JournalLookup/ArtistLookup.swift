import Foundation
import JournalCore

/// How `journal enrich` looks one artist up: each song at the iTunes store, then Deezer, then
/// MusicBrainz and the Cover Art Archive through an imported play's recording id, and the artist's
/// genre at MusicBrainz; what was found is counted into the run's report.
extension Enrichment {
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
                for reason in CatalogueEntry.leftOut(found, needs: song.needs) { report.warnings.append("\(found.artist) — \(found.title): \(reason)") }
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
}
