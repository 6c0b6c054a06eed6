import Foundation

/// Odesli (song.link, https://linktr.ee/s/developers/): one song's links on every service.
public enum Odesli {
    /// Odesli's platform names mapped to the journal's link keys.
    public static let linkKeys: [String: String] = [
        "appleMusic": "apple_music", "spotify": "spotify", "youtubeMusic": "youtube_music", "youtube": "youtube",
        "deezer": "deezer", "tidal": "tidal", "soundcloud": "soundcloud", "bandcamp": "bandcamp",
    ]

    /// The links of the song at `url` (any service's song page), as seen from `country` (two letters).
    public static func request(url: String, country: String = "US") -> LookupRequest {
        LookupRequest(.odesli, path: "/v1-alpha.1/links", query: [("url", url), ("userCountry", country)])
    }

    /// The links of a song a `ServiceLink` names, by platform and id (no page address needed).
    /// Nil for a link that names no song.
    public static func request(link: ServiceLink, country: String = "US") -> LookupRequest? {
        let platform: String
        let id: String
        switch link {
        case .appleMusic(let track): (platform, id) = ("itunes", track)
        case .spotify(let track): (platform, id) = ("spotify", track)
        case .youtubeMusic(let video): (platform, id) = ("youtubeMusic", video)
        case .youtube(let video): (platform, id) = ("youtube", video)
        case .deezer(let track): (platform, id) = ("deezer", track)
        case .unresolvable: return nil
        }
        return LookupRequest(
            .odesli, path: "/v1-alpha.1/links",
            query: [("platform", platform), ("type", "song"), ("id", id), ("userCountry", country)])
    }

    /// The song's links and description, nil when the body has no `linksByPlatform`.
    public static func links(from data: Data) -> OdesliLinks? {
        let body = JSONValue(data: data)
        let platforms = body["linksByPlatform"].object
        guard body["linksByPlatform"].isObject else { return nil }
        var links: [String: String] = [:]
        for (platform, key) in linkKeys { if let url = platforms[platform]?["url"].url { links[key] = url } }
        let entities = body["entitiesByUniqueId"]
        let mainID = body["entityUniqueId"].string
        let main = mainID.map { entities[$0] } ?? JSONValue(nil)
        // The song's own entity, else the first with a title (Odesli's main one may be a video).
        var uniqueIDs = Array(entities.object.keys).sorted()
        uniqueIDs.append(contentsOf: platforms.values.compactMap { $0["entityUniqueId"].string })
        if let mainID { uniqueIDs.insert(mainID, at: 0) }
        var ids: [String: String] = [:]
        for uniqueID in uniqueIDs {
            let parts = uniqueID.components(separatedBy: "::")
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            let key: String? =
                switch parts[0] {
                case "ITUNES_SONG": "itunes"
                case "DEEZER_SONG": "deezer"
                case "SPOTIFY_SONG": "spotify"
                case "TIDAL_SONG": "tidal"
                default: nil
                }
            if let key, ids[key] == nil { ids[key] = parts[1] }
        }
        let described = main.isObject ? main : entities.object.sorted { $0.key < $1.key }.map(\.value).first { $0["title"].string != nil } ?? main
        return OdesliLinks(
            links: links, title: described["title"].string, artistName: described["artistName"].string,
            thumbnailURL: described["thumbnailUrl"].url, pageURL: body["pageUrl"].url, ids: ids)
    }
}

/// One song's links across services, from Odesli.
public struct OdesliLinks: Sendable, Equatable, Codable {
    /// Journal link keys (`apple_music`, `spotify`, `youtube_music`, `youtube`, `deezer`, `tidal`,
    /// `soundcloud`, `bandcamp`) to the song's page there.
    public var links: [String: String]
    public var title: String?
    public var artistName: String?
    public var thumbnailURL: String?
    /// The song.link page.
    public var pageURL: String?
    /// The song's ids on services that give them: `itunes` (from `ITUNES_SONG::…`), `deezer`, `spotify`, `tidal`.
    public var ids: [String: String]
}
