/// How a language writes a large count: `2,986` in English and Korean, `2.986` in German,
/// `2 986` in French (docs/content-format.md, "Theme languages"). The separators are CLDR's for
/// the language's primary subtag, and a few languages (Spanish, Polish) leave four digits
/// ungrouped, as CLDR says. Years are never counts, so never grouped.
struct DigitGrouping: Sendable, Equatable {
    var separator: String
    /// The fewest digits a number has before it is grouped.
    var minimumDigits = 4

    static func of(_ language: Language) -> DigitGrouping {
        let primary = language.rawValue.split(separator: "-").first.map(String.init) ?? language.rawValue
        switch primary {
        case "de", "it", "nl", "id", "da", "tr", "el", "ro", "hr", "sl", "sr", "vi", "pt":
            return DigitGrouping(separator: ".")
        case "es":
            return DigitGrouping(separator: ".", minimumDigits: 5)
        case "fr":
            return DigitGrouping(separator: "\u{202F}")
        case "pl":
            return DigitGrouping(separator: "\u{00A0}", minimumDigits: 5)
        case "ru", "uk", "cs", "sk", "sv", "nb", "nn", "no", "fi", "hu", "bg", "lt", "lv", "et":
            return DigitGrouping(separator: "\u{00A0}")
        default:
            return DigitGrouping(separator: ",")
        }
    }

    /// `number` with its digits grouped in threes from the right.
    func format(_ number: Int) -> String {
        let digits = String(number.magnitude)
        guard digits.count >= minimumDigits else { return number < 0 ? "-" + digits : digits }
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
