import Mustache

/// Precomputed template data for one track (STYLE.md: templates get strings ready to print).
struct TrackView {
    let urls: SiteURLs
    let catalog: GenreCatalog
    let library: Library

    func data(_ track: Track, number: Int) -> TemplateObject {
        let genre = catalog.primaryGenre(of: track)
        var data: TemplateObject = [
            "number": .int(number),
            "title": .text(track.title),
            "artist": .text(track.artists.joined(separator: ", ")),
            "primaryArtist": .text(track.primaryArtist),
            "genre": .text(genre.name),
            "genreColor": .text(genre.color),
            "genreHref": .optional(genre.plays > 0 ? urls.href(urls.genre(genre.slug)) : nil),
            "artists": .list(track.artists.map { name in
                ["name": .text(name), "href": .optional(library.artist(named: name).map { urls.href(urls.artist($0.slug)) })]
            }),
        ]
        if track.artists.count > 1 {
            data["featuring"] = .text(track.artists.dropFirst().joined(separator: ", "))
        }
        if let album = track.album { data["album"] = .text(album) }
        if let duration = track.duration {
            data["duration"] = .text(DurationFormat.string(seconds: duration))
            data["durationISO"] = .text("PT\(duration)S")
        }
        if let released = track.released { data["released"] = .text(String(released.year)) }
        if let artwork = track.artwork {
            data["artwork"] = .text(urls.resolve(artwork))
        } else {
            data["placeholder"] = .text(CoverArt.placeholder(title: track.title, artist: track.primaryArtist, color: genre.color))
        }
        if let preview = track.preview {
            var audio: TemplateObject = ["src": .text(urls.resolve(preview))]
            if let type = Self.audioType(of: preview.text) { audio["type"] = .text(type) }
            data["preview"] = .object(audio)
        }
        if !track.links.isEmpty {
            data["links"] = .list(track.links.map { link in
                ["service": .text(link.service.rawValue), "label": .text(link.service.displayName), "href": .text(urls.resolve(link.url))]
            })
        }
        if let note = track.noteHTML { data["note"] = .text(note) }
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
