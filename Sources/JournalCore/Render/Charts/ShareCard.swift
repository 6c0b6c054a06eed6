/// A share card: a picture of a period (a week, a month, a year, or anything with a few headline
/// numbers) for social sites and stories, drawn as SVG by our own code and written as JPEG
/// (`SVGRaster`). Every text is shown as given, so the caller writes it in the site's language.
///
/// Make one from any numbers: a label, a kicker, two to four figures, the genres' shares and up
/// to four covers; `svg(.landscape)` is the 1200x630 `og:image`, `svg(.portrait)` the 1080x1920
/// story card.
public struct ShareCard: Sendable, Equatable {
    /// A headline number: `87` over `Tracks`.
    public struct Figure: Sendable, Equatable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// A part of the genre bar: its width is `weight` over the sum of every segment's.
    public struct Segment: Sendable, Equatable {
        public enum Style: Sendable, Equatable {
            /// A genre in its own colour.
            case solid
            /// A genre beyond the site's top ones, in its own colour, striped (as in lists).
            case striped
            /// Tracks with no genre: translucent, dashed outline (as in charts).
            case noGenre
        }

        public var name: String
        /// `#rrggbb`.
        public var color: String
        /// Plays; a segment of weight 0 is not drawn.
        public var weight: Int
        public var style: Style

        public init(name: String, color: String, weight: Int, style: Style = .solid) {
            self.name = name
            self.color = color
            self.weight = weight
            self.style = style
        }
    }

    /// A cover: an image, or one drawn from the title's initials on `color` (`CoverArt`).
    public struct Cover: Sendable, Equatable {
        public var title: String
        public var artist: String
        /// `#rrggbb`: the genre's colour, for a drawn cover.
        public var color: String
        /// A checked `data:image/...;base64,` URI (`CardArtwork`); nil (and no `squares`) draws the cover.
        public var image: String?
        /// A resized cover's JPEG squares, smallest first: the card shows the smallest that fills
        /// its tile, by reference (`CardArtwork.squareScheme`), and gets its bytes only when drawn.
        public var squares: [Square]

        public init(title: String, artist: String, color: String, image: String? = nil, squares: [Square] = []) {
            self.title = title
            self.artist = artist
            self.color = color
            self.image = image
            self.squares = squares
        }
    }

    /// One JPEG square of a resized cover: its side in pixels and its site path (`covers/…-384.jpg`).
    public struct Square: Sendable, Equatable {
        public var side: Int
        public var path: String

        public init(side: Int, path: String) {
            self.side = side
            self.path = path
        }
    }

    /// What a card leads with, when it has one: `Song of the year` over `Hype Boy`, with
    /// `NewJeans · 9 plays` under it and its cover (drawn round for an artist).
    public struct Headline: Sendable, Equatable {
        public var label: String
        public var title: String
        public var detail: String
        public var cover: Cover
        public var round: Bool

        public init(label: String, title: String, detail: String, cover: Cover, round: Bool = false) {
            self.label = label
            self.title = title
            self.detail = detail
            self.cover = cover
            self.round = round
        }
    }

    public enum Layout: Sendable, CaseIterable {
        /// 1200x630: `og:image`, link previews.
        case landscape
        /// 1080x1920: stories.
        case portrait

        /// In pixels.
        public var width: Int { self == .landscape ? 1200 : 1080 }
        public var height: Int { self == .landscape ? 630 : 1920 }
    }

    /// What is shown: `November 2026`, `Week of 17 Nov 2026`, `2026`.
    public var label: String
    /// Above the label: `Month in music`.
    public var kicker: String
    public var siteTitle: String
    /// `example.org/journal`; empty when the site has no absolute address.
    public var siteAddress: String
    /// Two to four are drawn; more are left out.
    public var figures: [Figure]
    /// Over the genre bar: `Top genres`.
    public var genresHeading: String
    /// In the order drawn, left to right; named under the bar as far as two rows go.
    public var genres: [Segment]
    /// At most four are drawn, the first largest.
    public var covers: [Cover]
    /// The `lang` of the text (`en`, `ko`), so the right glyphs are picked.
    public var language: String
    /// One or two headlines (the year's song and artist): drawn first, each with its cover,
    /// in place of the grid of covers.
    public var headlines: [Headline] = []

    public init(
        label: String, kicker: String, siteTitle: String, siteAddress: String, figures: [Figure],
        genresHeading: String, genres: [Segment], covers: [Cover], language: String
    ) {
        self.label = label
        self.kicker = kicker
        self.siteTitle = siteTitle
        self.siteAddress = siteAddress
        self.figures = figures
        self.genresHeading = genresHeading
        self.genres = genres
        self.covers = covers
        self.language = language
    }

    // MARK: Drawing

    static let fontFamily = "'Noto Sans', 'Noto Sans CJK KR', sans-serif"
    static let background = "#16161b"
    static let surface = "#23232b"
    static let text = "#ecebf0"
    static let muted = "#a9a7b3"
    static let accent = "#fb923c"

    /// The card as a standalone SVG document, `layout.width` x `layout.height` units.
    public func svg(_ layout: Layout) -> String {
        var canvas = CardCanvas(width: Double(layout.width), height: Double(layout.height))
        let glow = genres.first { $0.weight > 0 && $0.style != .noGenre }?.color ?? Self.accent
        canvas.defs +=
            "<radialGradient id=\"glow\" cx=\"0.92\" cy=\"0\" r=\"0.9\"><stop offset=\"0\" stop-color=\"\(glow)\" stop-opacity=\"0.38\"/><stop offset=\"1\" stop-color=\"\(glow)\" stop-opacity=\"0\"/></radialGradient>"
        canvas.defs +=
            "<linearGradient id=\"sheen\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.22\"/><stop offset=\"0.55\" stop-color=\"#ffffff\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0.28\"/></linearGradient>"
        canvas.body += "<rect width=\"100%\" height=\"100%\" fill=\"\(Self.background)\"/>"
        // The glow as a small image scaled up (`CardGlow`): the same picture at a fraction of the cost.
        canvas.body +=
            CardGlow.element(color: glow, width: layout.width, height: layout.height)
            ?? "<rect width=\"100%\" height=\"100%\" fill=\"url(#glow)\"/>"
        switch layout {
        case .landscape: headlines.isEmpty ? drawLandscape(&canvas) : drawLandscapeHeadlines(&canvas)
        case .portrait: headlines.isEmpty ? drawPortrait(&canvas) : drawPortraitHeadlines(&canvas)
        }
        return canvas.document(language: language)
    }

    private func drawLandscape(_ canvas: inout CardCanvas) {
        let margin = 64.0
        drawLandscapeHeader(&canvas)
        // Left column: what, the numbers, the genres.
        let column = 560.0
        canvas.text(kicker, x: margin, y: 180, size: 26, weight: 700, fill: Self.accent, maxWidth: column)
        canvas.fittedText(label, x: margin, y: 252, size: 64, minSize: 36, weight: 800, fill: Self.text, maxWidth: column)
        drawFigures(&canvas, x: margin, width: column, valueY: 356, labelY: 392, valueSize: 54, labelSize: 20)
        drawGenres(&canvas, x: margin, width: column, headingY: 452, barY: 468, barHeight: 26, legendY: 530, legendSize: 19, rows: 2)
        // Right: the covers.
        drawCovers(&canvas, x: 680, y: 126, size: 456, gap: 16)
    }

    private func drawPortrait(_ canvas: inout CardCanvas) {
        let margin = 84.0
        let width = 912.0
        drawPortraitHeader(&canvas)
        canvas.text(kicker, x: margin, y: 300, size: 40, weight: 700, fill: Self.accent, maxWidth: width)
        canvas.fittedText(label, x: margin, y: 404, size: 104, minSize: 52, weight: 800, fill: Self.text, maxWidth: width)
        drawCovers(&canvas, x: margin, y: 468, size: width, gap: 24)
        drawFigures(&canvas, x: margin, width: width, valueY: 1500, labelY: 1546, valueSize: 80, labelSize: 30)
        drawGenres(&canvas, x: margin, width: width, headingY: 1626, barY: 1648, barHeight: 40, legendY: 1738, legendSize: 28, rows: 2)
        drawPortraitFooter(&canvas)
    }

    /// The landscape card's first row: the site's mark and title, its address on the right.
    private func drawLandscapeHeader(_ canvas: inout CardCanvas) {
        let margin = 64.0
        let right = 1136.0
        let addressWidth = siteAddress.isEmpty ? 0 : CardText.width(siteAddress, size: 22) + 32
        canvas.mark(x: margin, y: 50, size: 44)
        canvas.text(siteTitle, x: margin + 58, y: 83, size: 26, weight: 700, fill: Self.text, maxWidth: right - margin - 58 - addressWidth)
        if !siteAddress.isEmpty {
            canvas.text(siteAddress, x: right, y: 83, size: 22, fill: Self.muted, anchor: "end", maxWidth: right - margin - 200)
        }
    }

    /// The portrait card's top (the site's mark and title) and foot (its address).
    private func drawPortraitHeader(_ canvas: inout CardCanvas) {
        let margin = 84.0
        let width = 912.0
        canvas.mark(x: margin, y: 104, size: 60)
        canvas.text(siteTitle, x: margin + 80, y: 148, size: 36, weight: 700, fill: Self.text, maxWidth: width - 80)
    }

    private func drawPortraitFooter(_ canvas: inout CardCanvas) {
        let width = 912.0
        if !siteAddress.isEmpty {
            canvas.text(siteAddress, x: 540, y: 1864, size: 30, fill: Self.muted, anchor: "middle", maxWidth: width)
        }
    }

    /// A card that leads with its headlines: the first one's cover fills the right half, both are
    /// named on the left (the second with its round cover), then the figures.
    private func drawLandscapeHeadlines(_ canvas: inout CardCanvas) {
        let margin = 64.0
        let column = 560.0
        drawLandscapeHeader(&canvas)
        canvas.text(kicker, x: margin, y: 162, size: 24, weight: 700, fill: Self.accent, maxWidth: column)
        canvas.fittedText(label, x: margin, y: 226, size: 60, minSize: 36, weight: 800, fill: Self.text, maxWidth: column)
        var top = 262.0
        for (index, headline) in headlines.prefix(2).enumerated() {
            // The first headline's cover is the big one on the right; the second's sits by its words.
            let indent = index == 0 ? 0.0 : 112.0
            if index > 0 { canvas.cover(headline.cover, x: margin, y: top + 4, size: 96, round: headline.round) }
            canvas.text(headline.label, x: margin + indent, y: top + 28, size: 19, weight: 700, fill: Self.muted, maxWidth: column - indent)
            canvas.fittedText(headline.title, x: margin + indent, y: top + 68, size: 36, minSize: 24, weight: 800, fill: Self.text, maxWidth: column - indent)
            canvas.text(headline.detail, x: margin + indent, y: top + 100, size: 21, fill: Self.muted, maxWidth: column - indent)
            top += 122
        }
        drawFigures(&canvas, x: margin, width: column, valueY: 552, labelY: 582, valueSize: 40, labelSize: 18)
        if let first = headlines.first {
            canvas.cover(first.cover, x: 680, y: 126, size: 456, round: first.round)
        }
    }

    private func drawPortraitHeadlines(_ canvas: inout CardCanvas) {
        let margin = 84.0
        let width = 912.0
        drawPortraitHeader(&canvas)
        canvas.text(kicker, x: margin, y: 290, size: 40, weight: 700, fill: Self.accent, maxWidth: width)
        canvas.fittedText(label, x: margin, y: 394, size: 104, minSize: 52, weight: 800, fill: Self.text, maxWidth: width)
        // Each headline: its cover on the left, its words beside it.
        var top = 452.0
        let side = 420.0
        let textX = margin + side + 40
        let textWidth = width - side - 40
        for headline in headlines.prefix(2) {
            canvas.cover(headline.cover, x: margin, y: top, size: side, round: headline.round)
            canvas.text(headline.label, x: textX, y: top + 150, size: 30, weight: 700, fill: Self.muted, maxWidth: textWidth)
            canvas.fittedText(headline.title, x: textX, y: top + 214, size: 56, minSize: 30, weight: 800, fill: Self.text, maxWidth: textWidth)
            canvas.text(headline.detail, x: textX, y: top + 262, size: 30, fill: Self.muted, maxWidth: textWidth)
            top += side + 44
        }
        drawFigures(&canvas, x: margin, width: width, valueY: 1470, labelY: 1516, valueSize: 80, labelSize: 30)
        drawGenres(&canvas, x: margin, width: width, headingY: 1610, barY: 1632, barHeight: 40, legendY: 1722, legendSize: 28, rows: 2)
        drawPortraitFooter(&canvas)
    }

    /// Up to four figures side by side, each as wide as its value or label, spread over `width`;
    /// values shrink together when they do not fit.
    private func drawFigures(_ canvas: inout CardCanvas, x: Double, width: Double, valueY: Double, labelY: Double, valueSize: Double, labelSize: Double) {
        let shown = Array(figures.prefix(4))
        guard !shown.isEmpty else { return }
        let minGap = labelSize * 1.4
        let labelRoom = (width - minGap * Double(shown.count - 1)) / Double(shown.count) * 1.3
        let labels = shown.map { CardText.truncated($0.label, size: labelSize, maxWidth: labelRoom) }
        func widths(_ size: Double) -> [Double] {
            zip(shown, labels).map { max(CardText.width($0.value, size: size, weight: 800), CardText.width($1, size: labelSize)) }
        }
        var size = valueSize
        while size > valueSize * 0.5, widths(size).reduce(0, +) + minGap * Double(shown.count - 1) > width { size -= 2 }
        let columns = widths(size)
        let gap = shown.count > 1 ? max(minGap, min(labelSize * 4, (width - columns.reduce(0, +)) / Double(shown.count - 1))) : 0
        var left = x
        for (index, figure) in shown.enumerated() {
            canvas.text(figure.value, x: left, y: valueY, size: size, weight: 800, fill: Self.text, maxWidth: x + width - left)
            canvas.text(labels[index], x: left, y: labelY, size: labelSize, fill: Self.muted, maxWidth: x + width - left)
            left += columns[index] + gap
        }
    }

    /// The genres as one bar of shares, with a legend under it of as many as `rows` rows hold.
    private func drawGenres(
        _ canvas: inout CardCanvas, x: Double, width: Double, headingY: Double, barY: Double, barHeight: Double,
        legendY: Double, legendSize: Double, rows: Int
    ) {
        let drawn = genres.filter { $0.weight > 0 }
        let total = drawn.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return }
        let f = SVGNumber.format
        canvas.text(genresHeading, x: x, y: headingY, size: legendSize * 0.95, weight: 700, fill: Self.muted, maxWidth: width)
        canvas.defs +=
            "<clipPath id=\"bar\"><rect x=\"\(f(x))\" y=\"\(f(barY))\" width=\"\(f(width))\" height=\"\(f(barHeight))\" rx=\"\(f(barHeight / 2))\"/></clipPath>"
        canvas.body +=
            "<rect x=\"\(f(x))\" y=\"\(f(barY))\" width=\"\(f(width))\" height=\"\(f(barHeight))\" rx=\"\(f(barHeight / 2))\" fill=\"\(Self.surface)\"/>"
        canvas.body += "<g clip-path=\"url(#bar)\">"
        var start = 0
        for segment in drawn {
            let left = x + width * Double(start) / Double(total)
            start += segment.weight
            let right = x + width * Double(start) / Double(total)
            canvas.body +=
                "<rect x=\"\(f(left))\" y=\"\(f(barY))\" width=\"\(f(right - left))\" height=\"\(f(barHeight))\" \(canvas.paint(segment)) stroke=\"\(Self.background)\" stroke-width=\"3\"/>"
        }
        canvas.body += "</g>"
        // Legend: swatch, name, share; the entries after the first that does not fit are left out.
        let swatch = legendSize * 0.8
        var lineX = x
        var row = 0
        for segment in drawn {
            let name = CardText.truncated(segment.name, size: legendSize, weight: 600, maxWidth: width * 0.45)
            let percent = Share.percent(segment.weight, of: total)
            let entryWidth = swatch + 10 + CardText.width(name, size: legendSize, weight: 600) + 10 + CardText.width(percent, size: legendSize) + 28
            if lineX + entryWidth > x + width + 28, lineX > x {
                row += 1
                lineX = x
            }
            guard row < rows else { break }
            let y = legendY + Double(row) * legendSize * 1.75
            canvas.body +=
                "<rect x=\"\(f(lineX))\" y=\"\(f(y - swatch + 1))\" width=\"\(f(swatch))\" height=\"\(f(swatch))\" rx=\"\(f(swatch / 4))\" \(canvas.paint(segment))/>"
            // One text, so the share follows the name as drawn, whatever the font's widths.
            canvas.body +=
                "<text x=\"\(f(lineX + swatch + 10))\" y=\"\(f(y))\" font-size=\"\(f(legendSize))\" font-weight=\"600\" fill=\"\(Self.text)\">\(Escape.xml(name))<tspan dx=\"\(f(legendSize * 0.5))\" font-weight=\"400\" fill=\"\(Self.muted)\">\(Escape.xml(percent))</tspan></text>"
            lineX += entryWidth
        }
    }

    /// One cover the whole square, or four in a grid (empty places drawn as quiet tiles).
    private func drawCovers(_ canvas: inout CardCanvas, x: Double, y: Double, size: Double, gap: Double) {
        let shown = Array(covers.prefix(4))
        if shown.count <= 1 {
            if let cover = shown.first {
                canvas.cover(cover, x: x, y: y, size: size)
            } else {
                canvas.emptyTile(x: x, y: y, size: size)
            }
            return
        }
        let tile = (size - gap) / 2
        for index in 0..<4 {
            let left = x + Double(index % 2) * (tile + gap)
            let top = y + Double(index / 2) * (tile + gap)
            if index < shown.count {
                canvas.cover(shown[index], x: left, y: top, size: tile)
            } else {
                canvas.emptyTile(x: left, y: top, size: tile)
            }
        }
    }
}

/// The SVG a card is drawn into: definitions (gradients, clips, patterns) and the body.
struct CardCanvas {
    let width: Double
    let height: Double
    var defs = ""
    var body = ""
    private var clips = 0
    private var patterns: [String: String] = [:]

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    func document(language: String) -> String {
        let f = SVGNumber.format
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" xml:lang=\"\(Escape.xml(language))\" font-family=\"\(ShareCard.fontFamily)\"><defs>\(defs)</defs>\(body)</svg>\n"
    }

    /// `text` at `size`, cut with `…` to `maxWidth` when given.
    mutating func text(_ text: String, x: Double, y: Double, size: Double, weight: Int = 400, fill: String, anchor: String = "start", maxWidth: Double? = nil) {
        let shown = maxWidth.map { CardText.truncated(text, size: size, weight: weight, maxWidth: $0) } ?? text
        guard !shown.isEmpty else { return }
        let f = SVGNumber.format
        let anchorAttribute = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        body +=
            "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" font-weight=\"\(weight)\" fill=\"\(fill)\"\(anchorAttribute)>\(Escape.xml(shown))</text>"
    }

    /// `text` at the largest size from `size` down to `minSize` that fits `maxWidth`, then cut.
    mutating func fittedText(_ text: String, x: Double, y: Double, size: Double, minSize: Double, weight: Int, fill: String, maxWidth: Double) {
        let natural = CardText.width(text, size: size, weight: weight)
        let fitted = natural <= maxWidth ? size : max(minSize, (size * maxWidth / natural).rounded(.down))
        self.text(text, x: x, y: y, size: fitted, weight: weight, fill: fill, maxWidth: maxWidth)
    }

    /// The site's mark (the favicon's record), `size` square at `x`, `y`.
    mutating func mark(x: Double, y: Double, size: Double) {
        let f = SVGNumber.format
        let cx = x + size / 2
        let cy = y + size / 2
        let unit = size / 64
        body += "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(30 * unit))\" fill=\"#000000\" stroke=\"#3a3a44\" stroke-width=\"\(f(1.5 * unit))\"/>"
        body +=
            "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(20 * unit))\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.25\" stroke-width=\"\(f(2 * unit))\"/>"
        body +=
            "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(12 * unit))\" fill=\"#d55e00\"/><circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(3 * unit))\" fill=\"#000000\"/>"
    }

    /// A cover, `size` square with rounded corners: its image, or drawn from its initials.
    mutating func cover(_ cover: ShareCard.Cover, x: Double, y: Double, size: Double, round: Bool = false) {
        let f = SVGNumber.format
        let radius = round ? size / 2 : max(6, size * 0.04)
        clips += 1
        let clip = "cover\(clips)"
        defs += "<clipPath id=\"\(clip)\"><rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(size))\" height=\"\(f(size))\" rx=\"\(f(radius))\"/></clipPath>"
        let square = "x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(size))\" height=\"\(f(size))\""
        body += "<g clip-path=\"url(#\(clip))\">"
        // The smallest square that fills the tile (a card is drawn at 1x), named, not embedded;
        // larger than the tile, it is shrunk to the tile's size first (`@220`), so librsvg draws
        // it without scaling (which cost more than the rest of a card with photo covers).
        let resized = cover.squares.first { Double($0.side) >= size } ?? cover.squares.last
        let exact = Int(size)
        let named = resized.map { square in
            CardArtwork.squareScheme + square.path + (square.side > exact && Double(exact) == size ? "@\(exact)" : "")
        }
        if let image = named ?? cover.image {
            body += "<rect \(square) fill=\"\(ShareCard.surface)\"/><image \(square) preserveAspectRatio=\"xMidYMid slice\" href=\"\(Escape.xml(image))\"/>"
        } else {
            body += "<rect \(square) fill=\"\(cover.color)\"/><rect \(square) fill=\"url(#sheen)\"/>"
            let initials = CoverArt.initials(of: cover.title)
            let wide = initials.unicodeScalars.first.map { $0.value >= 0x1100 } ?? false
            let initialsSize = size * (initials.count > 1 ? 0.34 : wide ? 0.4 : 0.46)
            body +=
                "<text x=\"\(f(x + size / 2))\" y=\"\(f(y + size * 0.5 + initialsSize * 0.36))\" font-size=\"\(f(initialsSize))\" font-weight=\"800\" fill=\"#ffffff\" fill-opacity=\"0.92\" text-anchor=\"middle\">\(Escape.xml(initials))</text>"
            if size >= 180, !round {
                let small = size * 0.068
                let inset = size * 0.07
                text(cover.title, x: x + inset, y: y + size - inset - small * 1.35, size: small, weight: 700, fill: "#ffffff", maxWidth: size - 2 * inset)
                text(cover.artist, x: x + inset, y: y + size - inset, size: small * 0.9, fill: "#ffffff", maxWidth: size - 2 * inset)
            }
        }
        body += "</g><rect \(square) rx=\"\(f(radius))\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.1\" stroke-width=\"2\"/>"
    }

    /// A place for a cover the period does not have.
    mutating func emptyTile(x: Double, y: Double, size: Double) {
        let f = SVGNumber.format
        body += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(size))\" height=\"\(f(size))\" rx=\"\(f(max(6, size * 0.04)))\" fill=\"\(ShareCard.surface)\"/>"
        body +=
            "<text x=\"\(f(x + size / 2))\" y=\"\(f(y + size * 0.62))\" font-size=\"\(f(size * 0.3))\" fill=\"\(ShareCard.muted)\" fill-opacity=\"0.35\" text-anchor=\"middle\">♪</text>"
    }

    /// The fill of a genre segment: its colour, striped, or translucent and dashed.
    mutating func paint(_ segment: ShareCard.Segment) -> String {
        switch segment.style {
        case .solid:
            return "fill=\"\(segment.color)\""
        case .noGenre:
            return "fill=\"\(segment.color)\" fill-opacity=\"0.4\""
        case .striped:
            let id: String
            if let known = patterns[segment.color] {
                id = known
            } else {
                id = "stripe\(patterns.count + 1)"
                patterns[segment.color] = id
                defs +=
                    "<pattern id=\"\(id)\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"\(segment.color)\"/><rect width=\"3\" height=\"8\" fill=\"\(ShareCard.background)\" fill-opacity=\"0.55\"/></pattern>"
            }
            return "fill=\"url(#\(id))\""
        }
    }
}

/// Text widths as Noto Sans draws them, estimated generously (SVG text is laid out by librsvg,
/// after the layout is decided), so text cut to a width never overflows it.
enum CardText {
    static func width(_ text: String, size: Double, weight: Int = 400) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20: ems += 0.27
            case 0x30...0x39: ems += 0.58
            case 0x41...0x5A: ems += 0.68
            case 0x69, 0x6A, 0x6C, 0x2E, 0x2C, 0x3A, 0x27, 0x7C: ems += 0.3
            case 0x6D, 0x77: ems += 0.88
            case 0x21...0x7E: ems += 0.56
            case 0x1100...: ems += 1.0
            default: ems += 0.62
            }
        }
        return ems * size * (weight >= 600 ? 1.07 : 1.0)
    }

    /// `text`, cut at a character boundary with `…` so it fits `maxWidth`.
    static func truncated(_ text: String, size: Double, weight: Int = 400, maxWidth: Double) -> String {
        guard width(text, size: size, weight: weight) > maxWidth else { return text }
        let room = maxWidth - width("…", size: size, weight: weight)
        var kept = ""
        var used = 0.0
        for character in text {
            let next = width(String(character), size: size, weight: weight)
            if used + next > room { break }
            kept.append(character)
            used += next
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept.isEmpty ? "" : kept + "…"
    }
}
