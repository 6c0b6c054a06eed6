import Foundation
import JournalCore

/// The covers a journal shows from other sites, and how `journal enrich` keeps a copy of each in
/// `static/covers/remote/`.
extension Enrichment {
    /// The covers the chosen days (and, without `--since` or `--until`, the playlists) show from
    /// other sites, by address, in the order first met: what `bringCoversHome` downloads. A cover
    /// that already has its copy was shown by it when the journal loaded, so it is not here.
    public func remoteCovers() -> [String] {
        var addresses: [String] = []
        var seen: Set<String> = []
        func add(_ target: LinkTarget?) {
            if let target, target.kind == .absolute, seen.insert(target.text).inserted { addresses.append(target.text) }
        }
        for day in journal.days where isChosen(day) {
            for track in day.tracks { add(track.artwork) }
        }
        if since == nil && until == nil {
            for playlist in journal.playlists {
                add(playlist.cover)
                for track in playlist.tracks { add(track.artwork) }
            }
        }
        return addresses
    }

    /// Downloads each cover the journal shows from another site into `static/covers/remote/`
    /// (`RemoteCover`), where builds then show it resized; the day files keep their addresses. A
    /// download is at most `CoverStore.maxBytes`, must be a PNG, JPEG or WebP image the build
    /// would show (`CoverStore.accept`: not over the pixel budget, not cut short), and is written
    /// through a temporary file; a dry run downloads (into `.journal-cache/`) but writes
    /// nothing.
    func bringCoversHome(client: LookupClient, report: inout Report) async {
        for address in remoteCovers() {
            let data: Data
            switch await client.download(address, maxBytes: CoverStore.maxBytes, accept: CoverStore.accept) {
            case .found(let found): data = found
            case .notFound:
                report.leftAway.append((address, "not found"))
                continue
            case .refused(let reason), .unreachable(let reason), .invalid(let reason):
                report.leftAway.append((address, reason))
                continue
            }
            guard let kind = ImageKind(sniffing: data) else {
                report.leftAway.append((address, "not a PNG, JPEG or WebP image"))
                continue
            }
            let relative = RemoteCover.stem(of: address) + "." + kind.fileExtension
            if !dryRun {
                let path = join(source, "static/" + relative)
                do {
                    try FileManager.default.createDirectory(atPath: parentFolder(of: path), withIntermediateDirectories: true)
                    try CatalogueFile.writeAtomically(Array(data), to: path, display: "static/" + relative)
                } catch {
                    report.leftAway.append((address, "cannot write static/\(relative): \(error)"))
                    continue
                }
            }
            report.broughtHome.append(relative)
        }
    }
}
