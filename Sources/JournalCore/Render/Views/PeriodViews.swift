import Mustache

// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Charts and calendars

/// A chart as the page shows it: the inline SVG, an HTML legend and the same numbers as a table.
struct ChartView {
    var svg: String
    var title: String
    var legend: [Swatch]
    /// The table's genre columns: the genres with plays in the chart.
    var columns: [Swatch]
    var rows: [ChartRow]
    var slotHeader: String
    /// The standalone `chart.svg`, for period pages.
    var svgHref: String?
}

extension ChartView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["svg": svg.templateValue, "title": title.templateValue, "legend": legend.templateValue, "columns": columns.templateValue,
         "rows": rows.templateValue, "slotHeader": slotHeader.templateValue, "svgHref": svgHref.templateValue]
    }
}

struct Swatch {
    var name: String
    var color: String
    /// A genre, `Other` or no genre: `kind` in templates is `genre`, `other` or `none`, so the
    /// theme can draw no genre apart (`swatch-none`).
    var kind: Genre.Kind = .genre
    /// The genre's page, in legends.
    var href: String? = nil
}

extension Swatch: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "color": color.templateValue, "kind": kind.templateValue, "href": href.templateValue]
    }
}

extension Genre.Kind: TemplateRepresentable {
    var templateValue: TemplateValue {
        switch self {
        case .genre: return .text("genre")
        case .other: return .text("other")
        case .none: return .text("none")
        }
    }
}

struct ChartRow {
    var name: String
    /// One per column.
    var counts: [Int]
    var total: Int
    var href: String?
    /// After the journal's last logged day: the row says "not yet" instead of its zeros.
    var isFuture: Bool = false
    /// The cells that text spans: every column and the total.
    var span: Int { counts.count + 1 }
}

extension ChartRow: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "cells": .list(counts.map { ["count": .int($0)] }), "total": total.templateValue, "href": href.templateValue,
         "future": isFuture.templateValue, "span": span.templateValue]
    }
}

/// A month as weeks of seven cells.
struct CalendarView {
    var weeks: [[CalendarCell]]
    var headers: [WeekdayHeader]
    var title: String
    var href: String
}

extension CalendarView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["weeks": .list(weeks.map { ["cells": $0.templateValue] }), "headers": headers.templateValue,
         "title": title.templateValue, "href": href.templateValue]
    }
}

struct CalendarCell {
    /// Before the first or after the last day of the month.
    var blank: Bool
    var day: Int
    var dateISO: String
    /// Logged days only, as the next four.
    var href: String? = nil
    var count: Int? = nil
    var label: String? = nil
    var artwork: String? = nil
    /// The cover's resized squares as WebP (`CoverImage`), when it has them.
    var artworkWebp: String? = nil
    /// The first track's genre colour when it has no artwork.
    var color: String? = nil
    /// After the journal's last logged day: not a skipped day, a day not yet come.
    var future = false

    static let blankCell = CalendarCell(blank: true, day: 0, dateISO: "")
}

extension CalendarCell: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["blank": blank.templateValue, "day": day.templateValue, "dateISO": dateISO.templateValue, "href": href.templateValue,
         "count": count.templateValue, "label": label.templateValue, "artwork": artwork.templateValue,
         "artworkWebp": artworkWebp.templateValue, "color": color.templateValue,
         "future": future.templateValue]
    }
}

struct WeekdayHeader {
    var short: String
    var long: String
}

extension WeekdayHeader: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["short": short.templateValue, "long": long.templateValue] }
}

// MARK: Periods

/// A number at the top of a page.
struct SummaryItem {
    var label: String
    var value: String
    var href: String?
    /// What the number counts, shown on hover.
    var hint: String? = nil
}

extension SummaryItem: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "value": value.templateValue, "href": href.templateValue, "hint": hint.templateValue]
    }
}

/// A genre's plays in a period, with its share.
struct GenreShare {
    var name: String
    var color: String
    var plays: String
    /// `12.5%` of the period's plays.
    var percent: String
    /// The bar's width in percent of the largest genre's, a whole number.
    var width: String
    var href: String
    /// Beyond the site's top genres: charts draw it as `Other`, lists striped in its own colour.
    var minor: Bool
}

extension GenreShare: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "color": color.templateValue, "plays": plays.templateValue,
         "percent": percent.templateValue, "width": width.templateValue, "href": href.templateValue, "minor": minor.templateValue]
    }
}

struct RankedItem {
    var rank: Int
    var name: String
    var plays: String
    /// The primary artist, for tracks.
    var artist: String?
    /// The item's page, where it has one.
    var href: String?
    /// The primary artist's page, for tracks.
    var artistHref: String? = nil
}

extension RankedItem: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["rank": rank.templateValue, "name": name.templateValue, "plays": plays.templateValue,
         "artist": artist.templateValue, "href": href.templateValue, "artistHref": artistHref.templateValue]
    }
}

struct StreakView {
    var length: String
    var range: String
    var startHref: String
    var endHref: String
}

extension StreakView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["length": length.templateValue, "range": range.templateValue, "startHref": startHref.templateValue, "endHref": endHref.templateValue]
    }
}

/// The previous or next week, month or year.
struct PeriodLink {
    var href: String
    var label: String
    var name: String
}

extension PeriodLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["href": href.templateValue, "label": label.templateValue, "name": name.templateValue] }
}

struct WeekPageView {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var range: String
    var summary: [SummaryItem]
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var days: [Converted]
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
}

extension WeekPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "title": title.templateValue, "range": range.templateValue, "summary": summary.templateValue, "chart": chart.templateValue,
         "genres": genres.templateValue, "noGenre": noGenre.templateValue, "topArtists": topArtists.templateValue, "days": days.templateValue,
         "previous": previous.templateValue, "next": next.templateValue, "share": share.templateValue]
    }
}

struct MonthPageView {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var summary: [SummaryItem]
    var calendar: CalendarView
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    /// The weeks that overlap the month.
    var weeks: [WeekLink]
    var yearHref: String
    var year: String
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
}

extension MonthPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "weeks": weeks.templateValue,
         "title": title.templateValue, "summary": summary.templateValue, "calendar": calendar.templateValue,
         "chart": chart.templateValue, "genres": genres.templateValue, "noGenre": noGenre.templateValue, "topArtists": topArtists.templateValue,
         "topTracks": topTracks.templateValue, "yearHref": yearHref.templateValue, "year": year.templateValue,
         "previous": previous.templateValue, "next": next.templateValue, "share": share.templateValue]
    }
}

struct YearPageView {
    /// The way up: archive, year, month.
    var breadcrumbs: [Crumb]
    var title: String
    var summary: [SummaryItem]
    /// Inline SVG.
    var heatmap: String
    /// The heatmap's numbers, for the table beside it.
    var heatmapMonths: [HeatmapMonth]
    var chart: ChartView
    var genres: [GenreShare]
    /// `No genre: 3 tracks`, when the period has tracks with no genre.
    var noGenre: String?
    var topArtists: [RankedItem]
    var topTracks: [RankedItem]
    /// The months with a page, each with the weeks that start in it.
    var months: [MonthCell]
    var longestStreak: StreakView?
    var currentStreak: StreakView?
    /// The year in review.
    var reviewHref: String
    var previous: PeriodLink?
    var next: PeriodLink?
    /// The page's files to embed elsewhere, with snippets.
    var share: ShareView
}

extension YearPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["breadcrumbs": breadcrumbs.templateValue, "title": title.templateValue, "summary": summary.templateValue, "heatmap": heatmap.templateValue,
         "heatmapMonths": heatmapMonths.templateValue,
         "chart": chart.templateValue, "genres": genres.templateValue, "noGenre": noGenre.templateValue, "topArtists": topArtists.templateValue,
         "topTracks": topTracks.templateValue, "months": months.templateValue, "longestStreak": longestStreak.templateValue,
         "currentStreak": currentStreak.templateValue, "reviewHref": reviewHref.templateValue,
         "previous": previous.templateValue, "next": next.templateValue, "share": share.templateValue]
    }
}

/// A month of the year heatmap's table: days logged and tracks.
struct HeatmapMonth {
    var name: String
    /// The month's page, when it has one.
    var href: String?
    var days: Int
    var tracks: Int
}

extension HeatmapMonth: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["name": name.templateValue, "href": href.templateValue, "days": days.templateValue, "tracks": tracks.templateValue]
    }
}

