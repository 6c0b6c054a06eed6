import Foundation
import Yams

/// A track to add to a day, as `journal add` knows it.
public struct NewTrackLines: Equatable, Sendable {
    public var title: String
    /// At least one; the first is the primary artist.
    public var artists: [String]
    /// Inline Markdown.
    public var note: String?

    public init(title: String, artists: [String], note: String? = nil) {
        self.title = title
        self.artists = artists
        self.note = note
    }
}

/// Edits of a day file that keep every byte the person wrote: comments, order, quoting, line
/// endings, a byte-order mark and the body stay as they are, and only new lines are inserted.
/// YAML is parsed only to find where things are, and to check the result reads back as
/// intended; the edit itself is done on lines.
public enum DayFileEdit {
    /// Why a file was not edited.
    public enum Problem: Error, Equatable, Sendable {
        /// The file has no front matter, or its YAML cannot be read (the diagnostic says where,
        /// with an empty path).
        case unreadable(Diagnostic)
        /// The front matter has no `tracks:`.
        case noTracks
        /// `tracks:` is written as a flow list (`tracks: [...]`), which cannot grow by adding
        /// lines; `line` is the file's line.
        case flowList(line: Int)
        /// `tracks:` holds something other than a list of tracks.
        case notAList(line: Int)
        /// The list is laid out in a way this edit does not know how to continue.
        case unusualLayout(line: Int)
        /// A title or an artist is blank, or a value holds a control character.
        case invalidValue(String)
        /// The edited text did not read back as the original plus the new track (nothing should
        /// be written).
        case notVerified

        public var message: String {
            switch self {
            case .unreadable(let diagnostic):
                return "cannot read the front matter (line \(diagnostic.line)): \(diagnostic.message)"
            case .noTracks:
                return "the front matter has no 'tracks:' list to add to"
            case .flowList(let line):
                return "'tracks' on line \(line) is written as [ … ]: write one track a line ('- title: …') to add tracks to it"
            case .notAList(let line):
                return "'tracks' on line \(line) is not a list of tracks"
            case .unusualLayout(let line):
                return "the track list is laid out in a way that cannot be continued safely (line \(line)); add the track by hand"
            case .invalidValue(let message):
                return message
            case .notVerified:
                return "the edited file would not read back with the new track; nothing was changed"
            }
        }
    }

    /// `text` (a whole day file) with `track` added as the last item of its `tracks:` list,
    /// indented like the item before it. Values are trimmed, as the build reads them. Appending
    /// is one case of replacing the list: every item kept, then the new one (so the imported
    /// mark goes too, as `replaceTracks` says).
    public static func appendTrack(_ track: NewTrackLines, to text: String) -> Result<String, Problem> {
        replaceTracks(in: text) { count in (0..<count).map(ListItem.existing) + [.new(track)] }
    }

    /// How many tracks the day file `text` lists now, or nil when it cannot be read. A blank
    /// left by `journal new` (nothing filled in) is not a track, as the build reads it.
    public static func trackCount(in text: String) -> Int? {
        guard case .success(let root) = frontMatter(of: text) else { return nil }
        guard let tracks = root.mapping?.first(where: { $0.key.scalar?.string == "tracks" })?.value else { return 0 }
        let reader = YAMLFields(path: "", firstLine: 1)
        return tracks.sequence?.filter { !reader.isBlankTrack($0) }.count ?? 0
    }

    // MARK: Finding the place

    /// The front matter's root mapping, read as the build reads it.
    static func frontMatter(of text: String) -> Result<Node, Problem> {
        guard case .success(let decoded) = SourceText.decode(Array(text.utf8), path: "") else {
            return .failure(.unreadable(Diagnostic(.error, "not UTF-8", path: "")))
        }
        let file: FrontMatter
        switch FrontMatter.split(decoded, path: "") {
        case .failure(let diagnostic): return .failure(.unreadable(diagnostic))
        case .success(let split): file = split
        }
        var reader = YAMLFields(path: "", firstLine: file.yamlFirstLine)
        guard let root = reader.root(of: file.yaml) else {
            return .failure(.unreadable(reader.diagnostics.first ?? Diagnostic(.error, "invalid YAML", path: "")))
        }
        return .success(root)
    }

    /// The index of the line that closes the front matter.
    static func closingLine(_ lines: [DayFileLine]) -> Int {
        lines.indices.dropFirst().first { DayFileLine.isDelimiter(lines[$0].content) } ?? lines.count
    }

    /// The new item: `- title: …` then `artist:` and `note:` under it, or one flow mapping
    /// like the items before it.
    static func itemLines(_ track: NewTrackLines, dashIndent: Int, offset: Int, flow: Bool) -> [String] {
        let artist = track.artists.count == 1 ? quoted(track.artists[0]) : "[" + track.artists.map(quoted).joined(separator: ", ") + "]"
        var fields = [("title", quoted(track.title)), ("artist", artist)]
        if let note = track.note { fields.append(("note", quoted(note))) }
        let dash = String(repeating: " ", count: dashIndent) + "-" + String(repeating: " ", count: offset - 1)
        if flow { return [dash + "{" + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"] }
        let indent = String(repeating: " ", count: dashIndent + offset)
        return fields.enumerated().map { index, field in (index == 0 ? dash : indent) + "\(field.0): \(field.1)" }
    }

    /// A double-quoted YAML string, as `journal new` and `journal import` write values.
    static func quoted(_ text: String) -> String { NewEntry.yamlQuoted(text) }
}

/// One line of a file with what ended it (`\n`, `\r\n`, a lone `\r`, or nothing at the end).
struct DayFileLine {
    var content: String
    var ending: String

    /// Every line of `text`, so that joining them gives `text` back byte for byte.
    static func split(_ text: String) -> [DayFileLine] {
        var lines: [DayFileLine] = []
        var content = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\n" {
                lines.append(DayFileLine(content: String(content), ending: "\n"))
                content = String.UnicodeScalarView()
            } else if scalar == "\r" {
                if pending == "\n" {
                    pending = scalars.next()
                    lines.append(DayFileLine(content: String(content), ending: "\r\n"))
                } else {
                    lines.append(DayFileLine(content: String(content), ending: "\r"))
                }
                content = String.UnicodeScalarView()
            } else {
                content.append(scalar)
            }
        }
        if !content.isEmpty || lines.isEmpty { lines.append(DayFileLine(content: String(content), ending: "")) }
        return lines
    }

    /// The character at a YAML mark (its line counted from the front matter's first line, which
    /// is the file's second).
    static func scalar(at mark: Mark, in lines: [DayFileLine]) -> Unicode.Scalar? {
        guard mark.line < lines.count, mark.column >= 1 else { return nil }
        return lines[mark.line].content.unicodeScalars.dropFirst(mark.column - 1).first
    }

    static func indentation(_ content: String) -> Int { content.unicodeScalars.prefix { $0 == " " }.count }
    static func isBlank(_ content: String) -> Bool { content.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }
    static func isComment(_ content: String) -> Bool { content.unicodeScalars.drop { $0 == " " || $0 == "\t" }.first == "#" }
    static func isDelimiter(_ content: String) -> Bool {
        content.hasPrefix("---") && content.unicodeScalars.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The dash's indentation when `prefix` (what comes before an item) is `  - `.
    static func dashPrefix(_ prefix: [Unicode.Scalar]) -> Int? {
        let indent = prefix.prefix { $0 == " " }.count
        guard indent < prefix.count, prefix[indent] == "-", prefix.count > indent + 1,
            prefix[(indent + 1)...].allSatisfy({ $0 == " " })
        else { return nil }
        return indent
    }

    /// `  -` alone, perhaps with a comment.
    static func isBareDash(_ content: String) -> Bool {
        let rest = content.unicodeScalars.drop { $0 == " " }
        guard rest.first == "-" else { return false }
        let after = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        return after.isEmpty || after.first == "#"
    }

    /// `tracks:` with nothing after it but perhaps a comment.
    static func isKeyOnly(_ content: String) -> Bool {
        guard let colon = content.firstIndex(of: ":") else { return false }
        let after = content[content.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return after.isEmpty || after.first == "#"
    }
}
