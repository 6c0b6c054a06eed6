import Foundation
import JournalCore

/// A found song in the catalogue's terms (docs/content-format.md, "The song catalogue"): its
/// genre in the journal's vocabulary, its cover as a file of the journal, only safe URLs.
public enum CatalogueEntry {
    /// The song's entry: of what `found` says, only what the journal's song lacks (`needs`), so
    /// the catalogue never puts a service's value before one the writer wrote. `artwork` is where
    /// its cover was saved in the journal, if it was.
    public static func song(_ found: FoundSong, genre: String?, artwork: LinkTarget?, needs: Enrichment.Needs = .all) -> CatalogueSong {
        CatalogueSong(
            title: found.title, album: needs.contains(.album) ? found.album.flatMap(nonEmpty) : nil,
            genres: needs.contains(.genre) ? genre.map { [$0] } ?? [] : [],
            duration: needs.contains(.duration) ? found.duration.flatMap { (1...86_400).contains($0) ? $0 : nil } : nil,
            released: needs.contains(.released) ? released(found.released) : nil,
            artwork: needs.contains(.cover) ? artwork : nil,
            preview: needs.contains(.preview) ? found.previewURL.flatMap(absoluteURL) : nil,
            links: needs.contains(.links) ? links(found.links) : [],
            ids: ids(found.ids.filter { !$0.key.hasSuffix("_album") && !$0.key.hasSuffix("_artist") }))
    }

    /// The entry of the song's album, when it names one: its cover when the song lacked one, and
    /// its ids.
    public static func album(_ found: FoundSong, genre: String?, artwork: LinkTarget?, needs: Enrichment.Needs = .all) -> CatalogueAlbum? {
        guard let title = found.album.flatMap(nonEmpty) else { return nil }
        var albumIDs: [String: String] = [:]
        for (name, id) in found.ids where name.hasSuffix("_album") { albumIDs[String(name.dropLast("_album".count))] = id }
        return CatalogueAlbum(
            title: title, genres: genre.map { [$0] } ?? [],
            released: needs.contains(.released) ? released(found.released) : nil,
            artwork: needs.contains(.cover) ? artwork : nil, ids: ids(albumIDs))
    }

    /// Ids that are plain words: nothing a file could not hold.
    static func ids(_ found: [String: String]) -> [String: String] {
        found.filter { key, value in
            !key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }
                && !value.isEmpty && value.count <= 200 && value.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
        }
    }

    /// `YYYY-MM-DD` or `YYYY` (a month alone is taken as its year).
    public static func released(_ text: String?) -> ReleaseDate? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), text.count >= 4 else { return nil }
        if let date = CalendarDate(iso: String(text.prefix(10))) { return .date(date) }
        if let year = Int(text.prefix(4)), year >= 1000 { return .year(year) }
        return nil
    }

    /// The links the journal knows a service of, each an absolute http(s) URL.
    static func links(_ found: [String: String]) -> [TrackLink] {
        TrackLink.Service.allCases.compactMap { service in
            guard service != .other, let url = found[service.rawValue].flatMap(absoluteURL) else { return nil }
            return TrackLink(service: service, url: url)
        }
    }

    /// The longest address a catalogue keeps (a preview, a link, a cover to download), in bytes:
    /// 2,048, what browsers, search engines and sitemaps reliably take; the services' own are
    /// under 300. Anything longer is left out, and said (`leftOut`).
    public static let maxURLLength = 2_048

    /// What of `found` the entry leaves out for its length, each with the reason, for the
    /// writer: the addresses `song` would otherwise keep (of what the song `needs`). A cover's
    /// address is `CoverStore.save`'s to refuse.
    public static func leftOut(_ found: FoundSong, needs: Enrichment.Needs = .all) -> [String] {
        var addresses: [(String, String)] = []
        if needs.contains(.preview), let preview = found.previewURL { addresses.append(("preview", preview)) }
        if needs.contains(.links) {
            for service in TrackLink.Service.allCases where service != .other {
                if let link = found.links[service.rawValue] { addresses.append(("\(service.rawValue) link", link)) }
            }
        }
        return addresses.filter { $0.1.utf8.count > maxURLLength }.map { what, address in
            "the \(what) address is \(address.utf8.count) bytes long, and the catalogue keeps addresses of at most \(maxURLLength) bytes: it was left out"
        }
    }

    static func absoluteURL(_ text: String) -> LinkTarget? {
        guard text.utf8.count <= maxURLLength, case .success(let target) = LinkTarget.check(text), target.kind == .absolute,
            text.lowercased().hasPrefix("http")
        else { return nil }
        return target
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || ControlCharacters.contains(trimmed) ? nil : trimmed
    }
}
