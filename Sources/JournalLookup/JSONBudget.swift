import Foundation

/// How much JSON a lookup parses. Foundation's parser makes an object for every value, some 100
/// to 200 bytes each, so a body of 4 MiB made of `{},{},…` would take a gigabyte once parsed:
/// before anything parses a body, its values are counted in one pass over its bytes, and a body
/// with more than `maxValues` is refused. The largest answer recorded from the services
/// (Tests/Fixtures/lookup/) has under 2,000.
enum JSONBudget {
    /// The most values (array elements and object members, counted by their separators and
    /// containers) an answer may hold.
    static let maxValues = 100_000

    /// Why `data` is too much to parse, or nil when it is within the budget.
    static func problem(in data: Data) -> String? {
        var values = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"):
                values += 1
                if values > maxValues { return "more than \(maxValues) values, more than a lookup ever needs" }
            default: break
            }
        }
        return nil
    }
}
