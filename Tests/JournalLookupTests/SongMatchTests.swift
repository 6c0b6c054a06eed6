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
}
