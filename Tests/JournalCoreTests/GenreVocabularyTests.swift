import Testing

@testable import JournalCore

/// Genres from lookups are put in the journal's words (docs/content-format.md, "Genres from lookups").
@Suite struct GenreVocabularyTests {
    @Test func theJournalsOwnSpellingWinsThenTheServicesUsualNames() {
        let vocabulary = GenreVocabulary(journalGenres: ["kpop", "Hip-Hop", "City Pop"], aliases: ["rnb": "R&B"])
        #expect(vocabulary.primary(["K-Pop"]) == "kpop")
        #expect(vocabulary.primary(["Hip-Hop/Rap"]) == "Hip-Hop")
        #expect(vocabulary.primary(["Rap/Hip Hop"]) == "Hip-Hop")
        #expect(vocabulary.primary(["R&B/Soul"]) == "R&B")
        #expect(vocabulary.primary(["city pop"]) == "City Pop")
        #expect(vocabulary.primary(["Singer/Songwriter"]) == "Singer-Songwriter")
        #expect(vocabulary.primary(["Music", "Dance"]) == "Electronic")
        #expect(vocabulary.primary(["Music"]) == nil)
        // A name the journal uses wins over a broad family further up the list.
        #expect(vocabulary.primary(["dream pop", "conscious hip hop"]) == "Hip-Hop")
    }

    @Test(
        arguments: [
            ("garage rock", "Rock"), ("chamber pop", "Pop"), ("new jack swing", "R&B"), ("synth-pop", "Pop"),
            ("conscious hip hop", "Hip-Hop"), ("post-rock", "Rock"), ("boom bap", nil), ("uk garage", "Electronic"),
            ("drum and bass", "Electronic"), ("vocal jazz", "Jazz"), ("velocity pop", "Pop"), ("bossa nova", "Jazz"),
            ("indie folk", "Folk"), ("k-pop", "K-Pop"), ("j-rock", "J-Pop"), ("contemporary r&b", "R&B"),
        ] as [(String, String?)])
    func aFineGenreGoesToItsFamilyByWhatItIs(name: String, family: String?) {
        #expect(GenreVocabulary.family(of: name) == family)
    }

    @Test func fineGenresNeverSplinterTheCharts() {
        let vocabulary = GenreVocabulary(journalGenres: [], aliases: [:])
        let fine = ["dream pop", "indie pop", "synth-pop", "art pop", "chamber pop", "bedroom pop"]
        #expect(Set(fine.compactMap { vocabulary.primary([$0]) }).count <= 2)
    }
}
