/// One song as written in a day's or a playlist's `tracks:` list (docs/content-format.md, "A track").
public struct Track: Hashable, Sendable {
    public var title: String
    /// Never empty; the first is the primary artist.
    public var artists: [String]
    public var album: String?
    /// As written; the first is the primary genre. Empty: the track has no genre.
    public var genres: [String]
    /// Length in seconds.
    public var duration: Int?
    public var released: ReleaseDate?
    /// A checked URL or site path.
    public var artwork: LinkTarget?
    public var preview: LinkTarget?
    /// In the fixed order of `TrackLink.Service`.
    public var links: [TrackLink]
    /// The note rendered from inline Markdown, HTML.
    public var noteHTML: String?
    /// The genres are not written on this track but known from its song, album or artist
    /// (docs/content-format.md, "Songs are remembered"): they count, but do not decide how a
    /// genre's name is spelled.
    public var genresInherited = false
    /// `artist` was written as one string, a credit that may name several artists: Load splits
    /// it (`ArtistCredit`) once it knows every artist's name, and then sets this false.
    public var artistIsCredit = false
    /// The credit as written, when Load split it into more than one artist (`A & B`): what
    /// `journal enrich` asks MusicBrainz about (docs/content-format.md, "Artist credits").
    public var credit: String?

    public init(
        title: String, artists: [String], album: String? = nil, genres: [String] = [],
        duration: Int? = nil, released: ReleaseDate? = nil, artwork: LinkTarget? = nil,
        preview: LinkTarget? = nil, links: [TrackLink] = [], noteHTML: String? = nil
    ) {
        self.title = title
        self.artists = artists
        self.album = album
        self.genres = genres
        self.duration = duration
        self.released = released
        self.artwork = artwork
        self.preview = preview
        self.links = links
        self.noteHTML = noteHTML
    }

    public var primaryArtist: String { artists.first ?? "" }
    /// The genre this track's plays count under, before aliases and case folding; nil when the
    /// track has none (its plays count as "No genre").
    public var primaryGenre: String? { genres.first }
}

/// `released:` is a year or a full date.
public enum ReleaseDate: Hashable, Sendable {
    case year(Int)
    case date(CalendarDate)

    public var year: Int {
        switch self {
        case .year(let year): return year
        case .date(let date): return date.year
        }
    }

    /// As a file writes it: `2022` or `2022-08-01`.
    public var text: String {
        switch self {
        case .year(let year): return String(year)
        case .date(let date): return date.iso
        }
    }
}

/// A link out to a music service.
public struct TrackLink: Hashable, Sendable {
    /// In the order a track's links are shown: the services people use everywhere, then
    /// Korea's (Melon, Genie, Bugs, FLO, VIBE), then any other link.
    public enum Service: String, CaseIterable, Sendable {
        case appleMusic = "apple_music"
        case youtubeMusic = "youtube_music"
        case spotify
        case youtube
        case bandcamp
        case soundcloud
        case lastfm
        case musicbrainz
        case tidal
        case deezer
        case melon
        case genie
        case bugs
        case flo
        case vibe
        case other

        public var displayName: String {
            switch self {
            case .appleMusic: return "Apple Music"
            case .youtubeMusic: return "YouTube Music"
            case .spotify: return "Spotify"
            case .youtube: return "YouTube"
            case .bandcamp: return "Bandcamp"
            case .soundcloud: return "SoundCloud"
            case .lastfm: return "Last.fm"
            case .musicbrainz: return "MusicBrainz"
            case .tidal: return "TIDAL"
            case .deezer: return "Deezer"
            case .melon: return "Melon"
            case .genie: return "Genie"
            case .bugs: return "Bugs"
            case .flo: return "FLO"
            case .vibe: return "VIBE"
            case .other: return "Link"
            }
        }
    }

    public var service: Service
    public var url: LinkTarget

    public init(service: Service, url: LinkTarget) {
        self.service = service
        self.url = url
    }
}

extension [TrackLink] {
    /// The links in the fixed order of `TrackLink.Service`, as pages list them.
    public var inServiceOrder: [TrackLink] {
        let order = TrackLink.Service.allCases
        return sorted { (order.firstIndex(of: $0.service) ?? 0) < (order.firstIndex(of: $1.service) ?? 0) }
    }
}

/// Durations as people write them: `2:59`, `1:02:03`.
public enum DurationFormat {
    /// `m:ss` under an hour, `h:mm:ss` from an hour.
    public static func string(seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 {
            return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(ss)"
        }
        return "\(minutes):\(ss)"
    }

    /// Parses `m:ss`, `h:mm:ss` or whole seconds; nil if it is none of them.
    public static func seconds(from text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        switch numbers.count {
        case 1:
            return numbers[0]
        case 2:
            guard parts[1].count == 2, numbers[1] < 60 else { return nil }
            return numbers[0] * 60 + numbers[1]
        default:
            guard parts[1].count == 2, parts[2].count == 2, numbers[1] < 60, numbers[2] < 60 else { return nil }
            return numbers[0] * 3600 + numbers[1] * 60 + numbers[2]
        }
    }
}
