/// A cover on another site (`artwork: https://…`) kept in the journal by `journal enrich`
/// (docs/content-format.md, "Covers from other sites"): `static/covers/remote/` and the first 16
/// hex digits of the SHA-256 of the address, with the image's own extension. A build shows the
/// copy instead of the address when it is there, resized like any cover; without it the address
/// is shown as given. No build reaches the network.
public enum RemoteCover {
    public static let folder = "covers/remote"
    /// The images a build resizes, as `journal enrich` saves them.
    public static let extensions = ["jpg", "png", "webp"]

    /// `covers/remote/0123456789abcdef`, without an extension: where the copy of `address` goes.
    public static func stem(of address: String) -> String {
        var hash = SHA256()
        hash.add(address)
        return folder + "/" + hash.hex().prefix(16)
    }

    /// The copy of `address` among `staticFiles` (paths under `static/`), if there is one.
    public static func copy(of address: String, in staticFiles: Set<String>) -> String? {
        let stem = stem(of: address)
        return extensions.lazy.map { stem + "." + $0 }.first { staticFiles.contains($0) }
    }

    /// The covers the journal shows from other sites, by address (each counted once).
    public static func remaining(in journal: Journal) -> Set<String> {
        var addresses: Set<String> = []
        func add(_ target: LinkTarget?) {
            if let target, target.kind == .absolute { addresses.insert(target.text) }
        }
        for day in journal.days {
            for track in day.tracks { add(track.artwork) }
        }
        for playlist in journal.playlists {
            add(playlist.cover)
            for track in playlist.tracks { add(track.artwork) }
        }
        return addresses
    }

    /// What `journal check` says after its verdict when covers are on other sites; nil when none are.
    public static func summary(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return
            "\(count) cover\(count == 1 ? " is" : "s are") on other sites, sent at whatever size \(count == 1 ? "it has" : "they have") and never resized: `journal enrich` brings them home into static/\(folder)/, and builds then show them resized."
    }
}
