import Foundation
import Testing

@testable import JournalCore

/// Drawing share cards (`CardDrawing`) against a store in memory: a card is drawn on a miss,
/// handed to the store, and served from it afterwards without drawing.
@Suite struct CardDrawingTests {
    /// A `CardStore` in memory that counts what it is asked.
    final class MemoryStore: CardStore, @unchecked Sendable {
        private let lock = NSLock()
        private var cards: [String: [UInt8]] = [:]
        private(set) var asked = 0

        func card(key: String, width: Int, height: Int) -> KeptCard? {
            lock.withLock {
                asked += 1
                return cards[key].map { KeptCard(bytes: $0, file: "memory/" + key) }
            }
        }

        func keep(_ card: [UInt8], key: String) -> String? {
            lock.withLock { cards[key] = card }
            return nil
        }

        var keys: [String] { lock.withLock { Array(cards.keys) } }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }

    /// A rasteriser that draws a fixed JPEG start and counts its calls.
    static func counting(_ counter: Counter) -> Rasterizer {
        Rasterizer(version: "test 1") { svg, _, _ in
            counter.add()
            return [0xFF, 0xD8] + svg + [0xFF, 0xD9]
        }
    }

    @Test func aCardIsDrawnOnceThenServedFromTheStore() throws {
        let store = MemoryStore()
        let counter = Counter()
        let drawing = CardDrawing(rasterizer: Self.counting(counter), store: store)
        let svg = Array("<svg/>".utf8)
        let first = try drawing.card(svg: svg, width: 1200, height: 630)
        #expect(counter.count == 1 && first.file == nil)
        let key = CardDrawing.key(svg: svg, width: 1200, height: 630, version: "test 1")
        #expect(store.keys == [key])
        #expect(CardKey.read(first.bytes) == key)

        let again = try drawing.card(svg: svg, width: 1200, height: 630)
        #expect(counter.count == 1 && store.asked == 2)
        #expect(again.bytes == first.bytes && again.file == "memory/" + key)

        // Another size is another card.
        _ = try drawing.card(svg: svg, width: 1080, height: 1920)
        #expect(counter.count == 2 && store.keys.count == 2)
    }

    @Test func aCardWhosePartsAreMissingIsNeitherDrawnNorKept() throws {
        let store = MemoryStore()
        let counter = Counter()
        let drawing = CardDrawing(rasterizer: Self.counting(counter), store: store) { _ in nil }
        #expect(throws: RasterFailure.self) { try drawing.card(svg: Array("<svg/>".utf8), width: 1200, height: 630) }
        #expect(counter.count == 0 && store.keys.isEmpty)
    }

    /// A card's SVG names a cover's square (`journal-square:`): the drawing is given the squares
    /// whole when it is made, so a card naming one it was not given is neither drawn nor kept.
    @Test func aCardNamingASquareTheDrawingWasNotGivenIsNotDrawn() throws {
        let store = MemoryStore()
        let counter = Counter()
        let drawing = CardDrawing(rasterizer: Self.counting(counter), store: store, squares: ["covers/a-96.jpg": Self.square])
        let svg = Array(#"<svg><image href="journal-square:covers/b-96.jpg"/></svg>"#.utf8)
        #expect(throws: RasterFailure.self) { try drawing.card(svg: svg, width: 1200, height: 630) }
        #expect(counter.count == 0 && store.keys.isEmpty)
    }

    /// A card naming a square it was given is drawn with that square's bytes in its SVG, and kept
    /// under the key of the SVG as it names the square.
    @Test func aCardNamingASquareItWasGivenIsDrawnWithItsBytes() throws {
        let store = MemoryStore()
        let counter = Counter()
        let drawing = CardDrawing(rasterizer: Self.counting(counter), store: store, squares: ["covers/a-96.jpg": Self.square])
        let svg = Array(#"<svg><image href="journal-square:covers/a-96.jpg"/></svg>"#.utf8)
        let card = try drawing.card(svg: svg, width: 1200, height: 630)
        let drawn = String(decoding: card.bytes, as: UTF8.self)
        #expect(counter.count == 1)
        #expect(drawn.contains(#"<image href="data:image/jpeg;base64,\#(Data(Self.square).base64EncodedString())"/>"#), "\(drawn)")
        #expect(!drawn.contains("journal-square:"))
        #expect(store.keys == [CardDrawing.key(svg: svg, width: 1200, height: 630, version: "test 1")])
    }

    /// A JPEG's start and end: all the drawing needs of a square, which it only passes on.
    static let square: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
}
