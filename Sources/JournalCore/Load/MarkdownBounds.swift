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
            var scan = Scan(bytes)
            scan.run()
            return scan.problems()
        }
    }
}

/// One pass over the bytes; `found` keeps the first place of each class.
private struct Scan {
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
            && !(contentStart + 1 < n && b[contentStart + 1] == UInt8(ascii: "^")) {
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
            note(.depth, at: at, "block quotes, list items and footnotes nest at most \(MarkdownBounds.maxDepth) deep here (this line reaches about \(depth)); cmark-gfm walks every level for every later line")
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

    // MARK: Tables

    /// Cells per line, delimiter rows and the cells they make, for the run this line is in.
    mutating func table(_ start: Int, _ end: Int) {
        var i = start
        while i < end && (b[i] == 0x20 || b[i] == 0x09 || b[i] == UInt8(ascii: ">")) { i += 1 }
        var pipes = 0
        var escaped = false
        var leading = false
        var trailing = false
        for j in i..<end {
            let c = b[j]
            if c == UInt8(ascii: "|") && !escaped {
                pipes += 1
                if j == i { leading = true }
                trailing = true
            } else if c != 0x20 && c != 0x09 {
                trailing = false
            }
            escaped = !escaped && c == UInt8(ascii: "\\")
        }
        let cells = pipes + 1 - (leading ? 1 : 0) - (trailing && pipes > (leading ? 1 : 0) ? 1 : 0)
        if cells > MarkdownBounds.maxRowCells && runWideRow == nil { runWideRow = (start, cells) }
        if runDelimiters > 0 { runRowsAfterDelimiter += 1 }
        if let columns = delimiterColumns(i, end) {
            // cmark-gfm parses the whole paragraph above as a header row.
            delimiterRereads = capped(delimiterRereads + runBytes + runCellWork)
            if delimiterRereads > MarkdownBounds.maxDelimiterRereads && fresh(.delimiterRereads) {
                note(.delimiterRereads, at: i, "lines that look like a table's delimiter row (|---|) make cmark-gfm re-read the lines above them, at most \(MarkdownBounds.maxDelimiterRereads) bytes in all; put a blank line before each table")
            }
            if runDelimiters == 0 { runFirstDelimiter = i }
            runDelimiters += 1
            runColumns = max(runColumns, columns)
        }
        // A wider row is reported on its own; counting it here too would report it twice.
        let width = min(pipes + 1, MarkdownBounds.maxRowCells + 1)
        runCellWork = capped(runCellWork + width * width)
    }

    /// The number of columns if the line is a table delimiter row such as `|:--|--:|`; a line of
    /// dashes alone is a heading underline or a break, which cmark-gfm tries first.
    func delimiterColumns(_ start: Int, _ end: Int) -> Int? {
        var i = start
        var columns = 0
        var sawPipeOrColon = false
        if i < end && b[i] == UInt8(ascii: "|") { i += 1; sawPipeOrColon = true }
        while true {
            while i < end && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
            if i < end && b[i] == UInt8(ascii: ":") { i += 1; sawPipeOrColon = true }
            var dashes = 0
            while i < end && b[i] == UInt8(ascii: "-") { i += 1; dashes += 1 }
            if dashes == 0 {
                // Only after a closing pipe may the line end here.
                return columns > 0 && i == end ? columns : nil
            }
            if i < end && b[i] == UInt8(ascii: ":") { i += 1; sawPipeOrColon = true }
            while i < end && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
            columns += 1
            if i == end { return sawPipeOrColon ? columns : nil }
            guard b[i] == UInt8(ascii: "|") else { return nil }
            i += 1
            sawPipeOrColon = true
            var k = i
            while k < end && (b[k] == 0x20 || b[k] == 0x09) { k += 1 }
            if k == end { return columns }
        }
    }

    // MARK: Inlines

    /// Brackets, HTML openers and the words the autolink extension rescans, on one line.
    mutating func inline(_ start: Int, _ end: Int) {
        var escaped = false
        var wordStart = -1, atSigns = 0
        var hostStart = -1, www = 0
        var tokenStart = -1, address = false, parens = 0
        var i = start
        while i < end {
            let c = b[i]
            let isEscaped = escaped
            escaped = !escaped && c == UInt8(ascii: "\\")

            // `@` in a word of email characters: each one rescans the rest of the word.
            if isAlnum(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "@") {
                if wordStart < 0 { wordStart = i; atSigns = 0 }
                // An `@` right after another, or first, is skipped without a scan.
                if c == UInt8(ascii: "@") && i > wordStart && b[i - 1] != UInt8(ascii: "@") { atSigns += 1 }
            } else if wordStart >= 0 {
                endWord(wordStart, atSigns)
                wordStart = -1
            }
            // `www.` at a host name's start or after `_`: each failing one rescans the host name.
            if isAlnum(c) || c >= 0x80 || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") {
                if hostStart < 0 { hostStart = i; www = 0 }
                if c == UInt8(ascii: "w") && (i == hostStart || b[i - 1] == UInt8(ascii: "_")) && startsWith("www.", at: i, end) {
                    www += 1
                }
            } else if hostStart >= 0 {
                endHost(hostStart, www)
                hostStart = -1
            }
            // `)` ending a web address: each one trimmed rescans the address.
            if c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C || c == UInt8(ascii: "<") {
                if tokenStart >= 0 { endToken(tokenStart, address, parens) }
                tokenStart = -1
            } else {
                if tokenStart < 0 { tokenStart = i; address = false; parens = 0 }
                if c == UInt8(ascii: ")") { parens += 1 }
                if (c == UInt8(ascii: "w") && startsWith("www.", at: i, end)) || (c == UInt8(ascii: ":") && startsWith("://", at: i, end)) {
                    address = true
                }
            }

            if !isEscaped {
                switch c {
                case UInt8(ascii: "["):
                    if i > start && b[i - 1] == UInt8(ascii: "!") { runImageOpeners += 1 }
                case UInt8(ascii: "]"):
                    // A link deactivates the openers before it, walking past every image opener.
                    imageLinkPairs = capped(imageLinkPairs + runImageOpeners)
                    if imageLinkPairs > MarkdownBounds.maxImageLinkPairs && fresh(.imageLinks) {
                        note(.imageLinks, at: i, "a ']' after an image opener '![' in the same paragraph makes a pair; there may be at most \(MarkdownBounds.maxImageLinkPairs) pairs in all. Split paragraphs with blank lines or write '\\!['")
                    }
                    closingBrackets += 1
                    checkReferenceCopy(at: i)
                    if startsWith("]]>", at: i, end) { unclosed[2] = 0 }
                case UInt8(ascii: "<"):
                    if startsWith("<?", at: i, end) {
                        opened(0, at: i)
                    } else if startsWith("<![CDATA[", at: i, end) {
                        opened(2, at: i)
                    } else if startsWith("<!", at: i, end), i + 2 < end, isAlpha(b[i + 2]) {
                        opened(1, at: i)
                    }
                case UInt8(ascii: "?"):
                    if startsWith("?>", at: i, end) { unclosed[0] = 0 }
                case UInt8(ascii: ">"):
                    unclosed[1] = 0
                default:
                    break
                }
            }
            i += 1
        }
        if wordStart >= 0 { endWord(wordStart, atSigns) }
        if hostStart >= 0 { endHost(hostStart, www) }
        if tokenStart >= 0 { endToken(tokenStart, address, parens) }
    }

    mutating func opened(_ kind: Int, at i: Int) {
        if unclosed[kind] == 0 { firstUnclosed[kind] = i }
        unclosed[kind] += 1
    }

    mutating func endWord(_ start: Int, _ atSigns: Int) {
        if atSigns > MarkdownBounds.maxAtSigns && fresh(.atSigns) {
            note(.atSigns, at: start, "a word may hold at most \(MarkdownBounds.maxAtSigns) '@' (this one has \(atSigns)); put spaces between the addresses")
        }
    }

    mutating func endHost(_ start: Int, _ www: Int) {
        if www > MarkdownBounds.maxWWW && fresh(.www) {
            note(.www, at: start, "a word may hold at most \(MarkdownBounds.maxWWW) 'www.' after '_' (this one has \(www)); put spaces between the addresses")
        }
    }

    mutating func endToken(_ start: Int, _ address: Bool, _ parens: Int) {
        if address && parens > MarkdownBounds.maxAddressParens && fresh(.addressParens) {
            note(.addressParens, at: start, "a web address may hold at most \(MarkdownBounds.maxAddressParens) ')' (this one has \(parens)); put the address in <...>")
        }
    }

    mutating func endRun() {
        let names = ["'<?' with no '?>'", "'<!' with no '>'", "'<![CDATA[' with no ']]>'"]
        let kinds: [Kind] = [.instruction, .declaration, .cdata]
        for k in 0..<3 where unclosed[k] > MarkdownBounds.maxUnclosedHTML {
            note(kinds[k], at: firstUnclosed[k], "a paragraph may hold at most \(MarkdownBounds.maxUnclosedHTML) \(names[k]) after it (this one has \(unclosed[k])); cmark-gfm scans to the paragraph's end for each. Close them or put them in `code`")
        }
        if runDelimiters > 0 {
            if let wide = runWideRow {
                note(.rowCells, at: wide.offset, "a table row may have at most \(MarkdownBounds.maxRowCells) cells (this one has \(wide.cells)); split the table")
            }
            tableCells = capped(tableCells + runColumns * (runRowsAfterDelimiter + 1))
            if tableCells > MarkdownBounds.maxTableCells {
                note(.tableCells, at: runFirstDelimiter, "tables may have at most \(MarkdownBounds.maxTableCells) cells in all, counting the empty cells that fill short rows (with this one there are \(tableCells)); split or shorten them")
            }
        }
        runBytes = 0
        runCellWork = 0
        runDelimiters = 0
        runColumns = 0
        runRowsAfterDelimiter = 0
        runWideRow = nil
        runImageOpeners = 0
        unclosed = [0, 0, 0]
    }

    // MARK: Link reference definitions

    /// Each `]` may use the longest definition, copying its destination and title into the page.
    mutating func checkReferenceCopy(at i: Int) {
        let copied = longestDefinition * closingBrackets
        if copied > MarkdownBounds.maxReferenceCopy && fresh(.referenceCopy) {
            note(.referenceCopy, at: i, "links that use a reference definition may copy at most \(MarkdownBounds.maxReferenceCopy) bytes in all; a definition of \(longestDefinition) bytes used by up to \(closingBrackets) ']' is more. Shorten the definition or write the links inline")
        }
    }

    /// The destination and title length of a `[label]: destination "title"` starting at `p`, or 0.
    /// Label and title scans stop at the next `[` or quote, so no byte is read more than a few times.
    func definitionSize(_ p: Int) -> Int {
        var i = p + 1
        var label = 0
        while i < n && b[i] != UInt8(ascii: "]") {
            let c = b[i]
            if c == UInt8(ascii: "[") { return 0 }
            if c == UInt8(ascii: "\\") && i + 1 < n { i += 1; label += 1 }
            if (c == 0x0A || c == 0x0D) && blankLineFollows(i) { return 0 }
            label += 1
            if label > 999 { return 0 }
            i += 1
        }
        guard i + 1 < n, b[i + 1] == UInt8(ascii: ":") else { return 0 }
        i = skipSpace(i + 2)
        guard i < n else { return 0 }
        var size: Int
        if b[i] == UInt8(ascii: "<") {
            var j = i + 1
            while j < n && b[j] != UInt8(ascii: ">") && b[j] != 0x0A && b[j] != 0x0D { j += 1 }
            guard j < n, b[j] == UInt8(ascii: ">") else { return 0 }
            size = j - i
            i = j + 1
        } else {
            var j = i
            while j < n && !isSpace(b[j]) { j += 1 }
            size = j - i
            i = j
        }
        i = skipSpace(i)
        guard i < n else { return size }
        let open = b[i]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return size
        }
        var j = i + 1
        while j < n && b[j] != close {
            let c = b[j]
            if c == UInt8(ascii: "\\") { j += 1 }
            else if open == UInt8(ascii: "(") && c == UInt8(ascii: "(") { return size }
            else if (c == 0x0A || c == 0x0D) && blankLineFollows(j) { return size }
            j += 1
        }
        return j < n ? size + j - i : size
    }

    /// Skips spaces and at most one line break with the next line's indentation and `>` marks.
    func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < n && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
        if i < n && (b[i] == 0x0A || b[i] == 0x0D) {
            i += (b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A) ? 2 : 1
            while i < n && (b[i] == 0x20 || b[i] == 0x09 || b[i] == UInt8(ascii: ">")) { i += 1 }
        }
        return i
    }

    /// Whether the line after the line break at `i` is blank, ending any paragraph.
    func blankLineFollows(_ i: Int) -> Bool {
        var j = i + ((b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A) ? 2 : 1)
        while j < n && (b[j] == 0x20 || b[j] == 0x09) { j += 1 }
        return j >= n || b[j] == 0x0A || b[j] == 0x0D
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
