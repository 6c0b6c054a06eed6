import Foundation
import Testing

@testable import JournalCore

/// Covers' colours (docs/content-format.md, "Covers"): a cover that carries a colour profile
/// (Display P3 from a phone, Adobe RGB from a scanner) is converted to sRGB when resized, so it
/// looks as its maker meant; one without is sRGB already and left as it is.
@Suite struct CoverColourTests {
    /// An RGB matrix-and-curve ICC profile (version 2) with the sRGB primaries of `red`, `green`
    /// and `blue` (D50, as profiles give them): with red and green swapped, a pure red pixel
    /// means sRGB's green.
    static func profile(red: [Double], green: [Double], blue: [Double]) -> [UInt8] {
        func u32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func fixed(_ value: Double) -> [UInt8] { u32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
        func xyz(_ values: [Double]) -> [UInt8] { Array("XYZ ".utf8) + u32(0) + values.flatMap(fixed) }
        let curve = Array("curv".utf8) + u32(0) + u32(1) + [0x02, 0x33, 0, 0]  // gamma 2.2, padded
        let text = "swapped primaries"
        let description =
            Array("desc".utf8) + u32(0) + u32(UInt32(text.utf8.count + 1)) + Array(text.utf8) + [0]
            + u32(0) + u32(0) + [0, 0, 0] + [UInt8](repeating: 0, count: 67)
        let tags: [(String, [UInt8])] = [
            ("desc", description), ("wtpt", xyz([0.9642, 1.0, 0.8249])), ("rXYZ", xyz(red)), ("gXYZ", xyz(green)),
            ("bXYZ", xyz(blue)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var table: [UInt8] = u32(UInt32(tags.count))
        var data: [UInt8] = []
        let start = 128 + 4 + tags.count * 12
        for (signature, bytes) in tags {
            while data.count % 4 != 0 { data.append(0) }
            table += Array(signature.utf8) + u32(UInt32(start + data.count)) + u32(UInt32(bytes.count))
            data += bytes
        }
        while data.count % 4 != 0 { data.append(0) }
        let size = start + data.count
        var header = u32(UInt32(size)) + u32(0) + u32(0x0210_0000) + Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12)
        header += Array("acsp".utf8) + [UInt8](repeating: 0, count: 24) + u32(0) + fixed(0.9642) + fixed(1.0) + fixed(0.8249)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + table + data
    }

    /// `jpeg` with `profile` embedded (an APP2 `ICC_PROFILE` segment after the start marker).
    static func embedding(_ profile: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = body.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg.dropFirst(2))
    }

    static let sRGB = (red: [0.4361, 0.2225, 0.0139], green: [0.3851, 0.7169, 0.0971], blue: [0.1431, 0.0606, 0.7141])

    /// The middle pixel of a square of `cover`, as a build resizes it.
    static func middle(of cover: [UInt8]) throws -> [UInt8] {
        let square = try #require(try Vips.squares(cover, sides: [96]).first)
        let decoded = try #require(Vips.rgb(square.webp))
        let middle = (decoded.height / 2 * decoded.width + decoded.width / 2) * 3
        return Array(decoded.pixels[middle..<middle + 3])
    }

    @Test func aCoverWithAProfileIsShownInSRGBAndOneWithoutAsItIs() throws {
        let red = try SVGRaster.png(
            svg: Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="red"/></svg>"#.utf8),
            width: 200, height: 200)
        let plain = try #require(try Vips.squares(red, sides: [200]).first?.jpeg)
        let asIs = try Self.middle(of: plain)
        #expect(asIs[0] > 230 && asIs[1] < 40 && asIs[2] < 40, "\(asIs)")

        // The same pixels, said by their profile to be green.
        let swapped = Self.embedding(Self.profile(red: Self.sRGB.green, green: Self.sRGB.red, blue: Self.sRGB.blue), in: plain)
        let converted = try Self.middle(of: swapped)
        #expect(converted[1] > 200 && converted[0] < 60 && converted[2] < 60, "\(converted)")

        // A profile with sRGB's primaries (and a plain 2.2 curve) changes little.
        let same = Self.embedding(Self.profile(red: Self.sRGB.red, green: Self.sRGB.green, blue: Self.sRGB.blue), in: plain)
        let kept = try Self.middle(of: same)
        #expect(zip(kept, asIs).allSatisfy { abs(Int($0) - Int($1)) <= 16 }, "\(kept) against \(asIs)")
    }

    /// A PNG of `width` x `height` pixels of `color type` and `depth`, its rows given whole
    /// (stored, not compressed: zlib allows it).
    static func png(width: Int, height: Int, colorType: UInt8, depth: UInt8, row: [UInt8]) -> [UInt8] {
        func u32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            u32(UInt32(data.count)) + Array(type.utf8) + data + u32(CRC32.of(Array(type.utf8) + data))
        }
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + row }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let length = UInt16(raw.count)
        let inverse = ~UInt16(raw.count)
        var zlib: [UInt8] = [0x78, 0x01, 1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(inverse & 0xFF), UInt8(inverse >> 8)]
        zlib += raw
        zlib += u32(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", u32(UInt32(width)) + u32(UInt32(height)) + [depth, colorType, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// Grey, grey with alpha and 16-bit covers come out as the 8-bit sRGB squares they look like.
    @Test func greyAndSixteenBitCoversLookAsTheyShould() throws {
        // 16-bit red (65535, 0, 0), 20 x 20.
        let deepRed = Self.png(width: 20, height: 20, colorType: 2, depth: 16, row: ([0xFF, 0xFF, 0, 0, 0, 0] as [UInt8]).repeated(20))
        let red = try Self.middle(of: deepRed)
        #expect(red[0] > 230 && red[1] < 30 && red[2] < 30, "\(red)")
        // Grey 64, 20 x 20.
        let grey = try Self.middle(of: Self.png(width: 20, height: 20, colorType: 0, depth: 8, row: [UInt8](repeating: 64, count: 20)))
        #expect(grey.allSatisfy { abs(Int($0) - 64) <= 8 }, "\(grey)")
        // Black at half opacity, on the page's white: mid grey.
        let veiled = try Self.middle(of: Self.png(width: 20, height: 20, colorType: 4, depth: 8, row: ([0, 128] as [UInt8]).repeated(20)))
        #expect(veiled.allSatisfy { abs(Int($0) - 127) <= 10 }, "\(veiled)")
    }
}

extension Array {
    fileprivate func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
