import Foundation

/// A song as one service describes it, in the journal's terms. Every field but the title and
/// artist may be missing: services give what they have.
public struct FoundSong: Sendable, Equatable, Codable {
    /// The service the description came from.
    public var source: LookupService
    public var title: String
    /// The track's artist as credited (several joined as the service joins them).
    public var artist: String
    public var album: String?
    /// The album's artist when the service names one apart from the track's (a compilation's
    /// "Various Artists"); nil means the track's artist.
    public var albumArtist: String?
    /// The service's own genre name (`K-Pop`, `Hip-Hop/Rap`), not the journal's canonical key.
    public var genre: String?
    /// Length in whole seconds (rounded).
    public var duration: Int?
    /// Release date as `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, as precise as the service is.
    public var released: String?
    /// A cover image of about 600 px or more.
    public var artworkURL: String?
    /// A 30-second preview (AAC or MP3) the service lets anyone play.
    public var previewURL: String?
    /// The track's position on its disc.
    public var trackNumber: Int?
    /// Journal link keys (`apple_music`, `deezer`, `spotify`, ...) to the song's page on that service.
    public var links: [String: String]
    /// The song's ids: `itunes`, `itunes_album`, `itunes_artist`, `deezer`, `deezer_album`,
    /// `deezer_artist`, `isrc`, `musicbrainz` (recording), whichever the service gives.
    public var ids: [String: String]

    public init(
        source: LookupService, title: String, artist: String, album: String? = nil, albumArtist: String? = nil,
        genre: String? = nil, duration: Int? = nil, released: String? = nil, artworkURL: String? = nil,
        previewURL: String? = nil, trackNumber: Int? = nil, links: [String: String] = [:], ids: [String: String] = [:]
    ) {
        self.source = source
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.genre = genre
        self.duration = duration
        self.released = released
        self.artworkURL = artworkURL
        self.previewURL = previewURL
        self.trackNumber = trackNumber
        self.links = links
        self.ids = ids
    }
}

extension FoundSong {
    /// The song with its text fit for a terminal, a day file and a catalogue file (`clean`):
    /// control and line-separator characters become spaces, runs of spaces one, invisible
    /// formatting goes but joiners a script spells with stay, names at most 500 characters; a
    /// duration outside 1 second to a day is no duration. Services' text is anybody's text.
    public var cleaned: FoundSong {
        var song = self
        song.title = Self.clean(title)
        song.artist = Self.clean(artist)
        song.album = album.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.albumArtist = albumArtist.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.genre = genre.map(Self.clean).flatMap { $0.isEmpty ? nil : $0 }
        song.released = released.flatMap { $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } && $0.count <= 10 ? $0 : nil }
        if let duration, !(1...86_400).contains(duration) { song.duration = nil }
        return song
    }

    /// Whether a service's song can be used at all: it has a title and an artist once cleaned.
    public var isUsable: Bool { !title.isEmpty && !artist.isEmpty }

    /// Service text made safe to show and store, keeping its spelling (docs/content-format.md,
    /// "Filling in songs"). Controls, line and paragraph separators and other whitespace become
    /// one space; private-use, surrogate and unassigned code points go. Invisible format
    /// characters go too, without a space (they sit inside words): bidi embeddings, overrides,
    /// isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), zero width
    /// spaces and word joiners, the soft hyphen, the byte-order mark, interlinear annotations.
    /// What a script needs stays, where the script uses it (`joinerFits`, after RFC 5892's
    /// CONTEXTJ rules): the zero width non-joiner and joiner after a virama (Devanagari `क्‍ष`),
    /// the non-joiner between joining letters (Persian `می‌خواهم`), the joiner between emoji
    /// (`👩‍💻`), U+180E between Mongolian letters; and the tags of a subdivision flag (`🏴` then
    /// two tag letters, one to four more letters or digits, and U+E007F). A joiner anywhere else
    /// (`Taylor Swi\u{200D}ft`) goes, and so does any other tag sequence, whole.
    static func clean(_ text: String) -> String {
        let spaced: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        let dropped: Set<Unicode.GeneralCategory> = [.privateUse, .surrogate, .unassigned]
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        // A joiner waits for what follows: kept only when what comes before and after fit it.
        var pendingJoiner: Unicode.Scalar?
        // Whether it follows a virama: then any kept character may come after it.
        var joinerAfterVirama = false
        // The last kept character that is not a combining mark (a joining letter's base).
        var lastBase: Unicode.Scalar?
        // Tag characters wait for their cancel tag, and are kept only after a black flag.
        var pendingTags = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if isTag(scalar) {
                guard pendingTags.isEmpty ? result.last == flagBase && pendingJoiner == nil && !pendingSpace : true else { continue }
                if scalar == cancelTag {
                    if isFlagTags(pendingTags) {
                        result.append(contentsOf: pendingTags)
                        result.append(scalar)
                        count += pendingTags.count + 1
                    }
                    pendingTags.removeAll()
                } else if pendingTags.count <= maxTags {
                    // One more than a flag holds is enough to know the sequence is none.
                    pendingTags.append(scalar)
                }
                continue
            }
            pendingTags.removeAll()
            let category = scalar.properties.generalCategory
            if spaced.contains(category) || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                pendingJoiner = nil
                continue
            }
            if dropped.contains(category) { continue }
            if category == .format {
                if let last = result.last, !pendingSpace, joinerFits(scalar, after: last, base: lastBase) {
                    pendingJoiner = scalar
                    joinerAfterVirama = last.properties.canonicalCombiningClass == .virama
                } else {
                    pendingJoiner = nil
                }
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
            } else if let joiner = pendingJoiner, joinerAfterVirama || joinerFits(joiner, before: scalar) {
                result.append(joiner)
                count += 1
            }
            pendingSpace = false
            pendingJoiner = nil
            result.append(scalar)
            if category != .nonspacingMark && category != .enclosingMark { lastBase = scalar }
            count += 1
            if count >= 500 { break }
        }
        return String(result)
    }

    static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let mongolianVowelSeparator: Unicode.Scalar = "\u{180E}"

    /// Whether `joiner` may follow `last` (the last kept character) and `base` (the last that
    /// is no combining mark), as RFC 5892, Appendix A.1 and A.2 allow it: either joiner after a
    /// virama (canonical combining class 9); the non-joiner after a joining letter; the joiner
    /// after an emoji, its variation selector or skin tone. U+180E after a Mongolian letter.
    static func joinerFits(_ joiner: Unicode.Scalar, after last: Unicode.Scalar, base: Unicode.Scalar?) -> Bool {
        switch joiner {
        case zeroWidthNonJoiner:
            return last.properties.canonicalCombiningClass == .virama || base.map(isJoiningLetter) == true
        case zeroWidthJoiner:
            return last.properties.canonicalCombiningClass == .virama || isEmoji(last) || (last == "\u{FE0F}" && base.map(isEmoji) == true)
        case mongolianVowelSeparator:
            return isMongolianLetter(last)
        default:
            return false
        }
    }

    /// Whether `joiner`, kept after a joining letter, an emoji or a Mongolian letter, may come
    /// before `next` (after a virama anything may): the non-joiner needs a joining letter after
    /// it, the joiner an emoji, U+180E a Mongolian letter.
    static func joinerFits(_ joiner: Unicode.Scalar, before next: Unicode.Scalar) -> Bool {
        switch joiner {
        case zeroWidthNonJoiner: isJoiningLetter(next)
        case zeroWidthJoiner: isEmoji(next)
        case mongolianVowelSeparator: isMongolianLetter(next)
        default: false
        }
    }

    /// An emoji that a ZWJ sequence joins (not the digits, `#` and `*`, which are emoji only in
    /// keycaps), or a skin tone modifier.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && (scalar.properties.isEmoji || scalar.properties.isEmojiPresentation)
    }

    /// A letter of a script whose letters join (Arabic, Syriac, Mandaic, N'Ko, Mongolian,
    /// Phags-pa, Manichaean, Psalter Pahlavi, Hanifi Rohingya, Sogdian, Old Uyghur, Adlam): RFC
    /// 5892's Joining_Type test approximated by script, as Swift does not expose joining types.
    static func isJoiningLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && joiningScripts.contains { $0.contains(scalar.value) }
    }

    static let joiningScripts: [ClosedRange<UInt32>] = [
        0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x07C0...0x07FF, 0x0840...0x085F, 0x0860...0x086F,
        0x0870...0x089F, 0x08A0...0x08FF, 0x1800...0x18AF, 0xA840...0xA87F, 0xFB50...0xFDFF, 0xFE70...0xFEFF,
        0x10AC0...0x10AFF, 0x10B80...0x10BAF, 0x10D00...0x10D3F, 0x10F30...0x10F6F, 0x10F70...0x10FAF,
        0x1E900...0x1E95F,
    ]

    static func isMongolianLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && (0x1820...0x18AF).contains(scalar.value)
    }

    /// U+1F3F4 WAVING BLACK FLAG, which a subdivision flag's tags follow (🏴 + `gbsct` + cancel).
    static let flagBase: Unicode.Scalar = "\u{1F3F4}"
    static let cancelTag: Unicode.Scalar = "\u{E007F}"
    /// The most tags before the cancel tag: a region's two letters and up to four more.
    static let maxTags = 6

    static func isTag(_ scalar: Unicode.Scalar) -> Bool {
        (0xE0020...0xE007F).contains(scalar.value)
    }

    /// The tags of a subdivision flag, as the emoji standard shapes them (`gbsct`): two tag
    /// lowercase letters, then one to four tag letters or digits (the cancel tag not included).
    static func isFlagTags(_ tags: String.UnicodeScalarView) -> Bool {
        let letters: ClosedRange<UInt32> = 0xE0061...0xE007A
        let digits: ClosedRange<UInt32> = 0xE0030...0xE0039
        let values = tags.map(\.value)
        guard (3...maxTags).contains(values.count) else { return false }
        return values.prefix(2).allSatisfy(letters.contains) && values.dropFirst(2).allSatisfy { letters.contains($0) || digits.contains($0) }
    }
}

extension Array where Element == FoundSong {
    /// Each song cleaned, the unusable left out.
    public var cleaned: [FoundSong] { map(\.cleaned).filter(\.isUsable) }
}
