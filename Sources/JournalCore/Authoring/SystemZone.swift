import Foundation

/// The system's time zone as an IANA name for `journal init` to write as `timezone`, read from
/// `TZ` the way POSIX reads it, where Foundation does not: a leading `:` (`:Asia/Seoul`), a path
/// into the zone database (`/usr/share/zoneinfo/Asia/Seoul`), offsets whose sign is west of
/// Greenwich (`GMT+12` is twelve hours *behind*, IANA's `Etc/GMT+12`, which Foundation would read
/// as `GMT+1200`, ahead), and rules (`CET-1CEST,M3.5.0,M10.5.0/3`: `POSIXZoneRule`), which name
/// the IANA zone with the same offsets and changes (docs/content-format.md, "journal init").
public enum SystemZone {
    /// The name for `TZ` (the process's own when nil), else Foundation's current zone; nil when
    /// `TZ` is set to something no IANA zone can be told from (a rule no zone keeps, a name
    /// nobody knows): then init writes no `timezone` and says so.
    public static func name(tz: String? = ProcessInfo.processInfo.environment["TZ"], now: Date = Date()) -> String? {
        guard var text = tz?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return TimeZone.current.identifier }
        if text.hasPrefix(":") { text.removeFirst() }
        if text.hasPrefix("/") {
            // A file: the zone of the database it leads to (`/etc/localtime` is usually a link
            // into it); else the system's own zone, which Foundation reads from the same file.
            let resolved = URL(fileURLWithPath: text).resolvingSymlinksInPath().path
            guard let range = resolved.range(of: "zoneinfo/") else { return TimeZone.current.identifier }
            text = String(resolved[range.upperBound...])
        }
        if let range = text.range(of: "zoneinfo/") { text = String(text[range.upperBound...]) }
        if let offset = posixOffset(text) { return offset }
        if TimeZone(identifier: text) != nil, text.contains("/") || text == "UTC" || text == "GMT" { return text }
        if let rule = POSIXZoneRule(text) { return zone(keeping: rule, named: text, now: now) }
        // A zone's old name without a region (`Japan`, `Singapore`): not an abbreviation (`JST`,
        // `IST`), which POSIX reads as UTC and Foundation on Linux takes as a zone of its own.
        return isDatabaseZone(text) ? text : nil
    }

    /// Whether `name` is a zone of the IANA database: Foundation knows it, and the database has
    /// its file (Foundation on Linux also takes abbreviations such as `IST`, which are not zones
    /// and mean different places).
    static func isDatabaseZone(_ name: String, database: String = "/usr/share/zoneinfo") -> Bool {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains(".."), TimeZone(identifier: name) != nil else { return false }
        if TimeZone.knownTimeZoneIdentifiers.contains(name) { return true }
        var status = stat()
        return stat(database + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `tz` is a POSIX rule (`JST-9`) rather than a zone's name: init then says which zone
    /// it took for it.
    public static func isRule(_ tz: String?) -> Bool {
        guard let tz, !tz.hasPrefix(":"), posixOffset(tz) == nil else { return false }
        return POSIXZoneRule(tz) != nil
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

    /// The IANA zone that keeps `rule`: for a whole number of hours and no daylight-saving time,
    /// `Etc/GMT-9` and its kind, exact by definition; otherwise a zone of the database's own list
    /// (zone1970.tab) whose offsets and changes are the rule's, at every change and every week,
    /// this year and the four after it. A zone the rule names itself comes first where the
    /// database has one that keeps it (`EST5EDT`, `CET` of `CET-1CEST,…`): it is what the writer
    /// chose. Of several others, the one that has kept the rule the longest back, then the first
    /// by name: the same answer on every machine with the same tzdata.
    static func zone(keeping rule: POSIXZoneRule, named text: String = "", now: Date) -> String? {
        if rule.daylight == nil, rule.standard % 3600 == 0, (-12...14).contains(rule.standard / 3600) {
            let hours = rule.standard / 3600
            let name = hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
            return TimeZone(identifier: name) != nil ? name : nil
        }
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: now).year ?? 2026
        let whole = String(text.prefix { $0 != "," })
        let standardName = String(text.prefix { $0.isASCII && $0.isLetter })
        for name in [whole, standardName] where name.count >= 3 && name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            if isDatabaseZone(name), let zone = TimeZone(identifier: name), keeps(zone, rule, years: year...(year + 4)) { return name }
        }
        let matching = candidates().compactMap(TimeZone.init(identifier:)).filter { keeps($0, rule, years: year...(year + 4)) }
        let ranked = matching.map { zone in
            var back = 0
            while back < 60, keeps(zone, rule, years: (year - back - 1)...(year - back - 1)) { back += 1 }
            return (zone.identifier, back)
        }
        return ranked.min { ($1.1, $0.0) < ($0.1, $1.0) }?.0
    }

    /// Whether `zone` has `rule`'s offsets at each of its changes (just before and at it) and at
    /// every week of `years`.
    static func keeps(_ zone: TimeZone, _ rule: POSIXZoneRule, years: ClosedRange<Int>) -> Bool {
        let changes = rule.changes(in: (years.lowerBound - 1)...(years.upperBound))
        let start = POSIXZoneRule.epochDay(year: years.lowerBound, month: 1, day: 1) * 86_400
        let end = POSIXZoneRule.epochDay(year: years.upperBound + 1, month: 1, day: 1) * 86_400
        func offset(_ instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))) }
        // A quick look first: most zones differ at the start.
        guard offset(start) == rule.offset(at: start, changes: changes) else { return false }
        for change in changes where (start..<end).contains(change.at) {
            guard offset(change.at) == change.offset, offset(change.at - 1) == rule.offset(at: change.at - 1, changes: changes) else { return false }
        }
        for instant in stride(from: start, to: end, by: 7 * 86_400) where offset(instant) != rule.offset(at: instant, changes: changes) {
            return false
        }
        return true
    }

    /// The zones the database lists as places (zone1970.tab, else zone.tab), not its links and
    /// old names; Foundation's whole list when neither file is there.
    static func candidates() -> [String] {
        for file in ["/usr/share/zoneinfo/zone1970.tab", "/usr/share/zoneinfo/zone.tab"] {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let names = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                guard !line.hasPrefix("#") else { return nil }
                let fields = line.split(separator: "\t")
                return fields.count >= 3 ? String(fields[2]) : nil
            }
            if !names.isEmpty { return names.sorted() }
        }
        return TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }.sorted()
    }
}
