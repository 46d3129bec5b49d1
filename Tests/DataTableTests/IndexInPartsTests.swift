import SampleContent
import Testing
@testable import DataTable

/// A table indexed a part at a time (the viewer's way with a large file) ends with the
/// index a single pass makes, whatever the parts; a fault further in keeps the rows
/// before it.
@Suite("Index in parts")
struct IndexInPartsTests {
    /// Every record's range, the columns and the shape.
    func summary(_ index: RecordIndex) -> (columns: [String], ranges: [Range<Int>], objects: Bool) {
        (index.columns, (0..<index.count).map(index.range(of:)), index.shape == .objects)
    }

    func inParts(_ text: String, options: RecordIndex.Options, part: Int) throws -> (index: RecordIndex, parts: Int) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { input in
            var index = try RecordIndex(input, options: options, indexingUpTo: part)
            var parts = 1
            while !index.isComplete {
                let before = index.bytesIndexed
                try index.resume(input, until: index.bytesIndexed + part)
                #expect(index.bytesIndexed > before, "each part goes on")
                parts += 1
            }
            return (index, parts)
        }
    }

    static let inputs: [(String, RecordIndex.Options)] = {
        let lines = (0..<300).map { row in
            "{\"id\": \(row), \"name\": \"row \(row)\"" + (row % 7 == 0 ? ", \"k\(row)\": [1, {\"x\": \"]\"}]" : "") + "}"
        }
        let arrays = (0..<200).map { "[\($0), \"v\($0)\"" + ($0 % 9 == 0 ? ", true" : "") + "]" }
        return [
            (lines.joined(separator: "\n") + "\n", RecordIndex.Options()),
            ("[" + lines.joined(separator: ",\n") + "]\n", RecordIndex.Options()),
            ("{\"meta\": 1, \"data\": [" + lines.joined(separator: ",") + "]}", RecordIndex.Options(path: ["data"])),
            ("[[\"n\", \"s\"], " + arrays.joined(separator: ", ") + "]", RecordIndex.Options()),
            ("[" + arrays.joined(separator: ", ") + "]", RecordIndex.Options(firstRowIsHeader: false)),
            (TableGenerator.csv(rows: 200, seed: 4), RecordIndex.Options(format: .csv)),
            ("a\tb\n" + (0..<150).map { "\($0)\t\"x\ty\"" + ($0 % 7 == 0 ? "\tmore" : "") }.joined(separator: "\r\n") + "\n\n", RecordIndex.Options(format: .tsv)),
            ((0..<100).map { "\($0),\($0 * 2)" }.joined(separator: "\n"), RecordIndex.Options(firstRowIsHeader: false, format: .csv)),
        ]
    }()

    @Test(arguments: 0..<8)
    func partsEndWithTheIndexOfOnePass(input: Int) throws {
        let (text, options) = Self.inputs[input]
        let whole = try Array(text.utf8).withUnsafeBufferPointer { try RecordIndex($0, options: options) }
        #expect(whole.isComplete)
        for part in [1, 7, 64, 500, 4_096] {
            let (index, parts) = try inParts(text, options: options, part: part)
            #expect(summary(index) == summary(whole), "parts of \(part) bytes")
            if part < text.utf8.count / 4 { #expect(parts > 3, "parts of \(part) bytes: \(parts)") }
        }
    }

    /// Sorting needs every record, and a document's largest array is known at its end:
    /// those are indexed whole even when parts are asked for.
    @Test func sortedAndSearchedForRecordsAreIndexedWhole() throws {
        let text = (0..<100).map { "{\"id\": \(99 - $0)}" }.joined(separator: "\n")
        #expect(try inParts(text, options: .init(sortColumn: "id"), part: 10).parts == 1)
        #expect(try inParts("{\"a\": {\"rows\": [{\"x\": 1}, {\"x\": 2}]}}", options: .init(), part: 1).parts == 1)
    }

    /// A model indexed in parts grows by `indexMore`; a fault further in is thrown once,
    /// the rows before it staying, and indexing is then over.
    @Test func aFaultFurtherInKeepsTheRowsBeforeIt() throws {
        let good = (0..<1_000).map { "{\"id\": \($0)}" }.joined(separator: "\n")
        let bytes = Array((good + "\n{\"id\": oops}\n{\"id\": 1}\n").utf8)
        let model = try TableModel(records: bytes, indexingFirst: 100)
        #expect(!model.isIndexed)
        #expect(model.rowCount > 0 && model.rowCount < 1_000)
        var fault: DataTableError?
        while !model.isIndexed {
            do {
                _ = try model.indexMore(bytes: 1_000)
            } catch {
                fault = error
            }
        }
        #expect(model.rowCount == 1_000)
        #expect(fault?.description.contains("line 1001") == true, "\(String(describing: fault))")
        #expect(model.row(999) == [.number("999")])
    }

    /// Columns found in later parts join the table.
    @Test func columnsFoundLaterJoin() throws {
        let text = (0..<2_000).map { "{\"id\": \($0)" + ($0 == 1_500 ? ", \"late\": true" : "") + "}" }.joined(separator: "\n")
        let model = try TableModel(records: Array(text.utf8), indexingFirst: 1_000)
        #expect(model.columns == ["id"])
        var grew = false
        while !model.isIndexed { grew = try model.indexMore(bytes: 4_000) || grew }
        #expect(grew)
        #expect(model.columns == ["id", "late"])
        #expect(model.row(1_500) == [.number("1500"), .bool(true)])
        #expect(model.row(1_499) == [.number("1499"), nil])
    }
}
