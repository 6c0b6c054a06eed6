/// The journal's artists as names (docs/content-format.md, "A track" and "The song catalogue"):
/// which names are known to be one artist each, so a credit never splits them
/// (`ArtistCredit`); which spellings are one artist (`ArtistKey`, and a catalogue entry's
/// `also:`); and the spelling each artist is shown by.
public struct ArtistNames: Sendable, Equatable {
    /// `ArtistKey.fold` of every known name.
    private var known: Set<String> = []
    /// A catalogue entry's `also:` spellings, folded, to its own name folded.
    private var aliases: [String: String] = [:]
    /// An artist's key (after aliases) to the name it is shown by.
    private var shown: [String: String] = [:]

    /// `names` are each one artist: a credit never splits them.
    public init(known names: some Sequence<String> = [String]()) {
        for name in names { insert(known: name) }
    }

    public mutating func insert(known name: String) {
        known.insert(ArtistKey.fold(name))
    }

    /// Makes `spelling` another way of writing `name` (and a known artist): `also:`. A spelling
    /// already made another artist's stays theirs.
    public mutating func insert(alias spelling: String, of name: String) {
        insert(known: spelling)
        insert(known: name)
        let target = ArtistKey.fold(name)
        let folded = ArtistKey.fold(spelling)
        if folded != target, aliases[folded] == nil { aliases[folded] = target }
    }

    /// Whether `name` is one artist, never split.
    public func contains(_ name: String) -> Bool {
        known.contains(ArtistKey.fold(name))
    }

    /// What every spelling of one artist shares: the folded name, after `also:`.
    public func key(_ name: String) -> String {
        let folded = ArtistKey.fold(name)
        return aliases[folded] ?? folded
    }

    /// The spelling an artist is shown by; `spelling` itself for an artist the journal's tracks
    /// do not name.
    public func name(_ spelling: String) -> String {
        shown[key(spelling)] ?? spelling
    }

    /// The artists a credit names (`ArtistCredit.split`), main artist first, each by the
    /// spelling it is shown by and once.
    public func artists(of credit: String) -> [String] {
        var seen = Set<String>()
        return ArtistCredit.split(credit, known: self).map(name).filter { seen.insert(key($0)).inserted }
    }

    /// The key of a credit's main artist (`A feat. B`, `A & B`, `A, B` are A's), the credit split
    /// as the diary's are: what says that a song of the log is a song of the diary, or the
    /// artist `listening.ignore` names.
    public func mainKey(of credit: String) -> String {
        artists(of: credit).first.map(key) ?? key(credit)
    }

    /// Sets the spelling each artist is shown by, as genres choose theirs: `fixed` (a catalogue
    /// entry's own name where it lists `also:`) wins; else the spelling `spellings` holds most
    /// often, a tie going to the first in sort order.
    public mutating func choose(spellings: [String], fixed: [String] = []) {
        var counts: [String: [String: Int]] = [:]
        for spelling in spellings { counts[key(spelling), default: [:]][spelling, default: 0] += 1 }
        for (artist, spellings) in counts {
            if let best = spellings.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) { shown[artist] = best.key }
        }
        for name in fixed { shown[key(name)] = name }
    }
}
