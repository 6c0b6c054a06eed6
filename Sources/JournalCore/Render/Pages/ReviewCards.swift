/// The year in review as a share card: landscape as the page's `og:image`, portrait as its
/// `story.jpg`, and what they say in words.
extension SiteRenderer {
    /// The review as a card: the year's plays, minutes (or days logged), artists and new artists
    /// (or, in the journal's first year, genres), its genres and its top tracks' covers. Drawn
    /// landscape as its `og:image` and portrait as `story.jpg`.
    func reviewCard(_ index: Int) -> ShareCard {
        let review = reviews[index]
        let year = stats.years[index]
        var figures = [ShareCard.Figure(value: l10n.number(review.totals.plays), label: l10n.countLabel(review.totals.count))]
        if review.totals.hasDurations {
            figures.append(ShareCard.Figure(value: l10n.number(review.totals.minutes), label: l10n.string(.minutesShort)))
        } else {
            figures.append(
                ShareCard.Figure(value: "\(l10n.number(review.totals.daysLogged))/\(l10n.number(review.totals.coveredDays))", label: l10n.string(.daysLogged)))
        }
        figures.append(ShareCard.Figure(value: l10n.number(review.totals.artists), label: l10n.string(.artistsLabel)))
        if index > 0 {
            figures.append(ShareCard.Figure(value: l10n.number(review.newArtistCount), label: l10n.string(.newArtistsShort)))
        } else {
            figures.append(ShareCard.Figure(value: String(year.genreCount), label: l10n.string(.genres)))
        }
        var card = shareCard(
            label: String(review.year), kicker: l10n.string(.yearInReview), figures: figures,
            genres: cardSegments(year), covers: cardCovers(year))
        // Led by the song and the artist of the year, each named, with its cover.
        if let song = review.topTracks.first {
            card.headlines.append(
                ShareCard.Headline(
                    label: l10n.string(.songOfTheYear), title: song.track.title,
                    detail: "\(creditedNames(song.track).joined(separator: ", ")) · \(l10n.counted(song.plays, review.totals.count))",
                    cover: cardCover(song.track)))
        }
        if let artist = review.topArtists.first {
            let track = review.topArtistTracks.first??.track
            // The cover of its most played track, or its own initials.
            let cover =
                track.flatMap { $0.artwork == nil ? nil : cardCover($0) }
                ?? ShareCard.Cover(title: artist.name, artist: "", color: track.map { catalog.drawnGenre(of: $0).color } ?? GenreCatalog.otherColor)
            card.headlines.append(
                ShareCard.Headline(
                    label: l10n.string(.artistOfTheYear), title: artist.name, detail: l10n.counted(artist.plays, review.totals.count),
                    cover: cover, round: true))
        }
        return card
    }

    /// What the review's cards say, in words (`og:image:alt`).
    func reviewCardAlt(_ index: Int) -> String {
        let review = reviews[index]
        var alt = "\(l10n.reviewTitle(review.year)): \(l10n.counted(review.totals.plays, review.totals.count)), \(l10n.artists(review.totals.artists))"
        if review.totals.hasDurations { alt += ", \(l10n.totalDuration(review.totals.listenedSeconds))" }
        alt += "."
        if let song = review.topTracks.first {
            alt += " \(l10n.string(.songOfTheYear)): \(song.track.title) (\(creditedNames(song.track).joined(separator: ", ")))."
        }
        if let artist = review.topArtists.first { alt += " \(l10n.string(.artistOfTheYear)): \(artist.name)." }
        let top = stats.years[index].genres.prefix(3).map { l10n.genreName($0.genre) }
        if !top.isEmpty { alt += " \(l10n.string(.topGenres)): \(top.joined(separator: ", "))." }
        return alt
    }

    func reviewStoryImage(_ index: Int) -> ShareImage {
        let layout = ShareCard.Layout.portrait
        return cardShareImage(
            path: urls.story(of: urls.review(reviews[index].year)), alt: reviewCardAlt(index),
            width: layout.width, height: layout.height, id: "story", label: l10n.string(.shareStory))
    }
}
