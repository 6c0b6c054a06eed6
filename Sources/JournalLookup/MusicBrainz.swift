import Foundation

/// MusicBrainz's web service (https://musicbrainz.org/doc/MusicBrainz_API): requests for
/// `/ws/2/...?fmt=json` and decoders of recordings, artists and releases.
public enum MusicBrainz {
    // MARK: Requests

    /// Recordings by `artist` titled `title` (Lucene: `artist:"…" AND recording:"…"`), best first.
    public static func recordingSearch(artist: String, title: String, limit: Int = 5) -> LookupRequest {
        let query = "artist:\"\(escape(artist))\" AND recording:\"\(escape(title))\""
        return LookupRequest(.musicbrainz, path: "/ws/2/recording", query: [("query", query), ("limit", String(max(1, min(limit, 100)))), ("fmt", "json")])
    }

    /// One recording by MBID, with its genres, releases and artist credits.
    public static func recordingLookup(id: String) -> LookupRequest {
        LookupRequest(.musicbrainz, path: "/ws/2/recording/\(id)", query: [("inc", "genres+releases+artist-credits"), ("fmt", "json")])
    }

    /// One artist by MBID, with genres.
    public static func artistLookup(id: String) -> LookupRequest {
        LookupRequest(.musicbrainz, path: "/ws/2/artist/\(id)", query: [("inc", "genres"), ("fmt", "json")])
    }

    /// One release by MBID, with its genres, its release group's and its artists' (through the credits).
    public static func releaseLookup(id: String) -> LookupRequest {
        LookupRequest(.musicbrainz, path: "/ws/2/release/\(id)", query: [("inc", "genres+release-groups+artist-credits"), ("fmt", "json")])
    }

    /// Artists named `name`, best first.
    public static func artistSearch(name: String, limit: Int = 5) -> LookupRequest {
        LookupRequest(
            .musicbrainz, path: "/ws/2/artist", query: [("query", "artist:\"\(escape(name))\""), ("limit", String(max(1, min(limit, 100)))), ("fmt", "json")])
    }

    /// `text` with Lucene's special characters (`+ - & | ! ( ) { } [ ] ^ " ~ * ? : \ /`) escaped
    /// by a backslash, so it can sit inside a quoted phrase.
    public static func escape(_ text: String) -> String {
        let specials: Set<Character> = ["+", "-", "&", "|", "!", "(", ")", "{", "}", "[", "]", "^", "\"", "~", "*", "?", ":", "\\", "/"]
        var escaped = ""
        for character in text {
            if specials.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: Decoders

    /// The recordings in a search body (`recordings[]`) or the one recording of a lookup body.
    public static func recordings(from data: Data) -> [MusicBrainzRecording] {
        JSONValue.results(of: data, under: "recordings", recording)
    }

    /// The artists in a search body (`artists[]`) or the one artist of a lookup body.
    public static func artists(from data: Data) -> [MusicBrainzArtist] {
        JSONValue.results(of: data, under: "artists", artist)
    }

    /// The release of a lookup body, nil when the body is not one.
    public static func release(from data: Data) -> MusicBrainzRelease? {
        let body = JSONValue(data: data)
        guard let id = body["id"].string, let title = body["title"].string else { return nil }
        let group = body["release-group"]
        return MusicBrainzRelease(
            id: id, title: title, date: calendarDate(body["date"].string),
            artists: credits(body["artist-credit"]), genres: genres(body["genres"]),
            releaseGroupID: group["id"].string, releaseGroupGenres: genres(group["genres"]),
            hasFrontCover: body["cover-art-archive"]["front"].bool ?? false)
    }

    static func recording(_ value: JSONValue) -> MusicBrainzRecording? {
        guard let id = value["id"].string, let title = value["title"].string else { return nil }
        let releases: [MusicBrainzRecording.Release] = value["releases"].array.compactMap { release in
            guard let id = release["id"].string else { return nil }
            return .init(
                id: id, title: release["title"].string ?? "", date: calendarDate(release["date"].string),
                releaseGroupID: release["release-group"]["id"].string)
        }
        return MusicBrainzRecording(
            id: id, title: title, artists: credits(value["artist-credit"]),
            // Under half a second rounds to 0 s, which is no length.
            duration: value["length"].double.flatMap { Int(exactly: ($0 / 1000).rounded()) }.flatMap { $0 > 0 ? $0 : nil },
            releases: releases, genres: genres(value["genres"]),
            isrcs: value["isrcs"].array.compactMap(\.string), score: value["score"].int)
    }

    static func artist(_ value: JSONValue) -> MusicBrainzArtist? {
        guard let id = value["id"].string, let name = value["name"].string else { return nil }
        return MusicBrainzArtist(
            id: id, name: name, sortName: value["sort-name"].string, country: value["country"].string,
            genres: genres(value["genres"]), score: value["score"].int)
    }

    static func credits(_ value: JSONValue) -> [MusicBrainzCredit] {
        value.array.compactMap { credit in
            guard let name = credit["name"].string ?? credit["artist"]["name"].string else { return nil }
            return MusicBrainzCredit(
                id: credit["artist"]["id"].string, name: name,
                joinPhrase: (credit["joinphrase"].raw as? String) ?? "",
                genres: genres(credit["artist"]["genres"]))
        }
    }

    static func genres(_ value: JSONValue) -> [MusicBrainzGenre] {
        value.array.compactMap { genre in
            guard let name = genre["name"].string else { return nil }
            return MusicBrainzGenre(name: name, count: genre["count"].int ?? 0)
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }
}

/// A genre MusicBrainz's editors voted for: its name (lowercase, MusicBrainz's spelling, e.g.
/// `j-pop`) and the number of votes.
public struct MusicBrainzGenre: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// One artist of an artist credit.
public struct MusicBrainzCredit: Sendable, Equatable, Codable {
    /// The artist's MBID.
    public var id: String?
    /// The name as credited (may differ from the artist's own name).
    public var name: String
    /// What joins this name to the next (` & `, ` feat. `), empty after the last.
    public var joinPhrase: String
    /// The artist's genres, when the request asked for them (`inc=genres` with artist credits), most votes first.
    public var genres: [MusicBrainzGenre]
}

extension [MusicBrainzCredit] {
    /// The credit as MusicBrainz prints it: names joined by their join phrases.
    public var joinedName: String { map { $0.name + $0.joinPhrase }.joined() }
}

/// A recording (a song as recorded) from a search or a lookup.
public struct MusicBrainzRecording: Sendable, Equatable, Codable {
    /// A release the recording appears on.
    public struct Release: Sendable, Equatable, Codable {
        public var id: String
        public var title: String
        /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
        public var date: String?
        public var releaseGroupID: String?
    }

    /// The recording's MBID.
    public var id: String
    public var title: String
    public var artists: [MusicBrainzCredit]
    /// Length in whole seconds (MusicBrainz gives milliseconds).
    public var duration: Int?
    public var releases: [Release]
    /// Most votes first; often empty (then look at the release's, the release group's, the artist's).
    public var genres: [MusicBrainzGenre]
    public var isrcs: [String]
    /// A search's confidence, 0–100; nil for a lookup.
    public var score: Int?
}

/// An artist from a search or a lookup.
public struct MusicBrainzArtist: Sendable, Equatable, Codable {
    /// The artist's MBID.
    public var id: String
    public var name: String
    public var sortName: String?
    /// ISO 3166-1 code, e.g. `JP`.
    public var country: String?
    /// Most votes first.
    public var genres: [MusicBrainzGenre]
    /// A search's confidence, 0–100; nil for a lookup.
    public var score: Int?
}

/// A release (an album as issued) from a lookup.
public struct MusicBrainzRelease: Sendable, Equatable, Codable {
    /// The release's MBID.
    public var id: String
    public var title: String
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    public var date: String?
    /// The credit, each artist with its genres when asked.
    public var artists: [MusicBrainzCredit]
    /// The release's own genres, most votes first.
    public var genres: [MusicBrainzGenre]
    public var releaseGroupID: String?
    /// The release group's genres, most votes first.
    public var releaseGroupGenres: [MusicBrainzGenre]
    /// Whether the Cover Art Archive holds a front cover for it (`cover-art-archive.front`).
    public var hasFrontCover: Bool
}
