import Foundation

/// What "today" is for the person writing: the calendar date in journal.yaml's `timezone`, or in
/// the system's zone when it names none (docs/content-format.md, "`journal.yaml`"). `build` takes
/// it once, through `BuildDay`, which tests and reproducible builds fix.
public enum Today {
    /// The calendar date of `now` in `timezone` (an IANA name; the system's zone when nil or
    /// unknown, which journal.yaml's check already reported).
    public static func date(now: Date = Date(), timezone: String?) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        guard let year = parts.year, let month = parts.month, let day = parts.day,
            let date = CalendarDate(year: year, month: month, day: day)
        else {
            // Outside years 1 to 9999: only a broken clock gets here.
            return CalendarDate(dayNumber: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        }
        return date
    }

    /// A date as a person types it: `YYYY-MM-DD`, `today` or `yesterday`; nil for anything else.
    public static func parse(_ text: String, today: CalendarDate) -> CalendarDate? {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return CalendarDate(iso: text)
        }
    }
}
