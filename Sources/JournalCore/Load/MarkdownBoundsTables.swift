/// Tables, for `MarkdownBounds`: the cells of each row and the table-like lines the extension
/// reads again after a delimiter row.
extension MarkdownScan {
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
                note(
                    .delimiterRereads, at: i,
                    "lines that look like a table's delimiter row (|---|) make cmark-gfm re-read the lines above them, at most \(MarkdownBounds.maxDelimiterRereads) bytes in all; put a blank line before each table"
                )
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
        if i < end && b[i] == UInt8(ascii: "|") {
            i += 1
            sawPipeOrColon = true
        }
        while true {
            while i < end && (b[i] == 0x20 || b[i] == 0x09) { i += 1 }
            if i < end && b[i] == UInt8(ascii: ":") {
                i += 1
                sawPipeOrColon = true
            }
            var dashes = 0
            while i < end && b[i] == UInt8(ascii: "-") {
                i += 1
                dashes += 1
            }
            if dashes == 0 {
                // Only after a closing pipe may the line end here.
                return columns > 0 && i == end ? columns : nil
            }
            if i < end && b[i] == UInt8(ascii: ":") {
                i += 1
                sawPipeOrColon = true
            }
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
}
