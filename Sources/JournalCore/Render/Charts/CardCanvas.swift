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
            CoverSquares.scheme + square.path + (square.side > exact && Double(exact) == size ? "@\(exact)" : "")
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
