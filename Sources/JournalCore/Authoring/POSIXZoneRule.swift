import Foundation

/// A time zone written as a POSIX `TZ` rule (`JST-9`, `CET-1CEST,M3.5.0,M10.5.0/3`,
/// `<+0530>-5:30`): a standard offset, and maybe a daylight-saving offset with the dates and times
/// it starts and ends. POSIX counts offsets west of Greenwich (`JST-9` is nine hours ahead); here
/// they are seconds east, as `TimeZone.secondsFromGMT` counts them.
struct POSIXZoneRule: Equatable, Sendable {
    /// Seconds east of Greenwich outside daylight-saving time.
    var standard: Int
    /// Daylight-saving time, when the rule has one.
    var daylight: Daylight?

    struct Daylight: Equatable, Sendable {
        /// Seconds east of Greenwich during daylight-saving time.
        var offset: Int
        var start: Change
        var end: Change
    }

    /// A day of the year and the local time of day, in seconds, a change happens at.
    struct Change: Equatable, Sendable {
        var day: Day
        var time: Int
    }

    enum Day: Equatable, Sendable {
        /// `Jn`: day 1-365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0-365, February 29 counted.
        case ordinal(Int)
        /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (1-5, 5 the last) of month `m`.
        case weekday(month: Int, week: Int, weekday: Int)
    }

    /// The offsets a rule changes between and when, in the years given: each change's instant
    /// and the offset from it on, in time order.
    func changes(in years: ClosedRange<Int>) -> [(at: Int, offset: Int)] {
        guard let daylight else { return [] }
        var result: [(at: Int, offset: Int)] = []
        for year in years {
            // The start is in standard local time, the end in daylight-saving local time.
            let start = Self.epochDay(year: year, daylight.start.day) * 86_400 + daylight.start.time - standard
            let end = Self.epochDay(year: year, daylight.end.day) * 86_400 + daylight.end.time - daylight.offset
            result.append((start, daylight.offset))
            result.append((end, standard))
        }
        return result.sorted { $0.at < $1.at }
    }

    /// The offset in force at `instant` (seconds since 1970 UTC).
    func offset(at instant: Int, changes: [(at: Int, offset: Int)]) -> Int {
        guard daylight != nil else { return standard }
        // Before the first change of the range, the last one of the year before holds.
        return changes.last { $0.at <= instant }?.offset ?? changes.last?.offset ?? standard
    }

    // MARK: Reading a rule

    /// The rule `text` spells, or nil when it is not one.
    init?(_ text: String) {
        var reader = Reader(Array(text.utf8))
        guard reader.name(), let standardWest = reader.offset(hoursUpTo: 24) else { return nil }
        standard = -standardWest
        if reader.isAtEnd {
            daylight = nil
            return
        }
        guard reader.name() else { return nil }
        var daylightOffset = standard + 3600
        if let west = reader.offset(hoursUpTo: 24) { daylightOffset = -west }
        var start = Change(day: .weekday(month: 3, week: 2, weekday: 0), time: 7200)
        var end = Change(day: .weekday(month: 11, week: 1, weekday: 0), time: 7200)
        // Without dates, the United States' rule, as glibc reads it.
        if !reader.isAtEnd {
            guard reader.take(","), let first = reader.change(), reader.take(","), let second = reader.change() else { return nil }
            start = first
            end = second
        }
        guard reader.isAtEnd else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }
        var next: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ character: Character) -> Bool {
            guard let next, next == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// A zone's name: three or more letters, or `<...>` of letters, digits, `+` and `-`.
        mutating func name() -> Bool {
            let start = index
            if take("<") {
                while let next, next.isLetterOrDigit || next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
                guard index - start - 1 >= 3, take(">") else { return false }
                return true
            }
            while let next, next.isLetter { index += 1 }
            return index - start >= 3
        }

        mutating func number(digits: Int) -> Int? {
            var value = 0
            var count = 0
            while let next, next.isDigit, count < digits {
                value = value * 10 + Int(next - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return count == 0 ? nil : value
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func offset(hoursUpTo limit: Int) -> Int? {
            let start = index
            let sign = take("-") ? -1 : take("+") ? 1 : 1
            guard let hours = number(digits: 3), hours <= limit else {
                index = start
                return nil
            }
            var seconds = hours * 3600
            for unit in [60, 1] where take(":") {
                guard let value = number(digits: 2), value < 60 else { return nil }
                seconds += value * unit
            }
            return sign * seconds
        }

        /// A date and time: `Jn`, `n` or `Mm.w.d`, then maybe `/time` (hours -167 to 167).
        mutating func change() -> Change? {
            var day: Day
            if take("J") {
                guard let value = number(digits: 3), (1...365).contains(value) else { return nil }
                day = .julian(value)
            } else if take("M") {
                guard let month = number(digits: 2), (1...12).contains(month), take("."), let week = number(digits: 1),
                    (1...5).contains(week), take("."), let weekday = number(digits: 1), weekday <= 6
                else { return nil }
                day = .weekday(month: month, week: week, weekday: weekday)
            } else {
                guard let value = number(digits: 3), value <= 365 else { return nil }
                day = .ordinal(value)
            }
            var time = 7200
            if take("/") {
                guard let value = offset(hoursUpTo: 167) else { return nil }
                time = value
            }
            return Change(day: day, time: time)
        }
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, UTC)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Days from 1970-01-01 to the given date (Howard Hinnant's days_from_civil).
    static func epochDay(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func epochDay(year: Int, _ day: Day) -> Int {
        let january1 = epochDay(year: year, month: 1, day: 1)
        switch day {
        case .julian(let number):
            return january1 + number - 1 + (isLeap(year) && number >= 60 ? 1 : 0)
        case .ordinal(let number):
            return january1 + number
        case .weekday(let month, let week, let weekday):
            let first = epochDay(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((first % 7) + 7 + 4) % 7
            var date = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let nextMonth = month == 12 ? epochDay(year: year + 1, month: 1, day: 1) : epochDay(year: year, month: month + 1, day: 1)
            while date >= nextMonth { date -= 7 }
            return date
        }
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isLetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }
    fileprivate var isLetterOrDigit: Bool { isDigit || isLetter }
}
