import Foundation
import JournalCore

/// A song `journal add` offers: one the journal knows, or one a service found.
public struct SongCandidate: Sendable, Equatable {
    public var song: FoundSong
    /// From the journal's own days: adding it needs no lookup, and nothing new for the catalogue.
    public var known: Bool
    /// Plays in the journal, for a known song.
    public var plays: Int
    /// The artists the day will name: a known song's as the journal writes them (a collaboration
    /// stays a list), a found one's as the service credits it.
    public var artists: [String]

    public init(song: FoundSong, known: Bool, plays: Int, artists: [String]? = nil) {
        self.song = song
        self.known = known
        self.plays = plays
        self.artists = artists ?? [song.artist]
    }

    /// `Hype Boy — NewJeans · New Jeans · 2022 · K-Pop · 2:59`, what the list shows.
    public var line: String {
        var parts = ["\(song.title) — \(song.artist)"]
        if let album = song.album { parts.append(album) }
        if let year = song.released?.prefix(4) { parts.append(String(year)) }
        if let genre = song.genre { parts.append(genre) }
        if let duration = song.duration { parts.append(DurationFormat.string(seconds: duration)) }
        if known { parts.append(plays == 1 ? "in your journal, 1 play" : "in your journal, \(plays) plays") }
        return parts.joined(separator: " · ")
    }
}

/// Why a search found nothing to offer.
public enum SearchProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A link of a service that cannot be resolved (a short link, an album).
    case unusableLink(String)
    /// The service could not be asked: it is down, refused, or answered nonsense.
    case service(String)

    public var description: String {
        switch self {
        case .unusableLink(let reason): return reason
        case .service(let reason): return reason
        }
    }
}

/// Finding songs for `journal add`: the journal's own first, then the music services.
public enum SongSearch {
    /// Songs of the journal whose artist and title hold every word of `query` (compared like
    /// songs, without case or punctuation), most played first, with what the journal knows of them.
    public static func known(_ query: String, in journal: Journal, limit: Int = 5) -> [SongCandidate] {
        let words = query.split(whereSeparator: { $0.isWhitespace }).map { SongKey.fold(String($0)) }.filter { !$0.isEmpty }
        guard !words.isEmpty, ServiceLink(query) == nil else { return [] }
        var found: [String: (track: Track, plays: Int, order: Int)] = [:]
        var order = 0
        for day in journal.days.reversed() {
            for track in day.tracks {
                let key = SongKey.song(artist: track.primaryArtist, title: track.title)
                if let entry = found[key] {
                    found[key] = (entry.track, entry.plays + 1, entry.order)
                    continue
                }
                let haystack = SongKey.fold(track.title) + " " + track.artists.map(SongKey.fold).joined(separator: " ")
                guard words.allSatisfy({ haystack.contains($0) }) else { continue }
                found[key] = (track, 1, order)
                order += 1
            }
        }
        return found.values.sorted { ($1.plays, $0.order) < ($0.plays, $1.order) }.prefix(limit).map { entry in
            let track = entry.track
            var song = FoundSong(
                source: .itunes, title: track.title, artist: track.artists.joined(separator: ", "), album: track.album,
                genre: track.primaryGenre, duration: track.duration)
            song.released = track.released?.text
            return SongCandidate(song: song, known: true, plays: entry.plays, artists: track.artists)
        }
    }

    /// What the services have for `query`: a search of the iTunes store, or the song behind a
    /// link of Apple Music, Spotify, YouTube Music or Deezer (Odesli finds it across services and
    /// gives its other links).
    public static func lookUp(_ query: String, country: String, client: LookupClient, limit: Int = 10) async -> Result<[FoundSong], SearchProblem> {
        guard let link = ServiceLink(query) else {
            // A service may answer more than it was asked for: the list shows what was asked.
            return songs(await client.get(ITunesSearch.request(term: query, country: country, limit: limit)), from: .itunes)
                .map { Array($0.prefix(limit)) }
        }
        switch link {
        case .unresolvable(let reason):
            return .failure(.unusableLink(reason))
        case .appleMusic(let id):
            return songs(await client.get(ITunesSearch.lookupRequest(ids: [id], country: country)), from: .itunes).map { only(id, in: $0) }
        case .deezer(let id):
            // Deezer knows its own songs; Odesli adds the other services' links when it answers.
            let found = songs(await client.get(Deezer.track(id: id)), from: .deezer, decode: Deezer.songs)
            guard case .success(var list) = found, !list.isEmpty else { return found }
            if let request = Odesli.request(link: link, country: country), case .found(let data) = await client.get(request),
                let odesli = Odesli.links(from: data)
            {
                for (key, url) in odesli.links where list[0].links[key] == nil { list[0].links[key] = url }
            }
            return .success(list)
        case .spotify, .youtubeMusic, .youtube:
            guard let request = Odesli.request(link: link, country: country) else {
                return .failure(.unusableLink("\(query) is not a link Odesli can resolve"))
            }
            let answer = await client.get(request)
            guard case .found(let data) = answer else {
                return .failure(.service(reason(answer, service: .odesli) ?? "Odesli does not know \(query)"))
            }
            guard let odesli = Odesli.links(from: data) else { return .failure(.service("Odesli answered something that is not a song")) }
            let title = odesli.title.map(FoundSong.clean)
            let artist = odesli.artistName.map(FoundSong.clean)
            var list: [FoundSong] = []
            if let id = odesli.ids["itunes"],
                case .success(let songs) = self.songs(await client.get(ITunesSearch.lookupRequest(ids: [id], country: country)), from: .itunes)
            {
                list = only(id, in: songs)
            }
            if list.isEmpty, let title, let artist, !title.isEmpty, !artist.isEmpty {
                list = [FoundSong(source: .odesli, title: title, artist: artist, artworkURL: odesli.thumbnailURL, ids: odesli.ids)]
            }
            guard !list.isEmpty else { return .failure(.service("Odesli does not say which song \(query) is")) }
            for (key, url) in odesli.links where list[0].links[key] == nil { list[0].links[key] = url }
            if let linkKey = link.linkKey, list[0].links[linkKey] == nil { list[0].links[linkKey] = query }
            return .success(list)
        }
    }

    /// The song with the store's `id`, when the answer has it: a lookup by id is about that song.
    static func only(_ id: String, in songs: [FoundSong]) -> [FoundSong] {
        let exact = songs.filter { $0.ids["itunes"] == id }
        return exact.isEmpty ? songs : exact
    }

    static func songs(
        _ answer: LookupResult, from service: LookupService,
        decode: (Data) -> [FoundSong] = ITunesSearch.songs
    ) -> Result<[FoundSong], SearchProblem> {
        switch answer {
        case .found(let data): return .success(decode(data).cleaned)
        case .notFound: return .success([])
        default: return .failure(.service(reason(answer, service: service) ?? "\(service.displayName) did not answer"))
        }
    }

    static func reason(_ answer: LookupResult, service: LookupService) -> String? {
        switch answer {
        case .found, .notFound: return nil
        case .refused(let reason): return "\(service.displayName) refused: \(reason)"
        case .unreachable(let reason): return reason
        case .invalid(let reason): return "\(service.displayName): \(reason)"
        }
    }
}
