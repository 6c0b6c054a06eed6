import Foundation
import Testing

@testable import JournalCore

/// Covers as pages show them (docs/content-format.md, "Covers"): a JPEG, PNG or WebP cover of
/// `static/` is cut square and resized once, by libvips, into the sides pages ask for, as WebP
/// (and as JPEG from 384 px up); pages name those files (never the original) with a WebP
/// `srcset`, a JPEG `src`, `width` and `height`;
/// the squares are kept in `.journal-cache/covers/`, so a second build resizes nothing.
@Suite(.serialized) struct CoverImageTests {
    /// A 3000 px JPEG on a day and a playlist, a 3000x2000 PNG on another day, and an SVG.
    static func journal() throws -> TestJournal {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/01/2026-01-02.md --
                ---
                tracks:
                  - {title: Hype Boy, artist: NewJeans, genre: K-Pop, artwork: /artwork/big.jpg}
                  - {title: Ditto, artist: NewJeans, genre: K-Pop, artwork: /artwork/wide.png}
                ---
                -- content/diary/2026/01/2026-01-03.md --
                ---
                tracks: [{title: Old Song, artist: Someone, genre: Jazz, artwork: /artwork/old.svg}]
                ---
                -- content/playlists/mix.md --
                ---
                title: Mix
                cover: /artwork/big.jpg
                tracks: [{title: Hype Boy, artist: NewJeans}]
                ---
                -- static/artwork/old.svg --
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>
                """)
        try journal.write("static/artwork/big.jpg", bytes: try #require(Self.bigJPEG))
        try journal.write("static/artwork/wide.png", bytes: try #require(Self.widePNG))
        return journal
    }

    /// Made once for every test: drawing and encoding 3000 px images takes seconds.
    static let bigJPEG = try? jpeg(side: 3000)
    static let widePNG = try? png(width: 3000, height: 2000)

    /// A picture with a gradient and shapes, drawn by librsvg.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)"><defs><linearGradient id="g"><stop offset="0" stop-color="#ff0066"/><stop offset="1" stop-color="#2233aa"/></linearGradient></defs><rect width="\(width)" height="\(height)" fill="url(#g)"/><circle cx="\(width / 2)" cy="\(height / 2)" r="\(height / 3)" fill="#ffee00"/></svg>
            """
        return try SVGRaster.png(svg: Array(svg.utf8), width: width, height: height)
    }

    /// A square JPEG, made by libvips from a PNG of that size.
    static func jpeg(side: Int) throws -> [UInt8] {
        let squares = try Vips.squares(try png(width: side, height: side), sides: [side])
        return try #require(squares.first?.jpeg)
    }

    static func build(_ journal: TestJournal) -> BuildReport {
        let report = Build.run(journal.options(output: journal.path + "/public"))
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        return report
    }

    /// Every `<img>` and `<source>` tag of a page, without its `>`.
    static func imageTags(_ html: String) -> [String] {
        html.components(separatedBy: "<").dropFirst().compactMap { piece in
            guard piece.hasPrefix("img ") || piece.hasPrefix("source "), let end = piece.firstIndex(of: ">") else { return nil }
            return "<" + piece[..<end]
        }
    }

    /// `url 96w, url 192w` as (path under the output, width).
    static func candidates(_ srcset: String) -> [(path: String, width: Int)] {
        srcset.split(separator: ",").compactMap { candidate in
            let parts = candidate.split(separator: " ")
            guard parts.count == 2, parts[1].hasSuffix("w"), let width = Int(parts[1].dropLast()) else { return nil }
            return (String(parts[0].drop(while: { $0 == "/" })), width)
        }
    }

    @Test func everyCoverIsShownByResizedSquaresOfTheRightSizeNeverTheOriginal() throws {
        let journal = try Self.journal()
        let report = Self.build(journal)
        #expect(report.coversResized == 2)
        let output = journal.path + "/public"
        let pages = ["2026/01/02/index.html", "2026/01/index.html", "index.html", "playlists/mix/index.html", "playlists/index.html"]
        var checked = 0
        for page in pages {
            let html = try #require(journal.page(page, in: journal.path + "/public"), "\(page)")
            #expect(!html.contains("artwork/big.jpg") && !html.contains("artwork/wide.png"), "\(page) names an original")
            for tag in Self.imageTags(html) where tag.contains("/covers/") {
                if tag.hasPrefix("<source") {
                    #expect(attributeValues("type", in: tag + ">").first == "image/webp", "\(page): \(tag)")
                    let srcset = try #require(attributeValues("srcset", in: tag + ">").first, "\(page): \(tag)")
                    let candidates = Self.candidates(srcset)
                    #expect(candidates.map(\.width) == [96, 192, 384, 600], "\(page): \(srcset)")
                    #expect(!(attributeValues("sizes", in: tag + ">").first ?? "").isEmpty)
                    for candidate in candidates {
                        let bytes = try #require(FileManager.default.contents(atPath: output + "/" + candidate.path), "\(candidate.path)")
                        let size = try #require(Vips.size(Array(bytes)))
                        #expect(size == (candidate.width, candidate.width), "\(candidate.path) is \(size)")
                        #expect(candidate.path.hasSuffix(".webp") && bytes.starts(with: Array("RIFF".utf8)), "\(candidate.path)")
                        checked += 1
                    }
                } else {
                    // For a browser without WebP: one JPEG, sharp for a track's cover at 2x.
                    #expect(attributeValues("width", in: tag + ">").first != nil && attributeValues("height", in: tag + ">").first != nil, "\(page): \(tag)")
                    let src = try #require(attributeValues("src", in: tag + ">").first)
                    #expect(src.hasSuffix("-384.jpg"), "\(page): \(src)")
                    let bytes = try #require(FileManager.default.contents(atPath: output + src), "\(src)")
                    #expect(Vips.size(Array(bytes)).map { $0 == (384, 384) } == true && bytes.starts(with: [0xFF, 0xD8]), "\(src)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 40, "only \(checked) resized squares were looked at")
        // JPEGs only where something asks for one: the fallback, link previews and cards.
        let published = try FileManager.default.contentsOfDirectory(atPath: output + "/covers").sorted()
        #expect(
            published.filter { $0.hasSuffix(".jpg") }.map { $0.split(separator: "-").last ?? "" }.sorted() == ["384.jpg", "384.jpg", "600.jpg", "600.jpg"],
            "\(published)")
        #expect(published.filter { $0.hasSuffix(".webp") }.count == 8, "\(published)")
        // The SVG is shown as it is: it scales by itself.
        #expect(journal.page("2026/01/03/index.html", in: journal.path + "/public")?.contains("src=\"/artwork/old.svg\"") == true)
        // A day's link preview is the largest JPEG square, with its size.
        let day = try #require(journal.page("2026/01/02/index.html", in: journal.path + "/public"))
        #expect(CardBuildTests.meta("og:image", in: day)?.hasSuffix("-600.jpg") == true)
        #expect(CardBuildTests.meta("og:image:width", in: day) == "600")
    }

    @Test func aSecondBuildResizesNothingAndAChangedCoverIsResizedAgain() throws {
        let journal = try Self.journal()
        _ = Self.build(journal)
        try journal.write("content/diary/2026/01/2026-01-04.md", "---\ntracks: [{title: New, artist: Someone, artwork: /artwork/big.jpg}]\n---\n")
        var report = Self.build(journal)
        #expect(report.coversResized == 0)
        #expect(report.coversReused == 2)
        try journal.write("static/artwork/wide.png", bytes: try Self.png(width: 500, height: 500))
        report = Self.build(journal)
        #expect(report.coversResized == 1)
        // A 500 px cover is made at its own size for the largest square.
        let html = try #require(journal.page("2026/01/02/index.html", in: journal.path + "/public"))
        let sets = attributeValues("srcset", in: html).filter { $0.contains("500w") }
        #expect(!sets.isEmpty && sets.allSatisfy { Self.candidates($0).map(\.width) == [96, 192, 384, 500] }, "\(sets)")
    }

    @Test func aPipeInPlaceOfTheCoverIndexIsPassedOverNotWaitedOn() throws {
        let journal = try Self.journal()
        _ = Self.build(journal)
        let index = journal.path + "/.journal-cache/covers/" + CoverIndex.fileName
        #expect(unlink(index) == 0 && mkfifo(index, 0o644) == 0)
        // Into another folder: the site in public/ is up to date, and its build would read nothing.
        let report = try #require(
            finishes(within: 60) { Build.run(journal.options(output: journal.path + "/other")) },
            "the build never ended: it opened the pipe and waits for a writer")
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        // The covers are read again for their digests; their squares are still the cache's.
        #expect(report.coversResized == 0 && report.coversReused == 2)
        var status = stat()
        #expect(lstat(index, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "the index is written again")
    }

    @Test func aDamagedOrSwappedCacheEntryIsMadeAgainNeverPublished() throws {
        let journal = try Self.journal()
        _ = Self.build(journal)
        let squares = journal.tree(journal.path + "/public/covers")
        let folder = journal.path + "/.journal-cache/covers"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let packs = names.filter { $0.hasSuffix(".pack") }.sorted()
        #expect(packs.count == 2)
        // One cover's 384 px JPEG cut short, the other's 96 px WebP swapped for the first's.
        let keys = packs.map { String($0.dropLast(5)) }
        let cut = folder + "/\(keys[0])-384.jpg"
        let swapped = folder + "/\(keys[1])-96.webp"
        let whole = try #require(FileManager.default.contents(atPath: cut))
        // Rewritten in place (as an editor or an optimiser run on the site would, through its links).
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        try #require(FileManager.default.contents(atPath: folder + "/\(keys[0])-96.webp")).write(to: URL(fileURLWithPath: swapped))
        try journal.write("content/diary/2026/01/2026-01-04.md", "---\ntracks: [{title: New, artist: Someone}]\n---\n")
        let report = Self.build(journal)
        #expect(report.coversResized == 2)
        // The same squares as before: each made again from its own cover.
        #expect(journal.tree(journal.path + "/public/covers") == squares)
        for name in try FileManager.default.contentsOfDirectory(atPath: journal.path + "/public/covers") {
            let bytes = try #require(FileManager.default.contents(atPath: journal.path + "/public/covers/" + name))
            let side = try #require(Int(name.split(separator: "-").last?.split(separator: ".").first ?? ""))
            let size = try #require(Vips.size(Array(bytes)), "\(name) is not an image")
            #expect(size == (side, side), "\(name)")
        }
    }

    @Test func squaresAndCardsAreLinkedFromTheCacheAndASquareChangedThroughTheSiteIsMadeAgain() throws {
        let journal = try Self.journal()
        _ = Self.build(journal)
        // Into a new folder: the squares and cards are the cache's files, not copies of them.
        let fresh = journal.path + "/elsewhere"
        let report = Build.run(journal.options(output: fresh))
        #expect(report.succeeded && report.coversResized == 0)
        func inode(_ path: String) -> (UInt, UInt64)? {
            var status = stat()
            return lstat(path, &status) == 0 ? (UInt(status.st_dev), UInt64(status.st_ino)) : nil
        }
        var cached: [String: (UInt, UInt64)] = [:]
        for folder in ["covers", "cards"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: journal.path + "/.journal-cache/" + folder) {
                cached[folder + "/" + name] = inode(journal.path + "/.journal-cache/" + folder + "/" + name)
            }
        }
        let squares = try FileManager.default.contentsOfDirectory(atPath: fresh + "/covers")
        #expect(squares.count >= 8)
        for name in squares {
            let site = try #require(inode(fresh + "/covers/" + name))
            #expect(cached.values.contains { $0 == site }, "covers/\(name) is a copy")
        }
        let card = try #require(inode(fresh + "/2026/01/card.jpg"))
        #expect(cached.values.contains { $0 == card }, "the month's card is a copy")

        // A square rewritten in place through the site (an optimiser run on it) is made again.
        let name = try #require(squares.first { $0.hasSuffix("-384.jpg") })
        let before = try #require(FileManager.default.contents(atPath: fresh + "/covers/" + name))
        try Data(before.prefix(before.count / 2)).write(to: URL(fileURLWithPath: fresh + "/covers/" + name))
        try journal.write("content/diary/2026/01/2026-01-04.md", "---\ntracks: [{title: New, artist: Someone}]\n---\n")
        let again = Build.run(journal.options(output: journal.path + "/public"))
        #expect(again.succeeded && again.coversResized == 1)
        #expect(FileManager.default.contents(atPath: journal.path + "/public/covers/" + name) == before)
    }

    /// Only an image's `href` names a square: a title that spells the name is text, left as it is.
    @Test func aCardPutsInTheSquaresItsImagesNameAndNothingElse() {
        let squares = CoverSquares(["covers/a-96.jpg": [0xFF, 0xD8, 0xFF, 0xD9]])
        let card = ShareCard(
            label: "Week", kicker: "journal-square:covers/a-96.jpg", siteTitle: "T", siteAddress: "",
            figures: [], genresHeading: "", genres: [],
            covers: [
                ShareCard.Cover(
                    title: "T", artist: "A", color: "#000000",
                    squares: [ShareCard.Square(side: 96, path: "covers/a-96.jpg")])
            ],
            language: "en")
        let drawn = String(decoding: squares.resolve(Array(card.svg(.landscape).utf8)) ?? [], as: UTF8.self)
        #expect(drawn.components(separatedBy: "href=\"data:image/jpeg;base64,/9j/2Q==\"").count == 2, "\(drawn)")
        #expect(drawn.contains(">journal-square:covers/a-96.jpg<"), "the kicker is text, as written")
        #expect(!drawn.contains("href=\"journal-square:"))
    }

    @Test func aCacheFolderThatIsALinkIsNeitherReadNorWritten() throws {
        let journal = try Self.journal()
        let elsewhere = try TestJournal("")
        try FileManager.default.createDirectory(atPath: journal.path + "/.journal-cache", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/.journal-cache/covers", withDestinationPath: elsewhere.path)
        try elsewhere.write("keep.pack", "not ours")
        let report = Self.build(journal)
        #expect(report.coversResized == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["keep.pack"])
    }

    @Test func aCoverThatIsNotAnImageOrTooLargeIsAnErrorAtItsLineInCheckToo() throws {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/01/2026-01-02.md --
                ---
                tracks:
                  - {title: Hype Boy, artist: NewJeans, artwork: /artwork/broken.jpg}
                  - {title: Ditto, artist: NewJeans, artwork: /artwork/huge.png}
                  - {title: OMG, artist: NewJeans, artwork: /artwork/empty.jpg}
                ---
                """)
        try journal.write("static/artwork/empty.jpg", bytes: [])
        // Starts like a JPEG, and is nothing more.
        try journal.write("static/artwork/broken.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200))
        // A PNG whose header says 10000 x 10000 pixels (100 megapixels).
        var huge = try Self.png(width: 8, height: 8)
        huge.replaceSubrange(16..<24, with: [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10])
        huge.replaceSubrange(29..<33, with: CRC32.bigEndian(CRC32.of(Array(huge[12..<29]))))
        try journal.write("static/artwork/huge.png", bytes: huge)
        for diagnostics in [
            Check.run(source: journal.path, strict: false),
            Build.run(journal.options(output: journal.path + "/public")).diagnostics,
        ] {
            let lines = journal.lines(diagnostics)
            #expect(
                lines.contains {
                    $0.hasPrefix("content/diary/2026/01/2026-01-02.md:3:") && $0.contains("static/artwork/broken.jpg cannot be read as an image")
                }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("content/diary/2026/01/2026-01-02.md:4:") && $0.contains("10000x10000 pixels (100 megapixels)") }, "\(lines)")
            #expect(
                lines.contains {
                    $0.hasPrefix("content/diary/2026/01/2026-01-02.md:5:")
                        && $0.hasSuffix(
                            "error: artwork '/artwork/empty.jpg' is not an image: static/artwork/empty.jpg is empty (0 bytes); save the image there again")
                }, "\(lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/public"))
    }

    /// A damaged copy of a cover on another site is said in the documented words, its parenthesis
    /// closed (docs/content-format.md, "Covers from other sites"; issue 35: it was never closed).
    @Test func aDamagedCopyOfARemoteCoverIsSaidWithItsAddressAndItsCopy() throws {
        let address = "https://coverartarchive.org/release/1/front-500"
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2026/01/2026-01-02.md --
                ---
                tracks:
                  - {title: Hype Boy, artist: NewJeans, artwork: "\(address)"}
                  - {title: Ditto, artist: NewJeans, artwork: "\(address)2"}
                ---
                """)
        let copy = RemoteCover.stem(of: address) + ".jpg"
        let empty = RemoteCover.stem(of: address + "2") + ".jpg"
        try journal.write("static/" + copy, bytes: [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200))
        try journal.write("static/" + empty, bytes: [])
        let lines = journal.lines(Check.run(source: journal.path, strict: false))
        #expect(
            lines.contains(
                "content/diary/2026/01/2026-01-02.md:3:50: error: artwork '\(address)' (its copy '/\(copy)'): static/\(copy) cannot be read as an image (it may be damaged or not what its first bytes say)"
            ), "\(lines)")
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "error: artwork '\(address)2' (its copy '/\(empty)') is not an image: static/\(empty) is empty (0 bytes); save the image there again")
            }, "\(lines)")
    }

    /// A cover cut short (its header whole, half its picture gone) is an error at every line that
    /// names it, in `check` too, and the previous site stays.
    @Test func aCoverCutShortIsAnErrorAtItsLinesInCheckTooAndKeepsThePreviousSite() throws {
        let journal = try Self.journal()
        _ = Self.build(journal)
        let before = journal.tree(journal.path + "/public")
        let whole = try Self.jpeg(side: 1200)
        try journal.write("static/artwork/big.jpg", bytes: Array(whole.prefix(whole.count / 2)))
        let report = Build.run(journal.options(output: journal.path + "/public"))
        #expect(!report.succeeded)
        for lines in [journal.lines(report.diagnostics), journal.lines(Check.run(source: journal.path, strict: false))] {
            for place in ["content/diary/2026/01/2026-01-02.md:3:", "content/playlists/mix.md:3:"] {
                #expect(lines.contains { $0.hasPrefix(place) && $0.contains("static/artwork/big.jpg is cut short or damaged") }, "\(place) \(lines)")
            }
        }
        #expect(journal.tree(journal.path + "/public") == before)
    }

    /// Records the SVG of every card it draws.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var drawn: [String] = []
        var svgs: [String] { lock.withLock { drawn } }

        var rasterizer: Rasterizer {
            let librsvg = Rasterizer.librsvg
            return Rasterizer(version: librsvg.version, prepare: librsvg.prepare) { svg, width, height throws(RasterFailure) in
                self.lock.withLock { self.drawn.append(String(decoding: svg, as: UTF8.self)) }
                return try librsvg.draw(svg, width, height)
            }
        }
    }

    @Test func cardsShowTheCoversSquaresWhateverTheOriginalsSizeAndWeighLittle() throws {
        let journal = try Self.journal()
        let recorder = Recorder()
        var options = journal.options(output: journal.path + "/public")
        options.rasterizer = recorder.rasterizer
        let report = Build.run(options)
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        // The 3000 px JPEG (1.x MB, far over what a card embeds from static/) is on the cards of
        // its week, month and year, as one of its squares (the smallest that fills the tile).
        let html = try #require(journal.page("2026/01/02/index.html", in: journal.path + "/public"))
        let squares = try #require(attributeValues("srcset", in: html).first.map { Self.candidates($0).filter { $0.width >= 384 }.map(\.path) })
        // Each shrunk to the tile it fills (220 px of four, 456 alone), as cards draw them.
        let uris = try squares.flatMap { path in
            let square = try #require(FileManager.default.contents(atPath: journal.path + "/public/" + path.replacingOccurrences(of: ".webp", with: ".jpg")))
            return ([Array(square)] + [220, 456].compactMap { Vips.shrunkJPEG(Array(square), side: $0) }).map {
                "data:image/jpeg;base64," + Data($0).base64EncodedString()
            }
        }
        let showing = recorder.svgs.filter { svg in uris.contains { svg.contains($0) } }
        // Its week's, month's and year's (the review's cards lead with the song and the artist of the year).
        #expect(showing.count >= 3, "\(showing.count) of \(recorder.svgs.count) cards show the cover")
        // Every square a card names is in it when drawn, at its tile's own size (no scaling).
        #expect(!recorder.svgs.contains { $0.contains(CoverSquares.scheme) })
        var tiles = 0
        for svg in recorder.svgs where svg.contains("width=\"1200\"") {
            for piece in svg.components(separatedBy: "<image ").dropFirst() where piece.contains("href=\"data:image/jpeg;base64,") {
                let width = piece.components(separatedBy: "width=\"").dropFirst().first?.prefix { $0 != "\"" }
                let encoded = piece.components(separatedBy: "base64,").dropFirst().first?.prefix { $0 != "\"" }
                let image = try #require(encoded.flatMap { Data(base64Encoded: String($0)) }.flatMap { Vips.size(Array($0)) })
                #expect(width.flatMap { Int($0) } == image.width, "a tile \(width ?? "") wide shows a \(image.width) px square")
                tiles += 1
            }
        }
        #expect(tiles >= 4)
        let card = try #require(FileManager.default.contents(atPath: journal.path + "/public/2026/01/card.jpg"))
        CardBuildTests.expectCard(Array(card), path: "2026/01/card.jpg")
    }
}
