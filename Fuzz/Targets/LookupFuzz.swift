// Fuzzes what a music service answers, as JournalLookup reads it: the first byte picks the shape
// (byte % 8: 0 iTunes Search, 1 MusicBrainz, 2 Deezer, 3 Odesli, 4 the Cover Art Archive, 5 the
// answer's status and Retry-After, 6 an image's first bytes, 7 every decoder on the same body);
// the rest is the body. Every song a decoder yields, once `cleaned`, is written as a catalogue
// entry (CatalogueEntry -> CatalogueFile.text) and as a day's track (DayFileEdit.appendTrack),
// and both are read back by JournalCore's own decoding, which must accept them.
import Foundation
@testable import JournalCore
@testable import JournalLookup

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Songs of one body written out and read back: each costs a YAML parse or two.
private let songsRoundTripped = 4
private let dayPath = "content/diary/2026-11-28.md"
private let dayText = "---\ntracks:\n  - title: Already There\n    artist: Someone\n---\n\nA day.\n"
private let decoding = ContentDecoding(markdown: Markdown(unsafeHTML: false), maxTracksPerDay: 0)
/// The genre a build would give a song: a journal with no genres of its own.
private let vocabulary = GenreVocabulary(journalGenres: [], aliases: [:])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    withInput(data, size) { bytes in
        guard let selector = bytes.first else { return }
        fuzzOne(selector % 8, Data(bytes.dropFirst()))
    }
    return 0
}

private func fuzzOne(_ shape: UInt8, _ body: Data) {
    if let problem = LookupBody.problem(in: body) { requireOneLine(problem, "LookupBody.problem") }
    switch shape {
    case 0: itunes(body)
    case 1: musicBrainz(body)
    case 2: deezer(body)
    case 3: odesli(body)
    case 4: coverArt(body)
    case 5: answer(body)
    case 6: image(body)
    default:
        itunes(body)
        musicBrainz(body)
        deezer(body)
        odesli(body)
        coverArt(body)
    }
}

// MARK: The services

private func itunes(_ body: Data) {
    interpret(body, from: .itunes)
    checkSongs(ITunesSearch.songs(from: body), from: "iTunes Search")
}

private func musicBrainz(_ body: Data) {
    interpret(body, from: .musicbrainz)
    for recording in MusicBrainz.recordings(from: body) {
        requireID(recording.id, "a recording's id")
        require(recording.duration.map { $0 > 0 } ?? true, "a recording of \(recording.duration ?? 0) s")
        for release in recording.releases { requireDate(release.date, "a recording's release date") }
        checkGenres(recording.genres)
        for credit in recording.artists { checkGenres(credit.genres) }
        // What enrich makes of a recording: a song by its credited artists.
        let song = FoundSong(
            source: .musicbrainz, title: recording.title, artist: recording.artists.joinedName,
            duration: recording.duration, released: recording.releases.first?.date, ids: ["musicbrainz": recording.id])
        checkSongs([song], from: "MusicBrainz")
    }
    for artist in MusicBrainz.artists(from: body) {
        requireID(artist.id, "an artist's id")
        checkGenres(artist.genres)
    }
    if let release = MusicBrainz.release(from: body) {
        requireID(release.id, "a release's id")
        requireDate(release.date, "a release's date")
        checkGenres(release.genres)
        checkGenres(release.releaseGroupGenres)
    }
}

private func deezer(_ body: Data) {
    interpret(body, from: .deezer)
    var songs = Deezer.songs(from: body)
    if let album = Deezer.album(from: body) {
        requireID(album.id, "an album's id")
        requireDate(album.released, "Deezer's album release date")
        requireURL(album.coverURL, "Deezer's album cover")
        requireURL(album.link, "Deezer's album link")
        // enrich fills a Deezer song's genre and date from its album (ArtistLookup), after cleaning.
        for index in songs.indices {
            songs[index] = songs[index].cleaned
            songs[index].genre = album.genres.first.map(FoundSong.clean)
            if songs[index].released == nil { songs[index].released = album.released }
        }
    }
    checkSongs(songs, from: "Deezer")
    if let error = Deezer.error(in: body), case .other(_, let message) = error {
        require(!message.isEmpty, "a Deezer error without a message")
    }
}

private func odesli(_ body: Data) {
    interpret(body, from: .odesli)
    guard let links = Odesli.links(from: body) else { return }
    for (key, url) in links.links {
        require(Odesli.linkKeys.values.contains(key), "an Odesli link under the unknown key \(shown(key))")
        requireURL(url, "Odesli's \(key) link")
    }
    requireURL(links.thumbnailURL, "Odesli's thumbnail")
    requireURL(links.pageURL, "Odesli's page")
    for (key, id) in links.ids {
        require(["itunes", "deezer", "spotify", "tidal"].contains(key), "an Odesli id under the unknown key \(shown(key))")
        require(!id.isEmpty, "an empty Odesli \(key) id")
    }
    // What `journal add LINK` makes of it when no store knows the song (SongSearch).
    if let title = links.title.map(FoundSong.clean), let artist = links.artistName.map(FoundSong.clean), !title.isEmpty, !artist.isEmpty {
        let song = FoundSong(source: .odesli, title: title, artist: artist, artworkURL: links.thumbnailURL, links: links.links, ids: links.ids)
        checkSongs([song], from: "Odesli")
    }
}

private func coverArt(_ body: Data) {
    interpret(body, from: .coverart)
    for image in CoverArtArchive.images(from: body) {
        requireURL(image.url, "a Cover Art Archive image")
        for (size, url) in image.thumbnails { requireURL(url, "a Cover Art Archive \(size) thumbnail") }
    }
    requireURL(CoverArtArchive.frontImageURL(from: body), "the Cover Art Archive's front cover")
}

// MARK: The answer around the body

/// The first two bytes are a status (0-999), then a Retry-After value up to a line feed, then the body.
private func answer(_ input: Data) {
    let bytes = [UInt8](input)
    guard bytes.count >= 2 else { return }
    let status = (Int(bytes[0]) << 8 | Int(bytes[1])) % 1000
    let rest = bytes.dropFirst(2)
    let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let header = String(decoding: rest[..<end], as: UTF8.self)
    let body = Data(rest[end...].dropFirst())

    var wait: Double?
    if let url = URL(string: "https://example.org/"),
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": header])
    {
        wait = LookupClient.retryAfter(response)
        if let wait {
            require(wait.isFinite && wait >= 0, "Retry-After \(shown(header)) read as \(wait) s")
            // The client says how long a refusing service asks to wait as Int(wait.rounded()).
            require(Int(exactly: wait.rounded()) != nil, "Retry-After \(shown(header)) read as \(wait) s, past any Int")
        }
    }
    for service in LookupService.allCases {
        var interpreted = false
        let attempt = LookupClient.classify(status: status, retryAfter: wait, data: body, name: service.displayName) { data in
            interpreted = true
            return LookupClient.interpretJSON(data, from: service)
        }
        require(interpreted == (200...299).contains(status), "status \(status) was \(interpreted ? "" : "not ")read as a success")
        checkAttempt(attempt, body: body, service: service)
    }
}

private func interpret(_ body: Data, from service: LookupService) {
    checkAttempt(LookupClient.interpretJSON(body, from: service), body: body, service: service)
}

private func checkAttempt(_ attempt: LookupClient.Attempt, body: Data, service: LookupService) {
    switch attempt {
    case .answer(.found(let data)):
        require(data == body, "\(service.displayName): a found answer is not the body")
        require((try? JSONSerialization.jsonObject(with: data)) != nil, "\(service.displayName): a body that is not JSON was found")
    case .answer(.notFound): break
    case .answer(.refused(let reason)), .answer(.unreachable(let reason)), .answer(.invalid(let reason)):
        requireMessage(reason, "\(service.displayName)'s reason")
    case .retry(let reason, let after):
        requireMessage(reason, "\(service.displayName)'s retry reason")
        require(after.map { $0.isFinite && $0 >= 0 } ?? true, "a retry after \(after ?? 0) s")
    }
}

private func image(_ body: Data) {
    guard let kind = ImageKind(sniffing: body) else { return }
    let bytes = [UInt8](body.prefix(12))
    switch kind {
    case .png: require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG that does not start like one")
    case .jpeg: require(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG that does not start like one")
    case .webp: require(bytes.count == 12 && bytes.starts(with: Array("RIFF".utf8)), "a WebP that does not start like one")
    }
    require(["png", "jpg", "webp"].contains(kind.fileExtension), "the extension \(kind.fileExtension)")
}

// MARK: Songs

private func checkSongs(_ songs: [FoundSong], from service: String) {
    let usable = songs.cleaned
    require(usable.count <= songs.count, "\(service): cleaning made songs")
    var written = 0
    for song in songs {
        // The addresses as the decoder gives them: cleaning leaves them alone.
        requireURL(song.artworkURL, "\(service)'s artwork")
        requireURL(song.previewURL, "\(service)'s preview")
        for (key, url) in song.links { requireURL(url, "\(service)'s \(key) link") }
        let clean = song.cleaned
        guard clean.isUsable else { continue }
        for (what, text) in [("title", clean.title), ("artist", clean.artist)] {
            require(!text.isEmpty, "\(service): a usable song with an empty \(what)")
            requireName(text, "\(service)'s \(what)")
        }
        for (what, text) in [("album", clean.album), ("album artist", clean.albumArtist), ("genre", clean.genre)] {
            guard let text else { continue }
            require(!text.isEmpty, "\(service): an empty \(what) kept")
            requireName(text, "\(service)'s \(what)")
        }
        require(clean.duration.map { (1...86_400).contains($0) } ?? true, "\(service): a duration of \(clean.duration ?? 0) s")
        if let released = clean.released {
            require(released.count <= 10 && released.unicodeScalars.allSatisfy { $0 == "-" || ("0"..."9").contains($0) }, "\(service): released \(shown(released))")
        }
        if written < songsRoundTripped {
            written += 1
            roundTrip(clean, from: service)
        }
    }
}

/// The song as `add` and `enrich` write it, in a catalogue file and on a day, read back.
private func roundTrip(_ song: FoundSong, from service: String) {
    let genre = vocabulary.primary(song.genre.map { [$0] } ?? [])
    let artwork = song.artworkURL.flatMap(CatalogueEntry.absoluteURL)
    let entry = CatalogueEntry.song(song, genre: genre, artwork: artwork)
    let album = CatalogueEntry.album(song, genre: genre, artwork: artwork)
    let artist = CatalogueArtist(name: song.artist, songs: [entry], albums: album.map { [$0] } ?? [], sourcePath: "catalogue/a.yaml")
    let text = CatalogueFile.text(artist)
    requireClean(text, "\(service): the catalogue file")
    let read = CatalogueDecoding.artist(text, path: "catalogue/a.yaml", relative: "catalogue/a.yaml")
    let errors = read.diagnostics.filter { $0.severity == .error }
    require(errors.isEmpty, "\(service): a catalogue file the build refuses: \(errors.map(\.description)) in \(shown(text, limit: 3000))")
    if let back = read.value {
        require(back.name == song.artist, "\(service): the artist \(shown(song.artist)) read back as \(shown(back.name))")
        require(back.songs.first?.title == song.title, "\(service): the title \(shown(song.title)) read back as \(shown(back.songs.first?.title ?? "nothing"))")
        require(back.songs.first?.preview == entry.preview, "\(service): the preview read back otherwise")
        require(back.songs.first?.links == entry.links, "\(service): the links read back otherwise")
    } else {
        broken("\(service): a catalogue file with no error and no artist: \(shown(text, limit: 3000))")
    }

    switch DayFileEdit.appendTrack(NewTrackLines(title: song.title, artists: [song.artist]), to: dayText) {
    case .failure(let problem):
        broken("\(service): the day cannot take \(shown(song.title)) by \(shown(song.artist)): \(problem.message)")
    case .success(let day):
        let refused = ImportedDayCheck.problems(in: day, path: dayPath, name: dayPath, maxFileSize: 1 << 30, decoding: decoding)
        require(refused.isEmpty, "\(service): a day the build refuses: \(refused.map(\.description)) in \(shown(day, limit: 2000))")
    }
}

// MARK: Checks

/// A line break a terminal or a YAML file would break at (line feed, CR, NEL, U+2028, U+2029, VT, FF).
private func lineBreak(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
}

/// A service's name for something, cleaned: one line, no control character, no space at its
/// ends, at most the 500 characters `FoundSong.clean` keeps.
private func requireName(_ text: String, _ what: String) {
    requireOneLine(text, what)
    require(text.unicodeScalars.count <= 500, "\(what) of \(text.unicodeScalars.count) scalars")
    require(text == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(what) with a space at an end: \(shown(text))")
}

private func requireOneLine(_ text: String, _ what: String) {
    requireClean(text, what)
    if let scalar = lineBreak(in: text) { broken("\(what) holds the line break U+\(String(scalar.value, radix: 16)): \(shown(text))") }
}

/// A message a writer reads in a terminal, a service's own error text in it included.
private func requireMessage(_ text: String, _ what: String) {
    requireOneLine(text, what)
}

/// An address a decoder gives: absolute http(s) by JournalCore's link check, one line, no
/// control character.
private func requireURL(_ url: String?, _ what: String) {
    guard let url else { return }
    guard case .success(let target) = LinkTarget.check(url), target.kind == .absolute else {
        broken("\(what) \(shown(url)) is refused by LinkTarget.check")
    }
    let lower = url.lowercased()
    require(lower.hasPrefix("http://") || lower.hasPrefix("https://"), "\(what) \(shown(url)) is not http(s)")
    // A host, as the build reads a link (YAMLFields.webLink): what follows `//` up to `/`, `?`, `#`.
    let host = url.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    require(!host.isEmpty, "\(what) \(shown(url)) has no host name")
    requireOneLine(url, what)
}

/// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`: what `calendarDate` promises.
private func requireDate(_ date: String?, _ what: String) {
    guard let date else { return }
    let scalars = Array(date.unicodeScalars)
    let shape: [Bool] = scalars.map { ("0"..."9").contains($0) }
    let ok =
        [4, 7, 10].contains(scalars.count)
        && scalars.indices.allSatisfy { index in index == 4 || index == 7 ? scalars[index] == "-" : shape[index] }
    require(ok, "\(what) \(shown(date)) is not YYYY, YYYY-MM or YYYY-MM-DD")
}

private func requireID(_ id: String, _ what: String) {
    require(!id.isEmpty && id == id.trimmingCharacters(in: .whitespacesAndNewlines), "\(what) \(shown(id))")
}

private func checkGenres(_ genres: [MusicBrainzGenre]) {
    require(genres.allSatisfy { !$0.name.isEmpty }, "a genre without a name")
    require(zip(genres, genres.dropFirst()).allSatisfy { $0.count >= $1.count }, "genres not sorted by votes")
}
