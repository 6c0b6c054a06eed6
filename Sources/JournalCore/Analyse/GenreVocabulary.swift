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
        for target in aliases.values.sorted() where known[GenreKey.fold(target)] == nil { known[GenreKey.fold(target)] = target }
        self.known = known
        self.aliases = aliases
    }

    /// The usual names alone, for a genre read before the journal's own are known (an import).
    public static let plain = GenreVocabulary(journalGenres: [], aliases: [:])

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

    /// A fine genre's broad family: by its last word first, which names what it is (`garage rock`
    /// is Rock, `chamber pop` Pop, `synth-pop` Pop, `conscious hip hop` Hip-Hop), then by any word
    /// in it (`rock and roll`, `bossa nova`); nil when no word is one.
    static func family(of name: String) -> String? {
        let words = name.lowercased().replacingOccurrences(of: "-", with: " ").split(separator: " ").map(String.init)
        guard let last = words.last else { return nil }
        let lastTwo = words.suffix(2).joined(separator: " ")
        let heads: [(String, String)] = [
            ("hip hop", "Hip-Hop"), ("k pop", "K-Pop"), ("j pop", "J-Pop"), ("j rock", "J-Pop"), ("c pop", "C-Pop"),
            ("city pop", "J-Pop"), ("drum and bass", "Electronic"), ("new jack swing", "R&B"), ("bossa nova", "Jazz"),
        ]
        let spaced = " " + words.joined(separator: " ")
        for (head, family) in heads where lastTwo == head || spaced.hasSuffix(" " + head) { return family }
        let lastWord: [String: String] = [
            "rap": "Hip-Hop", "trap": "Hip-Hop", "drill": "Hip-Hop", "grime": "Hip-Hop", "hiphop": "Hip-Hop",
            "rock": "Rock", "punk": "Punk", "metal": "Metal", "metalcore": "Metal", "core": "Metal",
            "pop": "Pop", "kpop": "K-Pop", "jpop": "J-Pop", "ballad": "Ballad", "ballads": "Ballad",
            "jazz": "Jazz", "bebop": "Jazz", "swing": "Jazz", "bop": "Jazz",
            "r&b": "R&B", "rnb": "R&B", "soul": "R&B", "funk": "R&B",
            "house": "Electronic", "techno": "Electronic", "electronic": "Electronic", "electronica": "Electronic",
            "ambient": "Electronic", "edm": "Electronic", "trance": "Electronic", "dubstep": "Electronic",
            "idm": "Electronic", "electro": "Electronic", "garage": "Electronic", "breakbeat": "Electronic", "synthwave": "Electronic",
            "folk": "Folk", "singer": "Folk", "songwriter": "Folk", "acoustic": "Folk",
            "classical": "Classical", "baroque": "Classical", "opera": "Classical", "symphony": "Classical", "orchestral": "Classical",
            "country": "Country", "bluegrass": "Country", "americana": "Country",
            "reggae": "Reggae", "dancehall": "Reggae", "dub": "Reggae", "ska": "Reggae",
            "blues": "Blues", "latin": "Latin", "reggaeton": "Latin", "salsa": "Latin", "bachata": "Latin",
            "indie": "Indie", "soundtrack": "Soundtrack", "score": "Soundtrack",
        ]
        if let family = lastWord[last] { return family }
        for word in words.reversed() { if let family = lastWord[word] { return family } }
        return nil
    }

    /// `indie rock` → `Indie Rock`; names with capitals are kept as the service wrote them.
    static func titleCased(_ name: String) -> String {
        guard name == name.lowercased() else { return name }
        return name.split(separator: " ").map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined(separator: " ")
    }
}
