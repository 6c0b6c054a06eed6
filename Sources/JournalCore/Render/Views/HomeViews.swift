// What the home pages (the latest days, the week's chart, the month's calendar, the year so far)
// and the 404 page show, as typed values ready to print.

struct HomePageView: Encodable {
    var days: [Converted]
    var isFirstPage: Bool
    var latestWeek: LatestWeek?
    var latestMonth: CalendarView?
    /// The newest year so far, on the first page.
    var year: HomeYear?
    var pagination: HomePager?
    /// The same date 1, 5 and 10 years before the newest day, on the first page.
    var onThisDay: OnThisDayView? = nil
}

/// The home page's pager, with `newer` and `older`: the names its links had before the pager was
/// shared (`previous`, `next`), so a journal's own home.mustache keeps its pager.
struct HomePager: Encodable {
    @Flattened var pager: Pagination
    var newer: String?
    var older: String?

    init(_ pager: Pagination) {
        self.pager = pager
        newer = pager.previous
        older = pager.next
    }
}

/// The newest year so far on the home page: its totals, its song and artist so far, and the
/// way to the year, its review and the month.
struct HomeYear: Encodable {
    /// `2026 so far`, linked to the year.
    var title: String
    var href: String
    var summary: [SummaryItem]
    /// The song and the artist played most so far, each linked.
    var song: NamedLink?
    var songArtist: String?
    var artist: NamedLink?
    /// `2026 in review`.
    var reviewLabel: String
    var reviewHref: String
    /// `November 2026`: the newest month.
    var monthLabel: String?
    var monthHref: String?
}

struct LatestWeek: Encodable {
    var title: String
    var href: String
    var chart: ChartView
}

struct NotFoundPageView: Encodable {
    /// The latest days' cards.
    var recent: [Converted]
}
