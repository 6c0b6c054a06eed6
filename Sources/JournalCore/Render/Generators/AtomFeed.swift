/// The Atom feed (`feed.xml`): the latest 20 days, each with its full content and absolute links.
struct AtomFeed {
    let renderer: SiteRenderer
    static let entryCount = 20

    func xml() -> String {
        let config = renderer.journal.config
        let urls = renderer.urls
        let l10n = renderer.l10n
        let latest = renderer.journal.days.suffix(Self.entryCount).reversed()
        let updated = latest.first.map { Self.date($0.date) } ?? "1970-01-01T00:00:00Z"
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(config.language.rawValue)">
              <title>\(Escape.xml(config.title))</title>

            """
        if !config.description.isEmpty { xml += "  <subtitle>\(Escape.xml(config.description))</subtitle>\n" }
        xml += """
              <link rel="self" type="application/atom+xml" href="\(Escape.xml(urls.absolute(urls.feed)))"/>
              <link rel="alternate" type="text/html" href="\(Escape.xml(urls.absolute("")))"/>
              <id>\(Escape.xml(id("")))</id>
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
                    <id>\(Escape.xml(id(urls.day(day.date))))</id>
                    <published>\(Self.date(day.date))</published>
                    <updated>\(Self.date(day.date))</updated>

                """
            if !day.summary.isEmpty { xml += "    <summary>\(Escape.xml(day.summary))</summary>\n" }
            for genre in Set(day.tracks.compactMap { renderer.catalog.primaryGenre(of: $0)?.name }).sorted() {
                xml += "    <category term=\"\(Escape.xml(genre))\"/>\n"
            }
            xml += "    <content type=\"html\">\(Escape.xml(content(day)))</content>\n  </entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    /// A day as HTML for feed readers: its tracks, then its text. Links are absolute.
    func content(_ day: Day) -> String {
        var html = "<ol>"
        for track in day.tracks {
            html += "<li><strong>\(Escape.xml(track.title))</strong> — \(Escape.xml(track.artists.joined(separator: ", ")))"
            var details: [String] = []
            if let album = track.album { details.append(Escape.xml(album)) }
            if let genre = renderer.catalog.primaryGenre(of: track) { details.append(Escape.xml(genre.name)) }
            if let duration = track.duration { details.append(DurationFormat.string(seconds: duration)) }
            html += " <small>(\(details.joined(separator: " · ")))</small>"
            let links = track.links.map { "<a href=\"\(Escape.xml(renderer.absoluteURL($0.url)))\">\(Escape.xml($0.service.displayName))</a>" }
            if !links.isEmpty { html += "<br>" + links.joined(separator: " · ") }
            if let note = track.noteHTML { html += note }
            html += "</li>"
        }
        html += "</ol>" + day.bodyHTML
        return html
    }

    /// Atom ids must be absolute IRIs: the page's URL when `base_url` is absolute, else a tag URI
    /// made from its path.
    func id(_ path: String) -> String {
        let urls = renderer.urls
        return urls.origin != nil ? urls.absolute(path) : "tag:journal.invalid,2026:" + urls.basePath + path
    }

    /// Midnight UTC of a calendar date: feeds need an instant, and this one never varies.
    static func date(_ date: CalendarDate) -> String { "\(date.iso)T00:00:00Z" }
}
