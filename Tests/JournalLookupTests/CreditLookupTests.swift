import Foundation
import Testing

@testable import JournalLookup

/// Which MusicBrainz recording's credit `journal enrich` records (docs/content-format.md, "Artist
/// credits"): one with the song's title whose credit is spelled as the day spells it.
@Suite struct CreditLookupTests {
    @Test func theRecordingWithTheSongsTitleAndCreditGivesItsArtists() {
        let search = MusicBrainz.recordings(from: fixture("musicbrainz_recording_search_simon_garfunkel_the_boxer.json"))
        #expect(search.count == 3)
        #expect(Enrichment.credits(in: search, credit: "Simon & Garfunkel", title: "The Boxer") == ["Simon & Garfunkel"])
        // Compared without case, spaces or punctuation.
        #expect(Enrichment.credits(in: search, credit: "SIMON & GARFUNKEL", title: "the boxer") == ["Simon & Garfunkel"])
        // Another title (the live one is not asked for), another credit: nothing.
        #expect(Enrichment.credits(in: search, credit: "Simon & Garfunkel", title: "The Sound of Silence") == nil)
        #expect(Enrichment.credits(in: search, credit: "Simon and Garfunkel", title: "The Boxer") == nil)
        #expect(Enrichment.credits(in: search, credit: "Paul Simon", title: "The Boxer") == ["Paul Simon"])

        let lookup = MusicBrainz.recordings(from: fixture("musicbrainz_recording_6b1c0d2e_inc-artist-credits_ewf.json"))
        #expect(lookup.first?.artists.map(\.joinPhrase) == [" feat. ", ""])
        #expect(
            Enrichment.credits(in: lookup, credit: "Earth, Wind & Fire feat. The Emotions", title: "Boogie Wonderland")
                == ["Earth, Wind & Fire", "The Emotions"])
        #expect(Enrichment.credits(in: lookup, credit: "Earth, Wind & Fire ft. The Emotions", title: "Boogie Wonderland") == nil)
    }

    /// Only a credit joining names as equals is asked about: one split by guest words alone is
    /// split as MusicBrainz credits it.
    @Test func aCreditIsAskedAboutWhenItJoinsNamesAsEquals() {
        for credit in ["Simon & Garfunkel", "Earth, Wind & Fire feat. The Emotions", "A x B", "A With B", "A vs. B", "A VS B"] {
            #expect(Enrichment.isInDoubt(credit), "\(credit)")
        }
        for credit in ["Daft Punk feat. Kanye West", "A ft B", "A featuring B", "A (with B)", "A [feat. B]"] {
            #expect(!Enrichment.isInDoubt(credit), "\(credit)")
        }
    }

    /// A service's names are cleaned like any of its text; a credit with a name that is nothing
    /// once cleaned is not taken.
    @Test func aCreditsNamesAreCleanedAndAnEmptyOneIsRefused() {
        let body = Data(
            #"{"id":"r","title":"T","artist-credit":[{"name":"A\u0007","joinphrase":" & "},{"name":"B\u202E","joinphrase":""}]}"#.utf8)
        #expect(Enrichment.credits(in: MusicBrainz.recordings(from: body), credit: "A & B", title: "T") == ["A", "B"])
        let empty = Data(#"{"id":"r","title":"T","artist-credit":[{"name":"A","joinphrase":" & "},{"name":"\u202E","joinphrase":""}]}"#.utf8)
        #expect(Enrichment.credits(in: MusicBrainz.recordings(from: empty), credit: "A & ", title: "T") == nil)
    }
}
