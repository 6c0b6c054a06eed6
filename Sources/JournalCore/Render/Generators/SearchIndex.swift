/// `search-index.json`, which the search page's script reads: `[type, title, subtitle, url]`
/// rows, compact, days newest first, then tracks, artists, genres and playlists.
struct SearchIndex {
    let renderer: SiteRenderer
    /// The row types, by their number in a row.
    static let types = ["day", "track", "artist", "genre", "playlist"]

    func json() -> String {
        let journal = renderer.journal, urls = renderer.urls, l10n = renderer.l10n
        var rows: [String] = []
        func add(_ type: Int, _ title: String, _ subtitle: String, _ url: String) {
            rows.append("[\(type),\(JSONText.quoted(title)),\(JSONText.quoted(subtitle)),\(JSONText.quoted(url))]")
        }
        for day in journal.days.reversed() {
            let tracks = day.tracks.map(\.title).joined(separator: ", ")
            add(0, day.title ?? l10n.longDate(day.date), day.title == nil ? tracks : "\(l10n.shortDate(day.date)) · \(tracks)", urls.href(urls.day(day.date)))
        }
        // Tracks, once each, linking to the last day they were played.
        for track in renderer.library.tracks {
            add(1, track.title, "\(track.credit) · \(l10n.plays(track.plays))", urls.href(urls.day(track.lastPlayed)))
        }
        for artist in renderer.library.artists {
            add(2, artist.name, l10n.plays(artist.plays.count), urls.href(urls.artist(artist.slug)))
        }
        for genre in renderer.catalog.playedGenres {
            add(3, genre.name, l10n.tracks(genre.plays), urls.href(urls.genre(genre.slug)))
        }
        for playlist in journal.playlists {
            add(4, playlist.title, playlist.description ?? l10n.tracks(playlist.tracks.count), urls.href(urls.playlist(playlist.slug)))
        }
        let types = Self.types.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"v\":1,\"types\":[\(types)],\"items\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }
}
