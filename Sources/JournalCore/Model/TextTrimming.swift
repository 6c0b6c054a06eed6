import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in:)`, without bridging to NSString when there is nothing to trim,
    /// which is almost always: every field of every track goes through here.
    func trimmed(_ set: CharacterSet) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        if !set.contains(first) && !set.contains(last) { return String(self) }
        return trimmingCharacters(in: set)
    }
}
