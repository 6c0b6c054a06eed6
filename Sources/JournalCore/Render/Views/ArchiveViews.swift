import Mustache

// The archive (every year and month, all-time totals) and the ways up and across between
// period pages: breadcrumbs, a month's weeks, a year's months with their weeks.

/// One step of the way up from a page: `Archive › 2020 › December 2020`. The last names the page
/// itself and has no link.
struct Crumb {
    var name: String
    var href: String?
}

extension Crumb: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["name": name.templateValue, "href": href.templateValue] }
}

/// A week listed on its month's or year's page.
struct WeekLink {
    /// `2 Mar`: the week's first day.
    var name: String
    /// `Week of 2 Mar 2026 · 12 tracks`.
    var label: String
    var href: String
}

extension WeekLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["name": name.templateValue, "label": label.templateValue, "href": href.templateValue] }
}

/// A month of a year: on the year page with its weeks, in the archive as one cell of a strip.
struct MonthCell {
    /// `Mar`.
    var short: String
    /// `March 2018 · 32 tracks`, or the month's name alone when nothing was logged.
    var label: String
    /// The month's page; nil when nothing was logged that month.
    var href: String?
    var plays: Int
    /// 0 for a month with no page, then 1–4 by plays against the journal's busiest month.
    var level: Int
    var weeks: [WeekLink]
}

extension MonthCell: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["short": short.templateValue, "label": label.templateValue, "href": href.templateValue, "plays": plays.templateValue,
         "level": level.templateValue, "weeks": weeks.templateValue]
    }
}

/// A year in the archive.
struct ArchiveYear {
    var name: String
    var href: String
    /// `1,204 tracks · 315 of 365 days · 12 genres`.
    var totals: String
    var months: [MonthCell]
    /// The year in review.
    var reviewHref: String
}

extension ArchiveYear: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "href": href.templateValue, "totals": totals.templateValue, "months": months.templateValue,
         "reviewHref": reviewHref.templateValue]
    }
}

struct ArchivePageView {
    var summary: [SummaryItem]
    var chart: ChartView
    var genres: [GenreShare]
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    var longestStreak: StreakView?
    var currentStreak: StreakView?
    /// Newest first.
    var years: [ArchiveYear]
}

extension ArchivePageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["summary": summary.templateValue, "chart": chart.templateValue, "genres": genres.templateValue,
         "noGenre": noGenre.templateValue, "topArtists": topArtists.templateValue, "topTracks": topTracks.templateValue,
         "longestStreak": longestStreak.templateValue, "currentStreak": currentStreak.templateValue, "years": years.templateValue]
    }
}
