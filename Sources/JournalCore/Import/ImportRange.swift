import Foundation

/// The numbers an export may give, checked where they are read (docs/content-format.md,
/// "Importing"): a play starts on a date the build accepts, and a length or a time listened is
/// one a song can have. A value outside is an error at its place, never a crash, a wrapped
/// number or a day the build would refuse.
enum ImportRange {
    /// The first and last instants a play may start at, 0001-01-02T00:00:00Z and
    /// 9999-12-30T23:59:59Z: a day of margin at each end keeps its date, in any zone, within the
    /// years the build accepts (1 to 9999).
    static let earliest: Int64 = -62_135_510_400
    static let latest: Int64 = 253_402_214_399
    static let earliestText = "0001-01-02", latestText = "9999-12-30"

    /// The longest a track may be, or one play may last: 24 days, ListenBrainz's own limit for a
    /// listen (no export holds more, and the build writes it as `34560:00`).
    static let longestSeconds: Int64 = 24 * 86_400

    /// A whole number from an export: a JSON number or a text of digits.
    enum Number: Equatable {
        /// No value (absent, null, empty text).
        case missing
        case value(Int64)
        /// Not a whole number that fits in 64 bits (a fraction, NaN, infinity, `1e30`, words), as written.
        case invalid(String)
    }

    /// A JSON value (`NSNumber` or `String`) as a whole number.
    static func number(_ value: Any?) -> Number {
        switch value {
        case nil, is NSNull: return .missing
        case let text as String: return number(text: text)
        case let number as NSNumber:
            // An integer is taken exactly; anything else through its Double.
            switch String(cString: number.objCType) {
            case "c", "s", "i", "l", "q": return .value(number.int64Value)
            case "C", "S", "I", "L", "Q":
                let unsigned = number.uint64Value
                return unsigned <= UInt64(Int64.max) ? .value(Int64(unsigned)) : .invalid(number.description)
            default: break
            }
            let double = number.doubleValue
            // Past 2^53 a Double has no fractions, and only 2^63 itself (Int64.max rounded) is out.
            guard double.isFinite, double.rounded() == double, double >= -9.223372036854775808e18, double < 9.223372036854775808e18
            else { return .invalid(number.description) }
            return .value(Int64(double))
        default: return .invalid("a value that is not a number")
        }
    }

    /// Text as a whole number: optional sign and digits, blanks around ignored; empty is missing.
    static func number(text: String) -> Number {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .missing }
        guard let value = Int64(trimmed) else { return .invalid(trimmed) }
        return .value(value)
    }

    /// The start of a play in Unix seconds, or why it cannot be one; `field` names the value in
    /// the message.
    static func start(_ number: Number, field: String) -> Result<Int64, RangeProblem> {
        switch number {
        case .missing: return .failure(RangeProblem("'\(field)' is missing (Unix seconds, like 1577836800)"))
        case .invalid(let text): return .failure(RangeProblem("'\(field)' is '\(text)', not a whole number of seconds"))
        case .value(let seconds):
            if let problem = startProblem(seconds, field: field, written: String(seconds)) { return .failure(problem) }
            return .success(seconds)
        }
    }

    /// Why an instant cannot start a play, or nil when it can.
    static func startProblem(_ seconds: Int64, field: String, written: String) -> RangeProblem? {
        guard seconds < earliest || seconds > latest else { return nil }
        var message = "'\(field)' is \(written): a play must start between \(earliestText) and \(latestText) (UTC), the years a journal can hold"
        // A time in milliseconds where seconds belong reads as some 50,000 years ahead.
        if (631_152_000...4_102_444_800).contains(seconds / 1000) {
            message += "; counted in milliseconds it would be \(CalendarDate(dayNumber: Int(seconds / 1000 / 86_400)).iso)"
        }
        return RangeProblem(message)
    }

    /// A time listened or a track's length in milliseconds: nil when missing; 0 to 24 days.
    static func milliseconds(_ number: Number, field: String) -> Result<Int?, RangeProblem> {
        amount(number, field: field, unit: "milliseconds", limit: longestSeconds * 1000)
    }

    /// A track's length in seconds: nil when missing; 0 to 24 days.
    static func seconds(_ number: Number, field: String) -> Result<Int?, RangeProblem> {
        amount(number, field: field, unit: "seconds", limit: longestSeconds)
    }

    private static func amount(_ number: Number, field: String, unit: String, limit: Int64) -> Result<Int?, RangeProblem> {
        switch number {
        case .missing: return .success(nil)
        case .invalid(let text): return .failure(RangeProblem("'\(field)' is '\(text)', not a whole number of \(unit)"))
        case .value(let value):
            guard value >= 0 else { return .failure(RangeProblem("'\(field)' is \(value), less than nothing")) }
            guard value <= limit else {
                return .failure(RangeProblem("'\(field)' is \(value) \(unit), over 24 days (\(limit) \(unit)), longer than any song or play"))
            }
            return .success(Int(value))
        }
    }

    /// A value out of range: what is wrong, to be placed at the value's line by its reader.
    struct RangeProblem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
