/// The year in review's charts: the genre mix month by month, plays by weekday, and plays by
/// release year.
extension SiteRenderer {
    /// The year's genre mix, month by month, as shares of each month's plays.
    func genreMix(_ year: Int) -> ReviewMix? {
        // From the year's first month with plays to its last: a first or a latest year is not
        // padded with months the diary had not reached.
        let played = (1...12).filter { month in monthIndex[year * 100 + month].map { stats.months[$0].plays > 0 } ?? false }
        guard let firstMonth = played.first, let lastMonth = played.last else { return nil }
        let months = (firstMonth...lastMonth).map { month in monthIndex[year * 100 + month].map { stats.months[$0] } }
        let chart = GenreMixChart(
            genres: chartGenres,
            months: months.enumerated().map { offset, stats in
                GenreMixChart.Month(
                    label: l10n.shortMonth(firstMonth + offset), name: l10n.monthYear(year: year, month: firstMonth + offset),
                    counts: stats?.totals ?? Array(repeating: 0, count: chartGenres.count),
                    href: stats.map { _ in urls.href(urls.month(year: year, month: firstMonth + offset)) })
            },
            title: "\(year) · \(l10n.string(.genreMix))", l10n: l10n)
        let present = chartGenres.indices.filter { genre in months.contains { ($0?.totals[genre] ?? 0) > 0 } }
        let swatches = present.map { index in
            let genre = chartGenres[index]
            return Swatch(
                name: genre.name, color: genre.color, kind: genre.kind,
                href: genre.kind == .genre ? urls.href(urls.genre(genre.slug)) : nil)
        }
        return ReviewMix(
            svg: chart.svg(), legend: swatches, caption: chart.title,
            columns: swatches.map { Swatch(name: $0.name, color: $0.color, kind: $0.kind) },
            rows: months.enumerated().compactMap { offset, stats in
                guard let stats, stats.plays > 0 else { return nil }
                return ReviewMixRow(
                    month: l10n.monthYear(year: year, month: firstMonth + offset),
                    href: urls.href(urls.month(year: year, month: firstMonth + offset)),
                    cells: present.map { Share.percent(stats.totals[$0], of: stats.plays) })
            })
    }

    /// Plays by weekday, in the order the site's weeks run, the favourite marked.
    func weekdayChart(_ review: YearReview) -> String? {
        guard review.totals.plays > 0 else { return nil }
        return ColumnChart(
            columns: journal.config.weekStart.weekdayOrder.map { weekday in
                ColumnChart.Column(
                    label: l10n.weekdaysShort[weekday], name: l10n.weekdays[weekday], value: review.weekdayPlays[weekday],
                    isMarked: weekday == review.favouriteWeekday)
            },
            title: "\(review.year) · \(l10n.string(.listeningRhythm))", l10n: l10n, count: review.totals.count
        ).svg()
    }

    /// Plays by release year or decade, the busiest marked.
    func releaseChart(_ review: YearReview) -> String? {
        guard let busiest = review.releaseYears.map(\.plays).max(), busiest > 0 else { return nil }
        return ColumnChart(
            columns: review.releaseYears.map { bucket in
                let label = bucket.first == bucket.last ? String(bucket.first) : l10n.decade(bucket.first)
                return ColumnChart.Column(
                    label: label, name: bucket.first == bucket.last ? label : "\(bucket.first)–\(bucket.last)",
                    value: bucket.plays, isMarked: bucket.plays == busiest)
            },
            title: "\(review.year) · \(l10n.string(.releaseYears))", l10n: l10n
        ).svg()
    }
}
