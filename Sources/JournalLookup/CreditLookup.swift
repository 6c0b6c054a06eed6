import Foundation
import JournalCore

/// How `journal enrich` learns a song's artists from MusicBrainz (docs/content-format.md,
/// "Artist credits"): a song whose credit the journal splits (`Simon & Garfunkel`, `A feat. B`)
/// is asked about once, by its imported recording id or else by a recording search, and when
/// MusicBrainz spells the credit as the journal does, its artists go into the catalogue as the
/// song's `credits:`, under its main artist. The build reads them there and never asks.
extension Enrichment {
    /// A song whose credit the journal splits into several artists, as its plays write it.
    struct CreditQuestion: Sendable, Equatable {
        /// The credit as written (`Simon & Garfunkel`).
        var credit: String
        var title: String
        /// A MusicBrainz recording id, from an imported play's link.
        var recording: String?
    }

    /// The chosen days' songs whose credit Load split where the split is in doubt
    /// (`isInDoubt`), whose song the catalogue does not credit yet (`credits:` under its main
    /// artist), each once.
    func creditQuestions(catalogue: SongCatalogue) -> [CreditQuestion] {
        var answered = Set<String>()
        for entry in catalogue.artists {
            for song in entry.songs where !song.credits.isEmpty { answered.insert(Self.creditKey(song.credits[0], song.title)) }
        }
        var seen = Set<String>()
        var questions: [CreditQuestion] = []
        for day in journal.days where isChosen(day) {
            for track in day.tracks {
                guard let credit = track.credit, Self.isInDoubt(credit), !answered.contains(Self.creditKey(track.primaryArtist, track.title)),
                    seen.insert(Self.creditKey(credit, track.title)).inserted
                else { continue }
                let recording = track.links.first { $0.service == .musicbrainz }.flatMap { Self.recordingID(in: $0.url.text) }
                questions.append(CreditQuestion(credit: credit, title: track.title, recording: recording))
            }
        }
        return questions
    }

    /// Whether a split credit may name one artist where the journal sees several: it joins
    /// names by ` & `, `, `, ` x `, ` with ` or ` vs` (`Simon & Garfunkel`, `Earth, Wind & Fire
    /// feat. The Emotions`). One whose only separators put guests after the main artist (`Daft
    /// Punk feat. Kanye West`, `A (with B)`) is split as MusicBrainz credits it: not asked.
    static func isInDoubt(_ credit: String) -> Bool {
        let text = credit.lowercased()
        return [", ", " & ", " x ", " with ", " vs ", " vs. "].contains { text.contains($0) }
    }

    /// A song by an artist or a credit, compared as artists and titles fold.
    static func creditKey(_ artist: String, _ title: String) -> String {
        ArtistKey.fold(artist) + "\u{0}" + ArtistKey.fold(title)
    }

    /// The artists MusicBrainz credits the song with, main artist first, when one of its
    /// recordings has the song's title and spells its credit (names and join phrases) as the
    /// journal does; nil when none does, or MusicBrainz could not be asked.
    func credits(for question: CreditQuestion, client: LookupClient, report: inout Report) async -> [String]? {
        let request =
            question.recording.map { MusicBrainz.recordingLookup(id: $0) }
            ?? MusicBrainz.recordingSearch(artist: question.credit, title: question.title)
        let answer = await client.get(request)
        note(answer, .musicbrainz, report: &report)
        guard case .found(let data) = answer else { return nil }
        return Self.credits(in: MusicBrainz.recordings(from: data), credit: question.credit, title: question.title)
    }

    /// Of `recordings` (best first), the first one's artists whose title and credit are the
    /// song's, each name as MusicBrainz credits it, cleaned, once.
    static func credits(in recordings: [MusicBrainzRecording], credit: String, title: String) -> [String]? {
        for recording in recordings
        where ArtistKey.fold(FoundSong.clean(recording.title)) == ArtistKey.fold(title)
            && ArtistKey.fold(FoundSong.clean(recording.artists.joinedName)) == ArtistKey.fold(credit)
        {
            let names = recording.artists.map { FoundSong.clean($0.name) }
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else { continue }
            var seen = Set<String>()
            return names.filter { seen.insert(ArtistKey.fold($0)).inserted }
        }
        return nil
    }

    /// Asks about every song `creditQuestions` finds and records what MusicBrainz credits into
    /// the catalogue, each song under its main artist. Returns the credits found, by
    /// `creditKey(credit, title)`, so the run's work files those songs under their main artist.
    func learnCredits(
        catalogue: SongCatalogue, update: inout CatalogueUpdate, client: LookupClient, report: inout Report, progress: Progress?
    ) async -> [String: [String]] {
        var found: [String: [String]] = [:]
        var byArtist: [(artist: String, songs: [CatalogueSong])] = []
        let questions = creditQuestions(catalogue: catalogue)
        if !questions.isEmpty { progress?(0, questions.count, "") }
        for (index, question) in questions.enumerated() {
            let names = await credits(for: question, client: client, report: &report)
            progress?(index + 1, questions.count, "\(question.credit) — \(question.title)")
            guard let names, let main = names.first else { continue }
            found[Self.creditKey(question.credit, question.title)] = names
            report.credited += 1
            let song = CatalogueSong(title: question.title, credits: names)
            if let index = byArtist.firstIndex(where: { SongKey.fold($0.artist) == SongKey.fold(main) }) {
                byArtist[index].songs.append(song)
            } else {
                byArtist.append((main, [song]))
            }
        }
        for (artist, songs) in byArtist {
            let result = update.apply(to: artist, dryRun: dryRun) { entry in
                var changed = false
                for song in songs { changed = entry.record(song) || changed }
                return changed
            }
            switch result {
            case .success(let written):
                if let written, !report.written.contains(display(written)) { report.written.append(display(written)) }
            case .failure(let problem):
                report.warnings.append("\(artist): \(problem); the artist credits MusicBrainz gave are not saved")
            }
        }
        return found
    }
}
