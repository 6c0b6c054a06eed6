import Foundation

/// `journal new`: a new day or playlist file, ready to fill in. It only ever creates a file that
/// does not exist (`O_EXCL`), so it can never overwrite a word of the diary.
public enum NewEntry {
    /// Why no file was written.
    public enum Refusal: Error, Equatable, Sendable {
        /// The date or playlist already has this file.
        case exists(String)
        /// The file could not be created: the path and the system's reason.
        case cannotWrite(String, String)
    }

    /// Writes `content/diary/YYYY/MM/YYYY-MM-DD.md` for `date` and returns its path, relative to
    /// `source` as messages show it. Refused when any file under `content/diary/` already holds
    /// that date: one named for it, or one whose front matter says `date: YYYY-MM-DD`.
    public static func day(_ date: CalendarDate, source: String, config: SiteConfig) throws(Refusal) -> String {
        if let existing = dayFile(for: date, source: source) { throw .exists(display(existing, source: source)) }
        let relative = "content/diary/\(CalendarDate.pad(date.year, 4))/\(CalendarDate.pad(date.month, 2))/\(date.iso).md"
        try create(relative, text: daySkeleton(date, config: config), source: source)
        return display(relative, source: source)
    }

    /// Writes the day file for `date` with one track already in it (`journal add` on a day with
    /// no file), where and as `day` would, and returns its path as messages show it.
    public static func day(_ date: CalendarDate, source: String, config: SiteConfig, firstTrack track: NewTrackLines) throws(Refusal) -> String {
        if let existing = dayFile(for: date, source: source) { throw .exists(display(existing, source: source)) }
        try create(dayPath(date), text: dayText(date, config: config, firstTrack: track), source: source)
        return display(dayPath(date), source: source)
    }

    /// The text `day(_:source:config:firstTrack:)` writes.
    public static func dayText(_ date: CalendarDate, config: SiteConfig, firstTrack track: NewTrackLines) -> String {
        func quoted(_ text: String) -> String { yamlQuoted(ControlCharacters.replaced(in: text)) }
        let artist = track.artists.count == 1 ? quoted(track.artists[0]) : "[" + track.artists.map(quoted).joined(separator: ", ") + "]"
        var lines = [
            "---",
            "# \(date.iso): \(limitText(config)), in the order you played them. Fields: docs/content-format.md.",
            "tracks:",
            "  - title: \(quoted(track.title))",
            "    artist: \(artist)",
        ]
        if let note = track.note { lines.append("    note: \(quoted(note))") }
        lines += ["---", ""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `content/diary/YYYY/MM/YYYY-MM-DD.md`.
    public static func dayPath(_ date: CalendarDate) -> String {
        "content/diary/\(CalendarDate.pad(date.year, 4))/\(CalendarDate.pad(date.month, 2))/\(date.iso).md"
    }

    static func limitText(_ config: SiteConfig) -> String {
        config.maxTracksPerDay == 0 ? "as many tracks as you like" : "up to \(config.maxTracksPerDay) track\(config.maxTracksPerDay == 1 ? "" : "s")"
    }

    /// Writes `content/playlists/SLUG.md` for a playlist called `title` and returns its path.
    public static func playlist(title: String, source: String) throws(Refusal) -> String {
        let relative = "content/playlists/\(Slug.make(title)).md"
        if FileManager.default.fileExists(atPath: join(source, relative)) { throw .exists(display(relative, source: source)) }
        try create(relative, text: playlistSkeleton(title: title), source: source)
        return display(relative, source: source)
    }

    /// The file under `content/diary/` that holds `date`, relative to `source`, if there is one.
    public static func dayFile(for date: CalendarDate, source: String) -> String? {
        dayFiles(source: source)[date]
    }

    /// Every date the diary holds, with its file (relative to `source`): by a file's name, or by
    /// `date:` in the front matter of a file named otherwise. The first file of a date wins.
    static func dayFiles(source: String) -> [CalendarDate: String] {
        var found: [CalendarDate: String] = [:]
        for file in JournalTree(join(source, "content/diary")).files where file.relative.lowercased().hasSuffix(".md") {
            let stem = String((file.relative.split(separator: "/").last ?? "").dropLast(3))
            let relative = "content/diary/" + file.relative
            if let named = CalendarDate(iso: stem) {
                if found[named] == nil { found[named] = relative }
            } else if case .bytes(let bytes) = FileTree.read(join(source, relative), limit: 1 << 20),
                let date = frontMatterDate(bytes), found[date] == nil
            {
                found[date] = relative
            }
        }
        return found
    }

    /// The `date:` of a file's front matter, read as the build reads it (BOM, CRLF, quoted keys,
    /// flow mappings, tags and block scalars alike); nil when there is none or it cannot be read.
    static func frontMatterDate(_ bytes: [UInt8]) -> CalendarDate? {
        guard case .success(let text) = SourceText.decode(bytes, path: ""),
            case .success(let file) = FrontMatter.split(text, path: "")
        else { return nil }
        var reader = YAMLFields(path: "", firstLine: file.yamlFirstLine)
        guard let root = reader.root(of: file.yaml) else { return nil }
        return reader.date(reader.fields(of: root, known: ContentDecoding.dayFields, in: "a diary day")["date"], field: "date")
    }

    static func daySkeleton(_ date: CalendarDate, config: SiteConfig) -> String {
        let limit =
            config.maxTracksPerDay == 0 ? "as many tracks as you like" : "up to \(config.maxTracksPerDay) track\(config.maxTracksPerDay == 1 ? "" : "s")"
        return """
            ---
            # \(date.iso): \(limit), in the order you played them.
            # A track needs a title and an artist; it may also have album, genre, released (a year
            # or a date), duration ("3:41"), artwork, preview (an audio file's URL), links and note.
            # The day may have a title, a mood, tags and draft: true. Fields: docs/content-format.md.
            # Until a track has a title and an artist, the day stays out of the site. Below the
            # closing line: a few words on what made these the songs of the day.
            tracks:
              - title: ""
                artist: ""
                genre: ""
            ---

            """
    }

    static func playlistSkeleton(title: String) -> String {
        """
        ---
        title: \(yamlQuoted(title))
        description: ""
        # A playlist's tracks have the fields of a day's (title and artist required); they are not
        # plays and never count in the statistics. Fields: docs/content-format.md.
        tracks:
          - title: ""
            artist: ""
        ---

        """
    }

    /// `text` as a double-quoted YAML string.
    static func yamlQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // YAML reads these as line breaks inside a quoted value too.
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Creates `relative` under `source` with `text`, making its folders; never replaces a file.
    static func create(_ relative: String, text: String, source: String) throws(Refusal) {
        try create(relative, bytes: Array(text.utf8), source: source)
    }

    static func create(_ relative: String, bytes: [UInt8], source: String) throws(Refusal) {
        let path = join(source, relative)
        let folder = parentFolder(of: path)
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw .cannotWrite(display(relative, source: source), "cannot make its folder")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == EEXIST { throw .exists(display(relative, source: source)) }
            throw .cannotWrite(display(relative, source: source), Platform.describe(reason))
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != bytes.count {
            unlink(path)
            throw .cannotWrite(display(relative, source: source), Platform.describe(errno))
        }
    }

    public static func display(_ relative: String, source: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}
