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
    /// The song with its text fit for a terminal, a day file and a catalogue file: control,
    /// format and line-separator characters become spaces, runs of spaces one, names at most 500
    /// characters; a duration outside 1 second to a day is no duration. Services' text is
    /// anybody's text.
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

    static func clean(_ text: String) -> String {
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned]
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if unsafe.contains(scalar.properties.generalCategory) || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
            if result.count >= 500 { break }
        }
        return String(result)
    }
}

extension Array where Element == FoundSong {
    /// Each song cleaned, the unusable left out.
    public var cleaned: [FoundSong] { map(\.cleaned).filter(\.isUsable) }
}
