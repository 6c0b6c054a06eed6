import Foundation
import Testing

@testable import JournalCore

/// A year imported from a Spotify extended history and reviewed: every number of the review is
/// what the file says under the documented play rule (docs/content-format.md, "Importing"), not
/// what the diary's picks say.
@Suite struct ListeningReviewTests {
    /// One row of the export, and whether the documented rule makes it a play.
    struct Row {
        var artist: String
        var title: String?
        /// When playback started, seconds since 1970 (UTC; the journal's zone is UTC).
        var start: Int
        var milliseconds: Int
        var skipped = false
        var incognito = false

        /// Not incognito, a song (not a podcast), and not skipped under 30 s.
        var isPlay: Bool { !incognito && title != nil && !(milliseconds < 30_000 && skipped) }
        var date: CalendarDate { CalendarDate(dayNumber: start / 86_400) }

        /// As Spotify writes it: `ts` is when playback ended.
        var json: String {
            let end = start + milliseconds / 1000
            let day = CalendarDate(dayNumber: end / 86_400)
            let seconds = end % 86_400
            let ts = "\(day.iso)T\(Self.two(seconds / 3600)):\(Self.two(seconds / 60 % 60)):\(Self.two(seconds % 60))Z"
            let track = title.map { "\"\($0)\"" } ?? "null"
            let episode = title == nil ? "\"An Episode\"" : "null"
            return
                #"{"ts": "\#(ts)", "ms_played": \#(milliseconds), "master_metadata_track_name": \#(track), "master_metadata_album_artist_name": "\#(artist)", "master_metadata_album_album_name": "Album of \#(artist)", "spotify_track_uri": "spotify:track:3P3UA61WRQqwCXaoFOTENd", "episode_name": \#(episode), "reason_end": "\#(skipped ? "fwdbtn" : "trackdone")", "skipped": \#(skipped), "incognito_mode": \#(incognito)}"#
        }

        static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    }

    /// A year of 2025: six artists whose plays rank them A, B, C, D, E, F, three binge days,
    /// and rows that are not plays and would change the ranking if counted: 30 skipped seconds of
    /// F1 (F would pass B), 25 incognito plays of E1 (E would pass B), and podcast episodes.
    static let rows: [Row] = {
        let songs: [(artist: String, title: String, plays: Int, milliseconds: Int)] = [
            ("Artist A", "Song A1", 41, 200_000), ("Artist A", "Song A2", 9, 210_000),
            ("Artist B", "Song B1", 35, 180_000), ("Artist C", "Song C1", 20, 240_000),
            ("Artist C", "Song C2", 8, 150_000), ("Artist D", "Song D1", 22, 190_000),
            ("Artist E", "Song E1", 15, 230_000), ("Artist F", "Song F1", 6, 170_000),
        ]
        let january1 = (CalendarDate(year: 2025, month: 1, day: 1)?.dayNumber ?? 0) * 86_400
        var index = 0
        /// Spread over the year, one row a minute apart from any other of its day and hour.
        func start() -> Int {
            index += 1
            return january1 + (index * 37 % 365) * 86_400 + (8 + index % 12) * 3600 + index % 60 * 60
        }
        let binges: [String: (date: CalendarDate, plays: Int)] = [
            "Song A1": (CalendarDate(year: 2025, month: 6, day: 14) ?? CalendarDate(dayNumber: 0), 12),
            "Song D1": (CalendarDate(year: 2025, month: 3, day: 21) ?? CalendarDate(dayNumber: 0), 8),
            "Song B1": (CalendarDate(year: 2025, month: 9, day: 3) ?? CalendarDate(dayNumber: 0), 5),
        ]
        var rows: [Row] = []
        for song in songs {
            for play in 0..<song.plays {
                var row = Row(artist: song.artist, title: song.title, start: start(), milliseconds: song.milliseconds)
                // Binges, a shade of the heatmap each: the first 12 plays of Song A1 on Saturday
                // 14 June, 8 of Song D1 on 21 March, 5 of Song B1 on 3 September, 5 min apart.
                if let binge = binges[song.title], play < binge.plays {
                    row.start = binge.date.dayNumber * 86_400 + 9 * 3600 + play * 300
                }
                rows.append(row)
            }
        }
        // A short play heard to its end is a play; short and skipped is not.
        rows.append(Row(artist: "Artist F", title: "Song F1", start: start(), milliseconds: 20_000))
        rows += (0..<30).map { _ in Row(artist: "Artist F", title: "Song F1", start: start(), milliseconds: 5_000, skipped: true) }
        rows += (0..<25).map { _ in Row(artist: "Artist E", title: "Song E1", start: start(), milliseconds: 230_000, incognito: true) }
        rows += (0..<10).map { _ in Row(artist: "A Podcast", title: nil, start: start(), milliseconds: 1_800_000) }
        return rows
    }()

    @Test func aReviewOfAnImportedYearSaysWhatTheExportSays() throws {
        let journal = try TestJournal("-- journal.yaml --\ntitle: T\ntimezone: UTC\n")
        let export = "[" + Self.rows.map(\.json).joined(separator: ",\n") + "]"
        let summary = try ListeningLogTests.importing(Array(export.utf8), into: journal, name: "Streaming_History_Audio_2025.json")
        #expect(summary.diagnostics.errors.isEmpty, "\(summary.diagnostics)")

        // What the file says, counted here from the rows under the rule.
        let plays = Self.rows.filter(\.isPlay)
        #expect(plays.count == 41 + 9 + 35 + 20 + 8 + 22 + 15 + 6 + 1)
        var byTrack: [String: Int] = [:]
        var byArtist: [String: Int] = [:]
        var byDate: [CalendarDate: Int] = [:]
        var weekdays = Array(repeating: 0, count: 7)
        for play in plays {
            byTrack[play.title ?? "", default: 0] += 1
            byArtist[play.artist, default: 0] += 1
            byDate[play.date, default: 0] += 1
            weekdays[play.date.weekdayFromMonday] += 1
        }
        let seconds = plays.reduce(0) { $0 + $1.milliseconds / 1000 }
        let topArtists = byArtist.sorted { $0.value > $1.value }.prefix(5).map(\.key)
        #expect(topArtists == ["Artist A", "Artist B", "Artist C", "Artist D", "Artist E"])

        let loaded = journal.load()
        let value = try #require(loaded.journal, "\(journal.lines(loaded.diagnostics))")
        let analysis = Analysis(journal: value, parallel: false)
        let review = try #require(analysis.reviews.first { $0.year == 2025 })
        #expect(review.totals.count == .plays)
        #expect(review.totals.plays == plays.count)
        #expect(review.totals.listenedSeconds == seconds)
        #expect(review.totals.estimatedPlays == 0)
        #expect(review.topTracks.first?.track.title == "Song A1")
        #expect(review.topTracks.first?.plays == 41)
        #expect(review.topArtists.prefix(5).map(\.name) == topArtists)
        #expect(review.topArtists.prefix(5).map(\.plays) == topArtists.map { byArtist[$0] ?? 0 })
        #expect(review.weekdayPlays == weekdays)
        #expect(review.biggestDay?.plays == 12)

        // The heatmap's shades come from the plays of each day, not from the day's picks.
        let year = try #require(analysis.stats.years.first { $0.start.year == 2025 })
        let maximum = byDate.values.max() ?? 0
        #expect(maximum == 12)
        let levels = year.days.map { YearHeatmap.level(count: $0.total, maximum: year.days.map(\.total).max() ?? 0) }
        let expected = year.days.map { YearHeatmap.level(count: byDate[$0.date] ?? 0, maximum: maximum) }
        #expect(year.days.map(\.total) == year.days.map { byDate[$0.date] ?? 0 })
        #expect(levels == expected)
        #expect(Set(levels) == [0, 1, 2, 3, 4])

        // The built review says it in words, each total with its unit.
        let report = journal.build()
        #expect(report.diagnostics.errors.isEmpty, "\(journal.lines(report.diagnostics))")
        let page = visibleText(try #require(journal.page("2025/review/index.html")))
        let hours = seconds / 3600
        let minutes = (seconds % 3600 + 30) / 60
        #expect(page.contains("\(plays.count) plays") || page.contains("Plays \(plays.count)"), "\(page.prefix(1500))")
        #expect(page.contains("\(hours) h \(minutes) min"), "\(page.prefix(1500))")
    }
}
