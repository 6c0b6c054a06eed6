/// JSON as the site and the command line write it, by hand: one escaping rule for every string.
public enum JSONText {
    /// A JSON string literal, on one line: quotes, backslashes, line breaks and control
    /// characters escaped, and `<` too, so it never closes a script element wherever it ends up;
    /// U+2028 and U+2029 as well, which JavaScript once read as line ends.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
