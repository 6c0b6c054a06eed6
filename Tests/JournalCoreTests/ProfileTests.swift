import Foundation
import Testing

@testable import JournalCore

/// What artist, genre and search pages count, checked on Analyse's values without any HTML.
@Suite struct ProfileTests {
    /// `days`: date -> tracks as `title/artist[+guest]/genre[/album]`.
    func analysed(_ days: [String: [String]]) throws -> (Journal, Stats, Library) {
        var files = "-- journal.yaml --\ntitle: T\nmax_tracks_per_day: 0\n"
        for (date, tracks) in days.sorted(by: { $0.key < $1.key }) {
            files += "-- content/diary/\(date).md --\n---\ntracks:\n"
            for track in tracks {
                let parts = track.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                let artists = parts[1].split(separator: "+").map { "\"\($0)\"" }.joined(separator: ", ")
                files += "  - {title: \"\(parts[0])\", artist: [\(artists)], genre: \"\(parts[2])\""
                files += parts.count > 3 ? ", album: \"\(parts[3])\"}\n" : "}\n"
            }
            files += "---\n"
        }
        let test = try TestJournal(files)
        let loaded = test.load()
        let journal = try #require(loaded.journal, "\(test.lines(loaded.diagnostics))")
        let catalog = GenreCatalog(journal: journal)
        return (journal, Stats(journal: journal, catalog: catalog), Library(journal: journal, catalog: catalog))
    }

    @Test func anArtistProfileCountsEachTrackAndAlbumOnceWhateverItsCase() throws {
        let (journal, _, library) = try analysed([
            "2026-01-05": ["Palette/IU/K-Pop/Palette", "Blueming/IU/K-Pop/Love Poem"],
            "2026-02-10": ["palette/IU/K-Pop/palette", "Ending Scene/Other+IU/Ballad"],
            "2026-03-01": ["Blueming/IU/K-Pop/Love Poem", "Palette/IU/K-Pop/Palette"],
        ])
        let iu = try #require(library.artist(named: "iu"))
        let profile = ArtistProfile(iu, journal: journal)
        #expect(
            profile.tracks == [
                .init(title: "Palette", album: "Palette", plays: 3, primaryArtist: "IU"),
                .init(title: "Blueming", album: "Love Poem", plays: 2, primaryArtist: "IU"),
                .init(title: "Ending Scene", album: nil, plays: 1, primaryArtist: "Other"),
            ])
        #expect(profile.albums == [.init(title: "Palette", album: nil, plays: 3), .init(title: "Love Poem", album: nil, plays: 2)])
        #expect(iu.primaryPlays == 5)
        #expect(iu.guestPlays == 1)
        #expect(profile.firstPlayed?.iso == "2026-01-05")
        #expect(profile.lastPlayed?.iso == "2026-03-01")
    }

    @Test func aTrackAndItsAlbumCountTheSamePlaysWhenADayLeavesOutTheAlbum() throws {
        // 밤편지 is played from Palette three times and once with no album; Spring is on two
        // albums and once on none, so that play is remembered as from the album it was last
        // played from (docs/content-format.md, "Songs are remembered").
        let (journal, _, library) = try analysed([
            "2026-09-13": ["밤편지/아이유/Ballad/Palette", "Spring/아이유/Ballad/Single"],
            "2026-09-25": ["밤편지/아이유/Ballad/palette", "Spring/아이유/Ballad/Album"],
            "2026-11-09": ["밤편지/아이유/Ballad/Palette", "Spring/아이유/Ballad"],
            "2026-11-21": ["밤편지/아이유/Ballad", "Duet/Other+아이유/Ballad/Palette"],
        ])
        let iu = try #require(library.artist(named: "아이유"))
        let profile = ArtistProfile(iu, journal: journal)
        #expect(
            profile.tracks == [
                .init(title: "밤편지", album: "Palette", plays: 4, primaryArtist: "아이유"),
                .init(title: "Spring", album: "Album", plays: 2, primaryArtist: "아이유"),
                .init(title: "Duet", album: "Palette", plays: 1, primaryArtist: "Other"),
                .init(title: "Spring", album: "Single", plays: 1, primaryArtist: "아이유"),
            ])
        #expect(
            profile.albums == [
                .init(title: "Palette", album: nil, plays: 5), .init(title: "Album", album: nil, plays: 2), .init(title: "Single", album: nil, plays: 1),
            ])
        // What the page lists agrees: the tracks' plays are every play, an album's are its tracks'.
        #expect(profile.tracks.map(\.plays).reduce(0, +) == iu.plays.count)
        for album in profile.albums {
            #expect(profile.tracks.filter { $0.album == album.title }.map(\.plays).reduce(0, +) == album.plays, "\(album.title)")
        }
        #expect(profile.years.map(\.year) == [2026])
        #expect(profile.years.first?.days.map(\.count) == [2, 2, 2, 2])
    }

    @Test func anArtistsPlaysAreSplitByYear() throws {
        let (journal, _, library) = try analysed([
            "2024-12-31": ["a/X/Jazz"], "2025-01-01": ["b/X/Jazz", "c/Y+X/Jazz"], "2025-06-01": ["d/X/Jazz"], "2026-01-01": ["e/X/Jazz"],
        ])
        let profile = ArtistProfile(try #require(library.artist(named: "x")), journal: journal)
        #expect(profile.years.map(\.year) == [2024, 2025, 2026])
        #expect(profile.years.map(\.plays.count) == [1, 3, 1])
        #expect(profile.years[1].days.map { $0.map(\.trackIndex) } == [[0, 1], [0]])
    }

    @Test func theArtistIndexGroupsLatinByLetterHangulByConsonantAndTheRestUnderHash() throws {
        let (journal, _, library) = try analysed([
            "2026-01-05": ["a/Zed/Jazz", "b/ann/Jazz", "c/Élan/Jazz", "d/(G)I-DLE/K-Pop", "e/10cm/Indie", "f/아이유/Ballad"],
            "2026-01-06": ["g/꿈별/Ballad", "h/김광석/Folk", "i/宇多田ヒカル/Pop", "j/Bob/Rock", "k/ㅎㅎ/Pop"],
        ])
        _ = journal
        let index = ArtistIndex(library)
        let names = index.entries.map { "\($0.letter) \(library.artists[$0.artist].name)" }
        #expect(names == ["A ann", "B Bob", "E Élan", "G (G)I-DLE", "Z Zed", "ㄱ 김광석", "ㄱ 꿈별", "ㅇ 아이유", "ㅎ ㅎㅎ", "# 10cm", "# 宇多田ヒカル"])
        #expect(index.letters.map(\.letter) == ["A", "B", "E", "G", "Z", "ㄱ", "ㅇ", "ㅎ", "#"])
        #expect(index.letters.first { $0.letter == "ㄱ" }.map { [$0.first, $0.count] } == [5, 2])
        // A Korean site puts Hangul first.
        #expect(ArtistIndex(library, hangulFirst: true).letters.map(\.letter) == ["ㄱ", "ㅇ", "ㅎ", "A", "B", "E", "G", "Z", "#"])
    }

    @Test func aGenreProfileRanksItsArtistsAndListsEachDayOnce() throws {
        let (journal, stats, library) = try analysed([
            "2026-01-05": ["a/Zed/Jazz", "b/Ann/Jazz", "c/Ann/Jazz"],
            "2026-01-06": ["d/Bob/Rock"],
            "2026-01-07": ["e/Zed/Jazz"],
        ])
        let jazz = try #require(stats.catalog.genres.first { $0.name == "Jazz" })
        let rock = try #require(stats.catalog.genres.first { $0.name == "Rock" })
        let profile = GenreProfile(jazz, journal: journal, catalog: stats.catalog, library: library)
        #expect(profile.plays.count == 4)
        #expect(profile.days.map { journal.days[$0].date.iso } == ["2026-01-05", "2026-01-07"])
        #expect(profile.daysByYear.map(\.year) == [2026])
        #expect(profile.daysByYear.map(\.days) == [profile.days])
        #expect(profile.daysByYear.map(\.plays) == [4])
        #expect(profile.daysByYear.first?.months(in: journal).map(\.month) == [1])
        #expect(profile.rank == 1)
        #expect(profile.topArtists.map(\.name) == ["Ann", "Zed"])
        #expect(profile.topArtists.map(\.plays) == [2, 2])
        #expect(GenreProfile(rock, journal: journal, catalog: stats.catalog, library: library).rank == 2)
    }

    @Test func playsOverTimeAreMonthlyUnderTwoYearsAndYearlyBeyond() throws {
        let (journal, stats, library) = try analysed([
            "2025-11-30": ["a/X/Jazz"], "2026-01-02": ["b/X/Rock", "c/X/Jazz"],
        ])
        let plays = try #require(library.artist(named: "X")).plays
        let monthly = try #require(PlaysOverTime(plays, journal: journal, stats: stats, stacked: false))
        #expect(monthly.unit == .month)
        #expect(monthly.buckets.map { "\($0.year)-\($0.month ?? 0):\($0.counts)" } == ["2025-11:[1]", "2025-12:[0]", "2026-1:[2]"])
        let stacked = try #require(PlaysOverTime(plays, journal: journal, stats: stats, stacked: true))
        #expect(stacked.buckets.last?.counts.reduce(0, +) == 2)
        #expect(stacked.buckets.last?.counts.count == stats.chartGenres.count)

        let (longJournal, longStats, longLibrary) = try analysed(["2023-12-31": ["a/X/Jazz"], "2026-01-01": ["b/X/Jazz"]])
        let longPlays = try #require(longLibrary.artist(named: "X")).plays
        let yearly = try #require(PlaysOverTime(longPlays, journal: longJournal, stats: longStats, stacked: false))
        #expect(yearly.unit == .year)
        #expect(yearly.buckets.map(\.year) == [2023, 2024, 2025, 2026])
        #expect(yearly.buckets.map(\.counts) == [[1], [0], [0], [1]])
        #expect(PlaysOverTime([], journal: longJournal, stats: longStats, stacked: false) == nil)
    }

    @Test func theTrackListCountsPlaysAndKeepsTheLastDay() throws {
        let (_, _, library) = try analysed([
            "2026-01-05": ["Palette/IU/K-Pop", "Song/Ann/Jazz"],
            "2026-01-09": ["PALETTE/IU+Suga/K-Pop"],
        ])
        let ninth = try #require(CalendarDate(iso: "2026-01-09"))
        let fifth = try #require(CalendarDate(iso: "2026-01-05"))
        #expect(
            library.tracks.map { "\($0.title)|\($0.credit)|\($0.plays)|\($0.lastPlayed.iso)|\($0.artistSlug)/\($0.slug)" } == [
                "PALETTE|IU, Suga|2|\(ninth.iso)|iu/palette",
                "Song|Ann|1|\(fifth.iso)|ann/song",
            ])
        #expect(library.track(title: "palette", artist: "iu")?.history.map(\.dayIndex) == [0, 1])
        #expect(library.track(title: "Palette", artist: "Suga") == nil)
    }

    @Test func aYearsMonthsAreThoseOfThatYearOnly() throws {
        let (_, stats, _) = try analysed(["2025-12-31": ["a/X/Jazz"], "2026-01-02": ["b/X/Jazz"], "2026-03-09": ["c/X/Jazz"], "2027-01-01": ["d/X/Jazz"]])
        #expect(stats.months(in: 2026).map(\.start.iso) == ["2026-01-01", "2026-03-01"])
        #expect(stats.months(in: 2027).map(\.start.iso) == ["2027-01-01"])
        #expect(stats.months(in: 2024).isEmpty)
    }

    @Test func weeksStartWhereTheJournalSays() throws {
        let sunday = try #require(CalendarDate(iso: "2026-11-22"))
        #expect(sunday.weekdayOffset(weekStart: .monday) == 6)
        #expect(sunday.weekdayOffset(weekStart: .sunday) == 0)
        #expect(sunday.startOfWeek(.monday).iso == "2026-11-16")
        #expect(sunday.startOfWeek(.sunday).iso == "2026-11-22")
        #expect(sunday.adding(days: 1).startOfWeek(.sunday).iso == "2026-11-22")
    }
}
