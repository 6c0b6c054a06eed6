import Foundation
import Yams

/// One content file as decoded: its value when the file had no error, every problem found in it,
/// and the site paths it gives as images, which Load checks once it has listed `static/`.
struct DecodedFile<Value: Sendable>: Sendable {
    var value: Value?
    var diagnostics: [Diagnostic]
    var images: [StaticImageUse] = []
    /// Not to be kept for the next load (a Markdown parse did not finish in time).
    var transient = false
}

extension YAMLFields {
    /// What was decoded, with every problem found on the way.
    func decoded<Value>(_ value: Value?) -> DecodedFile<Value> {
        DecodedFile(value: value, diagnostics: diagnostics, images: images, transient: parseUnfinished)
    }
}

/// Decodes the three kinds of content file (a day, a playlist, a page: docs/content-format.md) from their front matter and body.
struct ContentDecoding: Sendable {
    var markdown: Markdown
    var maxTracksPerDay: Int

    static let dayFields = ["date", "title", "tracks", "tags", "mood", "draft", "source"]
    static let playlistFields = ["title", "description", "cover", "created", "updated", "tags", "tracks", "draft"]
    static let pageFields = ["title", "draft"]

    /// A diary day. `nameDate` is the date in the file name, if it is named `YYYY-MM-DD.md`.
    func day(_ file: FrontMatter, path: String, nameDate: CalendarDate?) -> DecodedFile<Day> {
        var reader = YAMLFields(path: path, firstLine: file.yamlFirstLine)
        guard let root = reader.root(of: file.yaml) else { return DecodedFile(value: nil, diagnostics: reader.diagnostics) }
        let fields = reader.fields(of: root, known: Self.dayFields, in: "a diary day")

        var date = reader.date(fields["date"], field: "date")
        if let named = nameDate, let written = date, named != written {
            reader.error("'date' is \(written.iso) but the file is named \(named.iso).md: they must agree", at: fields["date"])
            date = nil
        } else if date == nil, reader.isMissing(fields["date"]) {
            if let named = nameDate {
                date = named
            } else {
                reader.error("missing required field 'date' (or name the file YYYY-MM-DD.md)", at: root)
            }
        }
        let title = reader.string(fields["title"], field: "title")
        let tags = reader.tags(fields["tags"])
        let mood = reader.string(fields["mood"], field: "mood")
        let draft = reader.bool(fields["draft"], field: "draft") ?? false
        // Where an imported or synced day came from; only `journal status` reads it.
        let source = reader.string(fields["source"], field: "source")
        let tracks = reader.tracks(fields, owner: root, in: "a diary day", markdown: markdown)
        // Blanks left by `journal new` are not tracks: a day holding only those is not written yet.
        let written = fields["tracks"]?.sequence.map { $0.filter { !reader.isBlankTrack($0) } } ?? []
        var unwritten = false
        if tracks != nil, let node = fields["tracks"], let count = node.sequence?.count {
            if count == 0 {
                reader.error("'tracks' must list at least one track", at: node)
            } else if written.isEmpty {
                unwritten = true
                reader.warning(
                    "no track filled in yet: this day stays out of the site (and out of `journal status`) until one has a title and an artist", at: node)
            } else if maxTracksPerDay > 0, written.count > maxTracksPerDay {
                reader.error(
                    "a day lists at most \(maxTracksPerDay) track\(maxTracksPerDay == 1 ? "" : "s") (max_tracks_per_day), this one lists \(written.count)",
                    at: written[maxTracksPerDay])
            }
        }
        let body = reader.body(file.body, firstLine: file.bodyFirstLine, markdown: markdown)
        guard !reader.diagnostics.hasErrors, !unwritten, let date, let tracks else {
            return reader.decoded(Optional<Day>.none)
        }
        let day = Day(
            date: date, title: title, tracks: tracks, tags: tags, mood: mood, draft: draft,
            bodyHTML: body.html, summary: Self.summary(body.firstParagraph), sourcePath: path, source: source)
        return reader.decoded(day)
    }

    func playlist(_ file: FrontMatter, path: String, slug: String) -> DecodedFile<Playlist> {
        var reader = YAMLFields(path: path, firstLine: file.yamlFirstLine)
        guard let root = reader.root(of: file.yaml) else { return DecodedFile(value: nil, diagnostics: reader.diagnostics) }
        let fields = reader.fields(of: root, known: Self.playlistFields, in: "a playlist")
        let title = reader.requiredString(fields, "title", in: "a playlist", owner: root)
        let description = reader.string(fields["description"], field: "description")
        let cover = reader.image(fields["cover"], field: "cover")
        let created = reader.date(fields["created"], field: "created")
        let updated = reader.date(fields["updated"], field: "updated")
        if let created, let updated, updated < created {
            reader.warning("'updated' (\(updated.iso)) is before 'created' (\(created.iso))", at: fields["updated"])
        }
        let tags = reader.tags(fields["tags"])
        let draft = reader.bool(fields["draft"], field: "draft") ?? false
        let tracks = reader.tracks(fields, owner: root, in: "a playlist", markdown: markdown)
        // `journal new playlist`'s skeleton: blanks only, so nothing to publish yet.
        var unwritten = false
        if tracks?.isEmpty == true, let node = fields["tracks"], let items = node.sequence, !items.isEmpty, items.allSatisfy(reader.isBlankTrack) {
            unwritten = true
            reader.warning("no track filled in yet: this playlist stays out of the site until one has a title and an artist", at: node)
        }
        let body = reader.body(file.body, firstLine: file.bodyFirstLine, markdown: markdown)
        guard !reader.diagnostics.hasErrors, !unwritten, let title, let tracks else {
            return reader.decoded(Optional<Playlist>.none)
        }
        let playlist = Playlist(
            slug: slug, title: title, description: description, cover: cover, created: created,
            updated: updated, tags: tags, tracks: tracks, draft: draft, bodyHTML: body.html,
            sourcePath: path)
        return reader.decoded(playlist)
    }

    func page(_ file: FrontMatter, path: String, slug: String) -> (Page?, [Diagnostic]) {
        var reader = YAMLFields(path: path, firstLine: file.yamlFirstLine)
        guard let root = reader.root(of: file.yaml) else { return (nil, reader.diagnostics) }
        let fields = reader.fields(of: root, known: Self.pageFields, in: "a page")
        let title = reader.requiredString(fields, "title", in: "a page", owner: root)
        let draft = reader.bool(fields["draft"], field: "draft") ?? false
        let body = reader.body(file.body, firstLine: file.bodyFirstLine, markdown: markdown)
        guard !reader.diagnostics.hasErrors, let title else { return (nil, reader.diagnostics) }
        return (Page(slug: slug, title: title, draft: draft, bodyHTML: body.html, sourcePath: path), reader.diagnostics)
    }

    /// The opening of a text, cut at a word boundary near 200 characters.
    static func summary(_ text: String, limit: Int = 200) -> String {
        // Runs of white space become one space, without splitting into Characters: this runs
        // for every day of the journal.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace =
                scalar.isASCII
                ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar.value == 0x0B || scalar.value == 0x0C
                : scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { bytes += scalar.utf8 }
        }
        let collapsed = String(decoding: bytes, as: UTF8.self)
        // Characters are counted only as far as the limit.
        guard collapsed.utf8.count > limit,
            let end = collapsed.index(collapsed.startIndex, offsetBy: limit, limitedBy: collapsed.endIndex),
            end < collapsed.endIndex
        else { return collapsed }
        var cut = collapsed[..<end]
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = cut[..<space]
        }
        return cut.trimmingCharacters(in: summaryTrim) + "…"
    }

    private static let summaryTrim = CharacterSet.punctuationCharacters.union(.whitespaces)
}
