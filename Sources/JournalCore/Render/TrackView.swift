/// Precomputed template data for one track (STYLE.md: templates get strings ready to print).
struct TrackView {
    let urls: SiteURLs
    let catalog: GenreCatalog
    let library: Library

    func data(_ track: Track, number: Int) -> [String: Any] {
        let genre = catalog.primaryGenre(of: track)
        var data: [String: Any] = [
            "number": number,
            "title": track.title,
            "artist": track.artists.joined(separator: ", "),
            "primaryArtist": track.primaryArtist,
            "genre": genre.name,
            "genreColor": genre.color,
            "genreHref": genre.plays > 0 ? urls.href(urls.genre(genre.slug)) : false,
            "artists": track.artists.map { name -> [String: Any] in
                ["name": name, "href": library.artist(named: name).map { urls.href(urls.artist($0.slug)) } ?? false]
            },
        ]
        if track.artists.count > 1 {
            data["featuring"] = track.artists.dropFirst().joined(separator: ", ")
        }
        if let album = track.album { data["album"] = album }
        if let duration = track.duration {
            data["duration"] = DurationFormat.string(seconds: duration)
            data["durationISO"] = "PT\(duration)S"
        }
        if let released = track.released { data["released"] = String(released.year) }
        if let artwork = track.artwork {
            data["artwork"] = urls.resolve(artwork)
        } else {
            data["placeholder"] = CoverArt.placeholder(title: track.title, artist: track.primaryArtist, color: genre.color)
        }
        if let preview = track.preview {
            let src = urls.resolve(preview)
            var audio: [String: Any] = ["src": src]
            if let type = Self.audioType(of: preview.text) { audio["type"] = type }
            data["preview"] = audio
        }
        if !track.links.isEmpty {
            data["links"] = track.links.map { link -> [String: Any] in
                ["service": link.service.rawValue, "label": link.service.displayName, "href": urls.resolve(link.url)]
            }
        }
        if let note = track.noteHTML { data["note"] = note }
        // Absent values are `false`, not missing: Mustache would otherwise find a key of the
        // same name in an enclosing context (a day's title, a week's href).
        for key in Self.optionalKeys where data[key] == nil { data[key] = false }
        return data
    }

    static let optionalKeys = ["featuring", "album", "duration", "durationISO", "released", "artwork", "placeholder", "preview", "links", "note"]

    /// The MIME type for an `<audio>` source, from the file extension.
    static func audioType(of url: String) -> String? {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        guard let dot = path.lastIndex(of: ".") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "mp3": return "audio/mpeg"
        case "m4a", "mp4", "aac": return "audio/mp4"
        case "ogg", "oga", "opus": return "audio/ogg"
        case "wav": return "audio/wav"
        case "flac": return "audio/flac"
        case "webm": return "audio/webm"
        default: return nil
        }
    }
}
