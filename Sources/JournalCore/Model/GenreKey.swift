/// How genre names compare (docs/content-format.md, "Statistics"): case-insensitively, with spaces, hyphens and underscores
/// ignored, so `K-Pop`, `kpop` and `k pop` are one genre.
public enum GenreKey {
    public static func fold(_ name: String) -> String {
        String(
            name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" && !$0.properties.isWhitespace }
                .map(Character.init))
    }
}
