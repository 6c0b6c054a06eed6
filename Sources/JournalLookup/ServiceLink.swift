import Foundation

/// A song's link on a service, as a writer pastes it into `journal add URL`.
public enum ServiceLink: Sendable, Equatable {
    /// `music.apple.com/…/album/…?i=ID` or `music.apple.com/…/song/…/ID`: an iTunes track id.
    case appleMusic(trackID: String)
    /// `open.spotify.com/track/ID` or `spotify:track:ID`.
    case spotify(trackID: String)
    /// `music.youtube.com/watch?v=ID`.
    case youtubeMusic(videoID: String)
    /// `www.youtube.com/watch?v=ID` or `youtu.be/ID`.
    case youtube(videoID: String)
    /// `www.deezer.com/…/track/ID`.
    case deezer(trackID: String)
    /// A service's link that names no song offline (a short link such as `deezer.page.link`, an
    /// album without a track); the text says why, for the writer.
    case unresolvable(String)

    /// The link `text` is, or nil when it is no service's link (then it is a search query).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("spotify:") {
            let parts = trimmed.split(separator: ":").map(String.init)
            if parts.count == 3, parts[1] == "track", Self.isID(parts[2]) {
                self = .spotify(trackID: parts[2])
                return
            }
            self = .unresolvable("\(trimmed) is not a Spotify track: give a track's link")
            return
        }
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased()
        else { return nil }
        let path = components.path.split(separator: "/").map(String.init)
        let query = components.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value.flatMap { Self.isID($0) ? $0 : nil } }

        switch host {
        case "music.apple.com", "geo.music.apple.com", "itunes.apple.com":
            if let id = value("i"), id.allSatisfy(\.isNumber) {
                self = .appleMusic(trackID: id)
                return
            }
            if let at = path.firstIndex(of: "song"), let id = path.last, at < path.count - 1, id.allSatisfy(\.isNumber) {
                self = .appleMusic(trackID: id)
                return
            }
            self = .unresolvable("\(trimmed) is not a song on Apple Music: give a song's link (an album's link with ?i=…)")
        case "open.spotify.com", "play.spotify.com":
            // Paths may carry a locale first: /intl-de/track/ID.
            if let at = path.firstIndex(of: "track"), at + 1 < path.count, Self.isID(path[at + 1]) {
                self = .spotify(trackID: path[at + 1])
                return
            }
            self = .unresolvable("\(trimmed) is not a Spotify track: give a track's link")
        case "spotify.link":
            self = .unresolvable("\(trimmed) is a Spotify short link, which only Spotify can resolve: open it and copy the track's own link")
        case "music.youtube.com":
            if let id = value("v") {
                self = .youtubeMusic(videoID: id)
                return
            }
            self = .unresolvable("\(trimmed) is not a song on YouTube Music: give a link with watch?v=…")
        case "www.youtube.com", "youtube.com", "m.youtube.com":
            if let id = value("v") {
                self = .youtube(videoID: id)
                return
            }
            self = .unresolvable("\(trimmed) is not a YouTube video: give a link with watch?v=…")
        case "youtu.be":
            if let id = path.first, Self.isID(id) {
                self = .youtube(videoID: id)
                return
            }
            self = .unresolvable("\(trimmed) is not a YouTube video")
        case "www.deezer.com", "deezer.com":
            if let at = path.firstIndex(of: "track"), at + 1 < path.count, path[at + 1].allSatisfy(\.isNumber) {
                self = .deezer(trackID: path[at + 1])
                return
            }
            self = .unresolvable("\(trimmed) is not a Deezer track: give a track's link")
        case "deezer.page.link", "link.deezer.com":
            self = .unresolvable(
                "\(trimmed) is a Deezer short link, which only Deezer can resolve: open it and copy the track's own link (www.deezer.com/track/…)")
        default:
            return nil
        }
    }

    /// The journal's link key for the service (`apple_music`, `spotify`, ...), nil when unresolvable.
    public var linkKey: String? {
        switch self {
        case .appleMusic: "apple_music"
        case .spotify: "spotify"
        case .youtubeMusic: "youtube_music"
        case .youtube: "youtube"
        case .deezer: "deezer"
        case .unresolvable: nil
        }
    }

    /// Letters, digits, `-` and `_`: what every service's ids are made of.
    private static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}
