import Yams

extension YAMLFields {
    static let trackFields = ["title", "artist", "album", "genre", "duration", "released", "artwork", "preview", "links", "note"]

    /// The `tracks:` list of a day or playlist; nil if it is missing or not a list.
    mutating func tracks(_ fields: [String: Node], owner: Node, in what: String, markdown: Markdown) -> [Track]? {
        guard let node = fields["tracks"], !isMissing(node) else {
            error("missing required field 'tracks' in \(what)", at: owner)
            return nil
        }
        guard let sequence = node.sequence else {
            error("'tracks' must be a list of tracks, found \(describe(node))", at: node)
            return nil
        }
        var tracks: [Track] = []
        // A blank (`journal new`'s `- title: ""`, nothing filled in) is skipped without a word;
        // the others keep their numbers as written, so messages count as the writer does.
        for (index, item) in sequence.enumerated() where !isBlankTrack(item) {
            if let track = track(item, number: index + 1, markdown: markdown) { tracks.append(track) }
        }
        return tracks
    }

    /// A track not yet filled in (docs/content-format.md, "Days"): a mapping whose every value
    /// is empty, null or only spaces, the way `journal new` leaves one. Anything written in any
    /// field makes it a track, checked like every other.
    func isBlankTrack(_ node: Node) -> Bool {
        // `- {}` names no field at all: not a skeleton's blank, but a track missing its title.
        guard let mapping = node.mapping, !mapping.isEmpty else { return false }
        return mapping.allSatisfy { _, value in
            guard let scalar = value.scalar else { return false }
            return isNull(scalar) || scalar.string.allSatisfy(\.isWhitespace)
        }
    }

    /// The fields of an entry of a list (`track 2`, `song 3`), which must be a mapping: nil, with
    /// an error naming the fields it needs at the least (`'title' and 'artist'`), when it is not.
    mutating func entryFields(of node: Node, known: [String], in what: String, needing needed: String) -> [String: Node]? {
        guard node.mapping != nil else {
            error("\(what) must be a mapping with at least \(needed), found \(describe(node))", at: node)
            return nil
        }
        return fields(of: node, known: known, in: what)
    }

    mutating func track(_ node: Node, number: Int, markdown: Markdown) -> Track? {
        let what = "track \(number)"
        guard let fields = entryFields(of: node, known: Self.trackFields, in: what, needing: "'title' and 'artist'") else { return nil }
        let title = requiredString(fields, "title", in: what, owner: node)
        var artists: [String] = []
        if isMissing(fields["artist"]) {
            error("missing required field 'artist' in \(what)", at: node)
        } else {
            artists = stringList(fields["artist"], field: "artist")
            if artists.isEmpty, let artistNode = fields["artist"] {
                if artistNode.sequence != nil {
                    error("'artist' must name at least one artist", at: artistNode)
                } else if artistNode.scalar != nil {
                    error("'artist' must not be empty", at: artistNode)
                }
            }
        }
        let album = string(fields["album"], field: "album")
        let genres = stringList(fields["genre"], field: "genre")
        let duration = duration(fields["duration"])
        let released = released(fields["released"])
        let artwork = image(fields["artwork"], field: "artwork")
        let preview = url(fields["preview"], field: "preview")
        let links = links(fields["links"])
        var noteHTML: String?
        if let note = string(fields["note"], field: "note") {
            noteHTML = body(note, firstLine: location(of: fields["note"]).line, markdown: markdown).html
        }
        guard let title, !artists.isEmpty else { return nil }
        var track = Track(
            title: title, artists: artists, album: album, genres: genres, duration: duration,
            released: released, artwork: artwork, preview: preview, links: links, noteHTML: noteHTML)
        // One string may credit several artists: split once every artist's name is known (`ArtistNaming`).
        track.artistIsCredit = fields["artist"]?.scalar != nil
        return track
    }

    mutating func duration(_ node: Node?) -> Int? {
        guard let text = string(node, field: "duration") else { return nil }
        guard let seconds = DurationFormat.seconds(from: text) else {
            error("invalid duration '\(text)': write m:ss (3:41), h:mm:ss (1:02:03) or whole seconds (221)", at: node)
            return nil
        }
        return seconds
    }

    mutating func released(_ node: Node?) -> ReleaseDate? {
        guard let text = string(node, field: "released") else { return nil }
        if text.count == 4, let year = Int(text), year > 0 { return .year(year) }
        if let date = CalendarDate(iso: text) { return .date(date) }
        error("invalid release date '\(text)': write a year (2022) or a date (2022-08-01)", at: node)
        return nil
    }

    mutating func links(_ node: Node?) -> [TrackLink] {
        guard let node, !isMissing(node) else { return [] }
        guard node.mapping != nil else {
            error("'links' must be a mapping like 'spotify: https://...', found \(describe(node))", at: node)
            return []
        }
        let fields = fields(of: node, known: TrackLink.Service.allCases.map(\.rawValue), in: "links")
        return TrackLink.Service.allCases.compactMap { service in
            webLink(fields[service.rawValue], field: "links.\(service.rawValue)", allowSitePath: service == .other)
                .map { TrackLink(service: service, url: $0) }
        }
    }

    /// A cmark-gfm position (line, byte column) as a diagnostic's (line, column in Unicode
    /// scalars), kept inside the text: a lazy continuation line can report a column past its end.
    static func scalarPosition(line: Int, byteColumn: Int, in text: String) -> (Int, Int) {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let index = min(max(line, 1), max(lines.count, 1)) - 1
        guard index < lines.count else { return (1, 1) }
        let bytes = lines[index].prefix(max(0, byteColumn - 1))
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
        return (index + 1, scalars + 1)
    }

    /// Why a text was not parsed, and what to do.
    static func message(_ failure: MarkdownParseQueue.Failure, budget: Duration) -> String {
        let seconds = Double(budget.components.seconds) + Double(budget.components.attoseconds) / 1e18
        let limit = String(format: "%g", seconds)
        switch failure {
        case .overBudget:
            return
                "the Markdown parser ran for over \(limit) s on this text, where any file takes well under one, and was left to finish unseen: split the file, or simplify its longest table, list or quote, and please report it"
        case .busy(let other):
            return "not parsed: the Markdown parser is still busy with \(other), which ran for over \(limit) s; this file is parsed once that one is fixed"
        }
    }

    /// Renders Markdown that starts on file line `firstLine`, refusing unsafe link schemes and,
    /// before parsing, text that would make the parser super-linear (`MarkdownBounds`).
    mutating func body(_ text: String, firstLine: Int, markdown: Markdown) -> Markdown.Output {
        let problems = MarkdownBounds.check(text)
        for problem in problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: path, line: firstLine + problem.line - 1, column: problem.column))
        }
        guard problems.isEmpty else { return Markdown.Output(html: "", firstParagraph: "", destinations: []) }
        let output: Markdown.Output
        switch markdown.render(text, path: path) {
        case .success(let rendered):
            output = rendered
        case .failure(let failure):
            parseUnfinished = true
            diagnostics.append(Diagnostic(.error, Self.message(failure, budget: markdown.queue.budget), path: path, line: firstLine, column: 1))
            return Markdown.Output(html: "", firstParagraph: "", destinations: [])
        }
        for destination in output.destinations {
            if case .failure(let problem) = LinkTarget.check(destination.url, allowMailto: true), problem != .empty {
                let what = destination.isImage ? "image source" : "link"
                let (line, column) = Self.scalarPosition(line: destination.line, byteColumn: destination.column, in: text)
                diagnostics.append(
                    Diagnostic(
                        .error, problem.message(for: "\(what) '\(destination.url)'", allowMailto: true),
                        path: path, line: firstLine + line - 1, column: column))
            }
        }
        return output
    }
}
