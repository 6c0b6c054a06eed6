import Foundation
import Testing

@testable import JournalCore

/// `.journal-cache/content/decoded` (`ContentCache`) saves a build the decoding of every file
/// that did not change, and nothing else: the site and every message are what a build without it
/// makes, whatever happened to the cache.
@Suite struct ContentCacheTests {
    static let cacheFile = ".journal-cache/content/decoded"

    static func journal() throws -> TestJournal {
        try TestJournal(
            minimalConfig + """

                -- content/diary/2026-11-20.md --
                \(LoadCacheTests.day("One", "Ann"))
                -- content/diary/2026-11-21.md --
                ---
                title: Two
                tags: [rain]
                mood: calm
                tracks:
                  - {title: Song, artist: [Bob, Cy], album: Al, genre: [Jazz, Soul], duration: "3:10", released: 2020-05-01, artwork: "https://example.com/a.jpg", note: "*so* good", links: {spotify: "https://open.spotify.com/track/1"}}
                  - {title: Other, artist: Di, released: 1999, preview: "https://example.com/p.m4a"}
                ---
                Body with **bold**.
                -- content/diary/2026-11-22.md --
                ---
                tracks: [{title: Three, artist: Ann, genre: Jazz}]
                unknown_field: 1
                ---
                -- content/playlists/mix.md --
                ---
                title: Mix
                description: For rain
                created: 2026-11-01
                tags: [rain]
                tracks:
                  - {title: A, artist: B}
                ---
                Notes.
                """)
    }

    /// A build of `journal` into `output` as if no build had ever decoded anything.
    static func freshBuild(_ journal: TestJournal, output: String) -> BuildReport {
        let kept = journal.path + "/" + cacheFile
        let aside = journal.path + "/decoded.aside"
        let moved = rename(kept, aside) == 0
        defer {
            unlink(kept)
            if moved { rename(aside, kept) }
        }
        return Build.run(journal.options(output: output))
    }

    /// Builds with the cache as it is and without it; the sites and messages must agree.
    @discardableResult
    static func buildBoth(_ journal: TestJournal, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> BuildReport {
        let cached = Build.run(journal.options(output: journal.path + "/cached"))
        let fresh = freshBuild(journal, output: journal.path + "/fresh")
        #expect(
            TestJournal.lines(cached.diagnostics, root: journal.path) == TestJournal.lines(fresh.diagnostics, root: journal.path),
            sourceLocation: sourceLocation)
        #expect(cached.succeeded == fresh.succeeded, sourceLocation: sourceLocation)
        let site = journal.tree(journal.path + "/cached").filter { $0.key != SiteWriter.markerName }
        #expect(site == journal.tree(journal.path + "/fresh").filter { $0.key != SiteWriter.markerName }, sourceLocation: sourceLocation)
        return cached
    }

    @Test func aBuildDecodesOnlyTheFilesThatChangedAndWritesWhatAFreshBuildWrites() throws {
        let journal = try Self.journal()
        let first = Self.buildBoth(journal)
        #expect(first.succeeded && first.contentDecoded == 4 && first.contentReused == 0)
        #expect(FileManager.default.fileExists(atPath: journal.path + "/" + Self.cacheFile))
        let again = Self.buildBoth(journal)
        #expect(again.contentDecoded == 0 && again.contentReused == 4, "\(again.contentDecoded) decoded")
        #expect(journal.page("2026/11/21/index.html", in: journal.path + "/cached")?.contains("<strong>bold</strong>") == true)

        // An edit, a new day, a removed one, and an edit of the playlist.
        try journal.write("content/diary/2026-11-20.md", LoadCacheTests.day("Uno", "Ann"))
        try journal.write("content/diary/2026-11-25.md", LoadCacheTests.day("Five", "Eve"))
        try journal.remove("content/diary/2026-11-22.md")
        try journal.write("content/playlists/mix.md", "---\ntitle: Mix two\ntracks: [{title: A, artist: B}]\n---\n")
        let edited = Self.buildBoth(journal)
        #expect(edited.contentDecoded == 3 && edited.contentReused == 1, "\(edited.contentDecoded) decoded")
        #expect(journal.page("2026/11/20/index.html", in: journal.path + "/cached")?.contains("Uno") == true)
    }

    /// `check` reads the cache and says exactly what it says without it, and writes nothing:
    /// not a cache where there is none, not an update of the one there.
    @Test func checkReadsTheCacheAndWritesNothing() throws {
        let journal = try Self.journal()
        try journal.write("content/diary/2026-11-23.md", "---\ntracks: [{title: A, artist: B}]\ntitle: [not, text]\n---\n")
        let withoutCache = journal.lines(Check.run(source: journal.path, strict: false))
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/.journal-cache"))
        #expect(!Build.run(journal.options(output: journal.path + "/out")).succeeded)
        let path = journal.path + "/" + Self.cacheFile
        let kept = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(journal.lines(Check.run(source: journal.path, strict: false)) == withoutCache)
        // A stale entry the check must not take: the file changed since the build.
        try journal.write("content/diary/2026-11-20.md", "---\ntracks: [{title: A, artist: B}]\nnew_field: 1\n---\n")
        let withCache = journal.lines(Check.run(source: journal.path, strict: false))
        #expect(withCache.contains { $0.contains("2026-11-20.md") && $0.contains("new_field") }, "\(withCache)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == kept, "check wrote the cache")
        try FileManager.default.removeItem(atPath: journal.path + "/.journal-cache")
        #expect(withCache == journal.lines(Check.run(source: journal.path, strict: false)))
    }

    /// serve's first build reads the cache (and keeps what it decoded); the builds after it
    /// take what changed from serve's own memory (`LoadCache`).
    @Test func serveReadsTheCacheForItsFirstBuildOnly() throws {
        let journal = try Self.journal()
        Self.buildBoth(journal)
        var options = journal.options(output: journal.path + "/served")
        options.cache = LoadCache()
        options.servesLocally = true
        let first = Build.run(options)
        #expect(first.succeeded && first.contentReused == 4 && first.contentDecoded == 0, "\(first.contentReused) reused")
        try journal.write("content/diary/2026-11-20.md", LoadCacheTests.day("Uno", "Ann"))
        let second = Build.run(options)
        #expect(second.succeeded && second.contentReused == 0 && second.contentDecoded == 0)
        #expect(options.cache?.decodedLastTime == 1)
    }

    /// Warnings and errors come from the cache as they came from the file, with their places.
    @Test func problemsAreSaidAgainWhenTheFileIsNotDecodedAgain() throws {
        let journal = try Self.journal()
        try journal.write("content/diary/2026-11-23.md", "---\ntracks: [{title: A, artist: B}]\ntitle: [not, text]\n---\n")
        let first = Self.buildBoth(journal)
        #expect(!first.succeeded)
        let again = Self.buildBoth(journal)
        #expect(again.contentReused == 5)
        let said = TestJournal.lines(again.diagnostics, root: journal.path)
        #expect(said.contains { $0.contains("2026-11-23.md:3:") && $0.contains("title") }, "\(said)")
        #expect(said.contains { $0.contains("2026-11-22.md:3:") && $0.contains("unknown_field") }, "\(said)")
    }

    /// A setting that changes what a file decodes to decodes it again.
    @Test func aChangedSettingDecodesTheFilesAgain() throws {
        let journal = try Self.journal()
        try journal.write("journal.yaml", "title: Test Journal\nmax_tracks_per_day: 1\n")
        #expect(!Self.buildBoth(journal).succeeded)
        try journal.write("journal.yaml", "title: Test Journal\nmax_tracks_per_day: 2\n")
        let relaxed = Self.buildBoth(journal)
        #expect(relaxed.succeeded && relaxed.contentDecoded == 4)
    }

    /// However the file is damaged (cut short, garbage, another program's, a lie about a length),
    /// the build decodes the files and writes the same site, and leaves a good cache behind.
    @Test func aDamagedCacheIsDecodedAround() throws {
        let journal = try Self.journal()
        Self.buildBoth(journal)
        let path = journal.path + "/" + Self.cacheFile
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: good, as: UTF8.self)
        let identity = text.split(separator: "\n")[1]
        var damages: [(String, [UInt8])] = [
            ("empty", []),
            ("cut short", Array(good.prefix(good.count - 7))),
            ("cut in its header", Array(good.prefix(10))),
            ("garbage", (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
            ("another program", Array(text.replacingOccurrences(of: String(identity), with: "1 2 3 4\tother\tsomewhere").utf8)),
        ]
        // Every third of the last 40 bytes (the playlist's value) turned into another: the
        // entry's CRC-32 no longer matches.
        let values = good.count - 40
        for offset in stride(from: values, to: good.count, by: 3) {
            var bad = good
            bad[offset] = bad[offset] &+ 0x41
            damages.append(("byte \(offset)", bad))
        }
        // A length that runs past the end.
        damages.append(("long length", Array(text.replacingOccurrences(of: "\nd ", with: "\nd 99999999").utf8)))
        for (damage, bytes) in damages {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let report = Self.buildBoth(journal)
            #expect(report.succeeded && report.contentReused < 4, "\(damage): \(report.contentReused) reused")
        }
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: path))
        Self.buildBoth(journal)
        #expect(Self.buildBoth(journal).contentReused == 4, "the next build rewrote a good cache")
    }

    /// A `.journal-cache` that is a link is neither read nor written: a build never works on
    /// files outside the journal.
    @Test func aLinkedCacheFolderIsLeftAlone() throws {
        let journal = try Self.journal()
        let elsewhere = journal.path + "/../elsewhere-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.createSymbolicLink(atPath: journal.path + "/.journal-cache", withDestinationPath: elsewhere)
        let report = Build.run(journal.options(output: journal.path + "/out"))
        #expect(report.succeeded && report.contentDecoded == 4)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: elsewhere)) == [])
    }

    /// A folder that is no journal (no journal.yaml) gets no cache from a build that fails, and a
    /// journal whose journal.yaml cannot be read keeps the cache it had.
    @Test func aBuildThatLoadsNothingWritesNoCache() throws {
        let journal = try Self.journal()
        try journal.remove("journal.yaml")
        #expect(!Build.run(journal.options(output: journal.path + "/out")).succeeded)
        #expect(!FileManager.default.fileExists(atPath: journal.path + "/.journal-cache"))
        try journal.write("journal.yaml", "title: Test Journal\n")
        Self.buildBoth(journal)
        let kept = try Data(contentsOf: URL(fileURLWithPath: journal.path + "/" + Self.cacheFile))
        try journal.remove("journal.yaml")
        #expect(!Build.run(journal.options(output: journal.path + "/out")).succeeded)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal.path + "/" + Self.cacheFile)) == kept)
    }

    /// A cache file that is a pipe is not waited on, and one that is a link is not followed;
    /// a link planted where the build writes its temporary file, or its `.gitignore`, is not
    /// written through.
    @Test func pipesAndLinksInTheCacheAreNeitherReadNorWrittenThrough() throws {
        let journal = try Self.journal()
        Self.buildBoth(journal)
        let folder = journal.path + "/.journal-cache/content"
        let decoded = folder + "/decoded"
        let outside = journal.path + "/../outside-\(UUID().uuidString)"
        defer { unlink(outside) }

        // A good cache, but behind a link: not read, and the link is replaced by a file.
        try FileManager.default.moveItem(atPath: decoded, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: decoded, withDestinationPath: outside)
        let outsideBytes = try Data(contentsOf: URL(fileURLWithPath: outside))
        #expect(Self.buildBoth(journal).contentReused == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside)) == outsideBytes)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: decoded)) == nil)

        // A pipe: read, it would never end.
        unlink(decoded)
        #expect(mkfifo(decoded, 0o644) == 0)
        #expect(Self.buildBoth(journal).contentReused == 0)

        // A link where the temporary file goes, and a dangling link for the `.gitignore`.
        try journal.write("content/diary/2026-11-20.md", LoadCacheTests.day("Changed", "Ann"))
        try "precious".write(toFile: outside, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/.decoded.\(getpid()).tmp", withDestinationPath: outside)
        let ignore = journal.path + "/.journal-cache/.gitignore"
        let nowhere = journal.path + "/../nowhere-\(UUID().uuidString)"
        unlink(ignore)
        try FileManager.default.createSymbolicLink(atPath: ignore, withDestinationPath: nowhere)
        #expect(Self.buildBoth(journal).contentDecoded == 1)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: nowhere))
        #expect(Self.buildBoth(journal).contentReused == 4, "the cache was written")
    }

    static func stored(_ cache: ContentCache, in journal: TestJournal) throws -> ContentCache {
        let folder = journal.path + "/.journal-cache/content"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(try #require(cache.updated)).write(to: URL(fileURLWithPath: folder + "/decoded"))
        let read = try #require(ContentCache.read(source: journal.path))
        read.begin()
        return read
    }

    /// A file that could not be read is not kept: the same stamp may read next time. A file
    /// changed just before the build is kept with the digest of its bytes, and used again only
    /// while they are the same: two edits of the same size within one tick of the file system's
    /// clock have the same stamp.
    @Test func unreadableFilesAreNotKeptAndRecentOnesAreCheckedByTheirBytes() throws {
        let journal = try Self.journal()
        let identity = try #require(ContentCache.identity(source: journal.path))
        let relative = "content/diary/2026-11-20.md"
        let file = journal.path + "/" + relative
        let day = try #require(journal.load().journal?.days.first)
        let old = "1 2 3.0 4.0"  // a stamp from long ago
        let now = "1 2 \(time(nil)).0 \(time(nil)).0"

        let first = ContentCache(identity: identity)
        first.begin()
        _ = first.day("content/diary/2026-11-19.md", file: file, stamp: old, context: "c", limit: 1 << 20) {
            (DecodedFile(value: nil, diagnostics: [.error("cannot read this file", at: .init(path: "x", line: 1, column: 1))]), false)
        }
        _ = first.day(relative, file: file, stamp: now, context: "c", limit: 1 << 20) { (DecodedFile(value: day, diagnostics: []), true) }
        let second = try Self.stored(first, in: journal)
        var decodes = 0
        _ = second.day("content/diary/2026-11-19.md", file: file, stamp: old, context: "c", limit: 1 << 20) {
            decodes += 1
            return (DecodedFile(value: nil, diagnostics: []), true)
        }
        #expect(decodes == 1, "an unreadable file was kept")
        let same = second.day(relative, file: file, stamp: now, context: "c", limit: 1 << 20) {
            decodes += 1
            return (DecodedFile(value: nil, diagnostics: []), true)
        }
        #expect(decodes == 1 && same.value == day, "the recent file's bytes are the same")

        // Other bytes under the same stamp.
        let third = try Self.stored(second, in: journal)
        try journal.write(relative, LoadCacheTests.day("Uno", "Ann"))
        _ = third.day(relative, file: file, stamp: now, context: "c", limit: 1 << 20) {
            decodes += 1
            return (DecodedFile(value: nil, diagnostics: []), true)
        }
        #expect(decodes == 2, "a recent file whose bytes changed was taken from the cache")
    }

    /// Every stored field of what the cache keeps is in its binary form: a type that gains a
    /// field fails here until `BinaryForm` keeps it too.
    @Test func theBinaryFormKeepsEveryField() throws {
        let link = LinkTarget(text: "https://example.com/a", kind: .absolute)
        var track = Track(
            title: "T", artists: ["A", "B"], album: "Al", genres: ["Jazz"], duration: 190, released: .date(CalendarDate(year: 2020, month: 5, day: 1)!),
            artwork: LinkTarget(text: "/c.jpg", kind: .siteRoot), preview: LinkTarget(text: "p.m4a", kind: .relative),
            links: [TrackLink(service: .spotify, url: link)], noteHTML: "<em>n</em>")
        track.genresInherited = true
        let day = Day(
            date: CalendarDate(year: 2026, month: 11, day: 21)!, title: "Title", tracks: [track, Track(title: "U", artists: ["C"], released: .year(-3))],
            tags: ["rain"], mood: "calm", draft: true, bodyHTML: "<p>é 한국어 \u{0}</p>", summary: "é", sourcePath: "content/diary/x.md",
            source: "listenbrainz")
        let playlist = Playlist(
            slug: "mix", title: "Mix", description: "D", cover: link, created: CalendarDate(year: 2026, month: 1, day: 2),
            updated: CalendarDate(year: 2026, month: 3, day: 4), tags: ["t"], tracks: [track], draft: true, bodyHTML: "<p>b</p>", sourcePath: "p.md")
        let location = JournalCore.SourceLocation(path: "x.md", line: 3, column: 9)
        let image = StaticImageUse(target: link, field: "artwork", location: location, address: "https://example.com/i.jpg")
        let days = DecodedFile(value: day, diagnostics: [.warning("w", at: location), .error("e", at: location)], images: [image])
        let playlists = DecodedFile(value: playlist, diagnostics: [], images: [image])
        let none = DecodedFile<Day>(value: nil, diagnostics: [.error("bad", at: location)], images: [])

        func roundTrip<Value: BinaryForm>(_ value: Value) throws -> Value {
            var writer = BinaryWriter()
            writer.form(value)
            var reader = BinaryReader(writer.bytes, range: 0..<writer.bytes.count)
            let back = try Value(from: &reader)
            #expect(reader.isAtEnd)
            return back
        }
        let dayBack = try roundTrip(days)
        #expect(dayBack.value == day && dayBack.diagnostics == days.diagnostics && dayBack.images == days.images)
        let playlistBack = try roundTrip(playlists)
        #expect(playlistBack.value == playlist && playlistBack.images == [image])
        #expect(try roundTrip(none).value == nil)
        for number in [0, 1, -1, 127, 128, -129, Int.max, Int.min] {
            #expect(try roundTrip(ReleaseDate.year(number)) == .year(number))
        }
        // What each type stores, counted: the binary form writes exactly these (a decoded file's
        // fourth, `transient`, says it is never kept at all).
        let fields: [(Any, Int)] = [
            (day, 10), (track, 13), (playlist, 11), (link, 2), (TrackLink(service: .spotify, url: link), 2),
            (location, 3), (Diagnostic.error("e", at: location), 5), (image, 4), (days, 4),
            (CalendarDate(year: 2026, month: 1, day: 1)!, 3),
        ]
        for (value, count) in fields {
            #expect(Mirror(reflecting: value).children.count == count, "\(type(of: value)) has a field the cache does not keep")
        }
    }
}
