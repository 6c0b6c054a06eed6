import Foundation

/// The pages an edit shows first, for `journal serve`: before the whole site is made again, the
/// files of the plan made from what the edited files were or are (`FileJob.inputs`, `FileInputs`:
/// the day's page and its neighbours', its week, month and year with their charts, the year's
/// review and the next one, its artists', tracks', genres' and tags' pages, the newest home page,
/// the feed, the search index and the search text files it names that the edit may have
/// changed) are rendered and put in place, so the open page can reload at once. The whole site
/// follows, as `build` makes it, and replaces these with the very same bytes. Share cards wait
/// for it.
enum FirstPass {
    /// The most files a first pass makes; an edit that reaches more (a settings change that
    /// decodes every day again) waits for the whole site.
    static let maxFiles = 600

    /// Renders the files of the plan that `changed` (journal-relative content paths) reach, as
    /// they are now and as `replaced` (the days and playlists the served site showed) were, and
    /// writes each into `output` in place; returns their site paths. Nothing when `output` holds
    /// no site yet.
    static func write(
        _ site: PreparedSite, changed: Set<String>, replaced: (days: [Day], playlists: [Playlist]) = ([], []),
        source: String, output: String
    ) -> [String] {
        var isFolder: ObjCBool = false
        guard !changed.isEmpty, FileManager.default.fileExists(atPath: output + "/" + SiteWriter.markerName),
            FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue
        else { return [] }
        let wanted = paths(site, changed: changed, replaced: replaced, source: source)
        var written: [String] = []
        for job in site.plan.jobs where wanted.contains(job.path) {
            guard let bytes = try? site.renderer.render(job), SiteWriter.replaceInPlace(in: output, path: job.path, bytes: bytes) else { continue }
            written.append(job.path)
        }
        return written.sorted()
    }

    /// The site paths the first pass makes for `changed`.
    static func paths(_ site: PreparedSite, changed: Set<String>, replaced: (days: [Day], playlists: [Playlist]), source: String) -> Set<String> {
        let loader = JournalLoader(source: source)
        let changedPaths = Set(changed.map(loader.display))
        let journal = site.journal
        let catalog = site.renderer.catalog
        let weekStart = journal.config.weekStart
        var keys: Set<String> = []
        var edited: [Int] = []
        for (index, day) in journal.days.enumerated() where changedPaths.contains(day.sourcePath) {
            edited.append(index)
            keys.formUnion(FileInputs.of(day, catalog: catalog, weekStart: weekStart))
        }
        for playlist in journal.playlists where changedPaths.contains(playlist.sourcePath) { keys.formUnion(FileInputs.of(playlist)) }
        for day in replaced.days { keys.formUnion(FileInputs.of(day, catalog: catalog, weekStart: weekStart)) }
        for playlist in replaced.playlists { keys.formUnion(FileInputs.of(playlist)) }
        var wanted = Set(searchText(site, editedDays: edited, changedPaths: changedPaths))
        for job in site.plan.jobs where job.rasterSize == nil && !job.inputs.isEmpty && !keys.isDisjoint(with: job.inputs) {
            wanted.insert(job.path)
        }
        // Past this, rendering one by one before the whole site (on every core) is no quicker.
        return wanted.count > maxFiles ? [] : wanted
    }

    /// The search text files the edit may have changed, so that none the new `search-index.json`
    /// names is missing or stale: the file of days holding the oldest edited day and every newer
    /// one (months are grouped into files from the oldest on, so an edit moves no boundary before
    /// it), and the playlists' and pages' text when one of those changed.
    static func searchText(_ site: PreparedSite, editedDays: [Int], changedPaths: Set<String>) -> [String] {
        var files: [String] = []
        if let oldest = editedDays.min() {
            for part in SearchIndex(renderer: site.renderer).dayParts() {  // newest first
                files.append(part.path)
                if part.days.contains(oldest) { break }
            }
        }
        let journal = site.journal
        if journal.playlists.contains(where: { changedPaths.contains($0.sourcePath) })
            || journal.pages.contains(where: { changedPaths.contains($0.sourcePath) })
        {
            files.append(site.renderer.urls.searchWriting)
        }
        return files
    }
}
