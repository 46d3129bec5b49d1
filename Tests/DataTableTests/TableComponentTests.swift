import ComponentKit
@testable import DataTable
import RenderCore
import SampleContent
import Testing

@Suite("Table view")
struct TableViewTests {
    func rows(_ json: String, width: Int) throws -> [String] {
        let view = TableComponent(model: try TableModel(records: Array(json.utf8)), width: width)
        var buffer = FrameBuffer(width: width, height: view.rowCount)
        view.drawRows(0..<view.rowCount, into: &buffer, at: 0)
        return buffer.plainLines
    }

    func frame(_ json: String, width: Int, freeze: Int = 1, scrolledTo offset: Int) throws -> [String] {
        let view = TableComponent(model: try TableModel(records: Array(json.utf8)), width: width, frozenColumns: freeze)
        view.scrollColumns(to: offset)
        var buffer = FrameBuffer(width: width, height: view.rowCount)
        view.drawRows(0..<view.rowCount, into: &buffer, at: 0)
        return buffer.plainLines
    }

    static let wide = #"[{"id": 1, "alpha": "aaaaaaa", "beta": "bbbbbbb", "gamma": "ggggggg", "delta": "ddddddd"}, {"id": 22, "alpha": "x", "beta": "y", "gamma": "z", "delta": "w"}]"#

    /// Values longer than the cap on a column's width are whole where the screen has
    /// room; where it has some, the columns that need least are made whole first.
    @Test func roomTheRowLeavesGoesToColumnsTheCapCut() throws {
        let long = String(repeating: "l", count: 60)
        let json = #"[{"a": "\#(long)", "b": "\#(String(repeating: "m", count: 45))", "c": "x"}]"#
        let wide = try rows(json, width: 200)
        #expect(wide[2] == long + " │ " + String(repeating: "m", count: 45) + " │ x")
        // 108 columns: the caps (40, 40, 1) leave 21; b needs 5 of them, a the rest.
        let some = try rows(json, width: 108)
        #expect(some[2] == String(repeating: "l", count: 55) + "… │ " + String(repeating: "m", count: 45) + " │ x")
        // Where the capped row does not fit, nothing changes: narrowed as before.
        #expect(try rows(json, width: 60)[2].count <= 60)
    }

    /// A row as text keeps every column shown, past the width; a frame cuts it at the
    /// width; a dump has every value whole.
    @Test func aRowsTextKeepsTheColumnsPastTheWidthAndADumpEveryValue() throws {
        let json = #"[{"id": 1, "a": "aaaaaaa", "b": "bbbbbbbbbbb", "c": "\#(String(repeating: "c", count: 50))"}, {"id": 22, "a": "x", "b": "y", "c": "z"}]"#
        let view = TableComponent(model: try TableModel(records: Array(json.utf8)), width: 30)
        #expect(view.plainText(row: 0, width: 30) == "id │ a       │ b      │ c")
        #expect(view.plainText(row: 2, width: 30) == " 1 │ aaaaaaa │ bbbbb… │ ccccc…")
        var frame = FrameBuffer(width: 30, height: 1)
        view.drawRows(2..<3, into: &frame, at: 0)
        #expect(frame.plainText(row: 0) == " 1 │ aaaaaaa │ bbbbb… │ ccccc…")
        #expect(view.lines(width: 30) == [
            "id │ a       │ b           │ c",
            "───┼─────────┼─────────────┼" + String(repeating: "─", count: 51),
            " 1 │ aaaaaaa │ bbbbbbbbbbb │ " + String(repeating: "c", count: 50),
            "22 │ x       │ y           │ z",
        ])
        #expect(view.plainText(row: 2, width: 30).hasSuffix("…"), "the dump leaves the plan shown as it was")
    }

    /// A frozen first column and a header row stay while the other columns scroll, a
    /// column a step, the first after the frozen ones whole; a row that cannot fit
    /// even with its columns narrowed runs past the right edge.
    /// A column that runs past the screen's edge is cut there as the row's text is,
    /// with no `…` (which marks a value cut in its column), a wide character that
    /// would straddle the edge left out alike.
    @Test func aColumnPastTheEdgeIsCutThereUnmarked() throws {
        let json = #"[{"id": 1, "text": "ab漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"}, {"id": 2, "text": "x"}]"#
        let view = TableComponent(model: try TableModel(records: Array(json.utf8)), width: 20)
        for width in 12...19 {
            var screen = FrameBuffer(width: width, height: view.rowCount)
            view.drawRows(0..<view.rowCount, into: &screen, at: 0)
            let whole = view.plainText(row: 2, width: width)
            var cut = TextWidth.prefix(of: whole, columns: width)
            while cut.last == " " { cut.removeLast() }
            #expect(screen.plainText(row: 2) == cut, "width \(width)")
            #expect(!screen.plainText(row: 2).contains("…") || whole.contains("…") && TextWidth.columns(of: whole) <= width)
        }
    }

    @Test func frozenColumnsStayWhileTheOthersScrollAColumnAtATime() throws {
        #expect(try frame(Self.wide, width: 30, scrolledTo: 0) == [
            "id │ alpha   │ beta    │ gamma",
            "───┼─────────┼─────────┼──────",
            " 1 │ aaaaaaa │ bbbbbbb │ ggggg",
            "22 │ x       │ y       │ z",
        ])
        #expect(try frame(Self.wide, width: 30, scrolledTo: 1) == [
            "id │ beta    │ gamma  │ delta",
            "───┼─────────┼────────┼───────",
            " 1 │ bbbbbbb │ ggggg… │ ddddd…",
            "22 │ y       │ z      │ w",
        ])
        // The last step: every column left shows whole.
        #expect(try frame(Self.wide, width: 30, scrolledTo: 2)[2] == " 1 │ ggggggg │ ddddddd")
        // Where narrowing makes the row fit, the columns are narrowed (the first after
        // the frozen ones spared).
        #expect(try frame(Self.wide, width: 40, scrolledTo: 0)[2] == " 1 │ aaaaaaa │ bbbbbbb │ ggggg… │ ddddd…")
    }

    @Test func twoFrozenColumnsOrNone() throws {
        #expect(try frame(Self.wide, width: 30, freeze: 2, scrolledTo: 10)[2] == " 1 │ aaaaaaa │ ddddddd")
        #expect(try frame(Self.wide, width: 30, freeze: 0, scrolledTo: 10)[2] == "bbbbbbb │ ggggggg │ ddddddd")
    }

    @Test func scrollingStopsWhereEveryColumnLeftIsWhole() throws {
        let view = TableComponent(model: try TableModel(records: Array(Self.wide.utf8)), width: 30)
        #expect(!view.scrollColumns(to: -5))
        #expect(view.maxScrolledColumns == 2, "gamma and delta, 7 columns each, fit in the 25 the frozen column leaves")
        #expect(view.scrollColumns(to: 1_000))
        #expect(view.scrolledColumns == 2)
        #expect(!view.scrollColumns(to: 3))
        let narrow = TableComponent(model: try TableModel(records: Array(#"[{"a": 1, "b": 2}]"#.utf8)), width: 30)
        #expect(!narrow.scrollColumns(to: 5), "a table that shows whole does not scroll")
        // A column wider than the screen is the last lead; it shows as much as fits.
        let long = String(repeating: "w", count: 100)
        let wide = TableComponent(model: try TableModel(records: Array(#"[{"a": 1, "b": "\#(long)", "c": 2}]"#.utf8)), width: 30)
        #expect(wide.scrollColumns(to: 1))
        #expect(wide.plainText(row: 2, width: 30) == "1 │ 2")
        #expect(wide.scrollColumns(to: 0))
        var buffer = FrameBuffer(width: 30, height: 3)
        wide.drawRows(0..<3, into: &buffer, at: 0)
        #expect(buffer.plainLines[2] == "1 │ " + String(repeating: "w", count: 25) + "…")
    }

    @Test func drawsHeaderRuleAndPaddedColumns() throws {
        let lines = try rows(#"[{"name": "lamp", "price": 12.5, "ok": true}, {"name": "kettle", "price": 7, "ok": null}]"#, width: 40)
        #expect(lines == [
            "name   │ price │ ok",
            "───────┼───────┼─────",
            "lamp   │  12.5 │ true",
            "kettle │     7 │ null",
        ])
    }

    @Test func valuesThatDoNotFitAreCutWithAnEllipsis() throws {
        let lines = try rows(#"[{"a": "abcdefghijklmnopqrstuvwxyz", "b": "short"}]"#, width: 20)
        #expect(lines[2] == "abcdefghijk… │ short")
        for line in lines { #expect(TextWidth.columns(of: line) <= 20) }
    }

    @Test func wideCharactersAreMeasuredInColumns() throws {
        let lines = try rows(#"[{"名前": "青瓷茶杯", "n": 1}]"#, width: 30)
        #expect(lines[0] == "名前     │ n")
        #expect(lines[2] == "青瓷茶杯 │ 1")
    }

    @Test func controlCharactersAndNestedValuesShowEscaped() throws {
        let lines = try rows(#"[{"s": "a\nb\u001b[31m", "n": {"k": [1, "q\"\\"]}}]"#, width: 60)
        #expect(lines[2] == #"a\nb\u{1B}[31m │ {"k":[1,"q\"\\"]}"#)
    }

    @Test func missingKeysAreBlank() throws {
        let lines = try rows(#"[{"a": 1}, {"b": 2}]"#, width: 20)
        #expect(lines[2] == "1 │")
        #expect(lines[3] == "  │ 2")
    }

    /// Thousands of columns plan in one pass (the narrowing is a binary search, not a
    /// column at a time); a row that overflows even at the floors keeps its columns
    /// at their capped widths, past the right edge.
    @Test func manyColumnsPlanQuickly() throws {
        let record = "{" + (0..<20_000).map { "\"c\($0)\": \"" + String(repeating: "x", count: 40) + "\"" }.joined(separator: ",") + "}"
        let model = try TableModel(records: Array("[\(record)]".utf8))
        let plan = ColumnPlan(model: model, availableWidth: 80)
        #expect(plan.widths.count == 20_000)
        #expect(plan.widths.allSatisfy { $0 == ColumnPlan.maximumWidth })
    }

    @Test func narrowingCapsTheWidestColumnsFirst() {
        let model = TableModel(columns: ["a", "b", "c"], rows: [[.string(String(repeating: "x", count: 30)), .string("yy"), .string(String(repeating: "z", count: 20))]])
        let plan = ColumnPlan(model: model, availableWidth: 40)
        #expect(plan.widths == [16, 2, 16], "\(plan.widths)")
        #expect(plan.totalWidth == 40)
    }

    /// Rows too wide to draw (a value of megabytes) are made as text: the same text
    /// a frame as wide as the row shows, for values of every kind of width, cut or
    /// whole, wrapped or not, with the first column frozen or not.
    @Test(arguments: [false, true])
    func wideRowsMadeAsTextAreTheRowsAFrameDraws(wraps: Bool) throws {
        // (JSON strings: escapes as JSON writes them.)
        let texts = [
            "plain", "", "中文字符在这里", #"e\u0301\u0301 combining"#, "👩‍👩‍👧 family", "flag 🇫🇷 and ✈️", #"tab\there"#, #"a\u0007bell"#,
            "wide 中 at the end 中", String(repeating: "long words ", count: 9), "١٢٣ digits", "x",
        ]
        var generator = SeededGenerator(seed: 185)
        for seed in 0..<12 {
            let records = (0..<20).map { row -> String in
                let values = (0..<4).map { column -> String in
                    let pick = (row * 7 + column * 3 + seed) % (texts.count + 3)
                    if pick == texts.count { return "\(row * 1_000 - seed)" }
                    if pick == texts.count + 1 { return "[1, {\"k\": \"中\"}]" }
                    if pick == texts.count + 2 { return "null" }
                    return "\"" + texts[pick] + "\""
                }
                return "{" + values.enumerated().map { "\"c\($0.offset)中\": \($0.element)" }.joined(separator: ",") + "}"
            }
            let model = try TableModel(records: Array(("[" + records.joined(separator: ",") + "]").utf8))
            let width = Int.random(in: 8...70, using: &generator)
            let table = TableComponent(model: model, width: width, frozenColumns: seed % 2, wrapsCells: wraps)
            table.measureAllRows()
            // The rows shown at the width (values cut with `…`), then a dump's.
            for row in 0..<table.rowCount {
                #expect(String(decoding: table.wideRowText(row: row), as: UTF8.self) == table.plainText(row: row, width: width), "seed \(seed), width \(width), row \(row)")
            }
            let drawn = LineSink()
            let made = LineSink()
            table.writeRows(width: width, framedColumns: .max, to: drawn)
            table.writeRows(width: width, framedColumns: 0, to: made)
            #expect(made.lines == drawn.lines, "seed \(seed), width \(width)")
        }
    }

    /// A dump's row of a value of megabytes is written a piece at a time: the same
    /// bytes as the rows drawn whole.
    @Test func aDumpWritesAHugeRowInPieces() throws {
        let huge = String(repeating: "wide 中文 and words ", count: 200_000)
        let json = #"[{"id": 1, "text": "short"}, {"id": 2, "text": "\#(huge)"}, {"id": 30, "text": "中"}]"#
        let table = TableComponent(model: try TableModel(records: Array(json.utf8)), width: 80)
        let drawn = LineSink()
        table.writeRows(width: 80, framedColumns: .max, to: drawn)
        let whole = Array(drawn.lines.map { $0 + "\n" }.joined().utf8)
        var written: [UInt8] = []
        var pieces = 0
        PlainTextSink.writing(to: { piece in
            written += piece
            pieces += 1
            #expect(piece.count <= 2 * RowText.pieceBytes)
        }) { sink in table.writeRows(width: 80, to: sink) }
        #expect(whole.count > 3 * huge.utf8.count, "the rule and the value")
        #expect(written == whole)
        #expect(pieces > 10)
    }

    @Test func countsMaterializedRows() throws {
        let view = TableComponent(model: try TableModel(records: Array(#"[{"a":1},{"a":2},{"a":3}]"#.utf8)), width: 10)
        var buffer = FrameBuffer(width: 10, height: 2)
        view.drawRows(0..<2, into: &buffer, at: 0)
        #expect(view.rowsMaterialized == 0)
        view.drawRows(3..<5, into: &buffer, at: 0)
        #expect(view.rowsMaterialized == 2)
        #expect(view.rowCount == 5)
    }
}

/// Inputs at the edges: each a sane display, never a crash or a hang.
@Suite("Table edge inputs")
struct TableEdgeInputTests {
    func firstRows(_ json: String, width: Int, scrolledTo offset: Int = 0) throws -> [String] {
        let view = TableComponent(model: try TableModel(records: Array(json.utf8)), width: width)
        view.scrollColumns(to: offset)
        var buffer = FrameBuffer(width: width, height: 3)
        view.drawRows(0..<3, into: &buffer, at: 0)
        return buffer.plainLines
    }

    @Test func tenThousandColumnsFitTheWidthAndScroll() throws {
        let record = "{" + (0..<10_000).map { "\"c\($0)\": \($0)" }.joined(separator: ",") + "}"
        let lines = try firstRows("[\(record)]", width: 80)
        #expect(lines[0].hasPrefix("c0 │ c1 │ c2"))
        for line in lines { #expect(TextWidth.columns(of: line) <= 80) }
        let far = try firstRows("[\(record)]", width: 80, scrolledTo: 1_000_000)
        #expect(far[2].hasPrefix(" 0 │"), "the frozen first column stays")
        #expect(far[2].hasSuffix("9999"), "the last column shows at the far right: \(far[2])")
    }

    @Test func aMegabyteCellIsCutWithAnEllipsis() throws {
        let big = String(repeating: "x", count: 1_000_000) + "\\n" + "tail"
        let lines = try firstRows(#"[{"a": "\#(big)", "b": 1}]"#, width: 60)
        #expect(lines[2].contains("xxx…"))
        #expect(!lines[2].contains("tail"))
        #expect(TextWidth.columns(of: lines[2]) <= 60)
    }
}

/// Tables of very many sparse keys (each record its own keys) stay within bounds.
@Suite("Sparse tables")
struct SparseTableTests {
    @Test func aDumpHoldsOneRowViewAndCachesFewRows() throws {
        let records = (0..<300).map { row in "{" + (0..<50).map { "\"k\(row)_\($0)\": \($0)" }.joined(separator: ",") + "}" }
        let model = try TableModel(records: Array(("[" + records.joined(separator: ",") + "]").utf8))
        #expect(model.columns.count == 15_000)
        let view = TableComponent(model: model, width: 80)
        #expect(view.lines(width: 80).count == 302)
        #expect(view.rowViewsHeld <= 1, "views go back to the pool as rows are written")
        #expect(view.rowViewsCreated == 1)
        // The column plan measured fewer rows than usual: 2,000,000 values / 15,000 columns.
        #expect(ColumnPlan.sample(rowCount: 300, columnCount: 15_000).count == 133)
    }
}
