@testable import DataTable
import RenderCore
import SampleContent
import Testing

/// CSV (RFC 4180) and TSV tables: read with the same row index as JSON, a record
/// decoded when it is shown.
@Suite("CSV and TSV tables")
struct DelimitedTextTests {
    func model(_ text: String, format: TableFormat? = nil, header: Bool = true, sort: String? = nil) throws -> TableModel {
        try TableModel(records: Array(text.utf8), options: .init(firstRowIsHeader: header, sortColumn: sort, format: format))
    }

    func rows(_ table: TableModel) -> [[String]] {
        (0..<table.rowCount).map { row in table.row(row).map { ValueText.text(of: $0) } }
    }

    @Test func quotesSeparatorsAndLineBreaksInsideFields() throws {
        let table = try model("name,age,note\r\n\"Smith, J\",42,\"said \"\"hi\"\"\"\r\nLee,7,\"two\r\nlines\"\r\n")
        #expect(table.columns == ["name", "age", "note"])
        #expect(rows(table) == [["Smith, J", "42", "said \"hi\""], ["Lee", "7", "two\\r\\nlines"]])
        // Numbers as JSON writes them align right and sort as numbers; others are text.
        #expect(table.row(0)[1] == .number("42"))
        let numbers = try model("a\n007\n\"1,000\"\n-2.5e3\n0.5\n1.\n", format: .csv)
        #expect((0..<numbers.rowCount).map { numbers.row($0) } == [
            [.string("007")], [.string("1,000")], [.number("-2.5e3")], [.number("0.5")], [.string("1.")],
        ])
    }

    /// A field is a number only as JSON writes one.
    @Test func numbersAreFieldsAsJSONWritesThem() {
        func isNumber(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer(DelimitedText.isNumber) }
        for number in ["0", "-0", "7", "42", "-2.5e3", "0.5", "1E+5", "1e-07", "123456789012345678901234567890"] { #expect(isNumber(number), "\(number)") }
        for text in ["", "-", "007", "-01", "1.", ".5", "1e", "1e+", "1,000", "+1", " 1", "1 ", "0x1F", "1.5e3x", "١٢"] { #expect(!isNumber(text), "\(text)") }
    }

    /// Lines end in LF, CRLF or CR; blank lines hold no record; a byte order mark is
    /// skipped.
    @Test func lineEndsBlankLinesAndAByteOrderMark() throws {
        for text in ["a,b\n1,2\n\n3,4\n", "a,b\r\n1,2\r\n\r\n3,4", "a,b\r1,2\r3,4\r", "\u{FEFF}a,b\n1,2\n3,4"] {
            let table = try model(text)
            #expect(table.columns == ["a", "b"], "\(text.debugDescription)")
            #expect(rows(table) == [["1", "2"], ["3", "4"]], "\(text.debugDescription)")
        }
    }

    /// A short row lacks its last values; a long one gets numbered columns.
    @Test func raggedRowsArePaddedOrGetNumberedColumns() throws {
        let table = try model("a,b\nonly\n1,2,3,4\n")
        #expect(table.columns == ["a", "b", "3", "4"])
        #expect(rows(table) == [["only", "", "", ""], ["1", "2", "3", "4"]])
    }

    @Test func withoutAHeaderColumnsAreNumbered() throws {
        let table = try model("x,1\ny,2\n", header: false)
        #expect(table.columns == ["1", "2"])
        #expect(rows(table) == [["x", "1"], ["y", "2"]])
    }

    /// TSV has no quoting: fields are shown as written, quotes and all, and a lone
    /// quote opens nothing. In CSV a quoted field with text after its closing quote is
    /// kept as written (it lost its quotes silently).
    @Test func quotesAreTextInTSVAndAfterAClosingQuoteInCSV() throws {
        let tsv = try model("name\tnote\n\"big\" one\t\"quoted\"\n\"lone\t2\n", format: .tsv)
        #expect(tsv.columns == ["name", "note"])
        #expect(rows(tsv) == [["\"big\" one", "\"quoted\""], ["\"lone", "2"]])
        let csv = try model("a,b\n\"abc\"def,\"ok\"\n\"x\"\"y\"z,2\n", format: .csv)
        #expect(rows(csv) == [["\"abc\"def", "ok"], ["\"x\"\"y\"z", "2"]])
    }

    /// A file named `.csv` that holds JSON has no rows under its header: the error
    /// says what to do.
    @Test func jsonInACSVFileIsNamedInTheError() {
        #expect(throws: DataTableError.noRows("the CSV file has no rows under its header (it looks like JSON: --format json reads it so)")) {
            try model("[{\"a\": 1}, {\"a\": 2}]", format: .csv)
        }
    }

    @Test func tabSeparatedTextAndFormatsFoundFromContentOrName() throws {
        let tsv = try model("a\tb, c\n1\t2\n")
        #expect(tsv.columns == ["a", "b, c"])
        #expect(rows(tsv) == [["1", "2"]])
        #expect(TableFormat(pathExtensionOf: "/data/Items.TSV") == .tsv)
        #expect(TableFormat(pathExtensionOf: "x.tab") == .tsv)
        #expect(TableFormat(pathExtensionOf: "a.b/x.ndjson") == .jsonl)
        #expect(TableFormat(pathExtensionOf: "x.txt") == nil)
        // Told to, a file is read as CSV whatever it looks like.
        #expect(try model("[1],x\n2,y\n", format: .csv).columns == ["[1]", "x"])
        // JSON stays JSON: a JSON value, or a first line without separators.
        #expect(throws: DataTableError.notARecord(message: "item 1 is a number, not a record (an object or an array)", line: 1, column: 2, offset: 1)) {
            try model("[1]")
        }
        #expect(throws: DataTableError.self) { try model("42") }
    }

    @Test func badTextIsAnErrorThatSaysWhere() throws {
        #expect(throws: DataTableError.invalidText(format: "CSV", message: "a quoted field never closes", line: 2, column: 1, offset: 4)) {
            try model("a,b\n\"open,1\n")
        }
        let header = try model("a\tb\n")
        #expect(header.columns == ["a", "b"] && header.rowCount == 0, "a header alone is a table of no rows")
    }

    /// A field of a megabyte, quoted and not, is read whole.
    @Test func megabyteFields() throws {
        let long = String(repeating: "word, ", count: 180_000)
        let table = try model("a,b\n\"\(long)\",\(String(repeating: "x", count: 1 << 20))\n")
        #expect(table.row(0) == [.string(long), .string(String(repeating: "x", count: 1 << 20))])
    }

    @Test func sortedByAColumnNumbersAsNumbers() throws {
        let table = try model("name,n\nb,10\na,9\nc,100\n", sort: "n")
        #expect(rows(table).map { $0[0] } == ["a", "b", "c"])
    }

    /// The generated table as CSV shows what it shows as JSON, value for value.
    @Test func theGeneratedTableAsCSVShowsAsItsJSON() throws {
        let json = try TableModel(records: Array(TableGenerator.json(rows: 500, seed: 4).utf8))
        let csv = try TableModel(records: Array(TableGenerator.csv(rows: 500, seed: 4).utf8))
        #expect(csv.columns == json.columns)
        #expect(rows(csv) == rows(json))
    }

    /// A search rules out no row whose text holds the query, line breaks and tabs
    /// inside fields included (shown written out: `\n`).
    @Test func searchRulesOutOnlyRowsWithoutTheQuery() throws {
        let text = "a,b\n\"x\ny\",plain\n\"tab\there\",other\n\"quote \"\"q\"\"\",last\n"
        let table = TableComponent(model: try model(text), width: 80)
        for query in ["ny", "x\\ny", "there", "t\\th", "plain", "q", "\"q\"", "last", "nope"] {
            for row in TableComponent.headerRows..<table.rowCount {
                let holds = TextSearch.contains(query, in: table.searchableText(row: row, width: 80))
                #expect(table.mayContain(query, row: row) || !holds, "row \(row) holds '\(query)'")
            }
        }
        #expect(!table.mayContain("plain", row: TableComponent.headerRows + 2))
    }
}
