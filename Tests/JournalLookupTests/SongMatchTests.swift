import Testing

@testable import JournalLookup

/// Only sure matches are taken (docs/content-format.md, "Filling in songs").
@Suite struct SongMatchTests {
    func song(_ title: String, _ artist: String, album: String? = nil, seconds: Int? = nil) -> FoundSong {
        FoundSong(source: .itunes, title: title, artist: artist, album: album, duration: seconds)
    }

    @Test(arguments: [
        ("Hype Boy", "NewJeans", "Hype Boy", "NewJeans"),
        ("HYPE BOY", "newjeans", "Hype Boy", "NewJeans"),
        ("Get Lucky (feat. Pharrell Williams)", "Daft Punk", "Get Lucky", "Daft Punk"),
        ("Come Together - 2019 Mix Remastered", "The Beatles", "Come Together", "The Beatles"),
        ("Ditto (Radio Edit)", "NewJeans", "Ditto", "NewJeans"),
        ("Back in Black", "AC/DC", "Back In Black", "AC DC"),
        ("Cupid", "FIFTY FIFTY & Sabina Hidalgo", "Cupid", "FIFTY FIFTY"),
    ])
    func theSameRecordingUnderServicesNamesMatches(found: String, foundArtist: String, title: String, artist: String) {
        #expect(SongMatch.judge(song(found, foundArtist), artist: artist, title: title, duration: nil) == .match)
    }

    @Test(arguments: [
        ("Hype Boy (Live)", "NewJeans", "Hype Boy", "NewJeans"),
        ("Creep (Acoustic Version)", "Radiohead", "Creep", "Radiohead"),
        ("Hype Boy (250 Remix)", "NewJeans", "Hype Boy", "NewJeans"),
        ("September", "Earth", "September", "Earth, Wind & Fire"),
        ("Hype Boy", "Lofi Kid", "Hype Boy", "NewJeans"),
        ("Hype Boys", "NewJeans", "Hype Boy", "NewJeans"),
    ])
    func anotherRecordingOrArtistDoesNot(found: String, foundArtist: String, title: String, artist: String) {
        #expect(SongMatch.judge(song(found, foundArtist), artist: artist, title: title, duration: nil) == .different)
    }

    @Test func lengthsMustAgreeWhenBothAreKnown() {
        #expect(SongMatch.judge(song("Hype Boy", "NewJeans", seconds: 179), artist: "NewJeans", title: "Hype Boy", duration: 183) == .match)
        #expect(SongMatch.judge(song("Hype Boy", "NewJeans", seconds: 179), artist: "NewJeans", title: "Hype Boy", duration: 240) == .otherLength)
        let (best, verdict) = SongMatch.best([song("Hype Boy", "NewJeans", seconds: 300)], artist: "NewJeans", title: "Hype Boy", album: nil, duration: 179)
        #expect(best == nil && verdict == .otherLength)
    }

    @Test func theJournalsAlbumIsPreferredThenTheServicesOrder() {
        let candidates = [song("Song", "A", album: "Greatest Hits"), song("Song", "A", album: "First Album"), song("Song", "A", album: "Live")]
        #expect(SongMatch.best(candidates, artist: "A", title: "Song", album: "first album", duration: nil).0?.album == "First Album")
        #expect(SongMatch.best(candidates, artist: "A", title: "Song", album: nil, duration: nil).0?.album == "Greatest Hits")
    }

    @Test func servicesTextIsCleanedBeforeAnythingUsesIt() {
        var found = song("Hi\u{1B}]0;PWNED\u{07}  there", "Ev\u{2028}il", album: "X\rY", seconds: -5)
        found.genre = "K-Pop\u{202E}"
        found.released = "2020-01-01\nhack"
        let clean = found.cleaned
        #expect(clean.title == "Hi ]0;PWNED there")
        #expect(clean.artist == "Ev il")
        #expect(clean.album == "X Y")
        #expect(clean.genre == "K-Pop")
        #expect(clean.duration == nil)
        #expect(clean.released == nil)
        #expect([song("\u{0}", "A"), song("B", "  ")].cleaned.isEmpty)
    }

    /// Joiners are part of a word's spelling (issue 35): kept through cleaning, so that `add`
    /// writes the title as the service spells it and `enrich` finds the journal's own title.
    @Test(arguments: [
        "می\u{200C}خواهم",  // Persian, a zero width non-joiner inside the word
        "क्\u{200D}ष",  // Devanagari, a zero width joiner after the virama
        "👩\u{200D}💻",  // emoji: woman technologist
        "👨\u{200D}👩\u{200D}👧\u{200D}👦",  // emoji: a family
        "❤\u{FE0F}",  // an emoji variation selector (a mark, never removed)
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // Scotland's flag: tag characters
        "لا\u{200C}ل",  // Arabic
    ])
    func joinersAndWhatAScriptSpellsWithAreKept(text: String) {
        #expect(FoundSong.clean(text) == text)
        #expect(FoundSong.clean("  \(text)  and  \(text) ") == "\(text) and \(text)")
        let found = song(text, "Artist").cleaned
        #expect(SongMatch.judge(found, artist: "Artist", title: text, duration: nil) == .match)
    }

    /// A joiner is kept only where a script uses it (RFC 5892's CONTEXTJ rules): a service's
    /// `Taylor Swi\u{200D}ft` would otherwise be a second artist that looks the same.
    @Test func aJoinerIsKeptOnlyWhereAScriptUsesIt() {
        // Removed, without a space: between Latin letters, digits, an emoji and a letter.
        #expect(FoundSong.clean("Taylor Swi\u{200D}ft") == "Taylor Swift")
        #expect(FoundSong.clean("Ta\u{200C}ylor 1\u{200D}2 👩\u{200D}a a\u{200D}👩") == "Taylor 12 👩a a👩")
        #expect(FoundSong.clean("a\u{180E}b") == "ab")
        #expect(FoundSong.clean("a\u{FE0F}\u{200D}👩") == "a\u{FE0F}👩")
        // Kept: after a virama, between joining letters, between emoji (after a skin tone or a
        // variation selector too), U+180E between Mongolian letters.
        for text in [
            "می\u{200C}خواهم", "क्\u{200D}ष", "क्\u{200C}ष", "👩🏽\u{200D}💻", "🏳\u{FE0F}\u{200D}🌈",
            "👨\u{200D}👩\u{200D}👧\u{200D}👦", "ᠨᠠ\u{180E}ᠢ",
        ] {
            #expect(FoundSong.clean(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A flag's tags only in the emoji standard's shape: lowercase tag letters and digits, two
        // letters then one to four more, then the cancel tag; any other sequence goes whole.
        let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(FoundSong.clean(scotland) == scotland)
        #expect(FoundSong.clean("🏴\u{E0049}\u{E0047}\u{E004E}\u{E007F}") == "🏴")
        #expect(FoundSong.clean("🏴\u{E0067}\u{E0062}\u{E007F}x") == "🏴x")
        #expect(FoundSong.clean("🏴\u{E0031}\u{E0062}\u{E0073}\u{E007F}") == "🏴")
        #expect(FoundSong.clean("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E0061}\u{E0062}\u{E007F}") == "🏴")
    }

    @Test func invisibleFormattingGoesWithoutSplittingTheWord() {
        // Bidi overrides, embeddings, isolates and marks, a soft hyphen, a zero width space, a BOM.
        #expect(FoundSong.clean("a\u{202E}b\u{202A}c\u{2066}d\u{2069}e\u{200F}f\u{200E}g\u{061C}h") == "abcdefgh")
        #expect(FoundSong.clean("Mo\u{00AD}zart\u{200B}\u{FEFF}\u{2060}") == "Mozart")
        // A joiner with nothing to join on a side goes, and so does one between Latin letters.
        #expect(FoundSong.clean("\u{200D}a\u{200C} b\u{200D}\u{200D}c\u{200C}") == "a bc")
        // Tag characters hide text unless they spell a flag after 🏴.
        #expect(FoundSong.clean("Song\u{E0049}\u{E0047}\u{E004E}\u{E007F}") == "Song")
        #expect(FoundSong.clean("🏴\u{E0067}\u{E0062}") == "🏴")
        // A service writing a space where the journal has a non-joiner is the same title.
        #expect(SongMatch.judge(song("می خواهم", "A"), artist: "A", title: "می\u{200C}خواهم", duration: nil) == .match)
    }
}
