/// The search page's index (docs/content-format.md, "Browsing"), in several files so a phone
/// fetches little before the first result:
///
/// - `search-index.json`, fetched first: every name (days, artists, tracks, genres, tags,
///   months, years, playlists, pages), each row `[kind, name, path, plays, context, aliases?,
///   text?]`, and the list of text files below, newest first. With every name in it, the
///   results found by a name are whole from this file alone;
/// - `search/days-YYYY-MM.json`: `[path, text]` for the days with text of whole months from
///   that one on (about `partLimit` bytes a file), newest first. Text results go days newest
///   first, so the script fetches these in order, two at a time, only until the results it
///   shows can no longer change (a page of them, then more when asked): a common word is found
///   in the newest file or two;
/// - `search/playlists-pages.json` (when there are any): `[path, text]` for playlists and pages
///   with text, last.
///
/// `path` is relative to the site root (the script puts the base path in front); `plays` ranks
/// rows within a kind of match, except days, playlists and pages found by their text (days go
/// newest first, then playlists and pages by name); `context` is shown under the name and
/// never searched; `aliases` are other names (`2026-11`, `Nov 2026`) matched like the name;
/// `text` is searched after the names: a day's diary entry as plain text (`PlainText`: its body,
/// its tracks' notes, its mood), a track's artists, a playlist's or a page's text.
struct SearchIndex {
    let renderer: SiteRenderer

    /// Kinds of result, by their number in a row.
    private enum Kind: Int, CaseIterable {
        case day, track, artist, genre, tag, month, year, playlist, page

        var label: UIString {
            switch self {
            case .day: .typeDay
            case .track: .typeTrack
            case .artist: .typeArtist
            case .genre: .typeGenre
            case .tag: .typeTag
            case .month: .typeMonth
            case .year: .typeYear
            case .playlist: .typePlaylist
            case .page: .typePage
            }
        }
    }
    static let kinds = Kind.allCases.map { "\($0)" }

    /// The index files, each made when its job runs.
    func jobs() -> [FileJob] {
        let urls = renderer.urls
        var jobs = [FileJob(path: urls.searchIndex) { Array(names().utf8) }.from([FileInputs.index])]
        for part in dayParts() {
            jobs.append(FileJob(path: part.path) { Array(self.days(part.days).utf8) })
        }
        if hasWriting {
            jobs.append(FileJob(path: urls.searchWriting) { Array(writing().utf8) }.from([FileInputs.writing]))
        }
        return jobs
    }

    /// The search page's data: where the index is, and the labels the script shows.
    func view() -> SearchView {
        let l10n = renderer.l10n
        let urls = renderer.urls
        let labels = Kind.allCases.map { "\(JSONText.quoted("\($0)")):\(JSONText.quoted(l10n.string($0.label)))" }.joined(separator: ",")
        // Rows count plays where the journal has a log, else songs logged (`names()`).
        let forms = renderer.journal.listening.isEmpty ? l10n.songsLoggedCount : l10n.playCount
        let one = forms.one.map { ",\"one\":" + JSONText.quoted($0.render { _ in "{n}" }) } ?? ""
        let plays = "{\"other\":\(JSONText.quoted(forms.other.render { _ in "{n}" }))\(one)}"
        return SearchView(
            index: urls.href(urls.searchIndex), types: "{\(labels)}", plays: plays,
            script: urls.href(urls.asset("search.js")))
    }

    // MARK: The files

    func names() -> String {
        let journal = renderer.journal
        let library = renderer.library
        let stats = renderer.stats
        let urls = renderer.urls
        let l10n = renderer.l10n
        var rows: [String] = []
        for index in journal.days.indices.reversed() {
            rows.append(dayRow(index))
        }
        // Every count is the log's plays where the journal has a log (0, and so not shown, for
        // what only the diary has), else songs logged: the search page names one unit (`view()`).
        let hasLog = !journal.listening.isEmpty
        for artist in library.artists {
            rows.append(Self.row(.artist, artist.name, urls.artist(artist.slug), hasLog ? artist.log.primaryPlays : artist.primaryPlays))
        }
        // Tracks, once each, linking to their page (a track played once: its card on its day); their artists are their
        // text, so "rinomu" lists Rinomu's tracks after Rinomu and "ditto newjeans" finds Ditto.
        for track in library.tracks {
            rows.append(Self.row(.track, track.title, urls.trackLink(track), hasLog ? track.log.plays : track.plays, track.credit, text: track.credit))
        }
        for genre in renderer.catalog.playedGenres {
            rows.append(Self.row(.genre, genre.name, urls.genre(genre.slug), hasLog ? genre.listened : genre.plays))
        }
        for tag in library.tags {
            rows.append(Self.row(.tag, tag.name, urls.tag(tag.slug), tag.plays, tag.days.isEmpty ? "" : l10n.days(tag.days.count)))
        }
        for month in stats.months.reversed() {
            let (year, number) = (month.start.year, month.start.month)
            let name = l10n.monthYear(year: year, month: number)
            let aliases = ["\(CalendarDate.pad(year, 4))-\(CalendarDate.pad(number, 2))", "\(l10n.shortMonth(number)) \(year)"]
            rows.append(
                Self.row(
                    .month, name, urls.month(year: year, month: number), hasLog && !month.countsPlays ? 0 : month.plays, l10n.days(month.daysLogged),
                    aliases: aliases))
        }
        let yearName = l10n.string(.searchYearName)
        for year in stats.years.reversed() {
            let number = year.start.year
            let alias = yearName.replacingOccurrences(of: "{year}", with: String(number))
            rows.append(
                Self.row(.year, String(number), urls.year(number), hasLog && !year.countsPlays ? 0 : year.plays, l10n.days(year.daysLogged), aliases: [alias]))
        }
        for playlist in journal.playlists {
            rows.append(
                Self.row(
                    .playlist, playlist.title, urls.playlist(playlist.slug), 0,
                    playlist.description ?? l10n.tracks(playlist.tracks.count)))
        }
        for page in journal.pages {
            rows.append(Self.row(.page, page.title, urls.page(page.slug), 0))
        }
        var text = dayParts().map { JSONText.quoted($0.path) }
        if hasWriting { text.append(JSONText.quoted(urls.searchWriting)) }
        let kinds = Self.kinds.map(JSONText.quoted).joined(separator: ",")
        return "{\"v\":3,\"kinds\":[\(kinds)],\"text\":[\(text.joined(separator: ","))],\"items\":[\n"
            + rows.joined(separator: ",\n") + "\n]}\n"
    }

    /// The row of the day at `index` (into `Journal.days`): its names, without its text. A day
    /// with a title has its date first in its context and as two more names (ISO, long), which
    /// search.js reads to date a snippet of the day's text (the name of a day without a title
    /// is its date already).
    private func dayRow(_ index: Int) -> String {
        let day = renderer.journal.days[index]
        let urls = renderer.urls
        let l10n = renderer.l10n
        let tracks = day.tracks.map(\.title).joined(separator: ", ")
        let context = day.title == nil ? tracks : "\(l10n.shortDate(day.date)) · \(tracks)"
        let aliases = day.title == nil ? [day.date.iso] : [day.date.iso, l10n.longDate(day.date)]
        return Self.row(.day, day.title ?? l10n.longDate(day.date), urls.day(day.date), day.tracks.count, context, aliases: aliases)
    }

    /// A day's text as search reads it: its entry as plain text, its tracks' notes, its mood.
    private func dayText(_ index: Int) -> String {
        let day = renderer.journal.days[index]
        return ([PlainText.of(html: day.bodyHTML)] + day.tracks.compactMap { $0.noteHTML.map(PlainText.of) } + [day.mood ?? ""])
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The text of the days at `indexes` (into `Journal.days`), in that order: `[path, text]`
    /// for each day that has some.
    func days(_ indexes: [Int]) -> String {
        let urls = renderer.urls
        let rows = indexes.compactMap { index -> String? in
            let text = dayText(index)
            guard !text.isEmpty else { return nil }
            return "[\(JSONText.quoted(urls.day(renderer.journal.days[index].date))),\(JSONText.quoted(text))]"
        }
        return "{\"v\":3,\"text\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }

    /// The text of playlists and pages, by path: their rows are in the names file.
    func writing() -> String {
        let rows = writingRows().map { "[\(JSONText.quoted($0.path)),\(JSONText.quoted($0.text))]" }
        return "{\"v\":3,\"text\":[\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }

    // MARK: Parts

    /// About the most text, in bytes, one file of days holds (10 KB or so gzipped), so that the
    /// names and the first two files stay under 150 KB gzipped on ten years of diary; a longer
    /// month is a file of its own.
    static let partLimit = 64 * 1024

    /// The days in files of whole months, oldest month first (so a new day changes only the
    /// last file); returned newest first, each file's days newest first, as the script fetches them.
    func dayParts() -> [(path: String, days: [Int])] {
        let days = renderer.journal.days
        var parts: [(first: CalendarDate, days: [Int], size: Int)] = []
        var index = 0
        while index < days.count {
            let month = days[index].date
            var end = index
            var size = 0
            while end < days.count, days[end].date.year == month.year, days[end].date.month == month.month {
                size += 40 + days[end].bodyHTML.utf8.count + days[end].tracks.reduce(0) { $0 + ($1.noteHTML?.utf8.count ?? 0) }
                end += 1
            }
            if let last = parts.last, last.size + size <= Self.partLimit {
                parts[parts.count - 1].days += Array(index..<end)
                parts[parts.count - 1].size += size
            } else {
                parts.append((month, Array(index..<end), size))
            }
            index = end
        }
        return parts.reversed().map { (renderer.urls.searchDays(year: $0.first.year, month: $0.first.month), $0.days.reversed()) }
    }

    private var hasWriting: Bool { !renderer.journal.playlists.isEmpty || !renderer.journal.pages.isEmpty }

    private func writingRows() -> [(path: String, text: String)] {
        let journal = renderer.journal
        let urls = renderer.urls
        var rows: [(path: String, text: String)] = []
        for playlist in journal.playlists {
            let parts = [playlist.description ?? "", PlainText.of(html: playlist.bodyHTML)] + playlist.tracks.compactMap { $0.noteHTML.map(PlainText.of) }
            let text = parts.filter { !$0.isEmpty }.joined(separator: " ")
            if !text.isEmpty { rows.append((urls.playlist(playlist.slug), text)) }
        }
        for page in journal.pages {
            let text = PlainText.of(html: page.bodyHTML)
            if !text.isEmpty { rows.append((urls.page(page.slug), text)) }
        }
        return rows
    }

    private static func row(
        _ kind: Kind, _ name: String, _ path: String, _ plays: Int, _ context: String = "",
        aliases: [String] = [], text: String? = nil
    ) -> String {
        var row = "[\(kind.rawValue),\(JSONText.quoted(name)),\(JSONText.quoted(path)),\(plays),\(JSONText.quoted(context))"
        // An alias that differs from the name only in case or punctuation would match the same.
        func letters(_ text: String) -> String {
            String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        }
        let others = aliases.filter { letters($0) != letters(name) }
        if !others.isEmpty || text != nil { row += ",[" + others.map(JSONText.quoted).joined(separator: ",") + "]" }
        if let text { row += "," + JSONText.quoted(text) }
        return row + "]"
    }
}
