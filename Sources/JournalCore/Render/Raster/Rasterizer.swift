/// Why an SVG could not be drawn.
public struct RasterFailure: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// What draws share cards: SVG bytes and a pixel size in, JPEG bytes out. librsvg in every build;
/// tests wrap it to count the cards drawn, or replace it.
public struct Rasterizer: Sendable {
    /// Names the drawing code and its version: cached PNGs are kept by it, so a new librsvg (or a
    /// new way of drawing) never serves an image an older one drew.
    public var version: String
    /// Called once, on one thread, before cards are drawn on every core.
    public var prepare: @Sendable () -> Void
    public var draw: @Sendable (_ svg: [UInt8], _ width: Int, _ height: Int) throws(RasterFailure) -> [UInt8]

    public init(
        version: String, prepare: @escaping @Sendable () -> Void = {},
        draw: @escaping @Sendable (_ svg: [UInt8], _ width: Int, _ height: Int) throws(RasterFailure) -> [UInt8]
    ) {
        self.version = version
        self.prepare = prepare
        self.draw = draw
    }

    /// librsvg and cairo, with the system's fonts, encoded as JPEG by libvips.
    public static let librsvg = Rasterizer(
        version: "journal card 5, \(SVGRaster.version), \(Vips.cardVersion)", prepare: { SVGRaster.prepare() },
        draw: { svg, width, height throws(RasterFailure) in
            try SVGRaster.jpeg(svg: svg, width: width, height: height)
        })
}
