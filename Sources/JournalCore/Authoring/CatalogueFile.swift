import Foundation

/// Writes a catalogue file (docs/content-format.md, "The song catalogue"): the text of an artist's
/// entry, what a lookup may add to it, and the file written whole or not at all.
public enum CatalogueFile {
    /// The file's text, in the layout `journal add` and `journal enrich` write.
    public static func text(_ artist: CatalogueArtist) -> String {
        var lines = [
            "# What this journal knows about \(ControlCharacters.replaced(in: artist.name))'s songs, for every day that plays them.",
            "# Written by `journal add` and `journal enrich`; correct or add anything: a value here is never",
            "# replaced by a lookup. This file is rewritten in this layout, so keep notes in your diary.",
            "artist: \(scalar(artist.name))",
        ]
        if !artist.also.isEmpty { lines.append("also: [" + artist.also.map { flowScalar($0) }.joined(separator: ", ") + "]") }
        if let genre = genres(artist.genres) { lines.append("genre: \(genre)") }
        lines += ids(artist.ids, indent: "")
        if !artist.songs.isEmpty {
            lines.append("songs:")
            for song in artist.songs { lines += songLines(song) }
        }
        if !artist.albums.isEmpty {
            lines.append("albums:")
            for album in artist.albums { lines += albumLines(album) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A catalogue file `journal add` and `journal enrich` write is at most this many bytes (the
    /// build reads up to 4 MiB): past it, the artist's songs go on in another file.
    public static let splitSize = 1 << 20

    /// The bytes `song` takes in a file's `songs:` list.
    public static func size(of song: CatalogueSong) -> Int { songLines(song).reduce(0) { $0 + $1.utf8.count + 1 } }

    /// The bytes `album` takes in a file's `albums:` list.
    public static func size(of album: CatalogueAlbum) -> Int { albumLines(album).reduce(0) { $0 + $1.utf8.count + 1 } }

    static func songLines(_ song: CatalogueSong) -> [String] {
        var fields: [String] = []
        if !song.credits.isEmpty { fields.append("credits: [" + song.credits.map { flowScalar($0) }.joined(separator: ", ") + "]") }
        if let album = song.album { fields.append("album: \(scalar(album))") }
        if let genre = genres(song.genres) { fields.append("genre: \(genre)") }
        if let duration = song.duration { fields.append("duration: \"\(DurationFormat.string(seconds: duration))\"") }
        if let released = song.released { fields.append("released: \(released.text)") }
        if let artwork = song.artwork { fields.append("artwork: \(scalar(artwork.text))") }
        if let preview = song.preview { fields.append("preview: \(scalar(preview.text))") }
        if !song.links.isEmpty {
            fields.append("links:")
            for link in song.links { fields.append("  \(link.service.rawValue): \(scalar(link.url.text))") }
        }
        fields += ids(song.ids, indent: "")
        return ["  - title: \(scalar(song.title))"] + fields.map { "    " + $0 }
    }

    static func albumLines(_ album: CatalogueAlbum) -> [String] {
        var fields: [String] = []
        if let genre = genres(album.genres) { fields.append("genre: \(genre)") }
        if let released = album.released { fields.append("released: \(released.text)") }
        if let artwork = album.artwork { fields.append("artwork: \(scalar(artwork.text))") }
        fields += ids(album.ids, indent: "")
        return ["  - title: \(scalar(album.title))"] + fields.map { "    " + $0 }
    }

    static func genres(_ genres: [String]) -> String? {
        switch genres.count {
        case 0: return nil
        case 1: return scalar(genres[0])
        default: return "[" + genres.map { flowScalar($0) }.joined(separator: ", ") + "]"
        }
    }

    static func ids(_ ids: [String: String], indent: String) -> [String] {
        guard !ids.isEmpty else { return [] }
        return [indent + "ids:"]
            + ids.sorted { $0.key < $1.key }.map { indent + "  \($0.key): \(NewEntry.yamlQuoted(ControlCharacters.replaced(in: $0.value)))" }
    }

    /// A value written plain when YAML reads it back as the same text, else double-quoted.
    static func scalar(_ text: String) -> String {
        let clean = ControlCharacters.replaced(in: text)
        return isPlain(clean, inFlow: false) ? clean : NewEntry.yamlQuoted(clean)
    }

    static func flowScalar(_ text: String) -> String {
        let clean = ControlCharacters.replaced(in: text)
        return isPlain(clean, inFlow: true) ? clean : NewEntry.yamlQuoted(clean)
    }

    static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    static func isPlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        // Line and paragraph separators, format and private-use characters: YAML may read them as
        // breaks or refuse them, quoted they are safe.
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned]
        if text.unicodeScalars.contains(where: { unsafe.contains($0.properties.generalCategory) || $0 == "\t" }) { return false }
        if first == " " || last == " " || reservedWords.contains(text.lowercased()) { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") || text.contains("\n") { return false }
        if inFlow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        // Numbers stay text when read, but a reader should not have to know that.
        if Double(text) != nil || text.allSatisfy({ $0.isNumber || $0 == ":" || $0 == "." }) { return false }
        return true
    }

    /// The first problem the build would find in `text` as a catalogue file, or nil when it reads
    /// back clean: checked before a file is written, so a lookup can never leave the journal
    /// unbuildable.
    public static func problem(in text: String, path: String) -> Diagnostic? {
        let size = text.utf8.count
        if size > JournalLoader.maxCatalogueFileSize {
            return Diagnostic(
                .error, "the file would be \(size) bytes, over the limit of \(JournalLoader.maxCatalogueFileSize) for a catalogue file", path: path)
        }
        var text = text
        if let problem = SourceText.removeControlCharacters(&text, path: path) { return problem }
        return CatalogueDecoding.artist(text, path: path, relative: path).diagnostics.sortedForDisplay().first
    }

    // MARK: Files

    /// Where a new artist's file goes: `catalogue/SLUG.yaml`, numbered past names already taken.
    public static func newPath(for artist: String, taken: Set<String>) -> String {
        let base = Slug.make(artist)
        var candidate = "catalogue/\(base).yaml"
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "catalogue/\(base)-\(number).yaml"
            number += 1
        }
        return candidate
    }

    public enum WriteProblem: Error, Equatable, Sendable, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Writes `text` to `relative` under `source` whole: a hidden temporary file beside it, synced,
    /// then renamed over it, so a killed run leaves the old file or the new one, never half of one.
    public static func save(_ text: String, to relative: String, source: String) throws(WriteProblem) {
        let path = join(source, relative)
        let folder = parentFolder(of: path)
        let display = NewEntry.display(relative, source: source)
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: display, reason: "cannot make its folder")
        }
        try writeAtomically(Array(text.utf8), to: path, display: display)
    }

    /// Removes the temporary files a killed run left in `folder` and the folders below it
    /// (`.NAME.tmp-PID`, whose process is gone); a running one's are left alone.
    public static func removeLeftovers(under folder: String) {
        guard let names = FileManager.default.enumerator(atPath: folder) else { return }
        while let relative = names.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards),
                let pid = Int32(name[marker.upperBound...]), pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(join(folder, relative)) }
        }
    }

    /// The bytes at `path`, written through a hidden temporary file and a rename. A link is
    /// written through (the file it names is replaced, the link stays), and a file keeps its
    /// permissions and owner; a file that may not be written is refused, not replaced.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, display: String) throws(WriteProblem) {
        let target = Platform.realPath(path) ?? path
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists, access(target, W_OK) != 0 { throw .cannotWrite(path: display, reason: "the file may not be written (\(Platform.describe(errno)))") }
        let mode = exists ? mode_t(existing.st_mode & 0o7777) : 0o644
        let folder = parentFolder(of: target)
        let name = (target as NSString).lastPathComponent
        let temporary = join(folder.isEmpty ? "." : folder, ".\(name).tmp-\(getpid())")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .cannotWrite(path: display, reason: Platform.describe(errno)) }
        // The mode as it was, whatever the umask; the owner too where the system allows it.
        _ = fchmod(descriptor, mode)
        if exists { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, target) == 0 else {
            let reason = Platform.describe(errno)
            unlink(temporary)
            throw .cannotWrite(path: display, reason: reason)
        }
    }
}
