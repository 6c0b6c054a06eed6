/// The records of a zip archive checked against its size before ZIPFoundation reads it: its
/// in-memory reader traps when a record points past the end of the data (a truncated or damaged
/// download), so every place a record names is checked here first (found by ImportFuzz).
enum ZipStructure {
    /// Nil when every record of the archive lies inside it; else what is wrong.
    static func problem(_ bytes: [UInt8]) -> String? {
        let count = bytes.count
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> Int? { u16(at).flatMap { low in u16(at + 2).map { low | $0 << 16 } } }
        func u64(_ at: Int) -> Int? {
            guard let low = u32(at), let high = u32(at + 4), high < 1 << 30 else { return nil }
            return low | high << 32
        }
        let damaged = "not a readable zip archive: it is damaged or cut short (is the download complete?)"

        // The end of central directory record: the last one, in the final 64 KB and 22 bytes.
        guard count >= 22,
            let end = (max(0, count - 65_557)...(count - 22)).reversed()
                .first(where: { u32($0) == 0x0605_4B50 })
        else { return damaged }
        guard var entries = u16(end + 10), var directorySize = u32(end + 12), var directoryStart = u32(end + 16) else { return damaged }
        // ZIP64: the real numbers are in a record the locator just before points at.
        if entries == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryStart == 0xFFFF_FFFF {
            guard u32(end - 20) == 0x0706_4B50, let record = u64(end - 12), u32(record) == 0x0606_4B50,
                let zip64Entries = u64(record + 32), let zip64Size = u64(record + 40), let zip64Start = u64(record + 48)
            else { return damaged }
            (entries, directorySize, directoryStart) = (zip64Entries, zip64Size, zip64Start)
        }
        guard directoryStart + directorySize <= end else { return damaged }

        var at = directoryStart
        for _ in 0..<entries {
            guard u32(at) == 0x0201_4B50, let compressedSize = u32(at + 20), let uncompressedSize = u32(at + 24),
                let nameLength = u16(at + 28), let extraLength = u16(at + 30), let commentLength = u16(at + 32),
                var localHeader = u32(at + 42), at + 46 + nameLength + extraLength + commentLength <= directoryStart + directorySize
            else { return damaged }
            var compressed = compressedSize
            // ZIP64 sizes and offset, in this order, for each field that says 0xFFFFFFFF.
            if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF || localHeader == 0xFFFF_FFFF {
                var extra = at + 46 + nameLength
                let extraEnd = extra + extraLength
                var found = false
                while extra + 4 <= extraEnd, let id = u16(extra), let size = u16(extra + 2) {
                    if id == 0x0001 {
                        var field = extra + 4
                        if uncompressedSize == 0xFFFF_FFFF { field += 8 }
                        if compressedSize == 0xFFFF_FFFF {
                            guard let value = u64(field) else { return damaged }
                            compressed = value
                            field += 8
                        }
                        if localHeader == 0xFFFF_FFFF {
                            guard let value = u64(field) else { return damaged }
                            localHeader = value
                        }
                        found = true
                        break
                    }
                    extra += 4 + size
                }
                guard found else { return damaged }
            }
            guard u32(localHeader) == 0x0403_4B50, let localName = u16(localHeader + 26), let localExtra = u16(localHeader + 28),
                localHeader + 30 + localName + localExtra + compressed <= directoryStart
            else { return damaged }
            at += 46 + nameLength + extraLength + commentLength
        }
        return nil
    }
}
