import Foundation

/// The pages an edit shows first, for `journal serve`: before the whole site is made again, the
/// pages of the days whose files changed (and their neighbours, weeks, months, years and their
/// `.svg` files, year reviews, the first home page, the feed, the search index and the search
/// text files it names that the edit may have changed) are rendered
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
        var edited: [Int] = []
        for (index, day) in days.enumerated() where changedPaths.contains(day.sourcePath) {
            edited.append(index)
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
        wanted.formUnion(searchText(site, editedDays: edited, changedPaths: changedPaths))
        var written: [String] = []
        for job in site.plan.jobs where wanted.contains(job.path) {
            guard let bytes = try? site.renderer.render(job), SiteWriter.replaceInPlace(in: output, path: job.path, bytes: bytes) else { continue }
            written.append(job.path)
        }
        return written.sorted()
    }

    /// The search text files the edit may have changed, so that none the new `search-index.json`
    /// names is missing or stale: the file of days holding the oldest edited day and every newer
    /// one (months are grouped into files from the oldest on, so an edit moves no boundary before
    /// it), and the playlists' and pages' text when one of those changed.
    static func searchText(_ site: PreparedSite, editedDays: [Int], changedPaths: Set<String>) -> [String] {
        var files: [String] = []
        if let oldest = editedDays.min() {
            for part in SearchIndex(renderer: site.renderer).dayParts() { // newest first
                files.append(part.path)
                if part.days.contains(oldest) { break }
            }
        }
        let journal = site.journal
        if journal.playlists.contains(where: { changedPaths.contains($0.sourcePath) }) || journal.pages.contains(where: { changedPaths.contains($0.sourcePath) }) {
            files.append(site.renderer.urls.searchWriting)
        }
        return files
    }
}
