import JournalCore

/// Whether a service's song is the journal's (docs/content-format.md, "Filling in songs"): the
/// names must match after normalising, and the lengths too when both are known. A near miss is
/// never taken: a wrong genre or cover is worse than none.
public enum SongMatch {
    /// Seconds two lengths of one recording may differ by (services round differently, some count
    /// a second of silence).
    public static let durationTolerance = 5

    public enum Verdict: Equatable, Sendable {
        case match
        /// The names match but the lengths do not: another recording (a live or remixed one).
        case otherLength
        case different
    }

    /// `found` against the journal's song by `artist` called `title`, `duration` seconds long if known.
    public static func judge(_ found: FoundSong, artist: String, title: String, duration: Int?) -> Verdict {
        guard sameTitle(found.title, title), sameArtist(found.artist, artist) else { return .different }
        if let duration, let other = found.duration, abs(duration - other) > durationTolerance { return .otherLength }
        return .match
    }

    /// The best of `candidates` for the song, or why there is none: the first that matches (the
    /// service's own order is its relevance), preferring one on `album` when the journal names it.
    public static func best(_ candidates: [FoundSong], artist: String, title: String, album: String?, duration: Int?) -> (FoundSong?, Verdict) {
        let judged = candidates.map { ($0, judge($0, artist: artist, title: title, duration: duration)) }
        let matches = judged.filter { $0.1 == .match }.map(\.0)
        if let album, let onAlbum = matches.first(where: { $0.album.map { sameTitle($0, album) } ?? false }) { return (onAlbum, .match) }
        if let first = matches.first { return (first, .match) }
        return (nil, judged.contains { $0.1 == .otherLength } ? .otherLength : .different)
    }

    static func sameTitle(_ a: String, _ b: String) -> Bool {
        titleKey(a) == titleKey(b)
    }

    /// The whole credit matches, or the journal's artist is one of the service's credited artists
    /// (the store credits `NewJeans & X` where the journal says `NewJeans`). Never the other way:
    /// `Earth, Wind & Fire` in the journal is not the store's `Earth`.
    static func sameArtist(_ found: String, _ journal: String) -> Bool {
        let wanted = nameKey(journal)
        if nameKey(found) == wanted { return true }
        return credits(found).contains { nameKey($0) == wanted }
    }

    /// A name without case, spaces, punctuation or invisible formatting: services write `AC/DC`
    /// and `AC DC`, `Hype-Boy`, and a Persian word with a zero width non-joiner or a space where
    /// the journal has the other (`می‌خواهم`, `می خواهم`).
    static func nameKey(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format, .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return scalars.isEmpty ? name.lowercased() : String(scalars)
    }

    /// `A, B & C feat. D` → A, B, C, D.
    static func credits(_ credit: String) -> [String] {
        var parts = [credit]
        for separator in [" feat. ", " featuring ", " ft. ", " with ", " & ", ", ", " x ", " X ", " and "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A title without what services add to it that names the same recording: `(feat. X)`,
    /// `[Remastered 2011]`, `- 2015 Remaster`, `(Radio Edit)`, `(Album Version)`. What names another
    /// recording (`(Live)`, `(Acoustic Version)`, `(Remix)`) stays, so it does not match.
    static func titleKey(_ title: String) -> String {
        var text = title.lowercased()
        let noise = [
            "feat", "ft.", "with ", "remaster", "radio edit", "single edit", "album version", "single version",
            "original version", "mono", "stereo", "bonus track", "from ",
        ]
        for (open, close) in [("(", ")"), ("[", "]")] {
            while let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) {
                let inside = String(text[start.upperBound..<end.lowerBound])
                guard noise.contains(where: { inside.contains($0) }) else { break }
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        if let dash = text.range(of: " - "), noise.contains(where: { text[dash.upperBound...].contains($0) }) {
            text = String(text[..<dash.lowerBound])
        }
        return nameKey(text)
    }
}
