import Foundation

/// A song as one service describes it, in the journal's terms. Every field but the title and
/// artist may be missing: services give what they have.
public struct FoundSong: Sendable, Equatable, Codable {
    /// The service the description came from.
    public var source: LookupService
    public var title: String
    /// The track's artist as credited (several joined as the service joins them).
    public var artist: String
    public var album: String?
    /// The album's artist when the service names one apart from the track's (a compilation's
    /// "Various Artists"); nil means the track's artist.
    public var albumArtist: String?
    /// The service's own genre name (`K-Pop`, `Hip-Hop/Rap`), not the journal's canonical key.
    public var genre: String?
    /// Length in whole seconds (rounded).
    public var duration: Int?
    /// Release date as `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, as precise as the service is.
    public var released: String?
    /// A cover image of about 600 px or more.
    public var artworkURL: String?
    /// A 30-second preview (AAC or MP3) the service lets anyone play.
    public var previewURL: String?
    /// The track's position on its disc.
    public var trackNumber: Int?
    /// Journal link keys (`apple_music`, `deezer`, `spotify`, ...) to the song's page on that service.
    public var links: [String: String]
    /// The song's ids: `itunes`, `itunes_album`, `itunes_artist`, `deezer`, `deezer_album`,
    /// `deezer_artist`, `isrc`, `musicbrainz` (recording), whichever the service gives.
    public var ids: [String: String]

    public init(
        source: LookupService, title: String, artist: String, album: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, duration: Int? = nil, released: String? = nil, artworkURL: String? = nil,
        previewURL: String? = nil, trackNumber: Int? = nil, links: [String: String] = [:], ids: [String: String] = [:]
    ) {
        self.source = source
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.genre = genre
        self.duration = duration
        self.released = released
        self.artworkURL = artworkURL
        self.previewURL = previewURL
        self.trackNumber = trackNumber
        self.links = links
        self.ids = ids
    }
}

extension FoundSong {
    /// The song with its text fit for a terminal, a day file and a catalogue file (`clean`):
    /// control and line-separator characters become spaces, runs of spaces one, invisible
    /// formatting goes but joiners a script spells with stay, names at most 500 characters; a
    /// duration outside 1 second to a day is no duration. Services' text is anybody's text.
    public var cleaned: FoundSong {
        var song = self
        song.title = Self.clean(title)
        song.artist = Self.clean(artist)
        song.album = album.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.albumArtist = albumArtist.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.genre = genre.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.released = released.flatMap { $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } && $0.count <= 10 ? $0 : nil }
        if let duration, !(1...86_400).contains(duration) { song.duration = nil }
        return song
    }

    /// Whether a service's song can be used at all: it has a title and an artist once cleaned.
    public var isUsable: Bool { !title.isEmpty && !artist.isEmpty }

    /// Service text made safe to show and store, keeping its spelling (docs/content-format.md,
    /// "Filling in songs"). Controls, line and paragraph separators and other whitespace become
    /// one space; private-use, surrogate and unassigned code points go. Invisible format
    /// characters go too, without a space (they sit inside words): bidi embeddings, overrides,
    /// isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), zero width
    /// spaces and word joiners, the soft hyphen, the byte-order mark, interlinear annotations.
    /// What a script needs stays (`scriptFormat`): the zero width non-joiner and joiner between
    /// two letters (Persian `می‌خواهم`, Devanagari `क्‍ष`, emoji `👩‍💻`), and the tag characters of
    /// a flag's emoji tag sequence (`🏴` then tags ending in U+E007F).
    static func clean(_ text: String) -> String {
        let spaced: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        let dropped: Set<Unicode.GeneralCategory> = [.privateUse, .surrogate, .unassigned]
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        // A joiner waits for what follows: kept only between two kept characters.
        var pendingJoiner: Unicode.Scalar?
        // Tag characters wait for their cancel tag, and are kept only after a black flag.
        var pendingTags = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if isTag(scalar) {
                guard pendingTags.isEmpty ? result.last == flagBase && pendingJoiner == nil && !pendingSpace : true else { continue }
                pendingTags.append(scalar)
                if scalar == cancelTag {
                    if pendingTags.count > 2, pendingTags.count <= maxTags {
                        result.append(contentsOf: pendingTags)
                        count += pendingTags.count
                    }
                    pendingTags.removeAll()
                }
                continue
            }
            pendingTags.removeAll()
            let category = scalar.properties.generalCategory
            if spaced.contains(category) || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                pendingJoiner = nil
                continue
            }
            if dropped.contains(category) { continue }
            if category == .format {
                if scriptFormat.contains(scalar.value), !result.isEmpty, !pendingSpace { pendingJoiner = scalar }
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
            } else if let joiner = pendingJoiner {
                result.append(joiner)
                count += 1
            }
            pendingSpace = false
            pendingJoiner = nil
            result.append(scalar)
            count += 1
            if count >= 500 { break }
        }
        return String(result)
    }

    /// Format characters that are part of a script's spelling, kept between two characters:
    /// U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER (Persian, Arabic, the Indic
    /// scripts, emoji sequences), and U+180E, Mongolian's vowel separator.
    static let scriptFormat: Set<UInt32> = [0x200C, 0x200D, 0x180E]

    /// U+1F3F4 WAVING BLACK FLAG, which a subdivision flag's tags follow (🏴 + `gbsct` + cancel).
    static let flagBase: Unicode.Scalar = "\u{1F3F4}"
    static let cancelTag: Unicode.Scalar = "\u{E007F}"
    /// Tags of a flag: a region of up to six letters and digits (`gbeng`, `usca`), then the cancel tag.
    static let maxTags = 8

    static func isTag(_ scalar: Unicode.Scalar) -> Bool {
        (0xE0020...0xE007F).contains(scalar.value)
    }
}

extension Array where Element == FoundSong {
    /// Each song cleaned, the unusable left out.
    public var cleaned: [FoundSong] { map(\.cleaned).filter(\.isUsable) }
}
