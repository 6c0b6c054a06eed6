import CRsvg
import Foundation

/// SVG to PNG through librsvg and cairo. The only file that touches them: nothing else sees a
/// pointer.
///
/// Each call has a handle and a surface of its own, so calls run on every core at once (librsvg
/// handles are single-threaded but independent; pango keeps a font map per thread). The first
/// text drawn loads fontconfig's configuration and font list, process-wide: `prepare()` does it
/// once, on one thread, before cards are drawn in parallel.
enum SVGRaster {
    /// librsvg's and cairo's versions as linked at run time: a new one may draw differently, so
    /// it is part of every cached card's key.
    static let version: String = {
        "librsvg \(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version) cairo \(String(cString: cairo_version_string()))"
    }()

    /// Draws a little text once, so fontconfig and pango are set up before any parallel work.
    static func prepare() { _ = prepared }

    private static let prepared: Void = {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><text y=\"8\" font-family=\"Noto Sans, Noto Sans CJK KR, sans-serif\">a가</text></svg>"
        _ = try? png(svg: Array(svg.utf8), width: 8, height: 8)
    }()

    /// `svg` drawn onto an opaque `width` x `height` pixel image (its viewport scaled to fit), as
    /// PNG bytes. No file or network is ever read: only `data:` images inside `svg` are drawn.
    static func png(svg: [UInt8], width: Int, height: Int) throws(RasterFailure) -> [UInt8] {
        try draw(svg: svg, width: width, height: height) { surface throws(RasterFailure) in
            let sink = ByteSink()
            let unmanaged = Unmanaged.passRetained(sink)
            defer { unmanaged.release() }
            let status = cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, unmanaged.toOpaque())
            guard status == CAIRO_STATUS_SUCCESS else { throw RasterFailure("cannot write the PNG: \(String(cString: cairo_status_to_string(status)))") }
            return sink.bytes
        }
    }

    /// `svg` drawn like `png`, as a JPEG (libvips encodes it: a share card with photos and
    /// gradients is a third of its PNG's size, and every link preview accepts it).
    static func jpeg(svg: [UInt8], width: Int, height: Int) throws(RasterFailure) -> [UInt8] {
        try draw(svg: svg, width: width, height: height) { surface throws(RasterFailure) in
            guard let data = cairo_image_surface_get_data(surface) else { throw RasterFailure("cannot read the drawn image") }
            let stride = Int(cairo_image_surface_get_stride(surface))
            // RGB24 is one native-endian 32-bit word per pixel, 0x00RRGGBB: blue, green, red,
            // unused in memory on a little-endian machine, and rows without padding at 4 bytes
            // a pixel.
            guard stride == width * 4, UInt32(1).littleEndian == 1 else { throw RasterFailure("unexpected pixel layout (stride \(stride))") }
            return try Vips.jpeg(bgrx: UnsafeRawPointer(data), width: width, height: height)
        }
    }

    /// `svg` drawn like `png`, as one byte of brightness (0 black, 255 white) per pixel, row by
    /// row: for tests that look at what was drawn.
    static func brightness(svg: [UInt8], width: Int, height: Int) throws(RasterFailure) -> [UInt8] {
        try draw(svg: svg, width: width, height: height) { surface in
            guard let data = cairo_image_surface_get_data(surface) else { return [] }
            let stride = Int(cairo_image_surface_get_stride(surface))
            var values: [UInt8] = []
            values.reserveCapacity(width * height)
            for row in 0..<height {
                for column in 0..<width {
                    // RGB24: one native-endian 32-bit word per pixel, 0x00RRGGBB.
                    let pixel = (data + row * stride + column * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                    let sum = (pixel >> 16 & 0xFF) + (pixel >> 8 & 0xFF) + (pixel & 0xFF)
                    values.append(UInt8(sum / 3))
                }
            }
            return values
        }
    }

    /// Draws `svg` onto a white `width` x `height` image and hands the image to `output`.
    private static func draw(
        svg: [UInt8], width: Int, height: Int,
        _ output: (OpaquePointer) throws(RasterFailure) -> [UInt8]
    ) throws(RasterFailure) -> [UInt8] {
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { throw RasterFailure("bad image size \(width)x\(height)") }
        var error: UnsafeMutablePointer<GError>?
        let made = svg.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle = made else { throw failure("cannot read the SVG", error) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw RasterFailure("cannot make a \(width)x\(height) image")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw RasterFailure("cannot make a \(width)x\(height) image")
        }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)

        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else { throw failure("cannot draw the SVG", error) }
        cairo_surface_flush(surface)

        return try output(surface)
    }

    /// The message of a GError, which is freed.
    private static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> RasterFailure {
        guard let error else { return RasterFailure(what) }
        defer { g_error_free(error) }
        return RasterFailure("\(what): \(error.pointee.message.map { String(cString: $0) } ?? "unknown error")")
    }

    /// Where cairo's PNG writer puts its bytes.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
