import Foundation
import JournalLookup
import LookupStub
import Testing

@testable import JournalCLI
@testable import JournalCore

/// `journal enrich` end to end, as the built program: a year of imported Last.fm plays (no genre,
/// no cover) against a stub of the iTunes store, Deezer and MusicBrainz on 127.0.0.1, answering
/// bodies in the services' shapes (Tests/Fixtures/lookup/README.md). Nothing reaches the internet.
@Suite(.serialized) struct EnrichCommandTests {
    let cli = CommandLineTests()

    /// A song of the made-up year, as the services know it.
    struct Song {
        var artist: String
        var album: String
        var albumID: Int
        var title: String
        var trackID: Int
        var seconds: Int
        /// What the iTunes store calls its genre; nil: the store does not have the song.
        var storeGenre: String?
        /// A MusicBrainz recording id the export carries.
        var recording: String?
        /// Deezer has it (and says its album's genre).
        var deezerGenre: String?
    }

    static let artists: [(String, String?, [String])] = [
        ("NewJeans", "K-Pop", ["New Jeans", "Get Up"]),
        ("아이유", "K-Pop", ["Palette", "Love Poem"]),
        ("Fleet Foxes", "Alternative", ["Fleet Foxes", "Helplessness Blues"]),
        ("Nujabes", "Hip-Hop/Rap", ["Modal Soul", "Metaphorical Music"]),
        ("Bill Evans", "Jazz", ["Sunday at the Village Vanguard", "Waltz for Debby"]),
        ("Daft Punk", "Dance", ["Discovery", "Random Access Memories"]),
        ("Mitski", "Alternative", ["Be the Cowboy", "Puberty 2"]),
        ("Kendrick Lamar", "Hip-Hop/Rap", ["good kid, m.A.A.d city", "DAMN."]),
        ("검정치마", "Indie Rock", ["201", "Team Baby"]),
        ("Glenn Gould", "Classical", ["Goldberg Variations", "The Well-Tempered Clavier"]),
        ("Frank Ocean", "R&B/Soul", ["Blonde", "channel ORANGE"]),
        // The store files this one under "Music": its genre comes from MusicBrainz, by the
        // recording ids the export carries.
        ("Cise Starr", "Music", ["Beneath the Surface"]),
        // Not in the store: Deezer has it.
        ("Lowtide Club", nil, ["Harbour Lights"]),
        // In no store: the export's MusicBrainz ids give its genre, and its release's cover is at
        // the Cover Art Archive.
        ("Tape Loop Society", nil, ["Cassette Summer"]),
    ]

    static let songs: [Song] = {
        var songs: [Song] = []
        var albumID = 1_500_000_000
        var trackID = 1_600_000_000
        for (artist, genre, albums) in artists {
            for album in albums {
                albumID += 1
                for number in 1...3 {
                    trackID += 1
                    let archived = artist == "Cise Starr" || artist == "Tape Loop Society"
                    let recording = archived ? String(format: "00000000-0000-4000-8000-%012d", trackID % 1_000_000_000) : nil
                    songs.append(
                        Song(
                            artist: artist, album: album, albumID: albumID, title: "\(album) Song \(number)", trackID: trackID,
                            seconds: 150 + (trackID % 120), storeGenre: genre, recording: recording,
                            deezerGenre: genre == nil && artist == "Lowtide Club" ? "Pop" : nil))
                }
            }
        }
        // One song nobody has: it stays without a cover, and its genre is its artist's.
        songs.append(
            Song(
                artist: "Nujabes", album: "Modal Soul", albumID: 0, title: "A Song Nobody Has", trackID: 0, seconds: 200,
                storeGenre: nil, recording: nil, deezerGenre: nil))
        return songs
    }()

    /// A year of plays, three a day, as a lastfm.ghan.nl CSV (with MusicBrainz ids where it has them).
    static func history() -> String {
        var lines = ["uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid"]
        let start = 1_704_067_200  // 1 Jan 2024, 00:00 UTC
        var state: UInt64 = 21
        for day in 0..<365 {
            for play in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let song = songs[Int((state >> 33) % UInt64(songs.count))]
                let time = start + day * 86_400 + 36_000 + play * 600
                lines.append("\(time),,\"\(song.artist)\",,\"\(song.album)\",,\"\(song.title)\",\(song.recording ?? "")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// An iTunes result row in the store's shape (the recorded lookups' fields).
    static func storeRow(_ song: Song, base: String) -> [String: Any] {
        [
            "wrapperType": "track", "kind": "song", "artistId": 1, "collectionId": song.albumID, "trackId": song.trackID,
            "artistName": song.artist, "collectionName": song.album, "trackName": song.title,
            "trackViewUrl": "https://music.apple.com/us/album/x/\(song.albumID)?i=\(song.trackID)&uo=4",
            "previewUrl": "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/\(song.trackID).m4a",
            "artworkUrl100": "\(base)/image/thumb/\(song.albumID)/cover.jpg/100x100bb.jpg",
            "releaseDate": "2019-05-10T12:00:00Z", "trackNumber": 1, "trackTimeMillis": song.seconds * 1000,
            "country": "USA", "primaryGenreName": song.storeGenre ?? "Pop",
        ]
    }

    /// The stub, answering everything the run may ask about the year's songs.
    static func services(delay: Double = 0) async throws -> StubServer {
        let stub = try await StubServer.start()
        let base = stub.baseURL
        let cover = StubServer.fixture("cover_minimal.jpg")
        var albums: [Int: [Song]] = [:]
        for song in songs where song.storeGenre != nil { albums[song.albumID, default: []].append(song) }
        for song in songs {
            let search = ITunesSearch.request(term: "\(song.artist) \(song.title)", country: "us", limit: 10)
            let rows = song.storeGenre == nil ? [] : [storeRow(song, base: base)]
            stub.answer(search, with: .json(json(["resultCount": rows.count, "results": rows]), delay: delay))
            if let genre = song.deezerGenre {
                let hit: [String: Any] = [
                    "id": song.trackID, "title": song.title, "duration": song.seconds, "type": "track",
                    "preview": "https://cdnt-preview.dzcdn.net/api/1/1/\(song.trackID).mp3",
                    "link": "https://www.deezer.com/track/\(song.trackID)",
                    "artist": ["id": 7, "name": song.artist],
                    "album": ["id": song.albumID, "title": song.album, "cover_xl": "\(base)/dz/\(song.albumID)/1000x1000.jpg"],
                ]
                stub.answer(Deezer.search(artist: song.artist, title: song.title), with: .json(json(["data": [hit], "total": 1]), delay: delay))
                stub.answer(
                    Deezer.album(id: String(song.albumID)),
                    with: .json(
                        json([
                            "id": song.albumID, "title": song.album, "release_date": "2021-03-01",
                            "genres": ["data": [["id": 132, "name": genre]]],
                        ]), delay: delay))
                stub.answer("GET", "/dz/\(song.albumID)/1000x1000.jpg", query: nil, with: .bytes(cover, contentType: "image/jpeg"))
            } else if song.storeGenre == nil {
                stub.answer(Deezer.search(artist: song.artist, title: song.title), with: .json(json(["data": [], "total": 0]), delay: delay))
            }
            if let recording = song.recording {
                let release = String(format: "11111111-0000-4000-8000-%012d", song.albumID % 1_000_000_000)
                stub.answer(
                    MusicBrainz.recordingLookup(id: recording),
                    with: .json(
                        json([
                            "id": recording, "title": song.title, "length": song.seconds * 1000,
                            "genres": [["name": "jazz rap", "count": 3], ["name": "hip hop", "count": 2]],
                            "releases": [["id": release, "title": song.album]],
                            "artist-credit": [["name": song.artist, "joinphrase": "", "artist": ["id": "a", "name": song.artist]]],
                        ])))
                stub.answer(
                    CoverArtArchive.release(id: release),
                    with: .json(
                        json([
                            "release": "https://musicbrainz.org/release/\(release)",
                            "images": [
                                [
                                    "front": true, "back": false, "image": "\(base)/caa/\(release).jpg",
                                    "thumbnails": ["250": "\(base)/caa/\(release)-250.jpg", "500": "\(base)/caa/\(release)-500.jpg"],
                                ]
                            ],
                        ])))
                stub.answer("GET", "/caa/\(release)-500.jpg", query: nil, with: .bytes(cover, contentType: "image/jpeg"))
            }
        }
        for (id, tracks) in albums {
            stub.answer(
                ITunesSearch.lookupRequest(ids: [String(id)], country: "us"),
                with: .json(json(["resultCount": tracks.count, "results": tracks.map { storeRow($0, base: base) }]), delay: delay))
            stub.answer("GET", "/image/thumb/\(id)/cover.jpg/600x600bb.jpg", query: nil, with: .bytes(cover, contentType: "image/jpeg"))
        }
        let nujabes = "9a709693-b4f8-4da9-8cc1-038c911a61be"
        stub.answer(
            MusicBrainz.artistSearch(name: "Nujabes"),
            with: .json(json(["artists": [["id": nujabes, "name": "Nujabes", "score": 100]]])))
        stub.answer(
            MusicBrainz.artistLookup(id: nujabes),
            with: .json(json(["id": nujabes, "name": "Nujabes", "genres": [["name": "jazz rap", "count": 4], ["name": "hip hop", "count": 9]]])))
        return stub
    }

    /// A journal holding the imported year.
    func importedJournal() throws -> CommandLineTests.Folder {
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: A year\nbase_url: https://example.org/\ntimezone: UTC\n",
            "export/scrobbles.csv": Self.history(),
        ])
        let imported = cli.journal(["import", "--source", folder.path, "lastfm", folder.path + "/export/scrobbles.csv"])
        #expect(imported.status == 0, "\(imported.errors)")
        return folder
    }

    /// Of the loaded journal: the share of plays with a genre, and of days whose first song has a
    /// cover that is a file of the journal.
    func coverage(_ folder: CommandLineTests.Folder) throws -> (genre: Double, cover: Double, chartGenres: Int, top: Int) {
        let loaded = JournalLoader(source: folder.path).load()
        let journal = try #require(loaded.journal, "\(loaded.diagnostics)")
        let plays = journal.days.flatMap(\.tracks)
        let withGenre = plays.filter { !$0.genres.isEmpty }.count
        let withCover = journal.days.filter { day in
            guard let artwork = day.tracks.first?.artwork, artwork.kind == .siteRoot else { return false }
            return FileManager.default.fileExists(atPath: folder.path + "/static" + artwork.text)
        }.count
        let catalog = GenreCatalog(journal: journal)
        return (
            Double(withGenre) / Double(plays.count), Double(withCover) / Double(journal.days.count),
            Stats(journal: journal, catalog: catalog).chartGenres.count, journal.config.topGenres
        )
    }

    func catalogueFiles(_ folder: CommandLineTests.Folder) -> [String: String] {
        var files: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/catalogue")) ?? [] {
            files[name] = FileManager.default.contents(atPath: folder.path + "/catalogue/" + name).map { String(decoding: $0, as: UTF8.self) }
        }
        return files
    }

    @Test func aYearOfImportedPlaysGetsGenresAndCoversAndASecondRunAsksNothing() async throws {
        let stub = try await Self.services()
        defer { Task { await stub.stop() } }
        let folder = try importedJournal()
        let before = try coverage(folder)
        #expect(before.genre == 0 && before.cover == 0)

        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        #expect(stub.unexpected.isEmpty, "\(stub.unexpected)")
        let after = try coverage(folder)
        #expect(after.genre >= 0.9, "\(after)")
        #expect(after.cover >= 0.9, "\(after)")
        #expect(after.chartGenres <= after.top + 1)
        print(
            "enrich coverage: plays with a genre \(before.genre) -> \(after.genre), days with a cover \(before.cover) -> \(after.cover); requests: \(stub.requests.count); \(run.out)"
        )
        #expect(run.out.contains("Not found (1), most played first"), "\(run.out)")
        #expect(run.out.contains("  Nujabes — A Song Nobody Has ("), "\(run.out)")

        // Work goes by album: one search finds an album, its track list serves its other songs.
        let searches = stub.requests.filter { $0.path == "/search" && $0.value(of: "entity") == "song" }.count
        let albumLists = stub.requests.filter { $0.path == "/lookup" }.count
        #expect(albumLists <= 25)
        #expect(searches < Self.songs.count / 2, "\(searches) searches for \(Self.songs.count) songs")
        // MusicBrainz is asked at most once a second.
        let times = stub.times(pathPrefix: "/ws/2/")
        #expect(times.count >= 2)
        for (earlier, later) in zip(times, times.dropFirst()) { #expect(later - earlier >= .milliseconds(950)) }

        // The genres are the journal's words, never the services' own compound names.
        let catalogue = catalogueFiles(folder)
        let nujabes = try #require(catalogue["nujabes.yaml"])
        #expect(nujabes.contains("genre: Hip-Hop") && !nujabes.contains("Hip-Hop/Rap"))
        #expect(catalogue["cise-starr.yaml"]?.contains("genre: Hip-Hop") == true)
        #expect(catalogue["lowtide-club.yaml"]?.contains("deezer: https://www.deezer.com/track/") == true)
        let tapes = try #require(catalogue["tape-loop-society.yaml"])
        #expect(tapes.contains("genre: Hip-Hop") && tapes.contains("artwork: /covers/tape-loop-society/cassette-summer.jpg"), "\(tapes)")
        #expect(stub.requests.contains { $0.path.hasPrefix("/release/") })

        // The site builds from the files alone.
        #expect(cli.journal(["build", "--strict", "--source", folder.path]).status == 0)

        // A second run makes no request and changes nothing.
        stub.clearRequests()
        let again = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(again.status == 0, "\(again.errors)")
        #expect(stub.requests.isEmpty, "\(stub.requests)")
        #expect(again.out.contains("Requests: none (every answer came from .journal-cache/)."), "\(again.out)")
        #expect(catalogueFiles(folder) == catalogue)
    }

    /// A cover a day names on another site: `check` counts it, `enrich` keeps a copy in
    /// static/covers/remote/ (the day file untouched), and builds then show it resized; one that
    /// is not an image stays where it is, with a warning. A second run asks nothing.
    @Test func coversOnOtherSitesAreBroughtHomeAndThenShownResized() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        stub.answer("GET", "/art/hype-boy.jpg", query: nil, with: .bytes(StubServer.fixture("cover_minimal.jpg"), contentType: "image/jpeg"))
        stub.answer("GET", "/art/page.jpg", query: nil, with: .bytes(Data("<html>not an image</html>".utf8), contentType: "image/jpeg"))
        let (cover, page) = (stub.baseURL + "/art/hype-boy.jpg", stub.baseURL + "/art/page.jpg")
        // Everything else is known, so nothing is looked up.
        func day(_ title: String, _ artwork: String) -> String {
            "---\ntracks:\n  - title: \(title)\n    artist: NewJeans\n    genre: K-Pop\n    duration: \"2:59\"\n    artwork: \(artwork)\n    preview: https://example.org/p.m4a\n    links: {apple_music: \"https://music.apple.com/us/album/x/1\"}\n---\n"
        }
        let dayFile = day("Hype Boy", cover)
        let folder = try CommandLineTests.Folder([
            "journal.yaml": "title: T\nbase_url: https://example.org/\ntimezone: UTC\n",
            "content/diary/2026/01/2026-01-02.md": dayFile,
            "content/diary/2026/01/2026-01-03.md": day("Ditto", page),
        ])
        let checked = cli.journal(["check", "--source", folder.path])
        #expect(checked.status == 0 && checked.out.joined(separator: "\n").contains("2 covers are on other sites"), "\(checked.out)")

        let dry = try await AddCommandTests.run(["enrich", "--dry-run", "--source", folder.path], environment: stub.environment())
        #expect(dry.status == 0 && dry.out.contains("Would bring 1 cover home"), "\(dry.out) \(dry.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/static"))

        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0 && run.out.contains("Brought 1 cover home"), "\(run.out) \(run.errors)")
        #expect(
            run.errors.contains("warning: a cover was not brought home: \(page) is not a PNG, JPEG or WebP image; pages show it from its site"), "\(run.errors)"
        )
        let copy = folder.path + "/static/" + RemoteCover.stem(of: cover) + ".jpg"
        #expect(FileManager.default.contents(atPath: copy) == StubServer.fixture("cover_minimal.jpg"))
        #expect(FileManager.default.contents(atPath: folder.path + "/content/diary/2026/01/2026-01-02.md") == Data(dayFile.utf8))
        #expect(cli.journal(["check", "--source", folder.path]).out.joined(separator: "\n").contains("1 cover is on other sites"))

        let built = cli.journal(["build", "--source", folder.path])
        #expect(built.status == 0, "\(built.errors)")
        let html = try #require(FileManager.default.contents(atPath: folder.path + "/public/2026/01/02/index.html").map { String(decoding: $0, as: UTF8.self) })
        #expect(!html.contains(cover) && html.contains("/covers/") && html.contains("srcset="), "the page shows the copy, resized")
        stub.clearRequests()
        let again = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(again.status == 0 && !again.out.contains("Brought"))
        #expect(!stub.requests.contains { $0.path == "/art/hype-boy.jpg" }, "\(stub.requests)")

        // A copy damaged later is an error at the line that names the address.
        let bytes = try #require(FileManager.default.contents(atPath: copy))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: copy))
        let damaged = cli.journal(["check", "--source", folder.path])
        #expect(
            damaged.status == 1
                && damaged.errors.contains { $0.contains("content/diary/2026/01/2026-01-02.md:7:14: error: artwork '\(cover)' (its copy '/covers/remote/") },
            "\(damaged.errors)")
    }

    @Test func aRunKilledAnywhereLeavesAValidCatalogueAndTheNextFinishesTheJob() async throws {
        // The whole run, undisturbed, for what the catalogue should become.
        let reference = try await {
            let stub = try await Self.services()
            defer { Task { await stub.stop() } }
            let folder = try importedJournal()
            let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
            #expect(run.status == 0)
            return catalogueFiles(folder)
        }()

        let stub = try await Self.services(delay: 0.01)
        defer { Task { await stub.stop() } }
        let folder = try importedJournal()
        let binary = try #require(AddCommandTests.binary())
        for kill in [15, 60] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["enrich", "--source", folder.path]
            process.environment = stub.environment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while stub.requests.count < kill, process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(process.isRunning, "the run ended before it could be killed")
            killHard(process.processIdentifier)
            process.waitUntilExit()
            // Whatever was written is whole: the journal loads without a problem.
            let loaded = JournalLoader(source: folder.path).load()
            #expect(loaded.journal != nil && loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        }
        let resumed = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(resumed.status == 0, "\(resumed.errors)")
        #expect(catalogueFiles(folder) == reference)
        let leftovers =
            (try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/catalogue")
            + FileManager.default.subpathsOfDirectory(atPath: folder.path + "/static")).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(try coverage(folder).cover >= 0.9)
    }
}

extension EnrichCommandTests {
    @Test func whatTheWriterWroteStaysAndOneRunAtATime() async throws {
        let stub = try await Self.services()
        defer { Task { await stub.stop() } }
        let folder = try importedJournal()
        let mine = """
            artist: Nujabes
            songs:
              - title: Modal Soul Song 1
                genre: Jazz
                preview: https://example.org/my-own-clip.mp3

            """
        try FileManager.default.createDirectory(atPath: folder.path + "/catalogue", withIntermediateDirectories: true)
        try Data(mine.utf8).write(to: URL(fileURLWithPath: folder.path + "/catalogue/nujabes.yaml"))
        // Another run holds the catalogue: this one says so and asks nothing.
        do {
            let held = try #require(try CatalogueLock.take(source: folder.path).get())
            let busy = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
            #expect(busy.status == 1)
            #expect(busy.errors.contains("another journal add or journal enrich is writing this journal's catalogue"), "\(busy.errors)")
            #expect(stub.requests.isEmpty)
            withExtendedLifetime(held) {}
        }

        // A catalogue file with a problem is never rewritten: nothing is asked until it is fixed.
        try Data((mine + "colour: red\n").utf8).write(to: URL(fileURLWithPath: folder.path + "/catalogue/nujabes.yaml"))
        let refused = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(refused.status == 1)
        #expect(refused.errors.contains("catalogue/nujabes.yaml:6:1: warning: unknown field 'colour' in a catalogue file"), "\(refused.errors)")
        #expect(refused.errors.contains("The catalogue has problems (above): fix them first; nothing was looked up or written."))
        #expect(stub.requests.isEmpty)

        try Data(mine.utf8).write(to: URL(fileURLWithPath: folder.path + "/catalogue/nujabes.yaml"))
        let run = try await AddCommandTests.run(["enrich", "--source", folder.path], environment: stub.environment())
        #expect(run.status == 0, "\(run.errors)")
        let loaded = try #require(JournalLoader(source: folder.path).load().journal)
        let song = try #require(loaded.days.flatMap(\.tracks).first { $0.title == "Modal Soul Song 1" })
        // The writer's genre and preview stay; what they left out is filled in.
        #expect(song.genres == ["Jazz"])
        #expect(song.preview?.text == "https://example.org/my-own-clip.mp3")
        #expect(song.artwork?.text == "/covers/nujabes/modal-soul.jpg")
        #expect(song.duration != nil)
    }
}

/// `kill -9`.
private func killHard(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
}
