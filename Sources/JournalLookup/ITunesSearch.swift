import Foundation

/// The iTunes Search API (https://performance-partners.apple.com/search-api): requests and the
/// decoder of its `results[]`, which search and lookup share.
public enum ITunesSearch {
    /// Songs matching `term` in the `country` storefront (two letters, e.g. `US`), at most `limit` (1–200).
    public static func request(term: String, country: String = "US", limit: Int = 10) -> LookupRequest {
        LookupRequest(
            .itunes, path: "/search",
            query: [
                ("term", term), ("media", "music"), ("entity", "song"), ("country", country), ("limit", String(max(1, min(limit, 200)))),
            ])
    }

    /// The songs with these iTunes ids (tracks), or the songs of these albums (collection ids).
    public static func lookupRequest(ids: [String], country: String = "US") -> LookupRequest {
        LookupRequest(.itunes, path: "/lookup", query: [("id", ids.joined(separator: ",")), ("entity", "song"), ("country", country)])
    }

    /// The songs in a search or lookup body: rows whose `wrapperType` is `track` and `kind` is
    /// `song`, in the service's order. Empty for anything else.
    public static func songs(from data: Data) -> [FoundSong] {
        JSONValue(data: data)["results"].array.compactMap(song)
    }

    static func song(_ row: JSONValue) -> FoundSong? {
        guard row["wrapperType"].string == "track", row["kind"].string == "song",
            let title = row["trackName"].string, let artist = row["artistName"].string
        else { return nil }
        var ids: [String: String] = [:]
        ids["itunes"] = row["trackId"].string
        ids["itunes_album"] = row["collectionId"].string
        ids["itunes_artist"] = row["artistId"].string
        var links: [String: String] = [:]
        links["apple_music"] = row["trackViewUrl"].url.map(withoutTracking)
        let collectionArtist = row["collectionArtistName"].string
        return FoundSong(
            source: .itunes, title: title, artist: artist, album: row["collectionName"].string,
            albumArtist: collectionArtist == artist ? nil : collectionArtist,
            genre: row["primaryGenreName"].string,
            duration: row["trackTimeMillis"].double.flatMap { Int(exactly: ($0 / 1000).rounded()) },
            released: calendarDate(row["releaseDate"].string),
            artworkURL: row["artworkUrl100"].url.map(artwork600),
            previewURL: row["previewUrl"].url,
            trackNumber: row["trackNumber"].int,
            links: links, ids: ids)
    }

    /// `…/100x100bb.jpg` → `…/600x600bb.jpg` (Apple's image server draws any size); other addresses unchanged.
    public static func artwork600(_ url: String) -> String {
        url.hasSuffix("100x100bb.jpg") ? String(url.dropLast("100x100bb.jpg".count)) + "600x600bb.jpg" : url
    }

    /// A store link without its `uo` (affiliate tracking) parameter.
    static func withoutTracking(_ url: String) -> String {
        guard var components = URLComponents(string: url), let items = components.queryItems else { return url }
        let kept = items.filter { $0.name != "uo" }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? url
    }
}
