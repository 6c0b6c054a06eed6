import Foundation
import Testing

@testable import JournalCore

/// Share cards drawn on their own: both layouts, any language, any text.
@Suite struct ShareCardTests {
    static func card(language: String = "en", label: String = "November 2026", title: String = "Songs of the Day") -> ShareCard {
        ShareCard(
            label: label, kicker: language == "ko" ? "한 달의 음악" : "A month in music", siteTitle: title, siteAddress: "example.org/journal",
            figures: [
                .init(value: "87", label: language == "ko" ? "곡 수" : "Tracks"), .init(value: "28/30", label: language == "ko" ? "기록한 날" : "Days logged"),
                .init(value: "41", label: language == "ko" ? "아티스트" : "Artists"), .init(value: "9", label: language == "ko" ? "장르" : "Genres"),
            ],
            genresHeading: language == "ko" ? "많이 들은 장르" : "Top genres",
            genres: [
                .init(name: "K-Pop", color: "#0072b2", weight: 30), .init(name: "발라드", color: "#d55e00", weight: 20),
                .init(name: "Jazz", color: "#cc79a7", weight: 12, style: .striped), .init(name: "Other", color: "#888888", weight: 9),
                .init(name: "No genre", color: "#8a8794", weight: 4, style: .noGenre),
            ],
            covers: [
                .init(title: "Hype Boy", artist: "NewJeans", color: "#0072b2"), .init(title: "밤편지", artist: "아이유", color: "#d55e00"),
                .init(title: "Blue in Green", artist: "Bill Evans", color: "#cc79a7"),
            ],
            language: language)
    }

    /// Writes a drawn card where `CARDS_DUMP` says, to look at it.
    static func dump(_ png: [UInt8], _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["CARDS_DUMP"] else { return }
        try? Data(png).write(to: URL(fileURLWithPath: folder + "/" + name + ".png"))
    }

    @Test(arguments: ShareCard.Layout.allCases, ["en", "ko"])
    func eachLayoutIsAPNGOfItsSize(layout: ShareCard.Layout, language: String) throws {
        let card = Self.card(language: language, label: language == "ko" ? "2026년 11월" : "November 2026")
        let png = try SVGRaster.png(svg: Array(card.svg(layout).utf8), width: layout.width, height: layout.height)
        Self.dump(png, "\(layout)-\(language)")
        let size = try #require(PNGHeader.size(png))
        #expect(size.width == layout.width && size.height == layout.height)
        #expect(png.suffix(8).starts(with: Array("IEND".utf8)))
    }

    /// The glow drawn small and scaled up (`CardGlow`) is the radial gradient it stands for: no
    /// pixel of either layout differs by more than a few levels, edges and corners included.
    @Test(arguments: ShareCard.Layout.allCases)
    func theGlowImageLooksLikeTheGradient(layout: ShareCard.Layout) throws {
        let card = Self.card()
        let svg = card.svg(layout)
        #expect(svg.contains("href=\"journal-glow:"))
        let fast = try SVGRaster.png(svg: try #require(CardGlow.resolve(Array(svg.utf8))), width: layout.width, height: layout.height)
        let glow = card.genres.first?.color ?? ""
        let gradient = svg.replacingOccurrences(
            of: try #require(CardGlow.element(color: glow, width: layout.width, height: layout.height)),
            with: "<rect width=\"100%\" height=\"100%\" fill=\"url(#glow)\"/>")
        let slow = try SVGRaster.png(svg: Array(gradient.utf8), width: layout.width, height: layout.height)
        let (a, b) = (try #require(Vips.rgb(fast)), try #require(Vips.rgb(slow)))
        #expect(a.pixels.count == b.pixels.count && a.pixels.count == layout.width * layout.height * 3)
        let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 3, "a pixel differs by \(worst) levels")
    }

    /// Drawn and looked at: one cover fills the whole place (green where its middle is), four
    /// share it (green in the first quarter's middle too), none leaves a quiet tile (no green).
    @Test func oneCoverFillsItsPlaceAndNoneLeavesATile() throws {
        // The covers' place, per layout: x, y and side (ShareCard.drawLandscape, drawPortrait).
        let places: [ShareCard.Layout: (x: Int, y: Int, side: Int)] = [.landscape: (680, 126, 456), .portrait: (84, 468, 912)]
        for count in [0, 1, 4] {
            var card = Self.card()
            card.covers = Array(repeating: ShareCard.Cover(title: "Ditto", artist: "NewJeans", color: "#009e73"), count: count)
            for layout in ShareCard.Layout.allCases {
                let png = try SVGRaster.png(svg: Array(card.svg(layout).utf8), width: layout.width, height: layout.height)
                Self.dump(png, "\(layout)-\(count)-covers")
                let image = try #require(Vips.rgb(png))
                #expect(image.width == layout.width && image.height == layout.height)
                func isGreen(_ x: Int, _ y: Int) -> Bool {
                    let at = (y * image.width + x) * 3
                    let (r, g, b) = (Int(image.pixels[at]), Int(image.pixels[at + 1]), Int(image.pixels[at + 2]))
                    return g > r + 60 && g > b
                }
                let place = try #require(places[layout])
                // Off the middle, where a drawn cover's initials are, and inside the first quarter.
                let probe = (place.x + place.side / 4 - place.side / 10, place.y + place.side / 4 - place.side / 10)
                let far = (place.x + place.side * 3 / 4 + place.side / 10, place.y + place.side * 3 / 4 + place.side / 10)
                #expect(isGreen(probe.0, probe.1) == (count > 0), "\(layout), \(count) covers: the first quarter")
                #expect(isGreen(far.0, far.1) == (count > 0), "\(layout), \(count) covers: the last quarter")
            }
        }
    }

    /// A card's images named by a scheme are put in when it is drawn: every one of them, in place,
    /// the rest of the SVG byte for byte; a name that cannot be made leaves no card at all.
    @Test func namedImagesArePutInEveryOneAndOnlyThem() throws {
        let svg = Array("<svg><image href=\"journal-square:a\"/><text>href=\"journal-square</text><image href=\"journal-square:bb\"/>é</svg>".utf8)
        let out = try #require(CardDrawing.replacing(CoverSquares.scheme, in: svg) { "data:" + $0.uppercased() })
        #expect(
            String(decoding: out, as: UTF8.self)
                == "<svg><image href=\"data:A\"/><text>href=\"journal-square</text><image href=\"data:BB\"/>é</svg>")
        #expect(CardDrawing.replacing(CoverSquares.scheme, in: svg) { $0 == "bb" ? nil : "x" } == nil)
        let plain = Array("<svg><image href=\"data:x\"/></svg>".utf8)
        #expect(CardDrawing.replacing(CoverSquares.scheme, in: plain) { _ in nil } == plain)
        #expect(CardDrawing.firstIndex(of: Array("ab".utf8), in: Array("xxabab".utf8), from: 3) == 4)
        #expect(CardDrawing.firstIndex(of: Array("ab".utf8), in: Array("xxa".utf8), from: 0) == nil)
    }

    @Test func textIsEscapedAndLongTextIsCut() throws {
        let long = String(repeating: "Tom & Jerry <3 \"quoted\" ", count: 20)
        var card = Self.card(label: long, title: long)
        card.covers[0].title = long
        card.genres[0].name = long
        let svg = card.svg(.landscape)
        #expect(!svg.contains("<3"))
        #expect(svg.contains("Tom &amp; Jerry &lt;3 &quot;quoted&quot;"))
        #expect(svg.contains("…"))
        // librsvg refuses SVG that is not well-formed XML.
        let png = try SVGRaster.png(svg: Array(svg.utf8), width: 1200, height: 630)
        Self.dump(png, "long-text")
    }
}

/// Hangul on a card is drawn from a font that has it, not as the boxes drawn for a missing glyph.
@Suite struct HangulCardTests {
    /// `text` drawn as a card draws its text, dark on white, as ink (true) or not, pixel by pixel.
    static func ink(_ text: String) throws -> [Bool] {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"160\" font-family=\"\(ShareCard.fontFamily)\"><text x=\"10\" y=\"120\" font-size=\"110\" font-weight=\"800\" fill=\"#000000\">\(Escape.xml(text))</text></svg>"
        return try SVGRaster.brightness(svg: Array(svg.utf8), width: 480, height: 160).map { $0 < 128 }
    }

    @Test func hangulIsDrawnFromAFont() throws {
        let hangul = try Self.ink("한국어")
        // Unassigned code points: no font has them, so they are drawn as missing-glyph boxes,
        // which is how Hangul would look without a Korean font.
        let missing = try Self.ink("\u{0378}\u{0379}\u{0380}")
        let inked = hangul.filter { $0 }.count
        #expect(inked > 3000, "too little of the Hangul is drawn: \(inked) pixels")
        let differing = zip(hangul, missing).filter { $0 != $1 }.count
        let ratio = Double(differing) / Double(max(inked, missing.filter { $0 }.count, 1))
        #expect(ratio > 0.8, "Hangul looks like missing-glyph boxes (\(ratio)): is a Korean font (fonts-noto-cjk) installed?")
    }
}
