import Testing

@testable import JournalCore

/// The CSV reader every CSV export goes through (Last.fm exporters, the Scrobbler log's
/// neighbours, Apple Music's activity file), in one place.
@Suite struct CSVTests {
    /// Quotes (doubled inside), commas, CRLF, LF and lone CR line endings, line breaks inside
    /// quotes (a CRLF there read as one line break), blank lines skipped, empty fields kept, a
    /// byte-order mark dropped, and each row's first line numbered as in the file.
    @Test func quotesLineBreaksAndLineNumbersAreReadAsWritten() {
        let (rows, problems) = CSV.rows(Array("\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\nplain,,\n".utf8))
        #expect(problems.isEmpty)
        #expect(
            rows == [
                CSV.Row(line: 1, fields: ["a", "b", "c"]),
                CSV.Row(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
                CSV.Row(line: 5, fields: ["plain", "", ""]),
            ])
        let (more, none) = CSV.rows(Array("\u{FEFF}a,\"b\"\"c\",\r\n\r\n\"x\ny\",z\rlast".utf8))
        #expect(none.isEmpty)
        #expect(more == [CSV.Row(line: 1, fields: ["a", "b\"c", ""]), CSV.Row(line: 3, fields: ["x\ny", "z"]), CSV.Row(line: 5, fields: ["last"])])
    }

    @Test func aMalformedRowIsAProblemAtItsLineAndReadingGoesOn() {
        let (rows, problems) = CSV.rows(Array("a,b\nba\"d,1\n\"x\"y,2\nok,3\n\"open,4\nmore".utf8))
        #expect(rows.map(\.fields) == [["a", "b"], ["ok", "3"]])
        #expect(problems.map(\.line) == [2, 3, 5])
        #expect(problems.last?.message == "a quoted field is never closed")
    }
}
