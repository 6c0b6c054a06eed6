import Foundation
import Testing

@testable import JournalCore

/// Links out must be whole web addresses, and artwork and covers given as site paths must be
/// images in `static/`: mistakes that used to publish a 404 or a broken image fail the build and
/// `check` at their place.
@Suite struct LinkAndArtworkTests {
    /// The first bytes of small files of each format the check takes.
    /// Whole 8-pixel images: pages show PNG, JPEG and WebP covers resized, so libvips reads them.
    static let png: [UInt8] =
        (try? SVGRaster.png(
            svg: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><rect width=\"8\" height=\"8\" fill=\"#f06\"/></svg>".utf8),
            width: 8, height: 8)) ?? []
    static let jpeg: [UInt8] = (try? Vips.squares(png, sides: [8]).first?.jpeg) ?? nil ?? []
    static let webp: [UInt8] = (try? Vips.squares(png, sides: [8]).first?.webp) ?? nil ?? []
    /// GIF and AVIF are published as they are: only their first bytes are looked at.
    static let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
    static let avif: [UInt8] = [0, 0, 0, 28] + Array("ftypavif".utf8) + [0, 0, 0, 0]
    static let svg = Array(
        """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Generator: an editor, with <tags> in its comment -->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>
        """.utf8)

    /// Builds `files`; the build must fail, write nothing, and `check` must say the same.
    func failingBuild(_ files: String, extra: (TestJournal) throws -> Void = { _ in }) throws -> [String] {
        let journal = try TestJournal(minimalConfig + "\n" + files)
        try extra(journal)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: journal.output), "a failed build wrote the output")
        let lines = journal.lines(report.diagnostics.apartFromBaseURLAdvice)
        #expect(journal.lines(Check.run(source: journal.path, strict: false).apartFromBaseURLAdvice) == lines)
        return lines
    }

    // MARK: Links

    @Test func aLinkWithoutSchemeOrHostIsAnErrorAtItsPlace() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - title: Hype Boy
                artist: NewJeans
                links:
                  spotify: open.spotify.com/track/1
                  youtube: //www.youtube.com/watch?v=1
                  apple_music: /album/1
                  bandcamp: "https:newjeans.bandcamp.com"
                  soundcloud: https://soundcloud.com/newjeans
                  melon: mailto:me@example.com
                  other: /about/
              - title: Ditto
                artist: NewJeans
                links:
                  other: www.example.org/ditto
            ---
            """)
        #expect(
            lines == [
                "content/diary/2026-11-21.md:6:16: error: links.spotify 'open.spotify.com/track/1' has no scheme: write https://open.spotify.com/track/1",
                "content/diary/2026-11-21.md:7:16: error: links.youtube '//www.youtube.com/watch?v=1' has no scheme: write https://www.youtube.com/watch?v=1",
                "content/diary/2026-11-21.md:8:20: error: links.apple_music '/album/1' is not a web address: write the whole address, starting with https://",
                "content/diary/2026-11-21.md:9:17: error: links.bandcamp 'https:newjeans.bandcamp.com' has no host name: write https://newjeans.bandcamp.com",
                "content/diary/2026-11-21.md:11:14: error: 'links.melon' uses the URL scheme 'mailto:', which is not allowed (only http:, https: and relative paths)",
                // `other` may be a page of the site (line 12 is fine), but not an address without its scheme.
                "content/diary/2026-11-21.md:16:14: error: links.other 'www.example.org/ditto' has no scheme: write https://www.example.org/ditto",
            ])
    }

    @Test func theServicesOfKoreaTidalAndDeezerAreLinkedByName() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/11/2026-11-21.md --
                ---
                tracks:
                  - title: 밤편지
                    artist: 아이유
                    links:
                      other: https://example.org/iu
                      vibe: https://vibe.naver.com/track/1
                      flo: https://www.music-flo.com/detail/track/1
                      bugs: https://music.bugs.co.kr/track/1
                      genie: https://www.genie.co.kr/detail/songInfo?xgnm=1
                      melon: https://www.melon.com/song/detail.htm?songId=1
                      deezer: https://www.deezer.com/track/1
                      tidal: https://tidal.com/browse/track/1
                      spotify: https://open.spotify.com/track/1
                ---
                """)
        let loaded = journal.load()
        #expect(loaded.diagnostics.isEmpty, "\(journal.lines(loaded.diagnostics))")
        let track = try #require(loaded.journal?.days.first?.tracks.first)
        #expect(track.links.map(\.service) == [.spotify, .tidal, .deezer, .melon, .genie, .bugs, .flo, .vibe, .other])

        #expect(journal.build().succeeded)
        let html = try #require(journal.page("2026/11/21/index.html"))
        let services = attributeValues("class", in: html).filter { $0.hasPrefix("service service-") }
        #expect(services == ["spotify", "tidal", "deezer", "melon", "genie", "bugs", "flo", "vibe", "other"].map { "service service-\($0)" })
        let names = html.components(separatedBy: "rel=\"noopener\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(names == ["Spotify", "TIDAL", "Deezer", "Melon", "Genie", "Bugs", "FLO", "VIBE", "Link"])
        #expect(attributeValues("href", in: html).contains("https://www.genie.co.kr/detail/songInfo?xgnm=1"))
    }

    // MARK: Artwork and covers

    /// The quick way to a cover's file gives what resolving the path in full gives, and leaves
    /// to it whatever it cannot take as it is.
    @Test func theQuickSitePathIsTheResolvedOne() {
        let paths = [
            "/artwork/a.jpg", "artwork/a.jpg", "/a.jpg", "/covers/newjeans/new-jeans-ep.jpg", "/.hidden/a.jpg",
            "/a/.../b.jpg", "/a..b/c.jpg", "/a/./b.jpg", "/a/../b.jpg", "./a.jpg", "../a.jpg", "/a//b.jpg",
            "/a/b/", "/a/b/.", "/a/b/..", "/my%20cover.png", "/a.jpg?v=2", "/a.jpg#x", "/", "", "//", "/아이유/밤.jpg",
            "/a/%2e%2e/b.jpg",
        ]
        for path in paths {
            let quick = StaticImages.plainPath(path)
            #expect(quick == nil || quick == StaticImages.resolvedPath(path), "\(path): \(quick ?? "nil") against \(StaticImages.resolvedPath(path))")
        }
        // The common case is the quick one.
        #expect(StaticImages.plainPath("/covers/newjeans/new-jeans-ep.jpg") == "covers/newjeans/new-jeans-ep.jpg")
        #expect(["/a/./b.jpg", "/a/../b.jpg", "/a//b.jpg", "/my%20cover.png", "/a.jpg?v=2", "/", ""].allSatisfy { StaticImages.plainPath($0) == nil })
    }

    @Test func artworkThatIsNotInStaticIsAnError() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - {title: A, artist: X, artwork: /covers/x.jpg}
              - title: B
                artist: Y
                artwork: covers/Hype.PNG
              - {title: C, artist: Z, artwork: "/.covers/c.png"}
            ---
            -- content/diary/2026-11-22.md --
            ---
            draft: true
            tracks:
              - {title: A, artist: X, artwork: "/covers/x.jpg?v=2"}
            ---
            -- content/playlists/mix.md --
            ---
            title: Mix
            cover: /covers/mix.png
            tracks:
              - {title: A, artist: X, artwork: "https://example.com/not-checked.jpg"}
            ---
            """
        ) { journal in
            try journal.write("static/covers/hype.png", bytes: Self.png)
            try journal.write("static/.covers/c.png", bytes: Self.png)
        }
        #expect(
            lines == [
                "content/diary/2026-11-21.md:3:36: error: artwork '/covers/x.jpg' is not in static/: there is no static/covers/x.jpg; put the image there, or give its https:// address",
                "content/diary/2026-11-21.md:6:14: error: artwork 'covers/Hype.PNG' is not in static/: there is no static/covers/Hype.PNG, but there is static/covers/hype.png (letter case matters)",
                "content/diary/2026-11-21.md:7:36: error: artwork '/.covers/c.png' names a hidden file (static/.covers/c.png): files and folders whose names start with '.' are never published",
                "content/diary/2026-11-22.md:4:36: error: artwork '/covers/x.jpg?v=2' is not in static/: there is no static/covers/x.jpg; put the image there, or give its https:// address",
                "content/playlists/mix.md:3:8: error: cover '/covers/mix.png' is not in static/: there is no static/covers/mix.png; put the image there, or give its https:// address",
            ])
    }

    @Test func artworkThatIsNotAnImageIsAnError() throws {
        let lines = try failingBuild(
            """
            -- content/diary/2026-11-21.md --
            ---
            tracks:
              - title: A
                artist: X
                artwork: /covers/a.jpg
              - {title: B, artist: Y, artwork: /covers/page.svg}
              - {title: C, artist: Z, artwork: /covers/empty.png}
            ---
            -- content/playlists/mix.md --
            ---
            title: Mix
            cover: covers/a.jpg
            tracks:
              - {title: A, artist: X, artwork: /covers/a.jpg}
            ---
            -- static/covers/a.jpg --
            Not a picture: a note saved under the wrong name.
            -- static/covers/page.svg --
            <!DOCTYPE html>
            <html><body><svg></svg></body></html>
            """
        ) { journal in
            try journal.write("static/covers/empty.png", bytes: [])
        }
        #expect(
            lines == [
                "content/diary/2026-11-21.md:5:14: error: artwork '/covers/a.jpg' is not an image: static/covers/a.jpg does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file",
                "content/diary/2026-11-21.md:6:36: error: artwork '/covers/page.svg' is not an image: static/covers/page.svg does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file",
                "content/diary/2026-11-21.md:7:36: error: artwork '/covers/empty.png' is not an image: static/covers/empty.png is empty (0 bytes); save the image there again",
                "content/playlists/mix.md:3:8: error: cover 'covers/a.jpg' is not an image: static/covers/a.jpg does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file",
                "content/playlists/mix.md:5:36: error: artwork '/covers/a.jpg' is not an image: static/covers/a.jpg does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file",
            ])
    }

    @Test func imagesInStaticAreFineHoweverTheirPathIsWritten() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/11/2026-11-21.md --
                ---
                tracks:
                  - {title: Hype Boy, artist: NewJeans, artwork: /covers/a.png}
                  - {title: Ditto, artist: NewJeans, artwork: "covers/my%20cover.png?v=2#x"}
                  - {title: OMG, artist: NewJeans, artwork: ./covers/../covers/b.jpg}
                ---
                -- content/playlists/mix.md --
                ---
                title: Mix
                cover: /covers/e.svg
                tracks:
                  - {title: A, artist: X, artwork: /covers/c.gif}
                  - {title: B, artist: X, artwork: /covers/d.webp}
                  - {title: C, artist: X, artwork: /covers/f.avif}
                  - {title: D, artist: X, artwork: "/covers/my cover.png"}
                  - {title: E, artist: X, artwork: /assets/favicon.svg}
                  - {title: F, artist: X, artwork: "https://example.com/remote.jpg"}
                ---
                """)
        for (name, bytes) in [
            ("a.png", Self.png), ("my cover.png", Self.png), ("b.jpg", Self.jpeg), ("c.gif", Self.gif),
            ("d.webp", Self.webp), ("e.svg", Self.svg), ("f.avif", Self.avif),
        ] {
            try journal.write("static/covers/\(name)", bytes: bytes)
        }
        let report = journal.build()
        #expect(report.succeeded)
        #expect(journal.lines(report.diagnostics.apartFromBaseURLAdvice).isEmpty)
        let html = try #require(journal.page("2026/11/21/index.html"))
        // Shown by its resized square (docs/content-format.md, "Covers"), never the original.
        #expect(!attributeValues("src", in: html).contains("/covers/a.png"))
        #expect(attributeValues("src", in: html).contains { $0.hasPrefix("/covers/") && $0.hasSuffix("-8.jpg") })
        #expect(html.contains("og:image\" content=\"/covers/") && html.contains("-8.jpg\""))
    }

    /// `journal serve` keeps decoded files: an image added to static/ clears the error without
    /// decoding the day again.
    @Test func theCheckRunsOnEveryLoadWithTheCache() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-21.md --
                ---
                tracks: [{title: A, artist: X, artwork: /covers/a.png}]
                ---
                """)
        let cache = LoadCache()
        let first = JournalLoader(source: journal.path).load(LoadOptions(cache: cache))
        #expect(
            journal.lines(first.diagnostics) == [
                "content/diary/2026-11-21.md:2:41: error: artwork '/covers/a.png' is not in static/: there is no static/covers/a.png; put the image there, or give its https:// address"
            ])
        try journal.write("static/covers/a.png", bytes: Self.png)
        let second = JournalLoader(source: journal.path).load(LoadOptions(cache: cache))
        #expect(second.diagnostics.isEmpty)
        #expect(second.journal?.days.count == 1)
        #expect(cache.decodedLastTime == 0)
    }

    @Test func eachFileIsLookedAtOnceHoweverManyPathsNameIt() throws {
        let journal = try TestJournal(minimalConfig)
        try journal.write("static/covers/a.png", bytes: Self.png)
        var images = StaticImages(journal: journal.path, staticFiles: ["covers/a.png"])
        #expect(images.problem(LinkTarget(text: "/covers/a.png", kind: .siteRoot)) == nil)
        try journal.write("static/covers/a.png", "now text")
        #expect(images.problem(LinkTarget(text: "covers/a.png", kind: .relative)) == nil)
        #expect(images.problem(LinkTarget(text: "/covers/./a.png?size=2", kind: .siteRoot)) == nil)
        var fresh = StaticImages(journal: journal.path, staticFiles: ["covers/a.png"])
        #expect(fresh.problem(LinkTarget(text: "/covers/a.png", kind: .siteRoot)) == .notAnImage(file: "static/covers/a.png"))
    }

    @Test func formatsAreToldByTheirFirstBytes() {
        #expect(StaticImages.format(ofHead: Self.png) == .png)
        #expect(StaticImages.format(ofHead: Self.jpeg) == .jpeg)
        #expect(StaticImages.format(ofHead: Self.gif) == .gif)
        #expect(StaticImages.format(ofHead: Self.webp) == .webp)
        #expect(StaticImages.format(ofHead: Self.avif) == .avif)
        #expect(StaticImages.format(ofHead: Self.svg) == .svg)
        #expect(StaticImages.format(ofHead: Array("<svg/>".utf8)) == .svg)
        #expect(StaticImages.format(ofHead: Array("<svgx/>".utf8)) == nil)
        #expect(StaticImages.format(ofHead: Array("<html><svg/></html>".utf8)) == nil)
        #expect(StaticImages.format(ofHead: Array("GIF8".utf8)) == nil)
        #expect(StaticImages.format(ofHead: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(StaticImages.format(ofHead: []) == nil)
        // An SVG whose first kilobyte is all comment counts when it is named .svg.
        let longComment = Array(("<!--" + String(repeating: "licence text ", count: 100) + "-->\n<svg/>").utf8)
        #expect(StaticImages.format(ofHead: Array(longComment.prefix(StaticImages.headSize)), name: "a.svg") == .svg)
        #expect(StaticImages.format(ofHead: Array(longComment.prefix(StaticImages.headSize)), name: "a.png") == nil)
    }
}
