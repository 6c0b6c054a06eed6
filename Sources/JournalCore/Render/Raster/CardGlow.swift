import CVips
import Foundation

/// A share card's background glow, a radial gradient of its top genre's colour from the top
/// right corner, drawn once per colour and size as a small PNG that librsvg scales up.
///
/// Drawn by librsvg as an SVG `radialGradient`, the glow cost pixman a fifth of the CPU of
/// drawing every card (a square root per pixel of every card). A gradient this smooth loses
/// nothing when sampled every `cell` pixels and scaled up bilinearly. The card's SVG names the
/// glow (`journal-glow:RRGGBB`, so its cache key stays short) and `resolve` puts the image in
/// only when the card is drawn.
enum CardGlow {
    static let scheme = "journal-glow:"
    /// Pixels of the card per pixel of the glow image.
    static let cell = 10
    /// The image reaches a cell past each edge, so its scaled-up border falls outside the card.
    static let margin = 10

    /// Where the glow is and how strong, in the card's bounding box (as the gradient had it).
    static let centre = (x: 0.92, y: 0.0), radius = 0.9, opacity = 0.38
    static let background = (r: 0x16, g: 0x16, b: 0x1B)

    /// The `<image>` of the glow of `color` (`#rrggbb`) over a `width` x `height` card; nil for
    /// a colour that is not `#rrggbb` (the card then draws the gradient itself).
    static func element(color: String, width: Int, height: Int) -> String? {
        guard rgb(color) != nil else { return nil }
        return
            "<image x=\"-\(margin)\" y=\"-\(margin)\" width=\"\(width + 2 * margin)\" height=\"\(height + 2 * margin)\" preserveAspectRatio=\"none\" href=\"\(scheme)\(color.dropFirst().lowercased())-\(width)x\(height)\"/>"
    }

    /// `svg` with each glow it names as a `data:` URI; nil when one cannot be made.
    static func resolve(_ svg: [UInt8]) -> [UInt8]? {
        CardDrawing.replacing(scheme, in: svg, address: dataURI)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: String] = [:]

    /// The PNG of `rrggbb-WIDTHxHEIGHT`, as a `data:` URI, made once per process.
    static func dataURI(_ name: String) -> String? {
        if let uri = lock.withLock({ made[name] }) { return uri }
        let parts = name.split(separator: "-")
        guard parts.count == 2, let color = rgb("#" + parts[0]) else { return nil }
        let size = parts[1].split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, size[0] > 0, size[1] > 0, size[0] <= 4096, size[1] <= 4096 else { return nil }
        guard let png = png(color: color, width: size[0], height: size[1]) else { return nil }
        let uri = "data:image/png;base64," + Data(png).base64EncodedString()
        lock.withLock { made[name] = uri }
        return uri
    }

    /// The glow over a `width` x `height` card, a pixel every `cell`, `margin` past each edge.
    static func png(color: (r: Int, g: Int, b: Int), width: Int, height: Int) -> [UInt8]? {
        let columns = (width + 2 * margin) / cell
        let rows = (height + 2 * margin) / cell
        var pixels = [UInt8](repeating: 0, count: columns * rows * 3)
        let (w, h) = (Double(width), Double(height))
        for row in 0..<rows {
            for column in 0..<columns {
                let x = (Double(column) + 0.5) * Double(cell) - Double(margin)
                let y = (Double(row) + 0.5) * Double(cell) - Double(margin)
                let dx = (x - centre.x * w) / (radius * w)
                let dy = (y - centre.y * h) / (radius * h)
                let alpha = opacity * max(0, 1 - (dx * dx + dy * dy).squareRoot())
                let at = (row * columns + column) * 3
                for (offset, (over, under)) in [(color.r, background.r), (color.g, background.g), (color.b, background.b)].enumerated() {
                    pixels[at + offset] = UInt8(max(0, min(255, (Double(over) * alpha + Double(under) * (1 - alpha)).rounded())))
                }
            }
        }
        var pointer: UnsafeMutableRawPointer?
        var length = 0
        let status = pixels.withUnsafeBytes { journal_vips_png_from_rgb($0.baseAddress, Int32(columns), Int32(rows), &pointer, &length) }
        guard status == 0, let pointer else { return nil }
        defer { g_free(pointer) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// Red, green and blue of `#rrggbb`.
    static func rgb(_ color: String) -> (r: Int, g: Int, b: Int)? {
        let hex = Array(color.utf8)
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"), let value = Int(String(decoding: hex[1...], as: UTF8.self), radix: 16) else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }
}
