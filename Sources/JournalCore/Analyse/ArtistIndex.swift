import Foundation

/// The artists in the order of the artists' index: grouped under an index letter, by name
/// within a letter. Latin names go under `A`–`Z` (accents ignored), Hangul names under their
/// first consonant (`ㄱ`–`ㅎ`, a doubled one with its single: `까` under `ㄱ`), and the rest
/// (digits, symbols, other scripts) under `#`. Leading punctuation is skipped: `(G)I-DLE` is
/// under `G`.
public struct ArtistIndex: Sendable {
    public struct Entry: Sendable, Equatable {
        public var letter: String
        /// Index into `Library.artists`.
        public var artist: Int
    }

    /// A letter and where its artists start in `entries`.
    public struct Letter: Sendable, Equatable {
        public var letter: String
        public var first: Int
        public var count: Int
    }

    /// Letters in order (`A`–`Z`, then `ㄱ`–`ㅎ`, then `#`; Hangul first when `hangulFirst`),
    /// then names without case or accents, then as spelled.
    public let entries: [Entry]
    /// The letters that have artists, in the order of `entries`.
    public let letters: [Letter]

    /// The 14 initial consonants of Hangul syllables an index groups by; the doubled ones
    /// (`ㄲ ㄸ ㅃ ㅆ ㅉ`) fold into their single.
    static let hangulLetters = ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
    /// For each of the 19 initial consonants of a syllable (Unicode order), its letter in `hangulLetters`.
    private static let hangulInitial = [0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13]
    /// For each compatibility jamo consonant from U+3131 (`ㄱ`) to U+314E (`ㅎ`), its letter, or nil
    /// for one that never starts a syllable.
    private static let jamoLetter: [Int?] = [
        0, 0, nil, 1, nil, nil, 2, 2, 3, nil, nil, nil, nil, nil, nil, nil, 4, 5, 5, nil, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13,
    ]
    public static let otherLetter = "#"

    public init(_ library: Library, hangulFirst: Bool = false) {
        let keyed = library.artists.enumerated().map { index, artist in
            let (letter, rank) = Self.letter(of: artist.name, hangulFirst: hangulFirst)
            return (letter: letter, rank: rank, key: Self.sortKey(artist.name), name: artist.name, index: index)
        }
        let sorted = keyed.sorted { ($0.rank, $0.key, $0.name) < ($1.rank, $1.key, $1.name) }
        entries = sorted.map { Entry(letter: $0.letter, artist: $0.index) }
        var letters: [Letter] = []
        for (position, entry) in entries.enumerated() {
            if letters.last?.letter == entry.letter {
                letters[letters.count - 1].count += 1
            } else {
                letters.append(Letter(letter: entry.letter, first: position, count: 1))
            }
        }
        self.letters = letters
    }

    /// The index letter of a name.
    public static func letter(of name: String) -> String { letter(of: name, hangulFirst: false).letter }

    /// The letter and its place among letters: Latin 0–25, Hangul 100–113 (or −100–−87 first), `#` 1000.
    private static func letter(of name: String, hangulFirst: Bool) -> (letter: String, rank: Int) {
        guard let scalar = name.decomposedStringWithCanonicalMapping.unicodeScalars.first(where: isIndexed) else { return (otherLetter, 1000) }
        let value = Int(scalar.value)
        let hangulBase = hangulFirst ? -100 : 100
        switch value {
        case 0x41...0x5A, 0x61...0x7A:
            // ASCII: clearing bit 5 makes a lowercase letter uppercase.
            let upper = UInt8(value & 0x5F)
            return (String(Unicode.Scalar(upper)), Int(upper) - 0x41)
        case 0x1100...0x1112:
            // A syllable, decomposed: its leading consonant.
            let letter = hangulInitial[value - 0x1100]
            return (hangulLetters[letter], hangulBase + letter)
        case 0x3131...0x314E:
            guard let letter = jamoLetter[value - 0x3131] else { return (otherLetter, 1000) }
            return (hangulLetters[letter], hangulBase + letter)
        default:
            return (otherLetter, 1000)
        }
    }

    /// What the index skips before a name's letter: punctuation, spaces and symbols.
    private static func isIndexed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// A name as the index sorts it: without case, accents or leading punctuation. Hangul keeps
    /// its syllables, whose code order is the dictionary's.
    private static func sortKey(_ name: String) -> String {
        let scalars = name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        var key = String.UnicodeScalarView()
        for scalar in scalars.drop(while: { !isIndexed($0) }) where scalar.properties.generalCategory != .nonspacingMark {
            key.append(scalar)
        }
        return String(key).precomposedStringWithCanonicalMapping
    }
}
