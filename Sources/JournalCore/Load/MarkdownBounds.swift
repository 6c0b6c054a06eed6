/// Finds, before parsing, the Markdown that would make cmark-gfm 0.29.0.gfm.6 super-linear.
///
/// That version (Debian's, see Markdown.swift) re-reads text in several places, so a small
/// hostile body can take minutes or gigabytes (every content file is built in about a
/// second; such inputs are errors at their location). Measured with benchmarks/pathological.py
/// and the cmark-gfm library, each class below goes from milliseconds to many seconds between
/// 32 KB and 256 KB:
///
/// - containers (block quotes, list items, footnote definitions) nested N deep make every later
///   line and every emphasis delimiter walk all N: bounded by `maxDepth`;
/// - a table row is split into cells with a quadratic list append, every short row is padded to
///   the header's width, and each line that looks like a delimiter row (`|---|`) but does not
///   start a table re-reads the whole paragraph above it: `maxRowCells`, `maxTableCells`,
///   `maxDelimiterRereads`;
/// - an inline `<?`, `<!X` or `<![CDATA[` with no closer scans to the end of its paragraph, once
///   per opener: `maxUnclosedHTML`;
/// - every link walks back over the unclosed image openers `![` before it in its paragraph:
///   `maxImageLinkPairs`;
/// - the autolink extension rescans a word once per `@` in it, once per `_www.` in it, and a web
///   address once per `)` trimmed off its end: `maxAtSigns`, `maxWWW`, `maxAddressParens`;
/// - every use of a link reference copies its definition's destination and title:
///   `maxReferenceCopy` bounds the output that can make.
///
/// The scan sees lines, runs of non-blank lines (every paragraph and table lies inside one) and
/// words, never a parse tree; where it cannot tell what cmark-gfm will do it over-counts, so it
/// may only err towards reporting, and the limits are far above what a diary uses. It reads
/// each UTF-8 byte a bounded number of times. A class is reported once, at its first place, so a
/// hostile file gives at most one problem per class.
enum MarkdownBounds {
    struct Problem: Equatable {
        /// 1-based, within the text given.
        var line: Int
        /// 1-based, in Unicode scalars.
        var column: Int
        var message: String
    }

    static let maxDepth = 32
    static let maxRowCells = 128
    static let maxTableCells = 50_000
    static let maxDelimiterRereads = 2_000_000
    static let maxUnclosedHTML = 64
    static let maxImageLinkPairs = 1_000_000
    static let maxAtSigns = 32
    static let maxWWW = 8
    static let maxAddressParens = 32
    static let maxReferenceCopy = 4_000_000

    /// Problems that would make cmark-gfm slow, in text order; empty when the text is safe to parse.
    static func check(_ text: String) -> [Problem] {
        var text = text
        return text.withUTF8 { bytes in
            var scan = MarkdownScan(bytes)
            scan.run()
            return scan.problems()
        }
    }
}

/// One pass over the bytes; `found` keeps the first place of each class.
struct MarkdownScan {
    enum Kind {
        case depth, rowCells, tableCells, delimiterRereads, instruction, declaration, cdata,
            imageLinks, atSigns, www, addressParens, referenceCopy
    }

    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    var found: [Kind: (offset: Int, message: String)] = [:]

    // Document totals.
    var tableCells = 0
    var delimiterRereads = 0
    var closingBrackets = 0
    var imageLinkPairs = 0
    var longestDefinition = 0

    // The current run of non-blank lines (holds at most one paragraph or table at a time).
    var runBytes = 0
    var runCellWork = 0
    var runDelimiters = 0
    var runFirstDelimiter = 0
    var runColumns = 0
    var runRowsAfterDelimiter = 0
    var runWideRow: (offset: Int, cells: Int)?
    var runImageOpeners = 0
    var unclosed: [Int] = [0, 0, 0]
    var firstUnclosed: [Int] = [0, 0, 0]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        n = bytes.count
    }

    mutating func note(_ kind: Kind, at offset: Int, _ message: String) {
        if found[kind] == nil { found[kind] = (offset, message) }
    }

    /// Callers check first, so a hostile file does not build a message per byte.
    func fresh(_ kind: Kind) -> Bool { found[kind] == nil }

    mutating func run() {
        var pos = 0
        while pos < n {
            var end = pos
            while end < n && b[end] != 0x0A && b[end] != 0x0D { end += 1 }
            line(pos, end)
            pos = end
            if pos < n { pos += (b[pos] == 0x0D && pos + 1 < n && b[pos + 1] == 0x0A) ? 2 : 1 }
        }
        endRun()
    }

    // MARK: Lines

    mutating func line(_ start: Int, _ end: Int) {
        var first = start
        while first < end && (b[first] == 0x20 || b[first] == 0x09) { first += 1 }
        if first == end {
            endRun()
            return
        }
        let contentStart = prefix(start, end)
        table(start, end)
        // Container marks are not inline text: a `>` there closes no `<!X`.
        if contentStart < end && b[contentStart] == UInt8(ascii: "[")
            && !(contentStart + 1 < n && b[contentStart + 1] == UInt8(ascii: "^"))
        {
            let size = definitionSize(contentStart)
            if size > longestDefinition {
                longestDefinition = size
                checkReferenceCopy(at: contentStart)
            }
        }
        inline(contentStart, end)
        runBytes += end - start + 1
    }

    /// Walks the container markers opening a line and returns where its content starts.
    /// A level of nesting costs a marker, or two columns of indentation at the line's start or
    /// after a `>`; after a list marker five spaces start indented code, not more containers.
    mutating func prefix(_ start: Int, _ end: Int) -> Int {
        var i = start
        var markers = 0
        var columns = 0
        var previous: UInt8 = 0
        var sameRun = 0
        var sameChar: UInt8 = 0
        var crossing: Int?
        walk: while i < end {
            let c = b[i]
            var width = 0
            if c == 0x20 || c == 0x09 {
                var spaces = 0
                while i < end && (b[i] == 0x20 || b[i] == 0x09) {
                    spaces += b[i] == 0x09 ? 4 : 1
                    i += 1
                }
                switch previous {
                case 0: columns += spaces
                case UInt8(ascii: ">"): columns += spaces - 1
                default: if spaces >= 5 { break walk }
                }
                previous = 0x20
                continue
            } else if c == UInt8(ascii: ">") {
                width = 1
            } else if (c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "*")) && isBreak(i + 1, end) {
                width = 1
            } else if isDigit(c), let w = orderedMarker(i, end) {
                width = w
            } else if c == UInt8(ascii: "["), i + 1 < end, b[i + 1] == UInt8(ascii: "^"), let w = footnoteMarker(i, end) {
                width = w
            } else {
                break
            }
            markers += 1
            previous = c
            if width == 1 && (c == UInt8(ascii: "-") || c == UInt8(ascii: "*")) {
                sameRun = c == sameChar ? sameRun + 1 : 1
                sameChar = c
            } else {
                sameRun = 0
                sameChar = 0
            }
            if crossing == nil && markers + columns / 2 > MarkdownBounds.maxDepth { crossing = i }
            i += width
        }
        // A line ending in three or more `- ` or `* ` is a thematic break there, not lists.
        let depth = markers + columns / 2 - (i == end && sameRun >= 3 ? sameRun : 0)
        if depth > MarkdownBounds.maxDepth, let at = crossing, fresh(.depth) {
            note(
                .depth, at: at,
                "block quotes, list items and footnotes nest at most \(MarkdownBounds.maxDepth) deep here (this line reaches about \(depth)); cmark-gfm walks every level for every later line"
            )
        }
        return i
    }

    func isBreak(_ i: Int, _ end: Int) -> Bool {
        i >= end || b[i] == 0x20 || b[i] == 0x09
    }

    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// `1.` or `1)` (up to nine digits) followed by a space or the line's end.
    func orderedMarker(_ i: Int, _ end: Int) -> Int? {
        var j = i
        while j < end && j - i < 9 && isDigit(b[j]) { j += 1 }
        guard j < end, b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: ")"), isBreak(j + 1, end) else { return nil }
        return j + 1 - i
    }

    /// `[^label]:` opening a footnote definition, a container like a list item.
    func footnoteMarker(_ i: Int, _ end: Int) -> Int? {
        var j = i + 2
        while j < end && b[j] != UInt8(ascii: "]") && b[j] != 0x20 && b[j] != 0x09 && b[j] != UInt8(ascii: "[") { j += 1 }
        guard j > i + 2, j + 1 < end, b[j] == UInt8(ascii: "]"), b[j + 1] == UInt8(ascii: ":") else { return nil }
        return j + 2 - i
    }

    // MARK: Bytes

    /// Totals stop growing long before they could overflow; by then the limit is passed.
    func capped(_ x: Int) -> Int { min(x, 1 << 60) }

    func isAlnum(_ c: UInt8) -> Bool { isDigit(c) || isAlpha(c) }
    func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }

    func startsWith(_ s: StaticString, at i: Int, _ end: Int) -> Bool {
        let count = s.utf8CodeUnitCount
        guard i + count <= end else { return false }
        let p = s.utf8Start
        for k in 0..<count where b[i + k] != p[k] { return false }
        return true
    }

    // MARK: Positions

    /// The problems in text order, with lines and columns counted in one pass.
    func problems() -> [MarkdownBounds.Problem] {
        let sorted = found.values.sorted { ($0.offset, $0.message) < ($1.offset, $1.message) }
        var result: [MarkdownBounds.Problem] = []
        var line = 1
        var column = 1
        var i = 0
        for item in sorted {
            while i < item.offset {
                let c = b[i]
                if c == 0x0A || (c == 0x0D && !(i + 1 < n && b[i + 1] == 0x0A)) {
                    line += 1
                    column = 1
                } else if c != 0x0D && c & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            result.append(MarkdownBounds.Problem(line: line, column: column, message: item.message))
        }
        return result
    }
}
