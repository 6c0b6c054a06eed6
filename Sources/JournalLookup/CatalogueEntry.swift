import Foundation
import JournalCore

/// A found song in the catalogue's terms (docs/content-format.md, "The song catalogue"): its
/// genre in the journal's vocabulary, its cover as a file of the journal, only safe URLs.
public enum CatalogueEntry {
    /// The song's entry. `artwork` is where its cover was saved in the journal, if it was.
    public static func song(_ found: FoundSong, genre: String?, artwork: LinkTarget?) -> CatalogueSong {
        CatalogueSong(title: found.title, album: found.album.flatMap(nonEmpty), genres: genre.map { [$0] } ?? [],
                      duration: found.duration.flatMap { $0 > 0 ? $0 : nil }, released: released(found.released),
                      artwork: artwork, preview: found.previewURL.flatMap(absoluteURL), links: links(found.links),
                      ids: found.ids.filter { !$0.value.isEmpty && !ControlCharacters.contains($0.value) })
    }

    /// The entry of the song's album, when it names one.
    public static func album(_ found: FoundSong, genre: String?, artwork: LinkTarget?) -> CatalogueAlbum? {
        guard let title = found.album.flatMap(nonEmpty) else { return nil }
        var ids: [String: String] = [:]
        for (name, id) in found.ids where name.hasSuffix("_album") && !id.isEmpty { ids[String(name.dropLast("_album".count))] = id }
        return CatalogueAlbum(title: title, genres: genre.map { [$0] } ?? [], released: released(found.released),
                              artwork: artwork, ids: ids)
    }

    /// `YYYY-MM-DD` or `YYYY` (a month alone is taken as its year).
    public static func released(_ text: String?) -> ReleaseDate? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), text.count >= 4 else { return nil }
        if let date = CalendarDate(iso: String(text.prefix(10))) { return .date(date) }
        if let year = Int(text.prefix(4)), year > 0 { return .year(year) }
        return nil
    }

    /// The links the journal knows a service of, each an absolute http(s) URL.
    static func links(_ found: [String: String]) -> [TrackLink] {
        TrackLink.Service.allCases.compactMap { service in
            guard service != .other, let url = found[service.rawValue].flatMap(absoluteURL) else { return nil }
            return TrackLink(service: service, url: url)
        }
    }

    static func absoluteURL(_ text: String) -> LinkTarget? {
        guard case .success(let target) = LinkTarget.check(text), target.kind == .absolute,
              text.lowercased().hasPrefix("http") else { return nil }
        return target
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || ControlCharacters.contains(trimmed) ? nil : trimmed
    }
}
