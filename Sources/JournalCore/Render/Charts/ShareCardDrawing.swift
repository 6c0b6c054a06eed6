/// How a share card is drawn: its two layouts, each as SVG for the rasteriser.
extension ShareCard {
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
