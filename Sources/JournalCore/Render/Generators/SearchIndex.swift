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
            rows.append("[\(type),\(Self.json(title)),\(Self.json(subtitle)),\(Self.json(url))]")
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

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c" // never closes a script element, wherever the JSON ends up
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
