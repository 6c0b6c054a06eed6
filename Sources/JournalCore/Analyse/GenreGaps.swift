/// The artists whose tracks name no genre (and that `genres.artists` does not cover), by plays:
/// what a writer who imported years of history should map first.
public enum GenreGaps {
    /// Primary artists of diary tracks with no genre, most played first (ties by name).
    public static func artists(in journal: Journal) -> [(name: String, plays: Int)] {
        var counts: [String: (name: String, plays: Int)] = [:]
        for day in journal.days {
            for track in day.tracks where track.genres.isEmpty {
                counts[track.primaryArtist.lowercased(), default: (track.primaryArtist, 0)].plays += 1
            }
        }
        return counts.values.sorted { ($1.plays, $0.name.lowercased()) < ($0.plays, $1.name.lowercased()) }.map { ($0.name, $0.plays) }
    }

    /// The line the terminal shows, or nil when every track has a genre: the top 20, then how
    /// many more.
    public static func summary(_ artists: [(name: String, plays: Int)], shown: Int = 20) -> String? {
        guard !artists.isEmpty else { return nil }
        let listed = artists.prefix(shown).map { "\($0.name) (\($0.plays))" }.joined(separator: ", ")
        let more = artists.count > shown ? ", and \(artists.count - shown) more" : ""
        return "Artists with no genre, by plays (`journal enrich` looks them up; or map them in journal.yaml under genres.artists): \(listed)\(more)."
    }
}
