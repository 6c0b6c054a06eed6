/// Inlines, for `MarkdownBounds`: brackets, HTML openers, the words the autolink extension reads
/// again, and the copies link reference definitions make.
extension MarkdownScan {
    /// Brackets, HTML openers and the words the autolink extension rescans, on one line.
    mutating func inline(_ start: Int, _ end: Int) {
        var escaped = false
        var wordStart = -1
        var atSigns = 0
        var hostStart = -1
        var www = 0
        var tokenStart = -1
        var address = false
        var parens = 0
        var i = start
        while i < end {
            let c = b[i]
            let isEscaped = escaped
            escaped = !escaped && c == UInt8(ascii: "\\")

            // `@` in a word of email characters: each one rescans the rest of the word.
            if isAlnum(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "@")
            {
                if wordStart < 0 {
                    wordStart = i
                    atSigns = 0
                }
                // An `@` right after another, or first, is skipped without a scan.
                if c == UInt8(ascii: "@") && i > wordStart && b[i - 1] != UInt8(ascii: "@") { atSigns += 1 }
            } else if wordStart >= 0 {
                endWord(wordStart, atSigns)
                wordStart = -1
            }
            // `www.` at a host name's start or after `_`: each failing one rescans the host name.
            if isAlnum(c) || c >= 0x80 || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") {
                if hostStart < 0 {
                    hostStart = i
                    www = 0
                }
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
                if tokenStart < 0 {
                    tokenStart = i
                    address = false
                    parens = 0
                }
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
                        note(
                            .imageLinks, at: i,
                            "a ']' after an image opener '![' in the same paragraph makes a pair; there may be at most \(MarkdownBounds.maxImageLinkPairs) pairs in all. Split paragraphs with blank lines or write '\\!['"
                        )
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
            note(
                .addressParens, at: start,
                "a web address may hold at most \(MarkdownBounds.maxAddressParens) ')' (this one has \(parens)); put the address in <...>")
        }
    }

    mutating func endRun() {
        let names = ["'<?' with no '?>'", "'<!' with no '>'", "'<![CDATA[' with no ']]>'"]
        let kinds: [Kind] = [.instruction, .declaration, .cdata]
        for k in 0..<3 where unclosed[k] > MarkdownBounds.maxUnclosedHTML {
            note(
                kinds[k], at: firstUnclosed[k],
                "a paragraph may hold at most \(MarkdownBounds.maxUnclosedHTML) \(names[k]) after it (this one has \(unclosed[k])); cmark-gfm scans to the paragraph's end for each. Close them or put them in `code`"
            )
        }
        if runDelimiters > 0 {
            if let wide = runWideRow {
                note(
                    .rowCells, at: wide.offset, "a table row may have at most \(MarkdownBounds.maxRowCells) cells (this one has \(wide.cells)); split the table"
                )
            }
            tableCells = capped(tableCells + runColumns * (runRowsAfterDelimiter + 1))
            if tableCells > MarkdownBounds.maxTableCells {
                note(
                    .tableCells, at: runFirstDelimiter,
                    "tables may have at most \(MarkdownBounds.maxTableCells) cells in all, counting the empty cells that fill short rows (with this one there are \(tableCells)); split or shorten them"
                )
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
            note(
                .referenceCopy, at: i,
                "links that use a reference definition may copy at most \(MarkdownBounds.maxReferenceCopy) bytes in all; a definition of \(longestDefinition) bytes used by up to \(closingBrackets) ']' is more. Shorten the definition or write the links inline"
            )
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
            if c == UInt8(ascii: "\\") && i + 1 < n {
                i += 1
                label += 1
            }
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
            if c == UInt8(ascii: "\\") {
                j += 1
            } else if open == UInt8(ascii: "(") && c == UInt8(ascii: "(") {
                return size
            } else if (c == 0x0A || c == 0x0D) && blankLineFollows(j) {
                return size
            }
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
}
