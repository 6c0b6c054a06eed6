import Foundation

/// Instants as exports write them, in Unix seconds.
enum ImportTime {
    /// `2024-01-31T23:59:59Z` (fractions and `+00:00` accepted).
    static func iso8601(_ text: String) -> Int64? {
        // Exports write `2024-01-31T23:59:59Z` half a million times: read off the bytes, no copy.
        if let seconds = text.utf8.withContiguousStorageIfAvailable(plainUTC) ?? nil { return seconds }
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let clock = clock(bytes[11..<19])
        else { return nil }
        var seconds = Int64(date.dayNumber) * 86_400 + clock
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") { rest = rest.drop(while: { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }) }
        if rest.isEmpty || rest.elementsEqual("Z".utf8) { return seconds }
        guard rest.count == 6, let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let hours = Int(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self)),
            let minutes = Int(String(decoding: rest.suffix(2), as: UTF8.self))
        else { return nil }
        let offset = Int64(hours * 3600 + minutes * 60)
        seconds -= sign == UInt8(ascii: "+") ? offset : -offset
        return seconds
    }

    /// Exactly `YYYY-MM-DDTHH:MM:SSZ`, digits where digits go; nil for anything else, which
    /// `iso8601` reads the longer way.
    private static func plainUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<from + count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let h = number(11, 2), let m = number(14, 2),
            let s = number(17, 2), h < 24, m < 60, s <= 60, let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        return Int64(date.dayNumber) * 86_400 + Int64(h * 3600 + m * 60 + s)
    }

    /// `2024-01-31 23:59`, UTC.
    static func minuteUTC(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let clock = clock(Array(bytes[11..<16]) + Array(":00".utf8))
        else { return nil }
        return Int64(date.dayNumber) * 86_400 + clock
    }

    /// `HH:MM:SS` as seconds of the day.
    private static func clock(_ bytes: some Collection<UInt8>) -> Int64? {
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: ":")
        guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]),
            (0..<24).contains(h), (0..<60).contains(m), (0...60).contains(s)
        else { return nil }
        return Int64(h * 3600 + m * 60 + s)
    }
}
