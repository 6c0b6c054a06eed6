import Foundation

/// The image formats a cover may be in, told by their first bytes.
public enum ImageKind: String, Sendable, Equatable {
    case png, jpeg, webp

    /// The kind `data` starts like, or nil when it is none of them (an HTML page, JSON, a GIF).
    public init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The file extension for the kind: `png`, `jpg`, `webp`.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
