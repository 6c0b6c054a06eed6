import Foundation

/// Deezer's public API (https://developers.deezer.com/api): search, track and album requests, and
/// their decoders. Deezer answers its errors with HTTP 200 and an `error` object.
public enum Deezer {
    // MARK: Requests

    /// Tracks by `artist` titled `title` (Deezer's advanced search, `artist:"…" track:"…"`).
    public static func search(artist: String, title: String, limit: Int = 10) -> LookupRequest {
        let query = "artist:\"\(unquoted(artist))\" track:\"\(unquoted(title))\""
        return LookupRequest(.deezer, path: "/search", query: [("q", query), ("limit", String(max(1, min(limit, 100))))])
    }

    /// One track by its Deezer id (gives its ISRC, release date and album id, not its genre).
    public static func track(id: String) -> LookupRequest { LookupRequest(.deezer, path: "/track/\(id)") }

    /// One album by its Deezer id (gives its genres, release date and cover).
    public static func album(id: String) -> LookupRequest { LookupRequest(.deezer, path: "/album/\(id)") }

    /// Deezer's search has no escape for a double quote inside a phrase: it becomes a space.
    private static func unquoted(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: " ") }

    // MARK: Decoders

    /// The tracks of a search body (`data[]`) or the one track of a track body.
    public static func songs(from data: Data) -> [FoundSong] {
        JSONValue.results(of: data, under: "data", song)
    }

    /// The album of an album body, nil when the body is not one.
    public static func album(from data: Data) -> DeezerAlbum? {
        let body = JSONValue(data: data)
        guard let id = body["id"].string, let title = body["title"].string, body["error"].raw == nil else { return nil }
        return DeezerAlbum(
            id: id, title: title, artist: body["artist"]["name"].string,
            genres: body["genres"]["data"].array.compactMap { $0["name"].string },
            released: calendarDate(body["release_date"].string),
            coverURL: body["cover_xl"].url ?? body["cover_big"].url,
            link: body["link"].url)
    }

    /// The error a body carries instead of data, nil when it carries none.
    public static func error(in data: Data) -> DeezerError? {
        let error = JSONValue(data: data)["error"]
        guard error.isObject else { return nil }
        // Anybody's text, shown to the writer: one line, no control character.
        let message = (error["message"].string ?? error["type"].string).map(FoundSong.clean).flatMap { $0.isEmpty ? nil : $0 } ?? "no message"
        switch error["code"].int {
        case 800: return .notFound(message)
        // 4: quota exceeded; 700: service busy. Both pass after a wait.
        case 4, 700: return .quota(message)
        case let code: return .other(code: code ?? 0, message: message)
        }
    }

    static func song(_ value: JSONValue) -> FoundSong? {
        guard value["type"].string.map({ $0 == "track" }) ?? true, value["error"].raw == nil,
            let id = value["id"].string, let title = value["title"].string,
            let artist = value["artist"]["name"].string
        else { return nil }
        let album = value["album"]
        var ids: [String: String] = ["deezer": id]
        ids["deezer_album"] = album["id"].string
        ids["deezer_artist"] = value["artist"]["id"].string
        ids["isrc"] = value["isrc"].string
        return FoundSong(
            source: .deezer, title: title, artist: artist, album: album["title"].string,
            duration: value["duration"].int.flatMap { $0 > 0 ? $0 : nil },
            released: calendarDate(value["release_date"].string),
            artworkURL: album["cover_xl"].url ?? album["cover_big"].url,
            previewURL: value["preview"].url,
            trackNumber: value["track_position"].int,
            links: value["link"].url.map { ["deezer": $0] } ?? [:],
            ids: ids)
    }
}

/// An album as Deezer describes it.
public struct DeezerAlbum: Sendable, Equatable, Codable {
    public var id: String
    public var title: String
    public var artist: String?
    /// Deezer's genre names (`Dance`, `Pop`), in its order.
    public var genres: [String]
    /// `YYYY-MM-DD`.
    public var released: String?
    /// The largest cover Deezer gives (1000 px `cover_xl`, else 500 px `cover_big`).
    public var coverURL: String?
    /// The album's page on deezer.com.
    public var link: String?
}

/// An error Deezer answered with HTTP 200.
public enum DeezerError: Sendable, Equatable {
    /// Code 800, "no data": nothing by that id or query.
    case notFound(String)
    /// Code 4 (quota exceeded) or 700 (service busy): ask again after a while.
    case quota(String)
    /// Any other code (a wrong parameter, an invalid query).
    case other(code: Int, message: String)
}
