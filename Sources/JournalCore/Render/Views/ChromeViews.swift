import Mustache

// What the pages of the default theme show, as typed values ready to print (STYLE.md: templates
// get strings, never model objects), each with the keys the theme knows it by.

// MARK: Every page

/// The site and the page's metadata, on every page (`site`, `t`, `meta`).
struct PageChrome {
    var site: SiteView
    var meta: MetaView
    /// The UI strings (`t`), converted once for every page.
    var strings: TemplateValue
}

extension PageChrome {
    /// The page's own values with the site, the UI strings and the page's metadata beside them.
    func page(_ key: String, _ view: some TemplateRepresentable) -> TemplateObject {
        var object = chrome
        object[key] = view.templateValue
        return object
    }

    var chrome: TemplateObject {
        ["site": site.templateValue, "t": strings, "meta": meta.templateValue]
    }
}

struct SiteView {
    var title: String
    var lang: String
    var home: String
    var stylesheet: String
    var favicon: String
    /// The main menu.
    var nav: [NavItem]
    /// The footer's links: plain pages, then tags.
    var pages: [NavItem]
    var feed: String
    /// `og:locale`.
    var locale: String
    var description: String?
    var author: String?
}

extension SiteView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["title": title.templateValue, "lang": lang.templateValue, "home": home.templateValue,
         "stylesheet": stylesheet.templateValue, "favicon": favicon.templateValue, "nav": nav.templateValue,
         "pages": pages.templateValue, "feed": feed.templateValue, "locale": locale.templateValue,
         "description": description.templateValue, "author": author.templateValue]
    }
}

struct NavItem {
    var label: String
    var href: String
    var current: Bool
    /// The search item, which the theme draws as an icon on narrow screens.
    var isSearch = false
}

extension NavItem: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "href": href.templateValue, "current": current.templateValue, "isSearch": isSearch.templateValue]
    }
}

struct MetaView {
    /// The `<title>`: the page's title and the site's.
    var title: String
    var canonical: String
    var description: String?
    var ogTitle: String
    /// `article` for days, `website` for the rest.
    var ogType: String
    /// An absolute URL (`og:image`), with its size in pixels and its text when known.
    var image: String?
    var imageWidth: String?
    var imageHeight: String?
    var imageAlt: String?
}

extension MetaView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["title": title.templateValue, "canonical": canonical.templateValue, "description": description.templateValue,
         "ogTitle": ogTitle.templateValue, "ogType": ogType.templateValue, "image": image.templateValue,
         "imageWidth": imageWidth.templateValue, "imageHeight": imageHeight.templateValue, "imageAlt": imageAlt.templateValue]
    }
}

// MARK: Home and 404

struct HomePageView {
    var chrome: PageChrome
    var days: [Converted]
    var isFirstPage: Bool
    var latestWeek: LatestWeek?
    var latestMonth: CalendarView?
    /// The newest year so far, on the first page.
    var year: HomeYear?
    var pagination: Pagination?
}

/// The newest year so far on the home page: its totals, its song and artist so far, and the
/// way to the year, its review and the month.
struct HomeYear {
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

extension HomeYear: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["title": title.templateValue, "href": href.templateValue, "summary": summary.templateValue, "song": song.templateValue,
         "songArtist": songArtist.templateValue, "artist": artist.templateValue, "reviewLabel": reviewLabel.templateValue,
         "reviewHref": reviewHref.templateValue, "monthLabel": monthLabel.templateValue, "monthHref": monthHref.templateValue]
    }
}

extension HomePageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        var object = chrome.chrome
        object["days"] = days.templateValue
        object["isFirstPage"] = isFirstPage.templateValue
        object["latestWeek"] = latestWeek.templateValue
        object["latestMonth"] = latestMonth.templateValue
        object["year"] = year.templateValue
        object["pagination"] = pagination.map { pagination -> TemplateValue in
            // `newer` and `older`: the home pager's links by the names they had before the pager
            // was shared (`previous`, `next`), so a journal's own home.mustache keeps its pager.
            var pager = pagination.templateObject
            pager["newer"] = pagination.previous.templateValue
            pager["older"] = pagination.next.templateValue
            return .object(pager)
        }.templateValue
        return object
    }
}

struct LatestWeek {
    var title: String
    var href: String
    var chart: ChartView
}

extension LatestWeek: TemplateObjectRepresentable {
    var templateObject: TemplateObject { ["title": title.templateValue, "href": href.templateValue, "chart": chart.templateValue] }
}

/// The pager of a list cut into pages (`partials/pagination`).
struct Pagination {
    /// `Page 2 of 9`.
    var label: String
    var previous: String?
    var next: String?
    /// `Newer` and `Older` on lists shown newest first, else `Previous page` and `Next page`.
    var previousLabel: String
    var nextLabel: String
    var pages: [PageNumberLink]
}

extension Pagination: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["label": label.templateValue, "previous": previous.templateValue, "next": next.templateValue,
         "previousLabel": previousLabel.templateValue, "nextLabel": nextLabel.templateValue, "pages": pages.templateValue]
    }
}

/// A page number, or a gap (`…`) between numbers.
struct PageNumberLink {
    var gap: Bool
    var number: Int
    var href: String
    var current: Bool

    static let gapMark = PageNumberLink(gap: true, number: 0, href: "", current: false)
}

extension PageNumberLink: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        ["gap": gap.templateValue, "number": number.templateValue, "href": href.templateValue, "current": current.templateValue]
    }
}

struct NotFoundPageView {
    var chrome: PageChrome
    /// The latest days' cards.
    var recent: [Converted]
}

extension NotFoundPageView: TemplateObjectRepresentable {
    var templateObject: TemplateObject {
        var object = chrome.chrome
        object["recent"] = recent.templateValue
        return object
    }
}

