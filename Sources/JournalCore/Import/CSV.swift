/// Comma-separated values as RFC 4180 writes them: fields in double quotes may hold commas, line
/// breaks and doubled quotes (`""`); rows end in CRLF, LF or CR. A UTF-8 byte-order mark is
/// dropped and blank lines are left out. A file whose first line has more tabs than commas is
/// read with tabs between fields: Excel saves a CSV as "Unicode Text" that way (UTF-16, which
/// `ExportText` has decoded by then).
enum CSV {
    /// One record and the line of the file it starts on (1-based).
    struct Row: Equatable {
        var line: Int
        var fields: [String]
        /// The column (1-based, in characters) each field starts at on its line, for messages; a
        /// field after a quoted line break starts on a later line, and is placed at the row's.
        var columns: [Int] = []

        /// Rows are the same when their lines and fields are.
        static func == (a: Row, b: Row) -> Bool { a.line == b.line && a.fields == b.fields }

        /// Where field `index` starts (1 if unknown).
        func column(_ index: Int) -> Int { index < columns.count ? columns[index] : 1 }
    }

    /// Tab when the first line has more tabs than commas, else comma.
    static func separator(_ bytes: [UInt8]) -> UInt8 {
        let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        let tabs = firstLine.count(where: { $0 == UInt8(ascii: "\t") })
        let commas = firstLine.count(where: { $0 == UInt8(ascii: ",") })
        return tabs > commas ? UInt8(ascii: "\t") : UInt8(ascii: ",")
    }

    /// A malformed record: what is wrong, at its line and column (1-based).
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Every well-formed row, and every problem. After a problem, reading goes on at the next line.
    static func rows(_ bytes: [UInt8]) -> (rows: [Row], problems: [Problem]) {
        let quote = UInt8(ascii: "\"")
        let comma = separator(bytes)
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        var rows: [Row] = []
        var problems: [Problem] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var lineStart = index
        var fields: [String] = []
        var field: [UInt8] = []
        var rowLine = 1
        var columns: [Int] = [1]
        var inQuotes = false
        var quotedLine = 1
        var afterQuote = false
        var broken = false

        // Columns are counted on from the last one asked for on the same line: a row of Apple's
        // has a hundred and fifty fields.
        var cursor = index
        var cursorColumn = 1
        func column(_ at: Int) -> Int {
            if cursor < lineStart || cursor > at {
                cursor = lineStart
                cursorColumn = 1
            }
            while cursor < at {
                if bytes[cursor] & 0xC0 != 0x80 { cursorColumn += 1 }
                cursor += 1
            }
            return cursorColumn
        }
        /// Past a line break at `index` (CRLF counts once); true if there was one.
        func skipBreak() -> Bool {
            guard index < bytes.count, bytes[index] == cr || bytes[index] == lf else { return false }
            index += bytes[index] == cr && index + 1 < bytes.count && bytes[index + 1] == lf ? 2 : 1
            line += 1
            lineStart = index
            return true
        }
        func endRow() {
            fields.append(String(decoding: field, as: UTF8.self))
            if !broken && !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields, columns: columns)) }
            fields = []
            field = []
            afterQuote = false
            broken = false
            rowLine = line
            columns = [1]
        }

        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < bytes.count && bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                    } else {
                        inQuotes = false
                        afterQuote = true
                        index += 1
                    }
                } else if skipBreak() {
                    field.append(lf)
                } else {
                    field.append(byte)
                    index += 1
                }
                continue
            }
            if byte == comma {
                fields.append(String(decoding: field, as: UTF8.self))
                field = []
                afterQuote = false
                index += 1
                columns.append(line == rowLine ? column(index) : 1)
            } else if byte == cr || byte == lf {
                _ = skipBreak()
                endRow()
            } else if broken {
                index += 1
            } else if afterQuote {
                problems.append(
                    Problem(line: line, column: column(index), message: "text after a closing quote (a quote inside a quoted field is written \"\")"))
                broken = true
                index += 1
            } else if byte == quote {
                if field.isEmpty {
                    inQuotes = true
                    quotedLine = line
                } else {
                    problems.append(Problem(line: line, column: column(index), message: "a quote inside a field that does not start with one"))
                    broken = true
                }
                index += 1
            } else {
                field.append(byte)
                index += 1
            }
        }
        if inQuotes {
            problems.append(Problem(line: quotedLine, column: 1, message: "a quoted field is never closed"))
        } else if !field.isEmpty || !fields.isEmpty || afterQuote {
            endRow()
        }
        return (rows, problems)
    }
}
