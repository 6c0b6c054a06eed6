/// The images content names by a site path (a track's `artwork: /covers/a.jpg`, a playlist's
/// `cover:`): files of the journal's `static/`, published at that path, which must be there and
/// start like an image a browser shows. URLs (`https://…`) are never checked: build and check
/// stay offline.
///
/// Each distinct file is looked at once, reading only its first bytes: a ten-year journal names
/// the same few hundred covers from thousands of tracks, on every build.
struct StaticImages {
    /// Image formats, told by their first bytes.
    enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
        case gif = "GIF"
        case webp = "WebP"
        case avif = "AVIF"
        case svg = "SVG"
    }

    /// Why a site path cannot be shown as an image. `file` is the path under the journal
    /// (`static/covers/a.jpg`).
    enum Problem: Equatable, Sendable {
        /// Nothing is published at this path; `similar` is a file whose name differs only in case.
        case missing(file: String, similar: String?)
        /// A hidden file or folder (a name starting with `.`), never published.
        case hidden(file: String)
        /// The file is there but does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG image.
        case notAnImage(file: String)
        /// The file is there and holds nothing (an image saved half-way, a placeholder).
        case empty(file: String)
    }

    /// How much of a file is read to tell its format: an SVG may open with an XML declaration
    /// and an editor's comment before `<svg`.
    static let headSize = 1024

    /// The journal folder.
    let journal: String
    /// The files of `static/`, relative to it (`covers/a.jpg`), including any it could not read
    /// (the listing of `static/` reports those).
    let staticFiles: Set<String>
    /// The theme's other files (`assets/favicon.svg`), published at their own paths.
    let themeAssets: [String: [UInt8]]
    private var checked: [String: Problem?] = [:]
    /// The format of each file of `static/` looked at.
    private var formats: [String: Format] = [:]
    private var lowercased: [String: String]? = nil

    init(journal: String, staticFiles: Set<String>, themeAssets: [String: [UInt8]] = [:]) {
        self.journal = journal
        self.staticFiles = staticFiles
        self.themeAssets = themeAssets
    }

    /// Why `target` cannot be shown as an image, or nil when it can (or is a URL).
    mutating func problem(_ target: LinkTarget) -> Problem? {
        guard let path = Self.sitePath(of: target) else { return nil }
        if let known = checked[path] { return known }
        let problem = check(path)
        checked[path] = problem
        return problem
    }

    /// The path under `static/` of the cover `target` names, when pages show it resized: a
    /// JPEG, PNG or WebP file of `static/` (docs/content-format.md, "Covers"). SVG scales by
    /// itself; GIF and AVIF are shown as they are. Only after `problem(target)` found none.
    func resizable(_ target: LinkTarget) -> String? {
        guard let path = Self.sitePath(of: target), let format = formats[path] else { return nil }
        return format == .jpeg || format == .png || format == .webp ? path : nil
    }

    private mutating func check(_ path: String) -> Problem? {
        let file = "static/" + path
        if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .hidden(file: file) }
        if staticFiles.contains(path) {
            // A file that cannot be read is already an error of the listing.
            guard let head = FileTree.head(join(journal, file), count: Self.headSize) else { return nil }
            guard !head.isEmpty else { return .empty(file: file) }
            guard let format = Self.format(ofHead: head, name: path) else { return .notAnImage(file: file) }
            formats[path] = format
            return nil
        }
        if let bytes = themeAssets[path] {
            return Self.format(ofHead: Array(bytes.prefix(Self.headSize)), name: path) == nil ? .notAnImage(file: "the theme's " + path) : nil
        }
        if lowercased == nil {
            lowercased = Dictionary(staticFiles.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, second in min(first, second) })
        }
        return .missing(file: file, similar: lowercased?[path.lowercased()].map { "static/" + $0 })
    }

    /// The file under `static/` a site path names, as a browser asks for it: without a query or
    /// fragment, percent escapes decoded, `.` and `..` resolved (never above the root); nil for
    /// a URL.
    static func sitePath(of target: LinkTarget) -> String? {
        guard target.kind != .absolute else { return nil }
        return plainPath(target.text) ?? resolvedPath(target.text)
    }

    /// `sitePath` of any path: query and fragment cut, decoded, resolved.
    static func resolvedPath(_ path: String) -> String {
        let text = path.prefix { $0 != "?" && $0 != "#" }
        let decoded = String(text).removingPercentEncoding ?? String(text)
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// `sitePath` of the common case (`/artwork/a.jpg`), without splitting or decoding: `text`
    /// without its leading `/` when it has no `%`, `?` or `#` and no empty, `.` or `..` part; nil
    /// otherwise. Loading and every page showing a cover ask for it.
    static func plainPath(_ text: String) -> String? {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
        var length = 0
        var dots = 0
        func partIsPlain() -> Bool { length > 0 && !(dots == length && length <= 2) }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"): return nil
            case UInt8(ascii: "/"):
                guard partIsPlain() else { return nil }
                length = 0
                dots = 0
            default:
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        guard partIsPlain() else { return nil }
        return String(Substring(bytes))
    }

    /// The format `head` (a file's first bytes) starts like; nil when it is none of them.
    /// `name` helps only with an SVG whose head is all declaration and comments.
    static func format(ofHead head: [UInt8], name: String = "") -> Format? {
        func starts(_ ascii: String, at offset: Int = 0) -> Bool {
            let expected = Array(ascii.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        if head.starts(with: PNGHeader.signature) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if starts("RIFF"), starts("WEBP", at: 8) { return .webp }
        if starts("ftyp", at: 4), starts("avif", at: 8) || starts("avis", at: 8) { return .avif }
        return isSVG(head, name: name) ? .svg : nil
    }

    /// XML whose first element is `<svg`: after a byte-order mark, white space, an XML
    /// declaration, comments and a doctype. A head that ends before any element counts when the
    /// file is named `.svg`.
    private static func isSVG(_ head: [UInt8], name: String) -> Bool {
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        text = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard text.hasPrefix("<") else { return false }
        while let open = text.firstIndex(of: "<") {
            let rest = text[text.index(after: open)...]
            guard let next = rest.first else { break }
            if next.isLetter { return rest.hasPrefix("svg") && rest.dropFirst(3).first.map { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != ":" } ?? true }
            // A declaration, comment or doctype: skip to its end.
            let end = rest.hasPrefix("!--") ? rest.range(of: "-->")?.upperBound : rest.firstIndex(of: ">").map { rest.index(after: $0) }
            guard let end else { break }
            text = text[end...]
        }
        return head.count >= headSize && name.lowercased().hasSuffix(".svg")
    }
}

extension StaticImages.Problem {
    /// The message for `field` given as `quoted` (`artwork '/covers/x.jpg' is not in static/: …`).
    func message(for field: String, quoted: String) -> String {
        switch self {
        case .missing(let file, let similar):
            let hint = similar.map { ", but there is \($0) (letter case matters)" } ?? "; put the image there, or give its https:// address"
            return "\(field) \(quoted) is not in static/: there is no \(file)\(hint)"
        case .hidden(let file):
            return "\(field) \(quoted) names a hidden file (\(file)): files and folders whose names start with '.' are never published"
        case .notAnImage(let file):
            return "\(field) \(quoted) is not an image: \(file) does not start like a PNG, JPEG, GIF, WebP, AVIF or SVG file"
        case .empty(let file):
            return "\(field) \(quoted) is not an image: \(file) is empty (0 bytes); save the image there again"
        }
    }
}

/// A site path a content file gives as an image, with its place, checked once `static/` is listed.
struct StaticImageUse: Hashable, Sendable {
    var target: LinkTarget
    /// The field as messages name it: `artwork`, `cover`.
    var field: String
    var location: SourceLocation
    /// For the copy of a cover on another site (`RemoteCover`): the address the field gives.
    var address: String? = nil

    /// What the field says, quoted as messages quote it: `'/covers/x.jpg'`, or for a copy
    /// `'https://…' (its copy '/covers/remote/….jpg')` (docs/content-format.md, "Covers from
    /// other sites").
    var quoted: String {
        address.map { "'\($0)' (its copy '/\(target.text.drop { $0 == "/" })')" } ?? "'\(target.text)'"
    }
}
