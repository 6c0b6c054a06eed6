import Foundation
import Testing

@testable import JournalCore

/// Resizing covers (`CoverResizing`, Render) against a store in memory (Write's is `CoverCache`):
/// a cover is resized on a miss and handed to the store, taken from it afterwards without being
/// read or resized, and squares of the wrong sides are an error, never kept.
@Suite struct CoverResizingTests {
    /// A `ResizedCoverStore` in memory.
    final class MemoryStore: ResizedCoverStore, @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String: [Vips.Square]] = [:]

        func squares(key: String, sides: [Int], jpegSides: [Int]) -> ResizedCover? {
            lock.withLock { kept[key].map { ResizedCover(squares: $0, files: ["96.webp": "memory/" + key]) } }
        }

        func keep(_ squares: [Vips.Square], key: String) -> ResizedCover {
            lock.withLock { kept[key] = squares }
            return ResizedCover(squares: squares, files: [:])
        }

        var keys: [String] { lock.withLock { Array(kept.keys) } }
    }

    /// Counts calls from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }

    /// A cover of 96 px: one square, of its own size, as WebP and JPEG.
    static let cover = CoverSource(relative: "artwork/a.jpg", digest: String(repeating: "a", count: 64), width: 96, height: 96)

    @Test func aCoverIsResizedOnceThenTakenFromTheStore() throws {
        let store = MemoryStore()
        let resized = Counter()
        let read = Counter()
        let resizing = CoverResizing(store: store, version: "test 1") { bytes, sides, jpegSides in
            resized.add()
            return sides.map { Vips.Square(side: $0, webp: bytes, jpeg: jpegSides.contains($0) ? bytes : nil) }
        }
        func source() -> [UInt8] {
            read.add()
            return [1, 2, 3]
        }
        #expect(Self.cover.sides == [96] && Self.cover.jpegSides == [96])
        let first = try resizing.squares(of: Self.cover, read: source)
        #expect(resized.count == 1 && read.count == 1)
        #expect(first.squares == [Vips.Square(side: 96, webp: [1, 2, 3], jpeg: [1, 2, 3])] && first.files.isEmpty)
        let key = CoverResizing.key(digest: Self.cover.digest, sides: [96], jpegSides: [96], version: "test 1")
        #expect(store.keys == [key])

        let again = try resizing.squares(of: Self.cover, read: source)
        #expect(resized.count == 1 && read.count == 1, "neither read nor resized again")
        #expect(again.squares == first.squares && again.file(side: 96, webp: true) == "memory/" + key)
    }

    @Test func squaresOfOtherSidesAreAnErrorAndNotKept() {
        let store = MemoryStore()
        let resizing = CoverResizing(store: store, version: "test 1") { bytes, _, _ in [Vips.Square(side: 50, webp: bytes, jpeg: bytes)] }
        #expect(throws: RasterFailure.self) { try resizing.squares(of: Self.cover) { [1, 2, 3] } }
        #expect(store.keys.isEmpty)
    }

    @Test func squaresWithoutTheirJPEGAreAnErrorAndNotKept() {
        let store = MemoryStore()
        let resizing = CoverResizing(store: store, version: "test 1") { bytes, sides, _ in sides.map { Vips.Square(side: $0, webp: bytes, jpeg: nil) } }
        #expect(throws: RasterFailure.self) { try resizing.squares(of: Self.cover) { [1, 2, 3] } }
        #expect(store.keys.isEmpty)
    }

    @Test func aCoverKeptWithoutBeingLookedUpSurvivesThePrune() throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("cover-keep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: journal) }
        let cache = CoverCache(source: journal)
        let key = String(repeating: "b", count: 64)
        let kept = cache.keep([Vips.Square(side: 96, webp: [1, 2, 3], jpeg: [4, 5])], key: key)
        #expect(kept.file(side: 96, webp: true) != nil)
        cache.finish(index: CoverIndex(), prune: true)
        let folder = try #require(cache.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(key) }.sorted()
        #expect(names == [key + "-96.jpg", key + "-96.webp", key + ".pack"])
    }
}
