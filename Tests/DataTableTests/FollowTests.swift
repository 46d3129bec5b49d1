import DataTable
import Testing

/// Rows appended to a table's file shown as they are written (`TableModel.follow`).
@Suite("Following a growing table")
struct FollowTests {
    typealias File = MappedTableTests.MemoryTableFile

    /// The file as it is after each write: what was there, then `text`.
    final class GrowingFile {
        private(set) var text: String
        init(_ text: String) { self.text = text }
        func append(_ more: String) -> File {
            text += more
            return File(Array(text.utf8))
        }
        var file: File { File(Array(text.utf8)) }
    }

    func lines(_ range: Range<Int>) -> String {
        range.map { #"{"id": \#($0), "name": "n\#($0)"}"# + "\n" }.joined()
    }

    @Test func jsonLinesAppendedAreIndexedInOrder() throws {
        let growing = GrowingFile(lines(0..<100))
        let table = try TableModel(records: growing.file)
        #expect(table.canFollow && table.rowCount == 100)
        var file = growing.append(lines(100..<1_100))
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 1_100)
        #expect((0..<1_100).allSatisfy { table.row($0).first == .number("\($0)") }, "every row, in order")
        #expect(try table.follow(file) == (false, false), "nothing more")
        file = growing.append(#"{"id": 1100, "name": "n1100", "new": true}"# + "\n")
        #expect(try table.follow(file) == (true, true))
        #expect(table.columns == ["id", "name", "new"])
        #expect(table.row(1_100) == [.number("1100"), .string("n1100"), .bool(true)])
    }

    /// A fresh log (JSON Lines said so, or a CSV header alone) is a table of no rows
    /// that grows as it is written, its columns found in its first records.
    @Test func anEmptyLogIsATableThatGrows() throws {
        let log = GrowingFile("")
        let table = try TableModel(records: log.file, options: .init(format: .jsonl))
        #expect(table.rowCount == 0 && table.columns.isEmpty && table.canFollow)
        #expect(try table.follow(log.append("\n")) == (false, false))
        #expect(try table.follow(log.append(lines(0..<3))) == (true, true))
        #expect(table.columns == ["id", "name"] && table.rowCount == 3)
        #expect(table.row(2) == [.number("2"), .string("n2")])
        #expect(throws: DataTableError.self, "JSON not said to be JSON Lines is not read as none") {
            try TableModel(records: GrowingFile("").file)
        }
        let csv = GrowingFile("id,name\n")
        let header = try TableModel(records: csv.file, options: .init(format: .csv))
        #expect(header.rowCount == 0 && header.columns == ["id", "name"] && header.canFollow)
        #expect(try header.follow(csv.append("1,one\n2,two\n")) == (true, false))
        #expect(header.row(1) == [.number("2"), .string("two")])
    }

    @Test func aLineBeingWrittenWaitsForItsEnd() throws {
        let growing = GrowingFile(lines(0..<10))
        let table = try TableModel(records: growing.file)
        var file = growing.append(#"{"id": 10, "na"#)
        #expect(try table.follow(file) == (false, false), "a part of a line is not a row")
        #expect(table.rowCount == 10)
        file = growing.append(#"me": "n10"}"# + "\n" + #"{"id": 11"#)
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 11 && table.row(10) == [.number("10"), .string("n10")])
        file = growing.append("}\n")
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 12 && table.row(11) == [.number("11"), nil])
    }

    /// A file whose last line had no line end: a row, read again whole when what is
    /// appended goes on with it (the writer had not finished it), kept when a line
    /// end follows.
    @Test func aLastLineWithoutALineEndIsReadAgainWhenItGoesOn() throws {
        let growing = GrowingFile("id,name\n1,one\n2,tw")
        let table = try TableModel(records: growing.file)
        #expect(table.canFollow && table.rowCount == 2 && table.row(1) == [.number("2"), .string("tw")])
        var file = growing.append("o\n3,three\n")
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 3)
        #expect(table.row(1) == [.number("2"), .string("two")], "read again whole")
        #expect(table.row(2) == [.number("3"), .string("three")])
        let ended = GrowingFile("id,name\n1,one\n2,two")
        let kept = try TableModel(records: ended.file)
        file = ended.append("\n3,three\n")
        #expect(try kept.follow(file) == (true, false))
        #expect(kept.rowCount == 3 && kept.row(1) == [.number("2"), .string("two")])
    }

    /// A record written over several lines (a quoted field with line feeds, a JSON
    /// object printed over lines) waits until it is whole.
    @Test func aRecordOverSeveralLinesWaitsUntilWhole() throws {
        let csv = GrowingFile("id,note\n1,plain\n")
        let table = try TableModel(records: csv.file)
        var file = csv.append("2,\"first line\nsecond")
        #expect(try table.follow(file) == (false, false))
        file = csv.append(" line\"\n3,after\n4,\"open")
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 3)
        #expect(table.row(1) == [.number("2"), .string("first line\nsecond line")])
        file = csv.append("ed\"\n")
        #expect(try table.follow(file) == (true, false))
        #expect(table.rowCount == 4 && table.row(3) == [.number("4"), .string("opened")])

        let json = GrowingFile(lines(0..<3))
        let lines = try TableModel(records: json.file)
        file = json.append("{\"id\": 3,\n  \"name\": ")
        #expect(try lines.follow(file) == (false, false))
        file = json.append("\"n3\"\n}\n")
        #expect(try lines.follow(file) == (true, false))
        #expect(lines.rowCount == 4 && lines.row(3) == [.number("3"), .string("n3")])
    }

    @Test func aBadRecordAppendedEndsFollowingAndTheRowsBeforeItStay() throws {
        let growing = GrowingFile(lines(0..<5))
        let table = try TableModel(records: growing.file)
        let file = growing.append(lines(5..<7) + "not json\n" + lines(8..<9))
        #expect(throws: DataTableError.self) { try table.follow(file) }
        #expect(table.rowCount == 7)
        #expect(!table.canFollow)
        #expect(try table.follow(growing.append(lines(9..<10))) == (false, false))
    }

    @Test func onlyARecordALineInFileOrderCanBeFollowed() throws {
        let array = "[" + (0..<3).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]"
        #expect(!(try TableModel(records: File(Array(array.utf8)))).canFollow, "an array ends with its ]")
        #expect(!(try TableModel(records: File(Array(lines(0..<5).utf8)), options: .init(sortColumn: "id"))).canFollow, "sorted")
        #expect(!(try TableModel(records: Array(lines(0..<5).utf8))).canFollow, "bytes in memory do not grow")
        let picked = try TableModel(records: File(Array(lines(0..<5).utf8)), options: .init(columns: ["name"]))
        #expect(picked.canFollow)
        #expect(try picked.follow(File(Array((lines(0..<5) + #"{"id": 5, "name": "n5", "new": 1}"# + "\n").utf8))) == (true, false))
        #expect(picked.columns == ["name"] && picked.row(5) == [.string("n5")])
    }

    @Test func aFileCutShortIsAnError() throws {
        let growing = GrowingFile(lines(0..<50))
        let table = try TableModel(records: growing.file)
        let file = growing.append(lines(50..<60))
        file.shrink(to: 100)
        #expect(throws: DataTableError.fileShrank) { try table.follow(file) }
    }
}
