import Foundation

/// The system's time zone as an IANA name for `journal init` to write as `timezone`, read from
/// `TZ` the way POSIX reads it, where Foundation does not: a leading `:` (`:Asia/Seoul`), a path
/// into the zone database (`/usr/share/zoneinfo/Asia/Seoul`), and offsets whose sign is west of
/// Greenwich (`GMT+12` is twelve hours *behind*, IANA's `Etc/GMT+12`, which Foundation would read
/// as `GMT+1200`, ahead).
public enum SystemZone {
    /// The name for `TZ` (the process's own when nil), else Foundation's current zone.
    public static func name(tz: String? = ProcessInfo.processInfo.environment["TZ"]) -> String {
        guard var text = tz?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return TimeZone.current.identifier }
        if text.hasPrefix(":") { text.removeFirst() }
        if let range = text.range(of: "zoneinfo/") { text = String(text[range.upperBound...]) }
        if let offset = posixOffset(text) { return offset }
        if TimeZone(identifier: text) != nil, text.contains("/") || text == "UTC" || text == "GMT" { return text }
        return TimeZone.current.identifier
    }

    /// `GMT+12`, `UTC-3`, `GMT0` as IANA's `Etc/GMT+12`, `Etc/GMT-3`, `Etc/GMT` (the same sign:
    /// both count hours west of Greenwich); nil for anything else.
    static func posixOffset(_ text: String) -> String? {
        for prefix in ["GMT", "UTC"] where text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            if rest.isEmpty { return nil }
            if rest == "0" || rest == "+0" || rest == "-0" { return "Etc/GMT" }
            guard let sign = rest.first, sign == "+" || sign == "-", let hours = Int(rest.dropFirst()),
                rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            guard sign == "+" ? (1...12).contains(hours) : (1...14).contains(hours) else { return nil }
            let name = "Etc/GMT\(sign)\(hours)"
            return TimeZone(identifier: name) != nil ? name : nil
        }
        return nil
    }
}
