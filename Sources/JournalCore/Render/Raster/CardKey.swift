import CPlatform

/// The cache key a share card carries inside its JPEG, as a comment segment right after the
/// start of the image (`journal-card=`, the key, ` crc=` and the CRC-32 of every byte after the
/// comment): an entry of the card cache is used only when the key it carries is the one asked
/// for and the rest of the file is the one drawn, so a renamed, swapped or altered entry (a card
/// rewritten in place through the site, which links it) is drawn again, never published. Drawn
/// and cached cards carry it alike, so both are the same bytes.
enum CardKey {
    static let prefix = Array("journal-card=".utf8)
    static let crcPrefix = Array(" crc=".utf8)

    /// `jpeg` with the comment after its start marker; `jpeg` unchanged when it is not a JPEG.
    static func insert(_ key: String, into jpeg: [UInt8]) -> [UInt8] {
        guard jpeg.count > 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        let rest = Array(jpeg[2...])
        let text = prefix + Array(key.utf8) + crcPrefix + Array(String(CRC32.of(rest)).utf8)
        let length = text.count + 2
        guard length <= 0xFFFF else { return jpeg }
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + text + rest
    }

    /// The key a JPEG carries when every byte after its comment is the one it was made with; nil
    /// otherwise.
    static func read(_ jpeg: [UInt8]) -> String? {
        guard jpeg.count > 6, jpeg[0] == 0xFF, jpeg[1] == 0xD8, jpeg[2] == 0xFF, jpeg[3] == 0xFE else { return nil }
        let length = Int(jpeg[4]) << 8 | Int(jpeg[5])
        guard length >= 2 + prefix.count, jpeg.count >= 4 + length else { return nil }
        let text = Array(jpeg[6..<4 + length])
        guard text.starts(with: prefix), let mark = text.firstRange(of: crcPrefix),
            let crc = UInt32(String(decoding: text[mark.upperBound...], as: UTF8.self)),
            CRC32.of(Array(jpeg[(4 + length)...])) == crc
        else { return nil }
        return String(decoding: text[prefix.count..<mark.lowerBound], as: UTF8.self)
    }

    /// A JPEG of that size that was written to its end (it ends with the end-of-image marker).
    static func isWholeJPEG(_ bytes: [UInt8], width: Int, height: Int) -> Bool {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes.suffix(2).elementsEqual([0xFF, 0xD9]),
            let size = CardArtwork.jpegSize(bytes)
        else { return false }
        return size == (width, height)
    }
}

/// CRC-32 as PNG chunks and zip use it (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { journal_crc32($0.baseAddress, $0.count) }
    }

    /// The same, a byte at a time in Swift: what `of` must agree with (tests).
    static func bytewise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// `value` as four bytes, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
