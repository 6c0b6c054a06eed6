import Foundation
import Testing

@testable import JournalCore

/// Share cards in a built site: a JPEG for every week, month and year, named by the pages' meta
/// tags, drawn once and then served from `.journal-cache/`.
@Suite(.serialized) struct CardBuildTests {
    /// Two weeks, two months, two years; the second day's first track has PNG artwork.
    static func journal() throws -> TestJournal {
        let journal = try TestJournal(
            minimalConfig + """

                -- content/diary/2025/12/2025-12-30.md --
                ---
                tracks: [{title: Old Song, artist: Someone, genre: Jazz, artwork: /artwork/old.svg}]
                ---
                -- content/diary/2026/01/2026-01-02.md --
                ---
                tracks:
                  - {title: Hype Boy, artist: NewJeans, genre: K-Pop, artwork: /artwork/cover.png}
                  - {title: 밤편지, artist: 아이유, genre: Ballad}
                ---
                -- content/diary/2026/01/2026-01-14.md --
                ---
                tracks: [{title: Later Song, artist: Someone, artwork: "https://example.com/a.jpg"}]
                ---
                -- static/artwork/old.svg --
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>
                """)
        let cover = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><rect width=\"64\" height=\"64\" fill=\"#ff0066\"/></svg>"
        try journal.write("static/artwork/cover.png", bytes: try SVGRaster.png(svg: Array(cover.utf8), width: 64, height: 64))
        return journal
    }

    static let cards = [
        "weeks/2025-12-29/card.jpg", "weeks/2026-01-12/card.jpg", "2025/12/card.jpg", "2026/01/card.jpg", "2025/card.jpg", "2026/card.jpg",
        "2025/review/card.jpg", "2026/review/card.jpg",
    ]
    /// The years in review's portrait cards, for stories.
    static let stories = ["2025/review/story.jpg", "2026/review/story.jpg"]
    /// Every card a build draws.
    static let drawn = cards.count + stories.count

    /// Counts the cards librsvg draws.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }

        var rasterizer: Rasterizer {
            let librsvg = Rasterizer.librsvg
            return Rasterizer(version: librsvg.version, prepare: librsvg.prepare) { svg, width, height throws(RasterFailure) in
                self.add()
                return try librsvg.draw(svg, width, height)
            }
        }
    }

    static func build(_ journal: TestJournal, output: String, baseURL: String? = nil, counter: Counter? = nil) -> BuildReport {
        var options = journal.options(output: journal.path + "/" + output, baseURL: baseURL)
        if let counter { options.rasterizer = counter.rasterizer }
        let report = Build.run(options)
        #expect(report.succeeded, "\(journal.lines(report.diagnostics))")
        return report
    }

    static func cacheEntries(_ journal: TestJournal) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: journal.path + "/.journal-cache/cards")) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    /// The `content` of `<meta property|name="name">`.
    static func meta(_ name: String, in html: String) -> String? {
        for marker in ["<meta property=\"\(name)\" content=\"", "<meta name=\"\(name)\" content=\""] {
            if let start = html.range(of: marker), let end = html[start.upperBound...].firstIndex(of: "\"") {
                return String(html[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
            }
        }
        return nil
    }

    /// A card as the site has it (the one place its sizes are checked): a whole JPEG of its
    /// layout's size, `story.jpg` a portrait and the rest landscape, and a landscape card light
    /// enough for every link preview (about 80 KB at most).
    static func expectCard(_ bytes: [UInt8], path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let layout: ShareCard.Layout = path.hasSuffix("story.jpg") ? .portrait : .landscape
        #expect(CardKey.isWholeJPEG(bytes, width: layout.width, height: layout.height), "\(path)", sourceLocation: sourceLocation)
        if layout == .landscape {
            #expect(bytes.count <= 90_000, "\(path) is \(bytes.count) bytes", sourceLocation: sourceLocation)
        }
    }

    @Test func everyWeekMonthAndYearHasACardJPEGOfItsSize() throws {
        let journal = try Self.journal()
        let report = Self.build(journal, output: "public")
        let tree = journal.tree(journal.path + "/public")
        #expect(Set(tree.keys.filter { $0.hasSuffix("card.jpg") }) == Set(Self.cards))
        for path in Self.cards + Self.stories {
            Self.expectCard(try #require(tree[path].map { [UInt8]($0) }, "\(path)"), path: path)
        }
        #expect(report.cardsDrawn == Self.drawn)
    }

    @Test(arguments: [nil, "https://example.org/journal/"])
    func metaTagsPointToCardsThatExist(baseURL: String?) throws {
        let journal = try Self.journal()
        Self.build(journal, output: "public", baseURL: baseURL)
        let tree = journal.tree(journal.path + "/public")
        let prefix = baseURL ?? "/"
        func image(_ page: String) throws -> String {
            let html = try #require(tree[page].map { String(decoding: $0, as: UTF8.self) }, "\(page)")
            let url = try #require(Self.meta("og:image", in: html), "\(page) has no og:image")
            #expect(Self.meta("twitter:image", in: html) == url, "\(page)")
            #expect(Self.meta("twitter:card", in: html) == "summary_large_image", "\(page)")
            if url.hasSuffix("card.jpg") {
                #expect(Self.meta("og:image:width", in: html) == "1200" && Self.meta("og:image:height", in: html) == "630", "\(page)")
                #expect(Self.meta("og:image:alt", in: html)?.isEmpty == false && Self.meta("twitter:image:alt", in: html) != nil, "\(page)")
            }
            #expect(url.hasPrefix(prefix), "\(page): \(url)")
            let file = String(url.dropFirst(prefix.count))
            #expect(tree[file] != nil, "\(page) points to \(url), which is not in the output")
            return file
        }
        for card in Self.cards {
            let page = String(card.dropLast("card.jpg".count)) + "index.html"
            #expect(try image(page) == card)
        }
        // A day shows its first track's PNG artwork, resized (the 64-pixel cover's own square),
        // else its week's card (SVG and remote JPEG artwork of a later track or another day are
        // not taken).
        let cover = try image("2026/01/02/index.html")
        #expect(cover.hasPrefix("covers/") && cover.hasSuffix("-64.jpg"), "\(cover)")
        #expect(try image("2025/12/30/index.html") == "weeks/2025-12-29/card.jpg")
        #expect(tree["2026/01/14/index.html"].map { Self.meta("og:image", in: String(decoding: $0, as: UTF8.self)) } == "https://example.com/a.jpg")
    }

    @Test func rebuildsDrawOnlyTheCardsThatChanged() throws {
        let journal = try Self.journal()
        let counter = Counter()
        let first = Self.build(journal, output: "public", counter: counter)
        #expect(counter.count == Self.drawn && first.cardsDrawn == Self.drawn)
        #expect(Self.cacheEntries(journal).count == Self.drawn)

        // Nothing changed: every card comes from the cache, even into a new output.
        let again = Self.build(journal, output: "other", counter: counter)
        #expect(counter.count == Self.drawn)
        #expect(again.cardsDrawn == 0 && again.cardsReused == Self.drawn)

        // One day changed: its week's, month's and year's cards and its year's review's two are
        // drawn again, no other.
        try journal.write("content/diary/2026/01/2026-01-14.md", "---\ntracks: [{title: Later Song, artist: Someone}, {title: New One, artist: Other}]\n---\n")
        let edited = Self.build(journal, output: "public", counter: counter)
        #expect(counter.count == Self.drawn + 5)
        #expect(edited.cardsDrawn == 5 && edited.cardsReused == Self.drawn - 5)
        // The five old cards nothing uses any more are gone from the cache.
        #expect(Self.cacheEntries(journal).count == Self.drawn)
    }

    @Test func unusedCacheEntriesArePruned() throws {
        let journal = try Self.journal()
        Self.build(journal, output: "public")
        let before = Self.cacheEntries(journal)
        let stray = journal.path + "/.journal-cache/cards/" + String(repeating: "0", count: 64) + ".jpg"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: stray))
        try journal.remove("content/diary/2025/12/2025-12-30.md")
        Self.build(journal, output: "public")
        // December, 2025 and its review's two are gone (the week of 29 December keeps its
        // January days): the cache holds exactly the six cards of the site, and the stray file
        // is gone.
        let after = Self.cacheEntries(journal)
        #expect(after.count == Self.drawn - 4)
        #expect(!FileManager.default.fileExists(atPath: stray))
        let cached = Set(after.compactMap { FileManager.default.contents(atPath: journal.path + "/.journal-cache/cards/" + $0) })
        let built = Set(journal.tree(journal.path + "/public").filter { $0.key.hasSuffix("card.jpg") || $0.key.hasSuffix("story.jpg") }.values)
        #expect(cached == built)
        #expect(before.count == Self.drawn)
    }

    /// `journal serve` builds for its local address, but its cards show journal.yaml's: after a
    /// build it draws none, and the cards it draws first are the ones the next build uses.
    @Test func serveAndBuildShareTheirCards() throws {
        let journal = try Self.journal()
        try journal.write("journal.yaml", "title: Test Journal\nbase_url: https://example.org/journal/\n")
        Self.build(journal, output: "public")
        // What `journal serve` does: another address for the pages, nothing pruned.
        var serve = journal.options(output: journal.path + "/serve", baseURL: "http://127.0.0.1:8080/")
        serve.servesLocally = true
        serve.pruneCardCache = false
        let served = Build.run(serve)
        #expect(served.succeeded && served.cardsDrawn == 0 && served.cardsReused == Self.drawn, "\(served.cardsDrawn) drawn")
        #expect(Self.cacheEntries(journal).count == Self.drawn)
        #expect(
            journal.tree(journal.path + "/serve").filter { $0.key.hasSuffix("card.jpg") }
                == journal.tree(journal.path + "/public").filter { $0.key.hasSuffix("card.jpg") })
        // Its pages link the local address; the card's picture shows the published one.
        let month = try #require(journal.page("2026/01/index.html", in: journal.path + "/serve"))
        #expect(
            CardBuildTests.meta("og:image", in: month) == "http://127.0.0.1:8080/2026/01/card.jpg", "\(CardBuildTests.meta("og:image", in: month) ?? "none")")

        // Served first, with an empty cache: the next build draws nothing.
        try FileManager.default.removeItem(atPath: journal.path + "/.journal-cache/cards")
        serve.output = journal.path + "/serve-again"
        #expect(Build.run(serve).cardsDrawn == Self.drawn)
        let counter = Counter()
        Self.build(journal, output: "again", counter: counter)
        #expect(counter.count == 0)
        #expect(Self.cacheEntries(journal).count == Self.drawn)
    }

    /// The site's cards are the cache's files: one rewritten in place through the site (an image
    /// optimiser that keeps the comment) changes the entry too, which is then drawn again.
    @Test func aCardAlteredInPlaceThroughTheSiteIsDrawnAgainNeverPublished() throws {
        let journal = try Self.journal()
        Self.build(journal, output: "public")
        let cards = journal.tree(journal.path + "/public").filter { $0.key.hasSuffix("card.jpg") }
        let path = journal.path + "/public/2026/01/card.jpg"
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0x55
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: bytes)
        try handle.close()
        let counter = Counter()
        let report = Self.build(journal, output: "fresh", counter: counter)
        #expect(counter.count == 1 && report.cardsReused == Self.drawn - 1)
        #expect(journal.tree(journal.path + "/fresh").filter { $0.key.hasSuffix("card.jpg") } == cards)
    }

    /// The CRC-32 the caches check with is zip's: the check value, and the same as a byte at a
    /// time for every length and alignment.
    @Test func theCRCIsZipsForEveryLength() {
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4133).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for length in Array(0..<40) + [1000, 4096, 4133] {
            for start in 0..<3 where start <= length {
                let slice = Array(bytes[start..<length])
                #expect(CRC32.of(slice) == CRC32.bytewise(slice), "\(start)..<\(length)")
            }
        }
    }

    @Test func aCorruptOrTruncatedCacheEntryIsDrawnAgain() throws {
        let journal = try Self.journal()
        Self.build(journal, output: "public")
        // The site's cards are the cache's files (linked), so damaged in place, they change with them.
        let cards = journal.tree(journal.path + "/public").filter { $0.key.hasSuffix("card.jpg") }
        let entries = Self.cacheEntries(journal)
        let folder = journal.path + "/.journal-cache/cards/"
        let good = try Data(contentsOf: URL(fileURLWithPath: folder + entries[0]))
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: folder + entries[0]))
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: folder + entries[1]))
        let counter = Counter()
        let report = Self.build(journal, output: "other", counter: counter)
        #expect(counter.count == 2 && report.cardsReused == Self.drawn - 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + entries[0])) == good)
        #expect(journal.tree(journal.path + "/other").filter { $0.key.hasSuffix("card.jpg") } == cards)
    }

    @Test func cachedAndFreshlyDrawnCardsAreByteIdentical() throws {
        let journal = try Self.journal()
        Self.build(journal, output: "one")
        try journal.remove(".journal-cache")
        let fresh = Self.build(journal, output: "two")
        let cached = Self.build(journal, output: "three")
        #expect(fresh.cardsDrawn == Self.drawn && cached.cardsReused == Self.drawn)
        let trees = ["one", "two", "three"].map { journal.tree(journal.path + "/" + $0).filter { $0.key != SiteWriter.markerName } }
        #expect(trees[0] == trees[1])
        #expect(trees[1] == trees[2])
    }

    @Test func aCacheThatCannotBeWrittenNeverFailsTheBuild() throws {
        let journal = try Self.journal()
        try journal.write(".journal-cache", "a file where the cache folder would go")
        let counter = Counter()
        Self.build(journal, output: "public", counter: counter)
        Self.build(journal, output: "other", counter: counter)
        #expect(counter.count == 2 * Self.drawn)
        #expect(journal.tree(journal.path + "/other").keys.filter { $0.hasSuffix("card.jpg") }.count == Self.cards.count)
    }

    @Test func aSwappedEntryIsDrawnAgainNeverPublishedAsAnotherCard() throws {
        let journal = try Self.journal()
        let counter = Counter()
        Self.build(journal, output: "first", counter: counter)
        let entries = Self.cacheEntries(journal)
        #expect(entries.count == Self.drawn)
        // Two entries swapped by hand: each is a whole JPEG, of the same size, of another card.
        let folder = journal.path + "/.journal-cache/cards/"
        let sameSize = entries.filter { name in
            (try? Data(contentsOf: URL(fileURLWithPath: folder + name))).map { CardKey.isWholeJPEG(Array($0), width: 1200, height: 630) } ?? false
        }
        let (a, b) = (folder + sameSize[0], folder + sameSize[1])
        try FileManager.default.moveItem(atPath: a, toPath: a + ".x")
        try FileManager.default.moveItem(atPath: b, toPath: a)
        try FileManager.default.moveItem(atPath: a + ".x", toPath: b)
        Self.build(journal, output: "second", counter: counter)
        #expect(counter.count == Self.drawn + 2)
        let trees = ["first", "second"].map { journal.tree(journal.path + "/" + $0).filter { $0.key != SiteWriter.markerName } }
        #expect(trees[0] == trees[1])
    }

    @Test func aCacheThatIsALinkOrHoldsAPipeIsNeitherUsedNorPruned() throws {
        let journal = try Self.journal()
        let elsewhere = journal.path + "-elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: elsewhere + "/cards/keep.png"))
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/.journal-cache", withDestinationPath: elsewhere)
        let counter = Counter()
        Self.build(journal, output: "linked", counter: counter)
        #expect(counter.count == Self.drawn)
        // Nothing outside the journal is written, read or deleted.
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere + "/cards") == ["keep.png"])
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/.gitignore"))

        // A pipe where an entry would be: skipped, not read (reading it would wait forever).
        try FileManager.default.removeItem(atPath: journal.path + "/.journal-cache")
        Self.build(journal, output: "plain")
        let entry = journal.path + "/.journal-cache/cards/" + Self.cacheEntries(journal)[0]
        try FileManager.default.removeItem(atPath: entry)
        #expect(mkfifo(entry, 0o644) == 0)
        let again = Counter()
        Self.build(journal, output: "piped", counter: again)
        #expect(again.count == 1)
    }

    @Test func checkDrawsNoCard() throws {
        let journal = try Self.journal()
        #expect(Check.run(source: journal.path, strict: false).apartFromBaseURLAdvice.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/.journal-cache"))
    }

    @Test func cacheNamesAreSHA256() {
        func digest(_ text: String) -> String {
            var hash = SHA256()
            hash.add(text)
            return hash.hex()
        }
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
