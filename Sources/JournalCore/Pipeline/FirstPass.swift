import Foundation

/// The pages an edit shows first, for `journal serve`: before the whole site is made again, the
/// pages of the days whose files changed (and their neighbours, weeks, months, years and their
/// `.svg` files, year reviews, the first home page, the feed and the search index) are rendered
/// and put in place, so the open page can reload at once. The whole site follows, as `build`
/// makes it, and replaces these with the very same bytes.
enum FirstPass {
    /// Renders the pages `changed` (journal-relative content paths) affect and writes each into
    /// `output` in place; returns their site paths. Nothing when `output` holds no site yet.
    static func write(_ site: PreparedSite, changed: Set<String>, source: String, output: String) -> [String] {
        var isFolder: ObjCBool = false
        guard !changed.isEmpty, FileManager.default.fileExists(atPath: output + "/" + SiteWriter.markerName),
              FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue else { return [] }
        let loader = JournalLoader(source: source)
        let changedPaths = Set(changed.map(loader.display))
        let urls = site.renderer.urls
        let days = site.journal.days
        var wanted: Set<String> = [urls.feed, urls.searchIndex, urls.file(for: urls.homePage(1))]
        for (index, day) in days.enumerated() where changedPaths.contains(day.sourcePath) {
            for neighbour in max(0, index - 1)...min(days.count - 1, index + 1) {
                wanted.insert(urls.file(for: urls.day(days[neighbour].date)))
            }
            let date = day.date
            for period in [urls.week(date.startOfWeek(site.journal.config.weekStart)), urls.month(year: date.year, month: date.month), urls.year(date.year)] {
                wanted.insert(urls.file(for: period))
                wanted.insert(urls.chart(of: period))
            }
            wanted.insert(urls.file(for: urls.review(date.year)))
            wanted.insert(urls.calendar(year: date.year, month: date.month))
            wanted.insert(urls.heatmap(date.year))
        }
        var written: [String] = []
        for job in site.plan.jobs where wanted.contains(job.path) {
            guard let bytes = try? site.renderer.render(job), SiteWriter.replaceInPlace(in: output, path: job.path, bytes: bytes) else { continue }
            written.append(job.path)
        }
        return written.sorted()
    }
}
