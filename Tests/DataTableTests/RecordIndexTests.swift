import Foundation
import Testing
@testable import DataTable

/// The inputs a table is read from, indexed in one pass and decoded a row at a time.
@Suite("Record index")
struct RecordIndexTests {
    func model(_ text: String, path: [String]? = nil, header: Bool = true, bom: Bool = false) throws -> TableModel {
        try TableModel(records: (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8), options: .init(path: path, firstRowIsHeader: header))
    }

    func rows(_ table: TableModel) -> [[JSONValue?]] {
        (0..<table.rowCount).map(table.row)
    }

    @Test func jsonLinesAreOneRecordALine() throws {
        let table = try model("{\"a\": 1}\n{\"b\": \"x\", \"a\": 2}\n\n{\"c\": true}\n")
        #expect(table.columns == ["a", "b", "c"])
        #expect(rows(table) == [[.number("1"), nil, nil], [.number("2"), .string("x"), nil], [nil, nil, .bool(true)]])
    }

    /// A file said to be JSON Lines (`--format jsonl`, or a `.jsonl` name) of one
    /// line is one row, even an object holding an array (a log's first record): as
    /// JSON, such an object is a document whose array holds the rows.
    @Test func jsonLinesOfOneRecordAreOneRow() throws {
        let lines = RecordIndex.Options(format: .jsonl)
        let one = try TableModel(records: Array("{\"id\": 1, \"tags\": [{\"t\": \"a\"}]}\n".utf8), options: lines)
        #expect(one.columns == ["id", "tags"])
        #expect(rows(one).count == 1)
        #expect(rows(one)[0][0] == .number("1"))
        // As JSON, the object's array of objects is the rows.
        #expect(try model("{\"id\": 1, \"tags\": [{\"t\": \"a\"}]}\n").columns == ["t"])
        #expect(rows(try TableModel(records: Array("{\"id\": 1}".utf8), options: lines)) == [[.number("1")]])
    }

    @Test func arraysOfArraysTakeTheFirstAsHeader() throws {
        let table = try model(#"[["name", "age"], ["ada", 36], ["alan", 41, "extra"]]"#)
        #expect(table.columns == ["name", "age", "3"])
        #expect(rows(table) == [[.string("ada"), .number("36"), nil], [.string("alan"), .number("41"), .string("extra")]])
    }

    @Test func arraysOfArraysWithoutHeaderAreNumbered() throws {
        let table = try model(#"[[1, 2], [3]]"#, header: false)
        #expect(table.columns == ["1", "2"])
        #expect(rows(table) == [[.number("1"), .number("2")], [.number("3"), nil]])
    }

    /// A path through deep nesting is walked in one pass, and no deeper than the
    /// depth limit that refuses the same nesting without a path.
    @Test func aPathThroughDeepNestingIsLinearAndLimited() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{\"a\": ", count: depth) + "[{\"x\": 1}]" + String(repeating: "}", count: depth)
        }
        let deep = 9_000
        #expect(rows(try model(nested(deep), path: Array(repeating: "a", count: deep))) == [[.number("1")]])
        let tooDeep = 20_000
        #expect(throws: DataTableError.self) { try model(nested(tooDeep), path: Array(repeating: "a", count: tooDeep)) }
        do {
            _ = try model(nested(tooDeep), path: Array(repeating: "a", count: tooDeep))
        } catch {
            #expect("\(error)".contains("nesting deeper than 10000 levels"))
        }
        // A missing key deep down names where it was looked for.
        do {
            _ = try model(nested(3), path: ["a", "a", "b"])
            Issue.record("a missing key found")
        } catch {
            #expect("\(error)" == "no key 'b' in the object at 'a.a'")
        }
    }

    @Test func aPathPicksTheArray() throws {
        let text = #"{"big": [{"x": 1}, {"x": 2}, {"x": 3}], "data": {"items": [{"id": 7}]}, "list": [[{"n": 1}]]}"#
        #expect(try model(text).columns == ["x"])
        #expect(rows(try model(text, path: ["data", "items"])) == [[.number("7")]])
        #expect(rows(try model(text, path: ["list", "0"])) == [[.number("1")]])
    }

    @Test(arguments: [
        (["data", "missing"], "no key 'missing' in the object at 'data'"),
        (["big", "x"], "'x' is not a position in the array at 'big'"),
        (["big", "9"], "the array at 'big' has no item 9"),
        (["data"], "'data' is not an array: there are no rows"),
    ])
    func badPathsSayWhatIsMissing(path: [String], reason: String) throws {
        let text = #"{"big": [{"x": 1}], "data": {"items": [{"id": 7}]}}"#
        #expect(throws: DataTableError.noRows(reason)) { try model(text, path: path) }
    }

    @Test func keysInAnyOrderAndEscapedKeysFindTheirColumn() throws {
        let table = try model(#"[{"a": 1, "b": 2}, {"b": 3, "a": 4}, {"\u0061": 5, "c\"d": 6}]"#)
        #expect(table.columns == ["a", "b", "c\"d"])
        #expect(rows(table) == [[.number("1"), .number("2"), nil], [.number("4"), .number("3"), nil], [.number("5"), nil, .number("6")]])
    }

    /// Every value among the records counts: one that is not a record like the first
    /// is an error saying which it is and where, never left out.
    @Test(arguments: [
        (#"[{"a": 1}, 2, {"a": 3}]"#, "item 2 is a number, not an object, at line 1, column 12 (byte 11)"),
        ("[1, 2, 3]", "item 1 is a number, not a record (an object or an array), at line 1, column 2 (byte 1)"),
        (#"[["a"], [1], {"a": 2}]"#, "item 3 is an object, not an array, at line 1, column 14 (byte 13)"),
        ("{\"a\": true} \"x\"\n", "value 2 is a string, not an object, at line 1, column 13 (byte 12)"),
        ("{\"a\": 1}\n{\"a\": 2}\nnull\n", "value 3 is null, not an object, at line 3, column 1 (byte 18)"),
        (#"{"items": [{"a": 1}, {"a": 2}, "é", {"a": 3}]}"#, "item 3 is a string, not an object, at line 1, column 32 (byte 31)"),
    ])
    func valuesAmongTheRecordsThatAreNotRecordsAreErrors(text: String, message: String) throws {
        do {
            _ = try model(text)
            Issue.record("expected an error for \(text)")
        } catch let error as DataTableError {
            guard case .notARecord = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(error.description == message)
        }
    }

    /// A UTF-8 byte order mark before an array, JSON Lines or an object holding the
    /// records is skipped.
    @Test func aByteOrderMarkIsSkipped() throws {
        for text in [#"[{"a": 1}, {"a": 2}]"#, "{\"a\": 1}\n{\"a\": 2}\n", #" {"items": [{"a": 1}, {"a": 2}]}"#] {
            let table = try model(text, bom: true)
            #expect(rows(table) == [[.number("1")], [.number("2")]], "\(text)")
        }
    }

    @Test func theWholeInputIsCheckedNotOnlyTheRecords() throws {
        #expect(throws: DataTableError.self) { try model(#"[{"a": 1}] x"#) }
        #expect(throws: DataTableError.self) { try model(#"{"meta": [1,], "items": [{"a": 1}]}"#) }
        #expect(throws: DataTableError.self) { try model("{\"a\": 1}\n{\"a\": }\n") }
        #expect(throws: DataTableError.self) { try model(#"[{"a": 1}, {"a": "\x"}]"#) }
    }

    /// An object's members go to their columns wherever they stand among its keys:
    /// escaped keys, keys given twice (the last value), keys not shown (passed over,
    /// whatever they hold), values of any kind.
    @Test func objectMembersGoToTheirColumns() throws {
        let text = [
            #"{"id": 1, "name": "a", "tags": [1, {"x": 2}]}"#,
            #"{"name": "b", "id": 2}"#,
            #"{"id": 3, "na\u006de": "c\"d", "gone": {"deep": [1, "}", null]}, "tags": {}}"#,
            #"{"id": 4, "id": 5, "tags": null}"#,
            "{}",
        ].joined(separator: "\n")
        let tags: JSONValue = .array([.number("1"), .object([.init(key: "x", value: .number("2"))])])
        let table = try model(text)
        #expect(table.columns == ["id", "name", "tags", "gone"])
        #expect(rows(table) == [
            [.number("1"), .string("a"), tags, nil],
            [.number("2"), .string("b"), nil, nil],
            [.number("3"), .string("c\"d"), .object([]), .object([.init(key: "deep", value: .array([.number("1"), .string("}"), .null]))])],
            [.number("5"), nil, .null, nil],
            [nil, nil, nil, nil],
        ])
        let picked = try TableModel(records: Array(text.utf8), options: .init(columns: ["tags", "name"]))
        #expect(rows(picked) == [[tags, .string("a")], [nil, .string("b")], [.object([]), .string("c\"d")], [.null, nil], [nil, nil]])
    }

    @Test func rowsAreDecodedOnlyWhenAskedFor() throws {
        let text = "[" + (0..<5_000).map { #"{"id": \#($0), "name": "row \#($0)"}"# }.joined(separator: ",") + "]"
        let table = try model(text)
        #expect(table.rowCount == 5_000)
        #expect(table.rowsDecoded == 0)
        #expect(table.value(row: 4_321, column: 1) == .string("row 4321"))
        #expect(table.rowsDecoded == 1)
        _ = table.row(4_321)
        #expect(table.rowsDecoded == 1, "a row asked for again comes from the cache")
        table.decodeAll()
        #expect(table.rowsDecoded == 5_001)
        #expect(table.value(row: 0, column: 0) == .number("0"))
    }

    /// A record of megabytes is decoded again when asked for, never kept beside the
    /// copy its view holds.
    @Test func aRecordOfMegabytesIsNotCached() throws {
        let huge = String(repeating: "x", count: TableModel.cachedRecordBytes + 1)
        let table = try model(#"[{"a": "small"}, {"a": "\#(huge)"}]"#)
        _ = table.row(0)
        _ = table.row(0)
        #expect(table.rowsDecoded == 1)
        #expect(table.value(row: 1, column: 0) == .string(huge))
        _ = table.row(1)
        #expect(table.rowsDecoded == 3, "decoded each time")
    }

    @Test func deepNestingInsideARecordIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DataTableError.self) { try model(#"[{"a": "#  + deep + "}]") }
    }
}

@Suite("Mapped tables")
struct MappedTableTests {
    /// A file as a table reads it, held in memory: the pages given back are counted.
    final class MemoryTableFile: TableFile, @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<UInt8>
        private(set) var releasedBefore = 0

        init(_ bytes: [UInt8]) {
            storage = .allocate(capacity: bytes.count)
            _ = storage.initialize(from: bytes)
        }

        deinit { storage.deallocate() }

        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(storage) }
        /// Ranges copied out (`read`) so far.
        private(set) var copies = 0
        func read(_ range: Range<Int>) -> [UInt8] {
            copies += 1
            return Array(storage[range.clamped(to: 0..<end)])
        }
        func release(before offset: Int) { releasedBefore = max(releasedBefore, offset) }
        private(set) var hasShrunk = false
        private var end: Int { shrunkTo ?? storage.count }
        private var shrunkTo: Int?

        /// Makes the file end at `offset`, as a mapped file truncated reads: zeros past
        /// it in the mapping, copies cut short.
        func shrink(to offset: Int) {
            for index in offset..<storage.count { storage[index] = 0 }
            shrunkTo = offset
            hasShrunk = true
        }
    }

    static let lines = (0..<1_000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: "\n")

    @Test func aFileThatShrankWhileIndexedIsAnError() throws {
        let file = MemoryTableFile(Array(Self.lines.utf8))
        file.shrink(to: 10_000)
        #expect(throws: DataTableError.fileShrank) { try TableModel(records: file) }
        #expect(DataTableError.fileShrank.description == "the file shrank while it was read (was it written to meanwhile?)")
    }

    @Test func rowsLostAfterIndexingSayWhy() throws {
        let file = MemoryTableFile(Array(Self.lines.utf8))
        let table = try TableModel(records: file)
        file.shrink(to: Self.lines.utf8.count / 2)
        #expect(table.row(0) == [.number("0"), .string("n0")])
        #expect(table.row(999) == [.string(TableModel.lostRowNote), nil])
    }

    @Test func aMappedFileGivesTheSameRowsAsBytesInMemory() throws {
        let text = "[" + (0..<3_000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": [\#($0 % 3)]}"# }.joined(separator: ",\n") + "]"
        let file = MemoryTableFile(Array(text.utf8))
        let mapped = try TableModel(records: file)
        let inMemory = try TableModel(records: Array(text.utf8))
        #expect(mapped.columns == inMemory.columns)
        #expect(mapped.rowCount == 3_000)
        for row in [0, 1, 1_500, 2_999] { #expect(mapped.row(row) == inMemory.row(row)) }
        // The index pass gave back what it had read.
        #expect(file.releasedBefore > text.utf8.count / 2)
    }

    /// A pass over every row (a dump) reads the records where they are and keeps
    /// none; rows shown are copied out and kept a while.
    @Test func rowsReadInOrderAreReadInPlaceAndNotKept() throws {
        let file = MemoryTableFile(Array(Self.lines.utf8))
        let table = try TableModel(records: file)
        let shown = table.row(500)
        #expect(file.copies == 1)
        let inOrder = table.readingInOrder { (0..<table.rowCount).map(table.row) }
        #expect(file.copies == 1, "no record copied out")
        #expect(inOrder.count == 1_000 && inOrder[500] == shown && inOrder[999] == [.number("999"), .string("n999")])
        let decoded = table.rowsDecoded
        _ = table.readingInOrder { table.row(7) }
        _ = table.readingInOrder { table.row(7) }
        #expect(table.rowsDecoded == decoded + 2, "none kept")
        _ = table.row(500)
        #expect(table.rowsDecoded == decoded + 2 && file.copies == 1, "the row shown still kept")
        file.shrink(to: Self.lines.utf8.count / 2)
        #expect(table.readingInOrder { table.row(999) } == [.string(TableModel.lostRowNote), nil])
    }

    /// Wide tables are planned from their first and last rows (where counters are
    /// widest), none between: both ends are there before the index has read the rest.
    @Test func theColumnSampleIsTheTablesEnds() {
        #expect(ColumnPlan.sample(rowCount: 10) == Array(0..<10))
        let sample = ColumnPlan.sample(rowCount: 1_000_000)
        #expect(sample.count == ColumnPlan.sampleRows)
        #expect(sample == Array(0..<500) + Array(999_500..<1_000_000))
        #expect(ColumnPlan.sample(rowCount: 1_000_000, columnCount: 100_000) == Array(0..<10) + Array(999_990..<1_000_000))
    }
}

@Suite("Sorting")
struct SortingTests {
    func sorted(_ text: String, by key: String, descending: Bool = false) throws -> [[JSONValue?]] {
        let table = try TableModel(records: Array(text.utf8), options: .init(sortColumn: key, sortsDescending: descending))
        return (0..<table.rowCount).map(table.row)
    }

    let records = #"[{"n": 10, "s": "b", "i": 1}, {"n": 9, "s": "a", "i": 2}, {"s": "c", "i": 3}, {"n": 10, "s": "a", "i": 4}, {"n": null, "i": 5}, {"n": "x", "i": 6}, {"n": 100, "i": 7}]"#

    func ids(_ rows: [[JSONValue?]]) -> [String] {
        rows.map { row in
            if case .number(let id)? = row[2] { return id }
            return "?"
        }
    }

    @Test func numbersSortAsNumbersAndTiesKeepTheirOrder() throws {
        // 9 < 10 = 10 < 100 (not "10" < "100" < "9"), then text, then missing and null.
        #expect(ids(try sorted(records, by: "n")) == ["2", "1", "4", "7", "6", "3", "5"])
    }

    @Test func descendingKeepsMissingValuesLastAndTiesInOrder() throws {
        #expect(ids(try sorted(records, by: "n", descending: true)) == ["6", "7", "1", "4", "2", "3", "5"])
    }

    @Test func textSortsByItsCharacters() throws {
        #expect(ids(try sorted(records, by: "s")) == ["2", "4", "1", "3", "5", "6", "7"])
    }

    @Test func arraysOfArraysSortByTheirColumn() throws {
        let table = try TableModel(records: Array(#"[["k", "v"], [3, "c"], [1, "a"], [2, "b"]]"#.utf8), options: .init(sortColumn: "k"))
        #expect((0..<3).map { table.value(row: $0, column: 1) } == [.string("a"), .string("b"), .string("c")])
    }

    @Test func anUnknownSortColumnIsAnError() {
        #expect(throws: DataTableError.unknownColumn("zz", available: ["n", "s", "i"])) { try sorted(records, by: "zz") }
    }

    @Test func sortedWindowedRowsEqualSortedExpandedRows() throws {
        let text = "[" + (0..<2_000).map { #"{"id": \#($0), "v": \#(($0 * 7919) % 101)}"# }.joined(separator: ",") + "]"
        let windowed = try TableModel(records: Array(text.utf8), options: .init(sortColumn: "v", sortsDescending: true))
        let expanded = try TableModel(records: Array(text.utf8), options: .init(sortColumn: "v", sortsDescending: true))
        expanded.decodeAll()
        for row in [0, 1, 999, 1_999] { #expect(windowed.row(row) == expanded.row(row)) }
        #expect(windowed.rowsDecoded == 4, "sorting objects decodes no row")
    }
}
