import Testing

@testable import JournalCore

/// Each field of days, tracks, playlists and pages (docs/content-format.md) decodes into its typed value.
@Suite struct LoadFieldTests {
    @Test func everyFieldOfADayAndItsTracks() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/11/2026-11-21.md --
                ---
                title: First snow
                mood: no
                tags: [commute, 출근길, commute]
                tracks:
                  - title: Hype Boy
                    artist: NewJeans
                    album: New Jeans
                    genre: K-Pop
                    duration: "2:59"
                    released: 2022
                    artwork: /artwork/new-jeans.svg
                    preview: previews/hype.ogg
                    links:
                      spotify: https://open.spotify.com/track/1
                      apple_music: https://music.apple.com/kr/album/1
                    note: Played it *twice*.
                  - title: Symphony No. 9
                    artist: [Berliner Philharmoniker, Herbert von Karajan]
                    genre: [Classical, Orchestral]
                    duration: "1:06:25"
                    released: 1963-10-01
                  - title: 2046
                    artist: 2046
                    duration: 221
                ---
                The bus was *late*.
                -- static/artwork/new-jeans.svg --
                <svg xmlns="http://www.w3.org/2000/svg"/>
                """)
        let loaded = journal.load()
        #expect(loaded.diagnostics.isEmpty, "\(journal.lines(loaded.diagnostics))")
        let day = try #require(loaded.journal?.days.first)
        #expect(day.date == CalendarDate(iso: "2026-11-21"))
        #expect(day.title == "First snow")
        #expect(day.mood == "no")  // not the boolean false of untyped YAML loading
        #expect(day.tags == ["commute", "출근길"])
        #expect(day.draft == false)
        #expect(day.bodyHTML == "<p>The bus was <em>late</em>.</p>\n")
        #expect(day.summary == "The bus was late.")

        let first = day.tracks[0]
        #expect(first.title == "Hype Boy")
        #expect(first.artists == ["NewJeans"])
        #expect(first.album == "New Jeans")
        #expect(first.genres == ["K-Pop"])
        #expect(first.duration == 179)
        #expect(first.released == .year(2022))
        #expect(first.artwork == LinkTarget(text: "/artwork/new-jeans.svg", kind: .siteRoot))
        #expect(first.preview == LinkTarget(text: "previews/hype.ogg", kind: .relative))
        #expect(first.links.map(\.service) == [.appleMusic, .spotify])  // fixed order, not file order
        #expect(first.noteHTML == "<p>Played it <em>twice</em>.</p>\n")

        let second = day.tracks[1]
        #expect(second.artists == ["Berliner Philharmoniker", "Herbert von Karajan"])
        #expect(second.primaryArtist == "Berliner Philharmoniker")
        #expect(second.primaryGenre == "Classical")
        #expect(second.duration == 3985)
        #expect(second.released == .date(CalendarDate(year: 1963, month: 10, day: 1)!))

        let third = day.tracks[2]
        #expect(third.title == "2046")
        #expect(third.primaryGenre == nil)
        #expect(third.duration == 221)
    }

    @Test func dateComesFromTheFileNameOrTheField() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks: [{title: A, artist: X}]
                ---
                -- content/diary/autumn/leaves.md --
                ---
                date: 2026-10-30
                tracks: [{title: B, artist: Y}]
                ---
                """)
        let days = try #require(journal.load().journal?.days)
        #expect(days.map(\.date.iso) == ["2026-10-30", "2026-11-21"])
    }

    @Test func draftsAreLeftOutUnlessAskedFor() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                ---
                tracks: [{title: A, artist: X}]
                ---
                -- content/diary/2026-11-21.md --
                ---
                draft: true
                tracks: [{title: Secret, artist: X}]
                ---
                -- content/playlists/wip.md --
                ---
                title: Work in progress
                draft: true
                tracks: []
                ---
                """)
        #expect(journal.load().journal?.days.map(\.date.iso) == ["2026-11-20"])
        #expect(journal.load().journal?.playlists.isEmpty == true)
        #expect(journal.load(drafts: true).journal?.days.map(\.date.iso) == ["2026-11-20", "2026-11-21"])
        #expect(journal.load(drafts: true).journal?.playlists.map(\.title) == ["Work in progress"])

        #expect(journal.build().succeeded)
        #expect(journal.page("2026/11/21/index.html") == nil)
        #expect(journal.build(drafts: true).succeeded)
        #expect(journal.page("2026/11/21/index.html")?.contains("Secret") == true)
    }

    @Test func playlistAndPageFields() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/playlists/rainy-commute.md --
                ---
                title: Rainy Commute
                description: For the 7:40 bus.
                cover: /artwork/rain.svg
                created: 2026-09-03
                updated: 2026-11-18
                tags: [rain]
                tracks:
                  - {title: A, artist: X, duration: "3:00"}
                  - {title: B, artist: Y, duration: "4:30"}
                  - {title: C, artist: Z}
                ---
                Notes.
                -- content/pages/about.md --
                ---
                title: About
                ---
                Hello.
                -- static/artwork/rain.svg --
                <svg xmlns="http://www.w3.org/2000/svg"/>
                """)
        let loaded = journal.load()
        let playlist = try #require(loaded.journal?.playlists.first)
        #expect(playlist.slug == "rainy-commute")
        #expect(playlist.title == "Rainy Commute")
        #expect(playlist.description == "For the 7:40 bus.")
        #expect(playlist.cover?.text == "/artwork/rain.svg")
        #expect(playlist.created == CalendarDate(iso: "2026-09-03"))
        #expect(playlist.updated == CalendarDate(iso: "2026-11-18"))
        #expect(playlist.tags == ["rain"])
        #expect(playlist.tracks.map(\.title) == ["A", "B", "C"])
        #expect(playlist.totalDuration == 450)
        let page = try #require(loaded.journal?.pages.first)
        #expect(page.slug == "about")
        #expect(page.bodyHTML == "<p>Hello.</p>\n")
    }

    @Test func configDefaultsAndValues() throws {
        let defaults = try TestJournal(minimalConfig)
        let config = try #require(defaults.load().journal?.config)
        #expect(config.baseURL == "/")
        #expect(config.language == .en)
        #expect(config.weekStart == .monday)
        #expect(config.maxTracksPerDay == 3)
        #expect(config.topGenres == 8)
        #expect(config.unsafeHTML == false)
        #expect(config.maxFileSize == 262_144)
        #expect(config.output == "public")

        let custom = try TestJournal(
            """
            -- journal.yaml --
            title: 노래 일기
            description: d
            author: Jiwoo
            base_url: https://me.github.io/journal
            language: ko
            timezone: Asia/Seoul
            week_start: sunday
            max_tracks_per_day: 5
            genres:
              top: 4
              aliases: {kpop: K-Pop}
              colors: {Jazz: "#123456"}
            markdown:
              unsafe_html: true
            limits:
              max_file_size: 1000
            output: site
            """)
        let loaded = custom.load()
        #expect(loaded.diagnostics.isEmpty, "\(custom.lines(loaded.diagnostics))")
        let c = try #require(loaded.journal?.config)
        #expect(c.title == "노래 일기")
        #expect(c.baseURL == "https://me.github.io/journal/")
        #expect(c.basePath == "/journal/")
        #expect(c.language == .ko)
        #expect(c.timezone == "Asia/Seoul")
        #expect(c.weekStart == .sunday)
        #expect(c.maxTracksPerDay == 5)
        #expect(c.topGenres == 4)
        #expect(c.genreAliases == ["kpop": "K-Pop"])
        #expect(c.genreColors == ["jazz": "#123456"])
        #expect(c.unsafeHTML)
        #expect(c.maxFileSize == 1000)
        #expect(c.output == "site")
    }
}
