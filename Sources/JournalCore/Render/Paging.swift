/// A list cut into numbered pages of at most `size` items: the home page's days, a tag's days,
/// the playlists, the artists, an artist's tracks. There is always a first page, even for an
/// empty list, so a list's own URL always exists.
struct Paging {
    let count: Int
    let size: Int

    var pageCount: Int { max(1, (count + size - 1) / size) }

    /// Page numbers, from 1.
    var pages: ClosedRange<Int> { 1...pageCount }

    /// The items of page `number`: positions in the list.
    func range(_ number: Int) -> Range<Int> {
        min(count, (number - 1) * size)..<min(count, number * size)
    }

    /// The page that shows position `index`.
    func page(of index: Int) -> Int { index / size + 1 }
}

extension SiteRenderer {
    /// The pager under page `number` of `count`, nil when there is one page. `path` gives each
    /// page's site path. A list shown newest first says Newer and Older, others Previous and Next.
    func pagination(_ number: Int, of count: Int, newestFirst: Bool, path: (Int) -> String) -> Pagination? {
        guard count > 1 else { return nil }
        return Pagination(
            label: l10n.pageOf(number, count),
            previous: number > 1 ? urls.href(path(number - 1)) : nil,
            next: number < count ? urls.href(path(number + 1)) : nil,
            previousLabel: newestFirst ? l10n.string(.newer) : l10n.string(.previousPage),
            nextLabel: newestFirst ? l10n.string(.older) : l10n.string(.nextPage),
            pages: paginationLinks(current: number, count: count, path: path))
    }

    /// The first, last and nearby page numbers, with gaps marked, so 300 pages stay one line.
    private func paginationLinks(current: Int, count: Int, path: (Int) -> String) -> [PageNumberLink] {
        var shown = Set([1, count])
        for number in (current - 2)...(current + 2) where number >= 1 && number <= count { shown.insert(number) }
        var links: [PageNumberLink] = []
        var previous = 0
        for number in shown.sorted() {
            if number > previous + 1 { links.append(.gapMark) }
            links.append(PageNumberLink(gap: false, number: number, href: urls.href(path(number)), current: number == current))
            previous = number
        }
        return links
    }
}
