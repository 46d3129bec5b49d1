import SampleContent
import Testing
@testable import DataTable

/// Records read from the middle of a table's input: the same records, at the same
/// bytes, as the index pass finds reading from the start, read forward and back from
/// any byte; and none where a line start in the middle is not surely a record's.
@Suite("Records read from the middle")
struct RecordIslandTests {
    /// The records the index finds in `text`, and an island read from byte `offset`,
    /// then grown back and forward by `more` records.
    func both(_ text: String, format: TableFormat?, layout: RecordIsland.Layout, offset: Int, more: Int) throws -> (indexed: [Range<Int>], island: [Range<Int>]?) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            let index = try RecordIndex(buffer, options: .init(format: format))
            guard var island = RecordIsland(buffer, layout: layout, near: offset, count: 5, ceiling: buffer.count) else {
                return ((0..<index.count).map(index.range(of:)), nil)
            }
            island.extendBack(buffer, by: more, floor: 0)
            island.extendForward(buffer, by: more, ceiling: buffer.count)
            return ((0..<index.count).map(index.range(of:)), island.ranges)
        }
    }

    @Test(arguments: [(0, 2), (137, 3), (5_000, 40), (20_000, 1_000)])
    func islandsAreRunsOfTheIndexsRecords(offset: Int, more: Int) throws {
        var lines = ""
        TableGenerator.jsonLines(rows: 400, seed: 3) { lines += $0 }
        let (indexed, island) = try both(lines, format: .jsonl, layout: .jsonLines(opening: UInt8(ascii: "{")), offset: offset, more: more)
        let records = try #require(island)
        let first = try #require(indexed.firstIndex(of: records[0]), "the island starts at a record")
        #expect(Array(indexed[first..<(first + records.count)]) == records)
        #expect(records.count == min(indexed.count, 5 + 2 * more) || first == 0 || first + records.count == indexed.count)

        let tsv = "id\tname\n" + (1...300).map { "\($0)\tname \($0)\(($0 % 7 == 0) ? "\r\n" : "\n")" }.joined() + "\n\n301\tlast"
        let delimited = try both(tsv, format: .tsv, layout: .lines, offset: offset % tsv.utf8.count, more: more)
        let rows = try #require(delimited.island)
        let start = try #require(delimited.indexed.firstIndex(of: rows[0]) ?? (rows[0].lowerBound == 0 ? -1 : nil), "\(rows[0])")
        // (Read back to the input's start, the header row is a line like the others.)
        let fromRecords = start == -1 ? Array(rows.dropFirst()) : rows
        let firstRecord = start == -1 ? 0 : start
        #expect(Array(delimited.indexed[firstRecord..<(firstRecord + fromRecords.count)]) == fromRecords)
    }

    /// Values written over several lines: a nested object alone on its line, or members,
    /// are no records; no island is read among them.
    @Test func linesOfPrettyPrintedValuesAreNoRecords() throws {
        let pretty = (1...50).map { "{\n  \"id\": \($0),\n  \"items\": [\n    {\"a\": 1}\n  ]\n}\n" }.joined()
        for offset in stride(from: 1, to: pretty.utf8.count, by: 97) {
            let (_, island) = try both(pretty, format: nil, layout: .jsonLines(opening: UInt8(ascii: "{")), offset: offset, more: 3)
            #expect(island == nil, "offset \(offset): \(island ?? [])")
        }
    }
}
