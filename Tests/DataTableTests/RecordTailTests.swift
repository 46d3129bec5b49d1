import SampleContent
import Testing
@testable import DataTable

/// The last records of a table read back from its end: the same records, at the same
/// bytes, as the index pass finds reading from the start.
@Suite("Records read back from the end")
struct RecordTailTests {
    /// The last `count` records the index finds in `text`, and those read back.
    func both(_ text: String, format: TableFormat? = nil, count: Int) throws -> (indexed: [Range<Int>], readBack: [Range<Int>]?) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            let index = try RecordIndex(buffer, options: .init(format: format))
            let layout = try #require(index.tailLayout, "the layout can be read back")
            // (Further back is the header row, which the index is past: see the floor.)
            let count = min(count, index.count)
            let tail = RecordTail(buffer, layout: layout, count: count, floor: 0)
            let indexed = (max(0, index.count - count)..<index.count).map(index.range(of:))
            return (indexed, tail?.ranges)
        }
    }

    static let tricky: [(name: String, text: String, format: TableFormat?)] = [
        ("JSON Lines with brackets and quotes in strings", #"""
        {"a": "}{", "b": "say \"hi\" ]["}
        {"a": "back\\", "b": "\\\"}"}

        {"a": [1, {"n": "}"}], "b": {"c": "\\\\"}}   
        """# + "\r\n", .jsonl),
        ("objects written over several lines", "{\n  \"a\": 1,\n  \"b\": [\n    {\"c\": \"}\"}\n  ]\n}\n{\n  \"a\": 2\n}\n", nil),
        ("an array of objects holding arrays of objects", #"[ {"a": [{"x": 1}, {"x": "],"}]} ,{"a": []},{"a": "\\"} ]"# + "\n\n", nil),
        ("an array of arrays under a header", #"[["name", "age"], ["ada", 36], ["al\"an", 41, "extra"]]"#, nil),
        ("TSV with quotes as text and an empty last field", "id\tname\tnote\n1\t\"x\t\n2\tb\"c\td\r\n3\t\t\n", .tsv),
        ("CSV without quotes, lines ended three ways", "id,name\r\n1,a\r2,b\n\n3,c", .csv),
    ]

    @Test(arguments: tricky.indices)
    func theLastRecordsAreTheIndexs(_ example: Int) throws {
        let (name, text, format) = Self.tricky[example]
        for count in 1...5 {
            let (indexed, readBack) = try both(text, format: format, count: count)
            #expect(readBack == indexed, "\(name), last \(count)")
        }
    }

    /// Generated tables of every layout, read back far: the records read back are the
    /// index's last ones. In CSV a quote stops reading back (a line feed before it may
    /// be inside a quoted field): the records after the last quote are read.
    @Test(arguments: [1, 2, 3])
    func generatedTablesReadBackAsIndexed(seed: UInt64) throws {
        var lines = ""
        TableGenerator.jsonLines(rows: 700, seed: seed) { lines += $0 }
        for text in [lines, TableGenerator.json(rows: 700, seed: seed)] {
            let (indexed, readBack) = try both(text, count: 600)
            #expect(readBack == indexed)
        }
        let csv = TableGenerator.csv(rows: 700, seed: seed)
        let (indexed, readBack) = try both(csv, format: .csv, count: 600)
        let lastQuote = Array(csv.utf8).lastIndex(of: UInt8(ascii: "\"")) ?? -1
        let expected = indexed.filter { $0.lowerBound > lastQuote }
        #expect((readBack ?? []) == expected)
        #expect(!expected.isEmpty || readBack == nil)
    }

    /// An end that is not a record is no tail; what is not a record further back
    /// stops reading there.
    @Test func whatIsNotARecordStopsReadingBack() throws {
        func tail(_ text: String, _ layout: RecordTail.Layout, count: Int = 10) -> [Range<Int>]? {
            Array(text.utf8).withUnsafeBufferPointer { RecordTail($0, layout: layout, count: count, floor: 0)?.ranges }
        }
        #expect(tail("{\"a\": 1}\nnope\n", .jsonValues) == nil)
        #expect(tail("[{\"a\": 1}, 2]", .jsonArray) == nil)
        #expect(tail("[]", .jsonArray) == nil)
        #expect(tail("{\"a\": 1}\n{\"a\": 2}", .jsonArray) == nil, "no closing bracket")
        #expect(tail("3\n{\"a\": 1}\n", .jsonValues) == [2..<10], "the number before stops it")
        #expect(tail("id,n\n1,\"a\"\n2,b\n", .lines(quoted: true)) == [11..<14])
        #expect(tail("x\n1,\"a\"\n", .lines(quoted: true)) == nil)
        // The floor: records starting before it are the index's.
        let ranges = Array("{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n".utf8).withUnsafeBufferPointer {
            RecordTail($0, layout: .jsonValues, count: 10, floor: 9)?.ranges
        }
        #expect(ranges == [9..<17, 18..<26])
    }

    /// Read back further, a step at a time, the records join those read before.
    @Test func readingBackGoesOnWhereItStopped() throws {
        var lines = ""
        TableGenerator.jsonLines(rows: 300, seed: 9) { lines += $0 }
        let bytes = Array(lines.utf8)
        let (indexed, _) = try both(lines, count: 300)
        bytes.withUnsafeBufferPointer { buffer in
            guard var tail = RecordTail(buffer, layout: .jsonValues, count: 7, floor: 0) else {
                Issue.record("no tail")
                return
            }
            for step in [1, 50, 100, 1_000] {
                tail.extend(buffer, by: step, floor: 0)
            }
            #expect(tail.ranges == indexed)
            #expect(tail.readBackTo == 0)
        }
    }
}
