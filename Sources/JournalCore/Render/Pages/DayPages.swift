import Mustache

/// Days: each track as the theme shows it, a day's card in lists, and a day's own page.
extension SiteRenderer {
    /// A track's cover as the theme draws it (`partials/cover`), or one drawn from its title's
    /// initials in its genre's colour.
    func art(_ track: Track) -> ArtView {
        let cover = track.artwork.map(coverImage)
        return ArtView(
            artwork: cover?.src, artworkWebp: cover?.webp,
            placeholder: cover == nil ? CoverArt.placeholder(title: track.title, artist: track.primaryArtist, color: catalog.drawnGenre(of: track).color) : nil)
    }

    func trackView(_ track: Track, number: Int) -> TrackView {
        let genre = catalog.drawnGenre(of: track)
        var preview: AudioView?
        if let target = track.preview {
            preview = AudioView(src: urls.resolve(target), type: Self.audioType(of: target.text))
        }
        let cover = art(track)
        return TrackView(
            number: number,
            anchor: SiteURLs.trackAnchor(number),
            title: track.title,
            trackHref: trackHref(title: track.title, artist: track.primaryArtist),
            artist: track.artists.joined(separator: ", "),
            primaryArtist: track.primaryArtist,
            genre: l10n.genreName(genre),
            genreColor: genre.color,
            genreHref: genre.kind == .genre && genre.plays > 0 ? urls.href(urls.genre(genre.slug)) : nil,
            artists: track.artists.map { name in
                NamedLink(name: name, href: library.artist(named: name).map { urls.href(urls.artist($0.slug)) })
            },
            featuring: track.artists.count > 1 ? track.artists.dropFirst().joined(separator: ", ") : nil,
            album: track.album,
            duration: track.duration.map { DurationFormat.string(seconds: $0) },
            durationISO: track.duration.map { "PT\($0)S" },
            released: track.released.map { String($0.year) },
            artwork: cover.artwork,
            artworkWebp: cover.artworkWebp,
            placeholder: cover.placeholder,
            preview: preview,
            links: track.links.map { link in
                ServiceLink(service: link.service.rawValue, label: link.service.displayName, href: urls.resolve(link.url))
            },
            note: track.noteHTML)
    }

    /// Where a title by a primary artist is linked, when it was played on a day: its page, or
    /// its card on the one day it was played.
    func trackHref(title: String, artist: String) -> String? {
        library.track(title: title, artist: artist).map { urls.href(urls.trackLink($0)) }
    }

    func trackViews(_ tracks: [Track]) -> [TrackView] {
        tracks.enumerated().map { trackView($1, number: $0 + 1) }
    }

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

    /// A day as a card in lists.
    func dayCardView(_ day: Day) -> DayCardView {
        DayCardView(
            href: urls.href(urls.day(day.date)), date: l10n.longDate(day.date), dateISO: day.date.iso,
            trackCount: l10n.tracks(day.tracks.count), tracks: trackViews(day.tracks),
            title: day.title, summary: day.summary.isEmpty ? nil : day.summary)
    }

    /// The cards of days `indexes` of `journal.days`, in that order.
    func dayCards(_ indexes: some Sequence<Int>) -> [Converted] {
        indexes.map(dayCard)
    }

    /// The card of day `index` of `journal.days`: the one kept, else made now.
    func dayCard(_ index: Int) -> Converted {
        dayCards.indices.contains(index) ? dayCards[index] : Converted(dayCardView(journal.days[index]))
    }

    func dayPage(_ index: Int) -> TemplateObject {
        let day = journal.days[index]
        let chrome = chrome(
            title: day.title.map { "\($0) · \(l10n.shortDate(day.date))" } ?? l10n.longDate(day.date),
            description: day.summary.isEmpty ? nil : day.summary, path: urls.day(day.date), section: "day",
            image: dayImage(day))
        func link(_ other: Day) -> DayLink {
            DayLink(href: urls.href(urls.day(other.date)), date: l10n.shortDate(other.date), title: other.title)
        }
        let weekStart = day.date.startOfWeek(journal.config.weekStart)
        // A track played only today is its card here: no link to itself. Otherwise the card is
        // the one lists show, converted once.
        let own = urls.href(urls.day(day.date)) + "#"
        var card = dayCard(index)
        if day.tracks.contains(where: { trackHref(title: $0.title, artist: $0.primaryArtist)?.hasPrefix(own) == true }) {
            var view = dayCardView(day)
            for position in view.tracks.indices where view.tracks[position].trackHref?.hasPrefix(own) == true {
                view.tracks[position].trackHref = nil
            }
            card = Converted(view)
        }
        var view = DayPageView(
            card: card,
            heading: day.title ?? l10n.longDate(day.date),
            hasTitle: day.title != nil,
            mood: day.mood,
            tags: tagLinks(day.tags),
            body: day.bodyHTML.isEmpty ? nil : day.bodyHTML,
            listening: dayListening(day),
            previous: index > 0 ? link(journal.days[index - 1]) : nil,
            next: index + 1 < journal.days.count ? link(journal.days[index + 1]) : nil,
            weekHref: urls.href(urls.week(weekStart)),
            weekName: l10n.weekOf(weekStart),
            monthHref: urls.href(urls.month(year: day.date.year, month: day.date.month)),
            monthName: l10n.monthYear(year: day.date.year, month: day.date.month),
            yearHref: urls.href(urls.year(day.date.year)),
            yearName: String(day.date.year))
        view.onThisDay = onThisDay(day.date)
        return chrome.page("day", view)
    }

    /// A day's `og:image`: its first track's artwork when social sites show it (a cover pages
    /// show resized, or a URL of a PNG or JPEG, by the name's extension), else its week's card.
    func dayImage(_ day: Day) -> PageImage {
        if let track = day.tracks.first, let artwork = track.artwork, resizedCover(artwork) != nil || Self.isRasterImage(artwork.text) {
            return contentImage(artwork, alt: "\(track.title) · \(track.primaryArtist)")
        }
        let week = day.date.startOfWeek(journal.config.weekStart)
        guard let index = weekIndex[week] else { return cardImage(path: urls.card(of: urls.week(week)), alt: l10n.weekOf(week)) }
        return periodCardImage(stats.weeks[index])
    }

    /// Whether a URL or path names a PNG or JPEG file, by its extension.
    static func isRasterImage(_ url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "#", maxSplits: 1).first ?? $0 } ?? ""
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return ["png", "jpg", "jpeg"].contains(path[path.index(after: dot)...].lowercased())
    }

    /// Tag chips, linked to their pages.
    func tagLinks(_ names: [String]) -> [NamedLink] {
        names.map { name in NamedLink(name: name, href: library.tag(named: name).map { urls.href(urls.tag($0.slug)) }) }
    }
}
