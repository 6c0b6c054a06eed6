/// One record of a CSV file: its fields, and the line it starts on (1-based).
struct CSVRow: Sendable, Equatable {
    var line: Int
    var fields: [String]
}

/// Comma-separated values as RFC 4180 writes them: fields in double quotes may hold commas,
/// line breaks and doubled quotes (`""`); lines end in CRLF or LF; a UTF-8 BOM is ignored.
enum CSV {
    struct Problem: Sendable, Equatable {
        var line: Int
        var message: String
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// Every record, and every one that breaks the rules as a problem at its line (reading goes on
    /// at the next line). A blank line is no record.
    static func read(_ bytes: [UInt8]) -> (rows: [CSVRow], problems: [Problem]) {
        var rows: [CSVRow] = []
        var problems: [Problem] = []
        let n = bytes.count
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var rowLine = 1
        var fields: [String] = []
        var field: [UInt8] = []

        /// The end of a line here: LF, or CR LF, or a CR that ends the file.
        func lineEnd(_ at: Int) -> Bool {
            bytes[at] == lf || (bytes[at] == cr && (at + 1 == n || bytes[at + 1] == lf))
        }
        func endRow() {
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(CSVRow(line: rowLine, fields: fields)) }
            fields = []
        }
        /// A broken record: noted, and skipped to the end of its line.
        func abandon(_ message: String) {
            problems.append(Problem(line: rowLine, message: message))
            while i < n && bytes[i] != lf { i += 1 }
            i += 1
            line += 1
            rowLine = line
            fields = []
            field = []
        }

        while i < n {
            if bytes[i] == quote {
                i += 1
                var closed = false
                while i < n {
                    if bytes[i] == quote {
                        if i + 1 < n && bytes[i + 1] == quote { field.append(quote); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    if bytes[i] == lf { line += 1 }
                    field.append(bytes[i])
                    i += 1
                }
                guard closed else {
                    problems.append(Problem(line: rowLine, message: "a quoted field in this row is never closed"))
                    return (rows, problems)
                }
                if i < n && bytes[i] != comma && !lineEnd(i) {
                    abandon("text after a closing quote: a quote inside a quoted field is written twice (\"\")")
                    continue
                }
            } else {
                var broken = false
                while i < n && bytes[i] != comma && !lineEnd(i) {
                    if bytes[i] == quote { broken = true; break }
                    field.append(bytes[i])
                    i += 1
                }
                if broken {
                    abandon("a quote inside a field without quotes: quote the whole field and write the quote twice (\"\")")
                    continue
                }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            if i == n { break }
            if bytes[i] == comma {
                i += 1
                if i == n { fields.append("") }
                continue
            }
            i += bytes[i] == cr ? 2 : 1
            line += 1
            endRow()
            rowLine = line
        }
        if !fields.isEmpty { endRow() }
        return (rows, problems)
    }
}
