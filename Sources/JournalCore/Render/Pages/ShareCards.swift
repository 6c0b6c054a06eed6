/// Share cards (`card.jpg`): the picture a week, month or year page shows in link previews
/// (`og:image`), drawn by `ShareCard` from the period's numbers, genres and covers.
///
/// Another page kind gets a card in three steps: make a `ShareCard` (`shareCard(label:kicker:figures:genres:covers:)`
/// fills in the site's title, address and language), add `cardJob(path:layout:_:)` to the plan, and
/// pass `cardImage(path:alt:)` as the `image` of the page's `chrome`.
extension SiteRenderer {
    /// Genres named on a card's bar; the rest are one `Other` segment.
    static let cardGenres = 5

    /// The card of every week, month and year, beside its page.
    func cardJobs(_ shared: SharedRenderer) -> [FileJob] {
        (stats.weeks + stats.months + stats.years).map { period in
            cardJob(path: urls.card(of: periodPath(period))) { shared.renderer.shareCard(period) }
        }
    }

    /// A file of the plan: `card` drawn in `layout` and written as PNG at `path` (a site path).
    public func cardJob(path: String, layout: ShareCard.Layout = .landscape, _ card: @escaping @Sendable () -> ShareCard) -> FileJob {
        FileJob(path: path, width: layout.width, height: layout.height) { Array(card().svg(layout).utf8) }
    }

    /// A card with the site's title, address and language around the given content.
    public func shareCard(
        label: String, kicker: String, figures: [ShareCard.Figure], genres: [ShareCard.Segment],
        covers: [ShareCard.Cover]
    ) -> ShareCard {
        ShareCard(
            label: label, kicker: kicker, siteTitle: journal.config.title, siteAddress: siteAddress, figures: figures,
            genresHeading: l10n.string(.topGenres), genres: genres, covers: covers, language: journal.config.language.rawValue)
    }

    /// A page's `og:image` when it is the card at `path` (1200x630).
    func cardImage(path: String, alt: String) -> PageImage {
        PageImage(url: urls.absolute(path), width: ShareCard.Layout.landscape.width, height: ShareCard.Layout.landscape.height, alt: alt)
    }

    /// The card of a week, month or year page.
    func periodCardImage(_ period: PeriodStats) -> PageImage {
        cardImage(path: urls.card(of: periodPath(period)), alt: cardAlt(period))
    }

    // MARK: Periods

    func shareCard(_ period: PeriodStats) -> ShareCard {
        shareCard(
            label: cardLabel(period), kicker: cardKicker(period),
            figures: [
                ShareCard.Figure(value: l10n.number(period.plays), label: l10n.countLabel(period.count)),
                ShareCard.Figure(value: "\(l10n.number(period.daysLogged))/\(l10n.number(period.coveredDays))", label: l10n.string(.daysLogged)),
                ShareCard.Figure(value: l10n.number(period.artistCount), label: l10n.string(.artists)),
                ShareCard.Figure(value: l10n.number(period.genreCount), label: l10n.string(.genres)),
            ], genres: cardSegments(period), covers: cardCovers(period))
    }

    func cardLabel(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return l10n.weekOf(period.start)
        case .month: return l10n.monthYear(year: period.start.year, month: period.start.month)
        case .year: return String(period.start.year)
        case .all: return l10n.string(.allTime)
        }
    }

    func cardKicker(_ period: PeriodStats) -> String {
        switch period.kind {
        case .week: return l10n.string(.cardWeek)
        case .month: return l10n.string(.cardMonth)
        case .year, .all: return l10n.string(.cardYear)
        }
    }

    /// What the card says, in words (`og:image:alt`).
    func cardAlt(_ period: PeriodStats) -> String {
        var alt =
            "\(cardKicker(period)): \(cardLabel(period)). \(l10n.counted(period.plays, period.count)), \(l10n.daysOf(period.daysLogged, period.coveredDays)), \(l10n.artists(period.artistCount)), \(l10n.genres(period.genreCount))."
        let top = period.genres.prefix(3).map(\.genre.name)
        if !top.isEmpty { alt += " \(l10n.string(.topGenres)): \(top.joined(separator: ", "))." }
        return alt
    }

    /// The period's genres by its own plays: the first few as themselves (striped when charts
    /// draw them as Other), the rest as one Other segment, then tracks with no genre.
    func cardSegments(_ period: PeriodStats) -> [ShareCard.Segment] {
        var segments = period.genres.prefix(Self.cardGenres).map { entry in
            ShareCard.Segment(name: entry.genre.name, color: entry.genre.color, weight: entry.plays, style: entry.genre.isTop ? .solid : .striped)
        }
        let rest = period.genres.dropFirst(Self.cardGenres).reduce(0) { $0 + $1.plays }
        if rest > 0 { segments.append(ShareCard.Segment(name: l10n.genreName(catalog.other), color: catalog.other.color, weight: rest)) }
        if period.noGenrePlays > 0 {
            segments.append(
                ShareCard.Segment(name: l10n.genreName(catalog.noGenre), color: catalog.noGenre.color, weight: period.noGenrePlays, style: .noGenre))
        }
        return segments
    }

    /// The covers of the period's most played tracks, one per artwork (`PeriodCovers`).
    func cardCovers(_ period: PeriodStats) -> [ShareCard.Cover] {
        covers.plays(of: period).map { cardCover($0.track(in: journal)) }
    }

    /// A track's cover on a card: its resized squares, or its artwork when it is a small local
    /// image, else drawn.
    public func cardCover(_ track: Track) -> ShareCard.Cover {
        let color = catalog.drawnGenre(of: track).color
        if let artwork = track.artwork, let cover = resizedCover(artwork) {
            return ShareCard.Cover(
                title: track.title, artist: track.primaryArtist, color: color,
                squares: cover.jpegSides.map { ShareCard.Square(side: $0, path: cover.path(side: $0, webp: false)) })
        }
        return ShareCard.Cover(title: track.title, artist: track.primaryArtist, color: color, image: track.artwork.flatMap(artwork.dataURI))
    }

    /// `example.org/journal`: the site's address without scheme, as cards show it; empty without an
    /// absolute `base_url`. Served locally, the address journal.yaml gives, not the local one.
    var siteAddress: String {
        var urls = self.urls
        if cardsShowWrittenAddress {
            var written = journal.config
            written.baseURL = written.writtenBaseURL ?? "/"
            urls = SiteURLs(config: written)
        }
        guard let origin = urls.origin else { return "" }
        let host = origin.range(of: "://").map { String(origin[$0.upperBound...]) } ?? origin
        let path = urls.basePath.hasSuffix("/") ? String(urls.basePath.dropLast()) : urls.basePath
        return host + path
    }
}
