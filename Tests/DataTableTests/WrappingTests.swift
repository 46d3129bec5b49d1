import ComponentKit
import RenderCore
import SampleContent
import Testing
@testable import DataTable

@Suite("Wrapped table rows")
struct WrappingTests {
    @Test func cellsWrapAtBreakOpportunitiesAndLongWordsBreak() {
        #expect(ValueWrapping.lines(of: "short", width: 10) == ["short"])
        #expect(ValueWrapping.lines(of: "one two three four", width: 9) == ["one two", "three", "four"])
        #expect(ValueWrapping.lines(of: "abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(ValueWrapping.lines(of: "中文中文中文", width: 5) == ["中文", "中文", "中文"])
        for line in ValueWrapping.lines(of: "中文 mixed with words and 日本語", width: 7) { #expect(TextWidth.columns(of: line) <= 7) }
    }

    /// Simple text is cut as bytes where a page's paragraphs are (`simpleLines`),
    /// into the lines the general wrap gives, a segment at a time: words, numbers,
    /// punctuation, CJK, double spaces and words wider than the column, at every
    /// width from 1 to 30, past the line limit too.
    @Test func simpleCellsWrapAsTheGeneralWrapDoes() {
        var random = SeededGenerator(seed: 14)
        let pieces = ["word", "a", "longerword", "x-y", "path/to/file", "(note)", "3.14", "1,000", "中文", "日本語です", "—", "…", "e.g.", "state-of-the-art", "。", "、", "https://example.com/a?b=c", String(repeating: "z", count: 40)]
        var simple = 0
        for _ in 0..<300 {
            let count = Int.random(in: 1...(Int.random(in: 0..<10, using: &random) == 0 ? 300 : 12), using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! + (Int.random(in: 0..<8, using: &random) == 0 ? "  " : " ") }.joined()
            let trimmed = String(text.dropLast(Int.random(in: 0...1, using: &random)))
            for width in 1...30 {
                var bytes = trimmed
                let fast = bytes.withUTF8 { ValueWrapping.simpleLines(of: $0, width: width) }
                if let fast {
                    simple += 1
                    #expect(fast == ValueWrapping.generalLines(of: trimmed, width: width), "\(trimmed) at \(width)")
                }
            }
        }
        #expect(simple > 2_000, "many of these texts are cut as bytes (the others have a word wider than the column)")
    }

    @Test func aHugeCellStopsAtTheLineLimit() {
        let lines = ValueWrapping.lines(of: String(repeating: "word ", count: 100_000), width: 20)
        #expect(lines.count == ValueWrapping.maximumLines)
        #expect(lines.last?.hasSuffix("…") == true)
    }

    /// A dump fills each record's view once, however many lines it wraps to: the
    /// lines of a record share its view (a 4 MB value took minutes when each line
    /// filled it again).
    /// A value of megabytes wraps as far as its lines show (the cap), in the time of
    /// a screenful: the same lines as a value of its start, the last ending in `…`,
    /// for a word without a break and for words.
    @Test func aHugeValueWrapsOnlyAsFarAsItsLinesShow() {
        for huge in [String(repeating: "x", count: 5_000_000), String(repeating: "word ", count: 1_000_000)] {
            let lines = ValueWrapping.lines(of: huge, width: 30)
            #expect(lines.count == ValueWrapping.maximumLines)
            #expect(lines.last?.hasSuffix("…") == true)
            #expect(lines == ValueWrapping.lines(of: String(huge.prefix(10_000)), width: 30))
        }
        // Marks that take no column: fewer lines than the cap, cut all the same.
        let marks = "a" + String(repeating: "\u{301}", count: 200_000)
        #expect(ValueWrapping.lines(of: marks, width: 10).last?.hasSuffix("…") == true)
    }

    @Test func aDumpFillsEachWrappedRecordOnce() throws {
        let records = (0..<50).map { #"{"id": \#($0), "text": "\#(String(repeating: "lorem ipsum dolor ", count: 30))"}"# }
        let model = try TableModel(records: Array(("[" + records.joined(separator: ",") + "]").utf8))
        let table = TableComponent(model: model, width: 40, wrapsCells: true)
        table.measureAllRows()
        let filledBefore = table.rowViewsCreated + table.rowViewsReused
        let lines = table.lines(width: 40)
        #expect(lines.count > 50 * 10, "each record wraps to many lines")
        #expect(table.rowViewsCreated + table.rowViewsReused - filledBefore <= 50, "each record's view filled once")
        #expect(table.rowViewsHeld <= 1)
        #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= 40 })
    }

    func view(rows: Int, width: Int = 40) throws -> TableComponent {
        let model = try TableModel(records: Array(TableGenerator.json(rows: rows, seed: 11).utf8))
        return TableComponent(model: model, width: width, wrapsCells: true)
    }

    /// A row is as tall as its tallest cell; unmeasured rows are estimates until
    /// measured, and measuring says how many lines moved above the anchor.
    /// Wrapped at a narrow width, a column is no narrower than its widest word (up to
    /// 20 columns) and its name (up to 20): lines break between words and names show whole (it
    /// broke `furnitu|re` and cut `catego…`); what does not fit goes past the edge.
    @Test func narrowWrappedColumnsKeepWordsAndNamesWhole() throws {
        let json = #"[{"id": 1, "name": "Cedar Bookshelf", "category": "furniture", "a long column name": "x"},"# +
            #"{"id": 2, "name": "Delta Headphones", "category": "stationery", "a long column name": "y"}]"#
        let model = try TableModel(records: Array(json.utf8))
        let table = TableComponent(model: model, width: 40, wrapsCells: true)
        var buffer = FrameBuffer(width: 200, height: table.rowCount)
        table.drawRows(0..<table.rowCount, into: &buffer, at: 0)
        let text = (0..<table.rowCount).map { buffer.plainText(row: $0) }.joined(separator: "\n")
        for word in ["Bookshelf", "Headphones", "furniture", "stationery", "category", "a long column name"] {
            #expect(text.contains(word), "\(word) whole in:\n\(text)")
        }
        #expect(!text.contains("…"), "no name cut")
    }

    @Test func heightsAreEstimatedThenMeasured() throws {
        let table = try view(rows: 3_000)
        #expect(table.isExtentEstimated)
        let estimated = table.rowCount
        let anchor = 400
        // Lines above the anchor, and the rows wholly above it, before measuring.
        let above = (0..<3_000).filter { Int(table.heights.prefixSum($0 + 1)) + TableComponent.headerRows <= anchor }
        let before = above.map { table.heights.values[$0] }
        let result = table.measureRows(coveringLines: 0..<600, anchor: anchor)
        let after = above.map { table.heights.values[$0] }
        #expect(result.linesAddedAboveAnchor == Int(zip(before, after).reduce(0) { $0 + $1.1 - $1.0 }))
        table.measureAllRows()
        #expect(!table.isExtentEstimated)
        // Exact heights: each row as tall as its tallest wrapped cell.
        let exact = (0..<3_000).map { record in
            table.model.row(record).enumerated().map { column, value in
                ValueWrapping.lines(of: ValueText.text(of: value), width: table.columnWidths[column]).count
            }.max() ?? 1
        }
        #expect(table.rowCount == TableComponent.headerRows + exact.reduce(0, +))
        #expect(estimated != table.rowCount, "the estimate was an estimate")
        for record in [0, 1, 1_500, 2_999] { #expect(Int(table.heights.values[record]) == exact[record]) }
    }

    @Test func linesMapToTheirRowAndLine() throws {
        let table = try view(rows: 50)
        table.measureAllRows()
        var line = TableComponent.headerRows
        for record in 0..<50 {
            for within in 0..<Int(table.heights.values[record]) {
                #expect(table.record(atLine: line)! == (record, within))
                line += 1
            }
        }
        #expect(line == table.rowCount)
        #expect(table.record(atLine: line) == nil)
    }
}
