import CVips

/// Covers read and resized by libvips (Debian's libvips-dev): the only file that touches it,
/// so nothing else sees a pointer. libvips decodes JPEG, PNG and WebP itself, shrinks a JPEG
/// while it loads (a 3000 px cover is read at an eighth of its size when 384 px are wanted),
/// and is safe to call from every core at once.
enum Vips {
    /// libvips's version as linked at run time, and how covers are made from it: part of every
    /// cached cover's key, so a new libvips or new settings never serve an older image.
    static let version: String = {
        guard started else { return "libvips unavailable" }
        return "libvips \(vips_version(0)).\(vips_version(1)).\(vips_version(2)) covers 4 webp \(webpQuality) jpeg \(jpegQuality)"
    }()

    /// How cards are encoded: part of every cached card's key (`Rasterizer.librsvg`), and not of
    /// covers', so a change to cards never resizes a cover again.
    static var cardVersion: String { "\(version) cards \(cardQuality) baseline" }

    static let webpQuality: Int32 = 78
    static let jpegQuality: Int32 = 80

    /// libvips is started once per process, on first use.
    private static let started: Bool = journal_vips_start() == 0

    /// The image's size in pixels, read from its header only; nil when libvips does not read it
    /// as an image.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard started, !bytes.isEmpty else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        let status = bytes.withUnsafeBytes { buffer in
            journal_vips_size(buffer.baseAddress, buffer.count, &width, &height)
        }
        if status != 0 { _ = lastError() }
        return status == 0 && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    }

    /// Why the image in `bytes` cannot be shown (cut short, damaged), or nil when all of it
    /// decodes. The whole file is read, at the smallest scale a JPEG allows, so this costs a
    /// fraction of resizing it (`CoverSources` asks once per cover and keeps the answer).
    static func damage(_ bytes: [UInt8]) -> String? {
        guard started else { return "libvips could not be started" }
        let status = bytes.withUnsafeBytes { buffer in
            journal_vips_decodes(buffer.baseAddress, buffer.count)
        }
        return status == 0 ? nil : lastError() ?? "it cannot be decoded"
    }

    /// The image in `bytes` as red, green and blue bytes, row by row; for tests that compare
    /// what was drawn.
    static func rgb(_ bytes: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        guard started else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        var pointer: UnsafeMutableRawPointer?
        var size = 0
        let status = bytes.withUnsafeBytes { journal_vips_rgb($0.baseAddress, $0.count, &width, &height, &pointer, &size) }
        guard status == 0, let pointer else {
            _ = lastError()
            return nil
        }
        defer { g_free(pointer) }
        return (Int(width), Int(height), Array(UnsafeRawBufferPointer(start: pointer, count: size)))
    }

    /// A square JPEG shrunk to `side` pixels, as a JPEG of high quality: a cover as a card's tile
    /// shows it (the card is encoded again as a whole). Nil when it cannot be made.
    static func shrunkJPEG(_ bytes: [UInt8], side: Int) -> [UInt8]? {
        guard started else { return nil }
        var pointer: UnsafeMutableRawPointer?
        var length = 0
        let failed = bytes.withUnsafeBytes { buffer in
            journal_vips_tile_jpeg(buffer.baseAddress, buffer.count, Int32(side), 92, &pointer, &length)
        }
        guard failed == 0, let pointer else {
            _ = lastError()
            return nil
        }
        defer { g_free(pointer) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// One square of a cover, as WebP and, for some sides (`CoverSource.jpegSides`), as JPEG.
    struct Square: Sendable, Equatable {
        var side: Int
        var webp: [UInt8]
        var jpeg: [UInt8]?
    }

    /// The middle square of the image in `bytes`, shrunk to each of `sides` (never enlarged: a
    /// side larger than the image gives the image's own), as WebP, and as JPEG too for
    /// `jpegSides` (every side when nil). The image is decoded once, at the largest side; a
    /// truncated or damaged file is an error, not a grey square.
    static func squares(_ bytes: [UInt8], sides: [Int], jpegSides: [Int]? = nil) throws(RasterFailure) -> [Square] {
        guard started else { throw RasterFailure("libvips could not be started") }
        guard let largest = sides.max(), largest > 0 else { return [] }
        let decoded = bytes.withUnsafeBytes { buffer in
            journal_vips_square(buffer.baseAddress, buffer.count, Int32(largest))
        }
        guard let decoded else { throw RasterFailure(lastError() ?? "cannot read the image") }
        defer { g_object_unref(decoded) }
        var squares: [Square] = []
        for side in sides.sorted(by: >) {
            let image: UnsafeMutablePointer<VipsImage>
            if side >= Int(vips_image_get_width(decoded)) {
                image = decoded
                g_object_ref(decoded)
            } else {
                guard let shrunk = journal_vips_shrink(decoded, Int32(side)) else { throw RasterFailure(lastError() ?? "cannot shrink the image") }
                image = shrunk
            }
            defer { g_object_unref(image) }
            let made = Int(vips_image_get_width(image))
            var jpeg: [UInt8]?
            if jpegSides?.contains(side) ?? true { jpeg = try save(image, format: 1, quality: jpegQuality) }
            squares.append(Square(side: made, webp: try save(image, format: 0, quality: webpQuality), jpeg: jpeg))
        }
        return squares.reversed()
    }

    /// Share cards' quality, baseline: 1200x630 with four photo covers and text in about 45 KB, the
    /// text still clean. Measured on a 10-year journal's 673 cards: progressive at 68 made 28.8 MB
    /// in 5.5 s of CPU, baseline at 64 makes 28.5 MB in 2.6 s (68 against 72 saved another 2%).
    static let cardQuality: Int32 = 64

    /// A picture drawn by cairo (`width` x `height` 32-bit pixels, blue, green, red, unused) as
    /// a JPEG at `cardQuality`.
    static func jpeg(bgrx pixels: UnsafeRawPointer, width: Int, height: Int) throws(RasterFailure) -> [UInt8] {
        guard started else { throw RasterFailure("libvips could not be started") }
        var pointer: UnsafeMutableRawPointer?
        var length = 0
        guard journal_vips_jpeg_from_bgrx(pixels, Int32(width), Int32(height), cardQuality, &pointer, &length) == 0, let pointer else {
            throw RasterFailure(lastError() ?? "cannot encode the card")
        }
        defer { g_free(pointer) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    private static func save(_ image: UnsafeMutablePointer<VipsImage>, format: Int32, quality: Int32) throws(RasterFailure) -> [UInt8] {
        var pointer: UnsafeMutableRawPointer?
        var length = 0
        guard journal_vips_save(image, format, quality, &pointer, &length) == 0, let pointer else {
            throw RasterFailure(lastError() ?? "cannot encode the image")
        }
        defer { g_free(pointer) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// libvips's last message on one line, and cleared.
    private static func lastError() -> String? {
        guard let message = journal_vips_error() else { return nil }
        defer { g_free(message) }
        let text = String(cString: message).split(whereSeparator: \.isNewline).joined(separator: "; ")
        return text.isEmpty ? nil : text
    }
}
