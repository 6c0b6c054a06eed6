import Foundation

/// What "today" is for a build, an input like any file (docs/content-format.md, "Statistics"):
/// the machine's clock, or a fixed instant or date for a build that must come out the same
/// whenever it runs. It is read once per build and becomes a date in the journal's `timezone`.
public enum BuildDay: Sendable, Equatable {
    /// The clock when the build starts.
    case clock
    /// A fixed instant (`SOURCE_DATE_EPOCH`), a date once placed in the journal's time zone.
    case instant(Date)
    /// A fixed date (`JOURNAL_TODAY`), whatever the time zone.
    case date(CalendarDate)

    /// The date this stands for in `timezone` (an IANA name; the system's zone when nil).
    public func date(timezone: String?) -> CalendarDate {
        switch self {
        case .clock: return Today.date(now: Date(), timezone: timezone)
        case .instant(let instant): return Today.date(now: instant, timezone: timezone)
        case .date(let date): return date
        }
    }

    /// A value of the environment that cannot be read, said as a usage error.
    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
    }

    /// The build's today as the environment sets it: `JOURNAL_TODAY=YYYY-MM-DD` first, else
    /// `SOURCE_DATE_EPOCH` (Unix seconds, the reproducible-builds convention), else the clock.
    /// An empty value counts as unset; anything else that is not one of those is refused.
    public static func from(environment: [String: String]) -> Result<BuildDay, Refusal> {
        if let text = environment["JOURNAL_TODAY"], !text.isEmpty {
            guard let date = CalendarDate(iso: text) else {
                return .failure(
                    Refusal(
                        message: "JOURNAL_TODAY is \(Self.quoted(text)), not a date written YYYY-MM-DD (2026-11-28); "
                            + "set it to the date the build should take for today, or unset it to use the clock"))
            }
            return .success(.date(date))
        }
        if let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty {
            guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), text.utf8.count <= 12,
                let seconds = Int(text), seconds <= Self.lastSecond
            else {
                return .failure(
                    Refusal(
                        message: "SOURCE_DATE_EPOCH is \(Self.quoted(text)), not a whole number of seconds since 1970-01-01 UTC "
                            + "before the year 10000; set it as `date +%s` prints it, or unset it to use the clock"))
            }
            return .success(.instant(Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
        return .success(.clock)
    }

    /// 9999-12-31T23:59:59Z, the last second a date can hold.
    private static let lastSecond = 253_402_300_799

    /// A value as the message shows it: quoted, at most 40 characters, control characters escaped.
    private static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"" + shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }
}
