/// The files around the pages: the Atom feed, the sitemap, robots.txt, the search index and
/// `.nojekyll` (issue 4).
extension SiteRenderer {
    /// `pages` are the folder paths of every HTML page rendered.
    func siteFileJobs(pages: [String]) -> [FileJob] {
        [
            FileJob(path: "feed.xml") { Array(atomFeed().utf8) },
            FileJob(path: "sitemap.xml") { Array(sitemap(pages).utf8) },
            FileJob(path: "robots.txt") { Array("User-agent: *\nAllow: /\nSitemap: \(urls.absolute("sitemap.xml"))\n".utf8) },
            FileJob(path: "search-index.json") { Array(searchIndex().utf8) },
            // GitHub Pages would otherwise run Jekyll over the site.
            FileJob(path: ".nojekyll") { [] },
        ]
    }

    /// An Atom feed of the latest 20 days, each with its full content.
    func atomFeed() -> String {
        let config = journal.config
        let latest = journal.days.suffix(20).reversed()
        let updated = latest.first.map { Self.atomDate($0.date) } ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(config.language.rawValue)">
          <title>\(Escape.xml(config.title))</title>

        """
        if !config.description.isEmpty { xml += "  <subtitle>\(Escape.xml(config.description))</subtitle>\n" }
        xml += """
          <link rel="self" type="application/atom+xml" href="\(Escape.xml(urls.absolute("feed.xml")))"/>
          <link rel="alternate" type="text/html" href="\(Escape.xml(urls.absolute("")))"/>
          <id>\(Escape.xml(atomID("")))</id>
          <updated>\(updated)</updated>
          <author><name>\(Escape.xml(config.author.isEmpty ? config.title : config.author))</name></author>
          <generator>journal</generator>

        """
        for day in latest {
            let link = urls.absolute(urls.day(day.date))
            let title = day.title.map { "\(l10n.shortDate(day.date)) · \($0)" } ?? l10n.longDate(day.date)
            xml += """
              <entry>
                <title>\(Escape.xml(title))</title>
                <link rel="alternate" type="text/html" href="\(Escape.xml(link))"/>
                <id>\(Escape.xml(atomID(urls.day(day.date))))</id>
                <published>\(Self.atomDate(day.date))</published>
                <updated>\(Self.atomDate(day.date))</updated>

            """
            if !day.summary.isEmpty { xml += "    <summary>\(Escape.xml(day.summary))</summary>\n" }
            for genre in Set(day.tracks.map { catalog.primaryGenre(of: $0).name }).sorted() {
                xml += "    <category term=\"\(Escape.xml(genre))\"/>\n"
            }
            xml += "    <content type=\"html\">\(Escape.xml(feedContent(day)))</content>\n  </entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    /// A day as HTML for feed readers: its tracks, then its text. Links are absolute.
    func feedContent(_ day: Day) -> String {
        var html = "<ol>"
        for track in day.tracks {
            html += "<li><strong>\(Escape.xml(track.title))</strong> — \(Escape.xml(track.artists.joined(separator: ", ")))"
            var details: [String] = []
            if let album = track.album { details.append(Escape.xml(album)) }
            details.append(Escape.xml(catalog.primaryGenre(of: track).name))
            if let duration = track.duration { details.append(DurationFormat.string(seconds: duration)) }
            html += " <small>(\(details.joined(separator: " · ")))</small>"
            let links = track.links.map { "<a href=\"\(Escape.xml(absoluteURL($0.url)))\">\(Escape.xml($0.service.displayName))</a>" }
            if !links.isEmpty { html += "<br>" + links.joined(separator: " · ") }
            if let note = track.noteHTML { html += note }
            html += "</li>"
        }
        html += "</ol>" + day.bodyHTML
        return html
    }

    /// A checked URL as an absolute one, for feeds and Open Graph tags.
    func absoluteURL(_ target: LinkTarget) -> String {
        target.kind == .absolute ? target.text : (urls.origin ?? "") + urls.resolve(target)
    }

    /// Atom ids must be absolute IRIs: the page's URL when `base_url` is absolute, else a tag URI
    /// made from its path.
    func atomID(_ path: String) -> String {
        urls.origin != nil ? urls.absolute(path) : "tag:journal.invalid,2026:" + urls.basePath + path
    }

    /// Midnight UTC of a calendar date: feeds need an instant, and this one never varies.
    static func atomDate(_ date: CalendarDate) -> String { "\(date.iso)T00:00:00Z" }

    func sitemap(_ pages: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages where page.hasSuffix("/") || page.isEmpty {
            xml += "  <url><loc>\(Escape.xml(Self.percentEncodePath(urls.absolute(page))))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    /// Sitemaps want URLs, not IRIs: Hangul slugs are percent-encoded.
    static func percentEncodePath(_ url: String) -> String {
        var result = ""
        for byte in url.utf8 {
            if byte < 0x80 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// The search index: `[type, title, subtitle, url]` rows, compact JSON.
    func searchIndex() -> String {
        var rows: [String] = []
        func add(_ type: Int, _ title: String, _ subtitle: String, _ url: String) {
            rows.append("[\(type),\(Self.json(title)),\(Self.json(subtitle)),\(Self.json(url))]")
        }
        for day in journal.days.reversed() {
            let tracks = day.tracks.map(\.title).joined(separator: ", ")
            add(0, day.title ?? l10n.longDate(day.date), day.title == nil ? tracks : "\(l10n.shortDate(day.date)) · \(tracks)", urls.href(urls.day(day.date)))
        }
        // Tracks, once each, linking to the last day they were played.
        for track in library.tracks {
            add(1, track.title, "\(track.credit) · \(l10n.plays(track.plays))", urls.href(urls.day(track.lastPlayed)))
        }
        for artist in library.artists {
            add(2, artist.name, l10n.plays(artist.plays.count), urls.href(urls.artist(artist.slug)))
        }
        for genre in catalog.playedGenres {
            add(3, genre.name, l10n.tracks(genre.plays), urls.href(urls.genre(genre.slug)))
        }
        for playlist in journal.playlists {
            add(4, playlist.title, playlist.description ?? l10n.tracks(playlist.tracks.count), urls.href(urls.playlist(playlist.slug)))
        }
        return "{\"v\":1,\"types\":[\"day\",\"track\",\"artist\",\"genre\",\"playlist\"],\"items\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
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
