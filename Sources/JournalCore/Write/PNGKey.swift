/// The cache key a share card carries inside its PNG, as a `tEXt` chunk right after the header
/// (`journal-card` = the key): an entry of the card cache is used only when the key it carries is
/// the one asked for, so a renamed or swapped entry is drawn again, never published as another
/// period's card. Drawn and cached cards carry it alike, so both are the same bytes.
enum PNGKey {
    static let keyword = "journal-card"

    /// `png` with the chunk after its `IHDR`; `png` unchanged when it is not a PNG.
    static func insert(_ key: String, into png: [UInt8]) -> [UInt8] {
        // Signature (8 bytes), then IHDR: length 13, type, 13 bytes of data, CRC (25 bytes).
        guard png.count > 33, png.starts(with: signature), Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        let data = Array(keyword.utf8) + [0] + Array(key.utf8)
        let type = Array("tEXt".utf8)
        var chunk = bigEndian(UInt32(data.count)) + type + data
        chunk += bigEndian(CRC32.of(type + data))
        return Array(png[0..<33]) + chunk + Array(png[33...])
    }

    /// The key a PNG carries, or nil.
    static func read(_ png: [UInt8]) -> String? {
        guard png.count > 41, png.starts(with: signature), Array(png[37..<41]) == Array("tEXt".utf8) else { return nil }
        let length = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        guard length < 256, png.count >= 41 + length + 4 else { return nil }
        let data = Array(png[41..<41 + length])
        let prefix = Array(keyword.utf8) + [0]
        guard data.starts(with: prefix) else { return nil }
        let stored = Array(png[41 + length..<45 + length])
        guard stored == bigEndian(CRC32.of(Array("tEXt".utf8) + data)) else { return nil }
        return String(decoding: data.dropFirst(prefix.count), as: UTF8.self)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
