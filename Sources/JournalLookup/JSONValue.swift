import Foundation
import JournalCore

/// A forgiving reader of JSON bodies for the decoders: every step through a missing key or a
/// value of the wrong type gives an empty value instead of failing, so a nonsense body decodes
/// to nothing. Never leaves this target.
struct JSONValue {
    let raw: Any?

    init(_ raw: Any?) { self.raw = raw }

    /// The body parsed, or an empty value when it is not JSON.
    init(data: Data) {
        raw = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// The results of a body: a search body's, listed under `key`, or a lookup body as its one
    /// result; each read by `decode`, and what it cannot read left out.
    static func results<Result>(of data: Data, under key: String, _ decode: (JSONValue) -> Result?) -> [Result] {
        let body = JSONValue(data: data)
        if body[key].raw != nil { return body[key].array.compactMap(decode) }
        return decode(body).map { [$0] } ?? []
    }

    subscript(key: String) -> JSONValue { JSONValue((raw as? [String: Any])?[key]) }

    var array: [JSONValue] { (raw as? [Any])?.map(JSONValue.init) ?? [] }
    var object: [String: JSONValue] { (raw as? [String: Any])?.mapValues(JSONValue.init) ?? [:] }
    var isObject: Bool { raw is [String: Any] }

    /// A non-empty string (trimmed); numbers are read as their decimal text, so ids given as
    /// numbers or strings read alike.
    var string: String? {
        if let text = raw as? String {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        if isBoolean { return nil }
        if let number = raw as? NSNumber, let whole = Int64(exactly: number.doubleValue) { return String(whole) }
        return nil
    }

    /// An http(s) address given as a string; nil for anything else: a number, `javascript:`, an
    /// address without a host name (`http:///x`, which a catalogue file may not hold), or with a
    /// space, line break, control or invisible character inside, which no service means and
    /// which would break the line a message or a catalogue prints it on.
    var url: String? {
        guard let text = raw as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : nil
        // The host is what follows `//` up to `/`, `?` or `#`, as the build reads a link.
        guard let scheme, let first = trimmed.dropFirst(scheme).first, !"/?#".contains(first),
            !trimmed.unicodeScalars.contains(where: Self.isNotInAnAddress),
            case .success = LinkTarget.check(trimmed)
        else { return nil }
        return trimmed
    }

    /// Spaces, line breaks (U+2028 too), controls, format and private-use characters, and code
    /// points with no character.
    static func isNotInAnAddress(_ scalar: Unicode.Scalar) -> Bool {
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned]
        return scalar.properties.isWhitespace || unsafe.contains(scalar.properties.generalCategory)
    }

    var double: Double? {
        if isBoolean { return nil }
        if let number = raw as? NSNumber { return number.doubleValue.isFinite ? number.doubleValue : nil }
        if let text = raw as? String, let value = Double(text), value.isFinite { return value }
        return nil
    }

    /// A whole number (a fractional one is rounded), nil beyond Int's range.
    var int: Int? {
        guard let value = double?.rounded(), let whole = Int(exactly: value) else { return nil }
        return whole
    }

    var bool: Bool? { isBoolean ? raw as? Bool : nil }

    /// JSON's `true` or `false`. Not `raw is Bool`: on Linux every NSNumber 0 or 1 passes that
    /// test, so a track number 1 would read as a Boolean. JSONSerialization's Booleans are the
    /// only numbers of type `c` (char) it makes.
    private var isBoolean: Bool {
        guard let number = raw as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }
}

/// Why a body cannot be what a decoder expects, for messages.
public enum LookupBody {
    /// Nil when `data` is a JSON object; otherwise what it is instead ("an empty body", "an HTML
    /// page", "not JSON", "JSON, but not an object").
    public static func problem(in data: Data) -> String? {
        let text = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "an empty body" }
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return text.hasPrefix("<") ? "an HTML page, not JSON" : "not JSON"
        }
        return value is [String: Any] ? nil : "JSON, but not an object"
    }
}

/// A `YYYY-MM-DD`, `YYYY-MM` or `YYYY` prefix of a service's date or timestamp, nil when none.
func calendarDate(_ text: String?) -> String? {
    guard let text else { return nil }
    let digits = Array(text.utf8)
    func isDigits(_ range: Range<Int>) -> Bool { range.upperBound <= digits.count && digits[range].allSatisfy { (48...57).contains($0) } }
    // The digits' own bytes: `text.prefix(4)` counts characters, and a combining mark after the
    // fourth digit (`2020\u{301}`) would be part of it.
    func date(_ count: Int) -> String { String(decoding: digits[0..<count], as: UTF8.self) }
    guard isDigits(0..<4) else { return nil }
    if isDigits(5..<7), digits[4] == 45 {
        if isDigits(8..<10), digits[7] == 45 { return date(10) }
        return date(7)
    }
    return date(4)
}
