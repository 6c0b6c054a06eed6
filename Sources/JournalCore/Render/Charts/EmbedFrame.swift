/// What a drawing needs around it to be a file of its own (`chart.svg`, `calendar.svg`,
/// `heatmap.svg`), embedded on a page that knows nothing of the journal: its title above it, the
/// legend of its colours below it, the site's title and address at its foot, and colours for
/// light and dark of its own. The page the drawing comes from says all this in HTML instead.
public struct EmbedFrame: Sendable {
    /// A colour of the legend, drawn as the charts draw it: a genre in its colour, `Other` in
    /// its grey, no genre translucent with a dashed outline.
    public struct LegendItem: Sendable, Equatable {
        public var name: String
        public var color: String
        public var kind: Genre.Kind

        public init(name: String, color: String, kind: Genre.Kind) {
            self.name = name
            self.color = color
            self.kind = kind
        }
    }

    /// What the drawing shows: `November 2026 · Genres · 42 tracks`.
    public var title: String
    /// The site's title.
    public var site: String
    /// The page's address without its scheme (`example.org/2026/11/`); nil when the base URL
    /// is a bare path, and the foot says the site's title alone.
    public var address: String?
    /// Where the foot links to: the page the drawing comes from.
    public var href: String
    public var legend: [LegendItem]

    public init(title: String, site: String, address: String?, href: String, legend: [LegendItem]) {
        self.title = title
        self.site = site
        self.address = address
        self.href = href
        self.legend = legend
    }

    // Geometry, in viewBox units.
    static let padding = 14.0
    static let titleSize = 17.0
    static let header = 44.0
    static let legendRow = 20.0
    static let footSize = 12.0
    static let foot = 30.0

    /// The `<title>` of the file: what it shows and where it comes from.
    public var documentTitle: String { "\(title) · \(site)" }

    /// The foot line: `Songs of the Day · example.org/2026/11/`, or the site's title alone.
    public var footText: String { address.map { "\(site) · \($0)" } ?? site }

    /// The file's size for a drawing of `bodyWidth` by `bodyHeight`.
    public func size(bodyWidth: Double, bodyHeight: Double) -> (width: Double, height: Double) {
        let width = bodyWidth + 2 * Self.padding
        let rows = legendRows(width: width).count
        let legendHeight = rows == 0 ? 0 : 6 + Self.legendRow * Double(rows)
        return (width, Self.header + bodyHeight + legendHeight + Self.foot)
    }

    /// The whole file, from `<?xml` on: `body` is the drawing as an `<svg>` element of
    /// `bodyWidth` by `bodyHeight` with a width and height of its own, and `style` its rules
    /// for light and dark.
    public func document(body: String, bodyWidth: Double, bodyHeight: Double, style: String) -> String {
        let f = SVGNumber.format
        let (width, height) = size(bodyWidth: bodyWidth, bodyHeight: bodyHeight)
        let inner = width - 2 * Self.padding
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"embed\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-labelledby=\"embed-title\">"
        svg += "<title id=\"embed-title\">\(Escape.xml(documentTitle))</title>"
        svg += "<style>\(Self.style)\(style)</style>"
        svg += "<rect class=\"embed-bg\" width=\"100%\" height=\"100%\" rx=\"10\"/>"
        let titleSize = Self.fitted(title, size: Self.titleSize, width: inner, weight: 0.7)
        svg +=
            "<text class=\"embed-title\" x=\"\(f(Self.padding))\" y=\"\(f(Self.padding + Self.titleSize * 0.85))\" font-size=\"\(f(titleSize))\">\(Escape.xml(title))</text>"
        svg += "<g transform=\"translate(\(f(Self.padding)) \(f(Self.header)))\">\(body)</g>"
        var y = Self.header + bodyHeight + 6
        for row in legendRows(width: width) {
            for item in row {
                svg +=
                    "<rect class=\"\(Self.swatchClass(item.item.kind))\" x=\"\(f(item.x))\" y=\"\(f(y + 3))\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(Escape.xml(item.item.color))\"/>"
                svg += "<text class=\"embed-legend\" x=\"\(f(item.x + 17))\" y=\"\(f(y + 13.5))\">\(Escape.xml(item.item.name))</text>"
            }
            y += Self.legendRow
        }
        let footSize = Self.fitted(footText, size: Self.footSize, width: inner, weight: 0.65)
        svg +=
            "<a href=\"\(Escape.xml(href))\"><text class=\"embed-foot\" x=\"\(f(Self.padding))\" y=\"\(f(height - 12))\" font-size=\"\(f(footSize))\">\(Escape.xml(footText))</text></a>"
        svg += "</svg>\n"
        return svg
    }

    static func swatchClass(_ kind: Genre.Kind) -> String {
        kind == .none ? "embed-swatch chart-seg-none" : "embed-swatch"
    }

    /// Legend items in rows that fit the file's width, each with its x.
    func legendRows(width: Double) -> [[(x: Double, item: LegendItem)]] {
        var rows: [[(x: Double, item: LegendItem)]] = []
        var row: [(x: Double, item: LegendItem)] = []
        var x = Self.padding
        for item in legend {
            let itemWidth = 17 + StackedBarChart.textWidth(item.name) + 16
            if x + itemWidth - 16 > width - Self.padding, !row.isEmpty {
                rows.append(row)
                row = []
                x = Self.padding
            }
            row.append((x, item))
            x += itemWidth
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// `size`, or smaller so that `text` fits `width` (`weight`: how wide a character is, in em).
    static func fitted(_ text: String, size: Double, width: Double, weight: Double) -> Double {
        let needed = StackedBarChart.textWidth(text, size: size) * weight / 0.65
        guard needed > width, needed > 0 else { return size }
        return max(7, (size * width / needed * 10).rounded(.down) / 10)
    }

    /// The frame's own rules; each drawing adds its own.
    static let style = """
        svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Apple SD Gothic Neo','Noto Sans KR',sans-serif}\
        .embed-bg{fill:#ffffff}.embed-title{fill:#1d1d22;font-weight:700}\
        .embed-legend{fill:#1d1d22;font-size:12px}.embed-foot{fill:#55535c}\
        .embed-swatch{stroke:#1d1d22;stroke-opacity:.25;stroke-width:1}\
        .embed-swatch.chart-seg-none{fill-opacity:.35;stroke:#8a8794;stroke-opacity:1;stroke-dasharray:3 2}\
        @media (prefers-color-scheme:dark){.embed-bg{fill:#17171c}.embed-title,.embed-legend{fill:#ecebf0}\
        .embed-foot{fill:#a9a7b3}.embed-swatch{stroke:#ecebf0}}
        """
}
