import Foundation
import Testing

@testable import JournalCore

/// `journal pick` (docs/content-format.md, "Choosing a day's songs"): a day's songs chosen from
/// what the listening log says was played, every other byte of the day kept.
@Suite struct DayPickTests {
    static let dayPath = "content/diary/2026/11/2026-11-21.md"

    /// A journal with the log of `ListeningLogTests.week` imported: 21 Nov (Seoul) has
    /// Blueming ×3 (first at 10:00), Hype Boy (12:57) and Ditto (13:56).
    static func imported() throws -> TestJournal {
        let journal = try ListeningLogTests.journal()
        try ListeningLogTests.importing(ListeningLogTests.export(ListeningLogTests.week), into: journal)
        return journal
    }

    static func day(_ journal: TestJournal) throws -> ListeningDay {
        let date = try #require(CalendarDate(iso: "2026-11-21"))
        return try #require(journal.load().journal?.listening.day(date))
    }

    static func config(_ journal: TestJournal) throws -> SiteConfig {
        try #require(JournalLoader(source: journal.path).readConfig(overrides: ConfigOverrides()).config)
    }

    @Test func picksReplaceTheDaysSongsInTheOrderTheyWerePlayedAndTheDayBecomesTheWriters() throws {
        let journal = try Self.imported()
        let before = try #require(ListeningLogTests.text(journal, Self.dayPath))
        #expect(before.contains("source: spotify") && before.contains("# Imported by"))
        let day = try Self.day(journal)
        #expect(day.songs.map(\.title) == ["Blueming", "Ditto", "Hype Boy"])
        // Ditto (13:56) and Hype Boy (12:57), picked in that order: listed as played.
        let written = DayPick.write([2, 3], of: day, source: journal.path, config: try Self.config(journal), names: ArtistNames())
        #expect((try? written.get()) != nil, "\(written)")
        let after = try #require(ListeningLogTests.text(journal, Self.dayPath))
        #expect(!after.contains("source:") && !after.contains("# Imported by"))
        let loaded = try #require(journal.load().journal?.days.first)
        #expect(loaded.tracks.map(\.title) == ["Hype Boy", "Ditto"])
        #expect(journal.build().succeeded)
    }

    @Test func aSongKeptKeepsEveryLineTheWriterWroteAndTheRestOfTheFileStays() throws {
        let journal = try Self.imported()
        let written = """
            ---
            title: "Rain all day"   # mine
            mood: calm
            tracks:
              - title: Blueming
                artist: IU
                album: Love poem   # the CD
                note: "*the* song of the day"
                links:
                  spotify: https://open.spotify.com/track/3P3UA61WRQqwCXaoFOTENd
              # an aside
              - title: Hype Boy
                artist: NewJeans
            tags: [rain]
            ---
            Walked home in the rain.

            """
        try journal.write(Self.dayPath, written)
        let day = try Self.day(journal)
        #expect((try? DayPick.write([3, 1], of: day, source: journal.path, config: try Self.config(journal), names: ArtistNames()).get()) != nil)
        let after = try #require(ListeningLogTests.text(journal, Self.dayPath))
        #expect(
            after == """
                ---
                title: "Rain all day"   # mine
                mood: calm
                tracks:
                  - title: Blueming
                    artist: IU
                    album: Love poem   # the CD
                    note: "*the* song of the day"
                    links:
                      spotify: https://open.spotify.com/track/3P3UA61WRQqwCXaoFOTENd
                  # an aside
                  - title: Hype Boy
                    artist: NewJeans
                tags: [rain]
                ---
                Walked home in the rain.

                """)
        // Ditto instead of Hype Boy: Blueming's lines as they were, Ditto written as add writes.
        #expect((try? DayPick.write([1, 2], of: day, source: journal.path, config: try Self.config(journal), names: ArtistNames()).get()) != nil)
        let swapped = try #require(ListeningLogTests.text(journal, Self.dayPath))
        #expect(
            swapped.contains(
                "    note: \"*the* song of the day\"\n    links:\n      spotify: https://open.spotify.com/track/3P3UA61WRQqwCXaoFOTENd\n  # an aside\n  - title: \"Ditto\"\n    artist: \"NewJeans\"\ntags: [rain]\n"
            ))
        #expect(swapped.hasPrefix("---\ntitle: \"Rain all day\"   # mine\nmood: calm\n"))
        #expect(swapped.hasSuffix("tags: [rain]\n---\nWalked home in the rain.\n"))
        #expect(!swapped.contains("Hype Boy"))
    }

    @Test func aDateWithoutAFileGetsOneAndBadPicksChangeNothing() throws {
        let journal = try Self.imported()
        try journal.remove(Self.dayPath)
        let day = try Self.day(journal)
        #expect((try? DayPick.write([1], of: day, source: journal.path, config: try Self.config(journal), names: ArtistNames()).get()) != nil)
        #expect(try #require(journal.load().journal?.days.first?.tracks.map(\.title)) == ["Blueming"])
        #expect(DayPick.numbers("1,4", count: 3, limit: 2) == .failure(.badPick("'4' is not a number of the list (1 to 3)")))
        #expect(DayPick.numbers("1,1", count: 3, limit: 2) == .failure(.badPick("1 is picked twice")))
        #expect(DayPick.numbers("1 2 3", count: 3, limit: 2) == .failure(.badPick("3 songs picked, and a day holds 2 (max_tracks_per_day in journal.yaml)")))
        #expect(DayPick.numbers(" 3, 1", count: 3, limit: 0) == .success([3, 1]))
        #expect(DayPick.numbers("", count: 3, limit: 0) == .failure(.badPick("pick at least one song, like --pick 1,3")))
    }

    @Test func theCommandRefusesAnUnknownDateAndNeverPromptsWithoutATerminal() throws {
        guard let binary = journalBinary() else { return }
        let journal = try Self.imported()
        let before = ListeningLogTests.text(journal, Self.dayPath)
        let unknown = try runProcess(binary, ["pick", "2020-01-01", "--source", journal.path])
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("error: the listening log has no play on 2020-01-01"))
        // No terminal (a pipe) and no --pick: the list, and nothing changed.
        let listed = try runProcess(binary, ["pick", "2026-11-21", "--source", journal.path])
        #expect(listed.status == 0)
        #expect(listed.out.contains("1. Blueming — IU (Album) · 3 plays · first at 10:00 · 7 min"))
        #expect(listed.out.contains("Nothing was changed: run again with --pick"))
        #expect(ListeningLogTests.text(journal, Self.dayPath) == before)
        let tooMany = try runProcess(binary, ["pick", "2026-11-21", "--pick", "1,2,3", "--source", journal.path])
        #expect(tooMany.status == 2)
        #expect(ListeningLogTests.text(journal, Self.dayPath) == before)
        let chosen = try runProcess(binary, ["pick", "2026-11-21", "--pick", "3", "--source", journal.path])
        #expect(chosen.status == 0, "\(chosen.errors)")
        #expect(try #require(journal.load().journal?.days.first?.tracks.map(\.title)) == ["Hype Boy"])
    }

    @Test func aSongTheDayHasIsKeptWhateverItsCreditAddsOrHowItIsSpelt() {
        let song = { (artist: String, title: String) in PlayedSong(artist: artist, title: title, plays: 1, seconds: 1) }
        let names = ArtistNames(known: ["Simon & Garfunkel"])
        func items(_ played: PlayedSong, _ existing: [(title: String, artists: [String])]) -> [DayFileEdit.ListItem] {
            DayPick.items(for: [played], existing: existing, names: names)
        }
        #expect(items(song("IU", "Blueming"), [("blueming", ["IU"])]) == [.existing(0)])
        #expect(items(song("IU, SUGA", "eight"), [("eight", ["IU", "SUGA"])]) == [.existing(0)])
        #expect(items(song("JAY Z", "Empire State of Mind"), [("Empire State of Mind", ["Jay-Z", "Alicia Keys"])]) == [.existing(0)])
        // Wrong before, a prefix test on the folded credit: a guest credit written "ft." was a
        // new item (the writer's lines for the song gone), and a known name that only starts
        // like the day's artist was kept as the day's song ("Simon & Garfunkel" is not Simon's).
        #expect(items(song("IU ft. SUGA", "eight"), [("eight", ["IU"])]) == [.existing(0)])
        #expect(
            items(song("Simon & Garfunkel", "The Boxer"), [("The Boxer", ["Simon"])])
                == [.new(NewTrackLines(title: "The Boxer", artists: ["Simon & Garfunkel"]))])
        // Another artist's song of the same title stays apart.
        #expect(items(song("NewJeans", "Ditto"), [("Ditto", ["IU"])]) == [.new(NewTrackLines(title: "Ditto", artists: ["NewJeans"]))])
    }
}
