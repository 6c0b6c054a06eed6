// Fuzzes Load as JournalLoader.read and ContentDecoding see a content file, and ConfigLoading
// sees journal.yaml: bytes -> SourceText.decode -> removeControlCharacters -> FrontMatter.split
// -> ContentDecoding.day / .playlist / .page (YAML through Yams and libyaml, Markdown bodies and
// track notes through cmark-gfm). An input that does not start with a '---' line is also read
// as journal.yaml by ConfigLoading.decode, which is what the seeds from journal.yaml exercise.
@testable import JournalCore

private let dayPath = "content/diary/2026/09/2026-09-01.md"
private let playlistPath = "content/playlists/fuzz.md"
private let pagePath = "content/pages/fuzz.md"
private let configPath = "journal.yaml"
private let decoding = ContentDecoding(markdown: Markdown(unsafeHTML: false), maxTracksPerDay: 3)
private let nameDate = CalendarDate(iso: "2026-09-01")

private func count(_ byte: UInt8, in bytes: some Sequence<UInt8>) -> Int {
    bytes.reduce(0) { $0 + ($1 == byte ? 1 : 0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    withInput(data, size) { bytes in
        fuzzOne(bytes)
    }
    return 0
}

private func fuzzOne(_ bytes: [UInt8]) {
    // SourceText.decode: UTF-8 or a located diagnostic; CRLF read as LF, lines unchanged.
    var text: String
    switch SourceText.decode(bytes, path: dayPath) {
    case .failure(let diagnostic):
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        require(String(validating: body, as: UTF8.self) == nil, "decode refused valid UTF-8: \(diagnostic)")
        checkDiagnostic(diagnostic, in: nil)
        let lines = count(UInt8(ascii: "\n"), in: bytes) + 1
        require(diagnostic.line <= lines, "invalid-UTF-8 diagnostic on line \(diagnostic.line) of \(lines): \(diagnostic)")
        return
    case .success(let decoded):
        text = decoded
        // Every line ending (LF, CRLF, lone CR) is one LF, and no CR is left (since d457c15).
        var endings = 0
        for index in bytes.indices where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            endings += 1
        }
        require(count(UInt8(ascii: "\n"), in: text.utf8) == endings && count(0x0D, in: text.utf8) == 0,
                "decoding did not make every line ending one LF: \(endings) line endings in, \(count(UInt8(ascii: "\n"), in: text.utf8)) LFs and \(count(0x0D, in: text.utf8)) CRs out")
        require(!text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]),
                "the byte-order mark was kept")
    }

    // removeControlCharacters: reported at the first one, all replaced one for one.
    let before = text
    let scalarsBefore = text.unicodeScalars.count
    let problem = SourceText.removeControlCharacters(&text, path: dayPath)
    require((problem != nil) == (firstForbidden(before) != nil), "removeControlCharacters reported \(problem.map(String.init(describing:)) ?? "nothing") for a text with\(firstForbidden(before) == nil ? "out" : "") control characters")
    require(firstForbidden(text) == nil, "a control character survived removeControlCharacters")
    require(text.unicodeScalars.count == scalarsBefore, "removeControlCharacters changed the number of characters")
    let lines = linesToCheck(text)
    if let problem { checkDiagnostic(problem, in: lines) }

    switch FrontMatter.split(text, path: dayPath) {
    case .failure(let diagnostic):
        checkDiagnostic(diagnostic, in: lines)
        // Not a content file: read it as journal.yaml instead.
        let (config, diagnostics) = ConfigLoading.decode(text, path: configPath, overrides: ConfigOverrides())
        checkDiagnostics(diagnostics, in: lines)
        if let config { checkConfig(config) }
    case .success(let file):
        checkSplit(file, of: text)
        let decodedDay = decoding.day(file, path: dayPath, nameDate: bytes.count % 2 == 0 ? nameDate : nil)
        let (day, dayDiagnostics) = (decodedDay.value, decodedDay.diagnostics)
        checkDiagnostics(dayDiagnostics, in: lines, text: text)
        checkOutcome(day != nil, dayDiagnostics, "day")
        if let day { checkDay(day) }

        let decodedPlaylist = decoding.playlist(file, path: playlistPath, slug: "fuzz")
        let (playlist, playlistDiagnostics) = (decodedPlaylist.value, decodedPlaylist.diagnostics)
        checkDiagnostics(playlistDiagnostics, in: lines, text: text)
        checkOutcome(playlist != nil, playlistDiagnostics, "playlist")
        if let playlist {
            requireClean(playlist.title, "playlist title")
            requireClean(playlist.description, "playlist description")
            playlist.tags.forEach { requireClean($0, "playlist tag") }
            playlist.tracks.forEach(checkTrack)
            checkMarkdownHTML(playlist.bodyHTML, safe: true, what: "playlist body")
        }

        let (page, pageDiagnostics) = decoding.page(file, path: pagePath, slug: "fuzz")
        checkDiagnostics(pageDiagnostics, in: lines, text: text)
        checkOutcome(page != nil, pageDiagnostics, "page")
        if let page {
            requireClean(page.title, "page title")
            checkMarkdownHTML(page.bodyHTML, safe: true, what: "page body")
        }
    }
}

/// The split gives back the text: an opening '---' line, the YAML, a closing '---' line, the body.
private func checkSplit(_ file: FrontMatter, of text: String) {
    require(file.yamlFirstLine == 2, "YAML starts on line \(file.yamlFirstLine)")
    let yamlLines = count(UInt8(ascii: "\n"), in: file.yaml.utf8)
    require(file.bodyFirstLine == yamlLines + 3, "body said to start on line \(file.bodyFirstLine), but the YAML has \(yamlLines) lines")
    require(text.hasSuffix(file.body), "the body is not the end of the file")
    let utf8 = Array(text.utf8)
    let firstEnd = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.count
    require(utf8[(firstEnd + 1)...].starts(with: Array(file.yaml.utf8)), "the YAML does not follow the first line")
    // Lines before the body: the body starts right after the bodyFirstLine - 1'th line feed.
    let bodyStart = utf8.count - file.body.utf8.count
    require(count(UInt8(ascii: "\n"), in: utf8[..<bodyStart]) == file.bodyFirstLine - 1 || (bodyStart == utf8.count && file.body.isEmpty),
            "bodyFirstLine \(file.bodyFirstLine) does not match the line feeds before the body")
}

/// A file is decoded or refused with an error: never dropped in silence, never both.
private func checkOutcome(_ decoded: Bool, _ diagnostics: [Diagnostic], _ what: String) {
    if decoded {
        require(!diagnostics.hasErrors, "a \(what) was decoded despite errors: \(diagnostics.errors.map(\.description))")
    } else {
        require(diagnostics.hasErrors, "no \(what) and no error to say why: \(diagnostics.map(\.description))")
    }
}

private func checkDay(_ day: Day) {
    require(!day.tracks.isEmpty, "a day with no tracks")
    require(day.tracks.count <= 3, "a day with \(day.tracks.count) tracks, over max_tracks_per_day 3")
    requireClean(day.title, "day title")
    requireClean(day.mood, "day mood")
    day.tags.forEach { requireClean($0, "day tag") }
    requireClean(day.summary, "day summary")
    require(day.summary.count <= 201, "summary of \(day.summary.count) characters")
    day.tracks.forEach(checkTrack)
    checkMarkdownHTML(day.bodyHTML, safe: true, what: "day body")
}

private func checkTrack(_ track: Track) {
    require(!track.title.isEmpty, "a track with an empty title")
    require(!track.artists.isEmpty, "a track with no artist")
    requireClean(track.title, "track title")
    track.artists.forEach { requireClean($0, "track artist") }
    requireClean(track.album, "track album")
    track.genres.forEach { requireClean($0, "track genre") }
    if let duration = track.duration { require(duration >= 0, "negative duration \(duration)") }
    if let note = track.noteHTML { checkMarkdownHTML(note, safe: true, what: "track note") }
}

private func checkConfig(_ config: SiteConfig) {
    requireClean(config.title, "config title")
    requireClean(config.description, "config description")
    requireClean(config.author, "config author")
    require(config.baseURL.hasSuffix("/"), "base URL \(shown(config.baseURL)) does not end with /")
    require(config.maxTracksPerDay >= 0 && config.maxTracksPerDay <= 1000, "max_tracks_per_day \(config.maxTracksPerDay)")
    for (key, color) in config.genreColors {
        require(ConfigLoading.isHexColor(color), "genre colour \(shown(color)) for \(shown(key))")
    }
}
