/// Turns the genre names music services use into the journal's own (docs/content-format.md,
/// "Genres from lookups"): iTunes says `Hip-Hop/Rap`, Deezer `Rap/Hip Hop`, MusicBrainz
/// `conscious hip hop`; a journal that says `Hip-Hop` should chart all three as `Hip-Hop`, and
/// MusicBrainz's hundreds of fine genres must not splinter the charts into slivers.
public struct GenreVocabulary: Sendable {
    /// The journal's genres by `GenreKey.fold`: what its days, catalogue and settings already say.
    let known: [String: String]
    /// `genres.aliases`, by `GenreKey.fold` of the spelling.
    let aliases: [String: String]

    public init(journalGenres: [String], aliases: [String: String]) {
        var known: [String: String] = [:]
        for genre in journalGenres where known[GenreKey.fold(genre)] == nil { known[GenreKey.fold(genre)] = genre }
        for target in aliases.values where known[GenreKey.fold(target)] == nil { known[GenreKey.fold(target)] = target }
        self.known = known
        self.aliases = aliases
    }

    /// What a service's names for a song mean in this journal, best first, without repeats.
    /// `names` come best first too (MusicBrainz's by votes).
    public func map(_ names: [String]) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        // A name the journal already uses wins over a broad family, wherever it stands.
        let mapped = names.compactMap(mapOne)
        for genre in mapped.filter({ $0.isKnown }) + mapped.filter({ !$0.isKnown }) where seen.insert(GenreKey.fold(genre.name)).inserted {
            result.append(genre.name)
        }
        return result
    }

    /// The one genre a song gets from a service's names, or nil when none of them is a genre.
    public func primary(_ names: [String]) -> String? { map(names).first }

    private func mapOne(_ raw: String) -> (name: String, isKnown: Bool)? {
        let name = raw.trimmed(.whitespacesAndNewlines)
        guard !name.isEmpty, !Self.notGenres.contains(GenreKey.fold(name)) else { return nil }
        // The journal's own spelling or alias of this very name.
        if let own = resolve(name) { return (own, true) }
        // A service's compound name (`Hip-Hop/Rap`) or a fine genre (`dream pop`) as its family.
        let family = Self.defaultNames[GenreKey.fold(name)] ?? Self.family(of: name)
        if let family {
            if let own = resolve(family) { return (own, true) }
            return (family, false)
        }
        return (Self.titleCased(name), false)
    }

    private func resolve(_ name: String) -> String? {
        let key = GenreKey.fold(name)
        if let target = aliases[key] { return known[GenreKey.fold(target)] ?? target }
        return known[key]
    }

    /// Services' names that are not genres of music.
    static let notGenres: Set<String> = ["music", "musique", "all", "unknown", "other", "various", "asianmusic", "worldwide", "world"]
        .reduce(into: Set<String>()) { $0.insert(GenreKey.fold($1)) }

    /// The services' compound and local names, by `GenreKey.fold`.
    static let defaultNames: [String: String] = {
        let table: [(String, String)] = [
            ("Hip-Hop/Rap", "Hip-Hop"), ("Rap/Hip Hop", "Hip-Hop"), ("Hip Hop", "Hip-Hop"), ("Rap", "Hip-Hop"),
            ("Korean Hip-Hop", "Hip-Hop"), ("K-Rap", "Hip-Hop"), ("Hip-Hop", "Hip-Hop"),
            ("R&B/Soul", "R&B"), ("Rhythm and Blues", "R&B"), ("RnB", "R&B"), ("Soul", "R&B"), ("K-R&B", "R&B"),
            ("Electronica", "Electronic"), ("Electro", "Electronic"), ("Dance", "Electronic"), ("EDM", "Electronic"),
            ("House", "Electronic"), ("Techno", "Electronic"),
            ("Alternative", "Alternative"), ("Indie Pop", "Indie"), ("Indie Rock", "Indie"), ("Indie", "Indie"),
            ("Singer/Songwriter", "Singer-Songwriter"), ("Films/Games", "Soundtrack"), ("Film Scores", "Soundtrack"),
            ("Soundtrack", "Soundtrack"), ("Original Score", "Soundtrack"),
            ("K-Pop", "K-Pop"), ("Korean Pop", "K-Pop"), ("Kpop", "K-Pop"), ("J-Pop", "J-Pop"), ("C-Pop", "C-Pop"),
            ("Mandopop", "C-Pop"), ("Cantopop", "C-Pop"), ("Korean Ballad", "Ballad"), ("Ballad", "Ballad"),
            ("Korean Indie", "Indie"), ("Pop/Rock", "Pop"), ("Rock & Roll", "Rock"), ("Hard Rock", "Rock"),
            ("Heavy Metal", "Metal"), ("Classique", "Classical"), ("Opera", "Classical"),
            ("Vocal Jazz", "Jazz"), ("Bossa Nova", "Bossa Nova"), ("MPB", "Brazilian"), ("Latino", "Latin"),
            ("Country", "Country"), ("Americana", "Country"), ("Reggae", "Reggae"), ("Blues", "Blues"),
            ("Children's Music", "Children's"), ("Christian & Gospel", "Gospel"), ("Worldwide", "World"),
        ]
        return Dictionary(table.map { (GenreKey.fold($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
    }()

    /// A fine genre's broad family, by the words it contains (`conscious hip hop` is Hip-Hop,
    /// `dream pop` Pop, `post-rock` Rock); nil when no word is one.
    static func family(of name: String) -> String? {
        let lower = " " + name.lowercased().replacingOccurrences(of: "-", with: " ") + " "
        let families: [(words: [String], family: String)] = [
            ([" k pop ", "kpop", " korean "], "K-Pop"),
            ([" j pop ", "jpop", " j rock ", "anime", "city pop"], "J-Pop"),
            ([" hip hop ", " rap ", " trap ", " drill ", "boom bap", " grime "], "Hip-Hop"),
            (["r&b", " soul ", " funk "], "R&B"),
            ([" jazz ", " bebop ", " swing ", "bossa"], "Jazz"),
            (["classical", " baroque ", " romantic ", "orchestral", " opera ", "symphon", "chamber"], "Classical"),
            (["house", "techno", "electro", "ambient", " edm ", "trance", "drum and bass", " idm ", "synth", "dubstep", "garage"], "Electronic"),
            ([" metal ", "metalcore"], "Metal"),
            ([" punk "], "Punk"),
            ([" folk ", "singer songwriter", "acoustic"], "Folk"),
            ([" indie "], "Indie"),
            ([" rock "], "Rock"),
            ([" country ", "bluegrass"], "Country"),
            ([" reggae ", " dub ", "dancehall"], "Reggae"),
            ([" blues "], "Blues"),
            ([" latin ", "reggaeton", " salsa ", "bachata"], "Latin"),
            ([" pop ", "ballad"], "Pop"),
        ]
        for entry in families where entry.words.contains(where: { lower.contains($0) }) { return entry.family }
        return nil
    }

    /// `indie rock` → `Indie Rock`; names with capitals are kept as the service wrote them.
    static func titleCased(_ name: String) -> String {
        guard name == name.lowercased() else { return name }
        return name.split(separator: " ").map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined(separator: " ")
    }
}
