import ComponentKit
import RenderCore
import ScrollCore

/// A table as a component of the container: a header row, a rule, then one row per
/// record. Rows become cells only when a tile that shows them is built.
///
/// Like a spreadsheet with frozen panes: the header row stays at the top while the
/// rows scroll (a pinned header of the container), and the first `frozenColumns`
/// columns stay at the left while the others scroll sideways a column at a time
/// (`scrolledColumns`);
/// where the two meet, the corner stays put.
package final class TableComponent: StackComponent, ReportsFigures {
    /// The rows shown: indexed, decoded on demand.
    package private(set) var model: TableModel
    /// Width the columns are planned for, in columns.
    package private(set) var width: Int
    /// Each column's widest value in the sample the plans are made from.
    private var widest: [Int]
    /// Every column planned at `width`: the frozen columns' widths, and the widths
    /// wrapped cells wrap at.
    private var fullPlan: ColumnPlan
    /// The columns as shown: `fullPlan` scrolled by `scrolledColumns`.
    private(set) var plan: ColumnPlan
    /// Columns that stay at the left edge (0 for none).
    package private(set) var frozenColumns: Int
    /// The frozen columns asked for (there may be fewer columns).
    private let requestedFrozenColumns: Int
    /// Unfrozen columns scrolled out at the left: the first shown after the frozen
    /// ones (the lead, shown whole where the screen has room) is column
    /// `frozenColumns + scrolledColumns`.
    package private(set) var scrolledColumns = 0
    /// Data rows turned into cells so far (a row drawn twice counts twice).
    package private(set) var rowsMaterialized = 0
    /// The last search's query and the filter made for it.
    private var search: (query: String, filter: RecordSearch)?

    /// Row views made so far (see `RowViewPool`).
    package var rowViewsCreated: Int { pool.created }
    /// Row views filled again for another row so far.
    package var rowViewsReused: Int { pool.reused }

    package var figures: ComponentFigures {
        var figures = ComponentFigures()
        figures.rowsMaterialized = rowsMaterialized
        figures.rowsDecoded = model.rowsDecoded
        figures.rowsLost = model.rowsLost
        figures.rowViewsCreated = rowViewsCreated
        figures.rowViewsReused = rowViewsReused
        return figures
    }
    /// Row views held now.
    package var rowViewsHeld: Int { pool.size }

    /// Keeps row views only for the rows in `rows` (component rows: the viewport and
    /// its overscan); the others go back to the pool.
    package func keepRowViews(for rows: Range<Int>) {
        pool.recycle(outside: records(onLines: rows))
    }

    /// Rows of the column header: the column names and the rule under them.
    package static let headerRows = 2

    /// The tabs this table is one of, drawn as its first row, above its column
    /// header and pinned with it (`TableTabs`); `nil` for a table on its own.
    package var tabBar: TabBar?

    /// Rows above the first record: the tab bar, if any, and the column header.
    package var rowsAboveRecords: Int { Self.headerRows + (tabBar == nil ? 0 : 1) }

    /// Where row views come from.
    let pool: RowViewPool

    /// Whether cells wrap inside their columns, a row taking as many lines as its
    /// tallest cell (`--wrap`); else every row is one line and cells are cut.
    package let wrapsCells: Bool
    /// With `wrapsCells`: each data row's height in lines, exact once measured, an
    /// estimate before (see `TableComponent+Layout`).
    var heights = ExtentIndex()
    var measured: [Bool] = []
    var measuredCount = 0
    /// Data rows from the first that are all measured.
    var measuredPrefix = 0
    /// The first row changed since the container's last pass (rows indexed, a file
    /// followed, columns scrolled or planned anew), and what tells the container.
    var changedFrom: Int?
    /// Moves of the rows read ahead of the index since the container's last pass (which
    /// lines, by how many rows), for the rows at the top to go with them.
    var recordMoves: [(lines: Range<Int>, rows: Int)] = []
    var invalidator: LayoutInvalidator?

    /// A view of `model` at `width` columns. With `keepsEveryRowView` (the expanded
    /// model) every row gets a view of its own, kept; else row views are reused.
    package init(model: TableModel, width: Int, frozenColumns: Int = 1, keepsEveryRowView: Bool = false, wrapsCells: Bool = false) {
        self.model = model
        pool = RowViewPool(keepsEveryView: keepsEveryRowView)
        self.width = max(1, width)
        widest = ColumnPlan.widestValues(in: model)
        self.wrapsCells = wrapsCells
        fullPlan = ColumnPlan(widths: [])
        plan = fullPlan
        requestedFrozenColumns = max(0, frozenColumns)
        self.frozenColumns = min(max(0, frozenColumns), model.columns.count)
        fullPlan = planColumns()
        plan = shownPlan()
        if wrapsCells { estimateHeights() }
    }

    /// Every column fitted to the width (`ColumnPlan.fit`); wrapped cells no narrower
    /// than their widest words.
    private func planColumns() -> ColumnPlan {
        ColumnPlan(widths: ColumnPlan.fit(widest, into: width, wrapping: wrapsCells, words: wrapsCells ? ColumnPlan.widestWords(in: model) : nil))
    }

    /// `fullPlan` scrolled by `scrolledColumns` (see `ColumnPlan`).
    private func shownPlan() -> ColumnPlan {
        guard frozenColumns < model.columns.count else { return fullPlan }
        return ColumnPlan(
            scrolling: fullPlan, widest: widest, frozen: frozenColumns, lead: frozenColumns + scrolledColumns,
            availableWidth: width, keepingWidths: wrapsCells)
    }

    /// Plans the columns again for a new width (wrapped rows are measured again).
    package func layout(width: Int) {
        let width = max(1, width)
        guard width != self.width else { return }
        self.width = width
        noteChange(from: 0)
        fullPlan = planColumns()
        scrolledColumns = min(scrolledColumns, maxScrolledColumns)
        plan = shownPlan()
        if wrapsCells {
            pool.reset()
            estimateHeights()
        }
    }

    /// The widths cells wrap at, when they wrap.
    var wrapWidths: [Int]? { wrapsCells ? fullPlan.widths : nil }

    /// Where the scrolling columns start on screen: after the frozen ones and the
    /// separator that follows them.
    package var frozenWidth: Int {
        plan.start(after: frozenColumns)
    }

    /// The most unfrozen columns a step right scrolls out: from the lead then on,
    /// every column shows whole in the room the frozen ones leave (or the lead is the
    /// last column). Found from the right, in one pass over the widths.
    package var maxScrolledColumns: Int {
        let count = model.columns.count
        guard frozenColumns < count else { return 0 }
        // Wrapped cells are whole at their planned widths; cut ones at their widest.
        let needed = wrapsCells ? fullPlan.widths : widest
        let room = width - frozenWidth
        var lead = count - 1
        var total = needed[lead]
        while lead > frozenColumns, total + ColumnPlan.separatorColumns + needed[lead - 1] <= room {
            lead -= 1
            total += ColumnPlan.separatorColumns + needed[lead]
        }
        return lead - frozenColumns
    }

    /// Scrolls the unfrozen columns so that `columns` of them are out at the left
    /// (clamped to `0...maxScrolledColumns`).
    /// - Returns: whether the columns moved (the rows must be drawn again).
    @discardableResult
    package func scrollColumns(to columns: Int) -> Bool {
        let clamped = min(max(0, columns), maxScrolledColumns)
        guard clamped != scrolledColumns else { return false }
        scrolledColumns = clamped
        plan = shownPlan()
        noteChange(from: 0)
        return true
    }

    /// Where column `index` starts on screen, and the leftmost screen column it may
    /// draw in (scrolling columns never draw over the frozen ones).
    private func placement(of index: Int) -> (x: Int, floor: Int) {
        (plan.start(of: index), index < frozenColumns ? 0 : frozenWidth)
    }

    /// Whether the table's columns go on past the right edge of a screen `width`
    /// wide (a value cut there, or columns beyond it): the viewer marks that edge.
    package func continuesPastRightEdge(width: Int) -> Bool {
        guard let last = plan.widths.indices.last(where: plan.shows) else { return false }
        return plan.start(of: last) + plan.widths[last] > width
    }

    /// The columns that show on a screen `screenWidth` wide.
    private func visibleColumns(screenWidth: Int) -> [Int] {
        model.columns.indices.filter { index in
            guard plan.shows(index) else { return false }
            let (x, floor) = placement(of: index)
            return x < screenWidth && x + plan.widths[index] > floor
        }
    }

    /// Columns each table column takes at the current width.
    package var columnWidths: [Int] { plan.widths }

    package var contentExtent: Double { Double(rowCount) }
    /// The tab bar, the header row and its rule stay at the viewport top while the
    /// rows scroll.
    package var headerExtent: Double { Double(rowsAboveRecords) }
    package var rowCount: Int { (wrapsCells ? Int(heights.total) : model.shownRowCount) + rowsAboveRecords }

    /// Rows down to the last record indexed (those past it, while the table is
    /// indexed, are estimated rows and the last records read back from the end).
    package var indexedRowCount: Int { rowCount(ofRecords: model.rowCount) }

    /// Whether a jump into the rows not indexed yet shows records at once
    /// (`TableModel.readAhead`); wrapped rows wait for the index.
    package var readsAhead: Bool { !wrapsCells && model.readsAhead }

    /// Rows not indexed yet, or wrapped rows not measured yet, make the extent an
    /// estimate.
    package var isExtentEstimated: Bool { !model.isIndexed || (wrapsCells && measuredCount < model.rowCount) }

    /// Indexes the records in about `bytes` more of the input (`TableModel.indexMore`);
    /// the columns are planned anew when columns are found that were not there before,
    /// and once the last records are indexed.
    /// - Returns: whether rows were added (the extent grew).
    /// - Throws: `DataTableError` where the rest of the input cannot be read; the rows
    ///   indexed before stay.
    package func indexMore(bytes: Int) throws(DataTableError) -> Bool {
        let rows = model.rowCount
        let lines = rowCount(ofRecords: rows)
        // New columns, or the last rows (where counters are widest): planned anew.
        defer {
            // Wrapped rows start from the estimate again, the new ones among them.
            if wrapsCells, model.rowCount != rows { estimateHeights() }
            if model.rowCount != rows {
                // Rows not indexed before show other records now.
                noteChange(from: lines)
                pool.reset()
            }
        }
        guard try keepingRowsReadAhead({ () throws(DataTableError) in try model.indexMore(bytes: bytes) }) || model.isIndexed else { return model.rowCount != rows }
        noteChange(from: 0)
        widest = ColumnPlan.widestValues(in: model)
        fullPlan = planColumns()
        scrolledColumns = min(scrolledColumns, maxScrolledColumns)
        plan = shownPlan()
        pool.reset()
        return model.rowCount != rows
    }

    /// Shows `model` in place of the rows shown (the table's file read anew): the
    /// columns planned anew, scrolled as far as they can be, every row view let go.
    package func show(_ model: TableModel) {
        self.model = model
        frozenColumns = min(requestedFrozenColumns, model.columns.count)
        widest = ColumnPlan.widestValues(in: model)
        fullPlan = planColumns()
        scrolledColumns = min(scrolledColumns, maxScrolledColumns)
        plan = shownPlan()
        search = nil
        pool.reset()
        if wrapsCells { estimateHeights() }
        noteChange(from: 0)
    }

    /// Shows the rows of the whole lines appended to the table's file, `file` mapping
    /// it at its new size (`TableModel.follow`); the columns are planned anew when new
    /// ones are found, and widen for the last `widening` rows where their values are
    /// wider (the rows a view at the end shows: decoded for its frame anyway).
    /// - Returns: whether rows were added or the last one read again whole.
    /// - Throws: as `TableModel.follow`.
    package func follow(_ file: any TableFile, widening: Int) throws(DataTableError) -> Bool {
        let rows = model.rowCount
        let (grew, newColumns) = try model.follow(file)
        guard grew else { return false }
        // The rows from the last one before on (it may be read again, written whole).
        noteChange(from: max(0, rowCount(ofRecords: rows) - 1))
        // New columns are sampled as when indexed.
        let appended = ColumnPlan.widestValues(in: model, rows: max(0, rows - 1, model.rowCount - widening)..<model.rowCount)
        let wider = zip(newColumns ? ColumnPlan.widestValues(in: model) : widest, appended).map { max($0, $1) }
        if wider != widest {
            widest = wider
            fullPlan = planColumns()
            scrolledColumns = min(scrolledColumns, maxScrolledColumns)
            plan = shownPlan()
            noteChange(from: 0)
        }
        // (The last row's view may hold the line it had before it was written whole.)
        pool.reset()
        if wrapsCells, model.rowCount != rows || newColumns { estimateHeights() }
        return true
    }

    /// The header's column names, or a row's values whole (not cut to their columns),
    /// without laying a row out: a search through a million rows decodes each once.
    /// A wrapped row's text is on its first line.
    package func searchableText(row: Int, width: Int) -> String {
        switch row - (rowsAboveRecords - Self.headerRows) {
        case 0: return model.columns.joined(separator: "  ")
        case ..<0, 1: return ""
        default:
            guard let (record, line) = record(atLine: row), line == 0 else { return "" }
            return Self.searchedText(of: model.row(record))
        }
    }

    /// A row's values as a search reads them: each whole, joined by two spaces.
    static func searchedText(of values: [JSONValue?]) -> String {
        values.map { ValueText.text(of: $0) }.joined(separator: "  ")
    }

    /// The record shown on component row `row` whole, as lines at most `width` columns
    /// wide, laid out as they are asked for (`RecordLines`); `nil` for the header's
    /// rows.
    package func recordLines(atRow row: Int, width: Int) -> RecordLines? {
        guard let (record, _) = record(atLine: row) else { return nil }
        return RecordLines(columns: model.columns, values: model.row(record), width: width)
    }

    /// The data row (from 0) shown on component row `row`; `nil` for the header's rows.
    package func dataRow(atRow row: Int) -> Int? {
        record(atLine: row)?.record
    }

    /// A data row's record is read as bytes to rule it out (`mayContain`); rows a line
    /// each are passed over in runs, read as bytes, past the index too
    /// (`TableModel+Search`).
    package func searchStep(for query: String, at row: Int, forward: Bool) -> SearchStep {
        guard !wrapsCells, row >= rowsAboveRecords else { return mayContain(query, row: row) ? .read : .passOver(1) }
        if search?.query != query { search = (query, RecordSearch(query: query)) }
        let filter = search!.filter
        func step() -> TableModel.RecordSearchStep {
            model.searchStep(at: row - rowsAboveRecords, forward: forward, for: filter) { values in
                TextSearch.contains(query, in: Self.searchedText(of: values))
            }
        }
        // (Past the index, a record found is read as an island: what it shows is new.)
        let step = row - rowsAboveRecords < model.rowCount ? step() : notingRowsReadAhead(step)
        switch step {
        case .read: return mayContain(query, row: row) ? .read : .passOver(1)
        case .passOver(let rows): return .passOver(rows)
        case .index(let offset, let resumeByte):
            // The index reaches past the line, the rows read ahead kept in place; the
            // search goes on at the record where it was.
            let before = rowCount
            while !model.isIndexed, (model.index?.bytesIndexed ?? .max) <= offset {
                guard (try? indexMore(bytes: 1 << 20)) != nil else { break }
            }
            let resumed = model.indexedRow(near: resumeByte, forward: forward)
            return .laidOut(row: rowsAboveRecords + resumed, shift: rowCount - before)
        }
    }

    /// Whether row `row` may hold `query`: a data row's record is read as bytes to rule
    /// it out, decoded only if it may match (`RecordSearch`); a wrapped record's lines
    /// after its first hold no text.
    package func mayContain(_ query: String, row: Int) -> Bool {
        guard row >= rowsAboveRecords else { return row >= rowsAboveRecords - Self.headerRows }
        guard let (record, line) = record(atLine: row), line == 0 else { return false }
        if search?.query != query { search = (query, RecordSearch(query: query)) }
        return model.mayMatch(row: record, search!.filter)
    }

    /// A row as text with every column shown, as wide as the table is (a frame cuts
    /// it at its width).
    package func plainText(row: Int, width: Int) -> String {
        var buffer = FrameBuffer(width: max(width, plan.totalWidth), height: 1)
        drawRows(row..<(row + 1), into: &buffer, at: 0)
        return buffer.plainText(row: 0)
    }

    /// Every row, with every value whole: each column as wide as its widest value
    /// among all the rows (measured first, a row at a time), or with wrapped cells as
    /// wide as planned. A row's view goes back to the pool once its last line is
    /// written (a wrapped record's lines share it), so a dump holds one. A tab bar is
    /// left out (the tabs write each table under its name). A row wider than
    /// `widestFramedRow` (a value of megabytes) is made as text (`wideRowText`), not
    /// drawn, and goes a piece at a time, never whole: a dump's memory stays near the
    /// largest value's size.
    package func writeRows(width: Int, to sink: any RowSink) {
        writeRows(width: width, framedColumns: Self.widestFramedRow, to: sink)
    }

    /// `writeRows(width:to:)`, rows wider than `framedColumns` made as text.
    func writeRows(width: Int, framedColumns: Int, to sink: any RowSink) {
        forEachDumpRow(framedColumns: framedColumns, stop: { sink.isClosed }) { row, isWide in
            // (A sink that draws draws every row, as a frame as wide would.)
            guard isWide, !sink.drawsRows else {
                return sink.row(plainText(row: row, width: width)) { buffer in drawRows(row..<(row + 1), into: &buffer, at: 0) }
            }
            // (Its start goes as it is made; its end is what is returned.)
            var end = wideRowText(row: row) { sink.text($0) }
            end.append(0x0A)
            end.withUnsafeBufferPointer { sink.text($0) }
        }
    }

    /// Calls `body` with each row a dump writes, under the dump's plan, and whether
    /// it is wider than `framedColumns`.
    private func forEachDumpRow(framedColumns: Int, stop: () -> Bool, _ body: (_ row: Int, _ isWide: Bool) -> Void) {
        // (A table of no columns yet, an empty log, writes no header either.)
        guard !model.columns.isEmpty else { return }
        // Wrapped rows are measured first: a dump's rows are the exact ones.
        measureAllRows()
        model.readingInOrder {
            let shown = plan
            plan = wrapsCells ? fullPlan : ColumnPlan(widths: ColumnPlan.widestValues(in: model, rows: 0..<model.rowCount))
            defer { plan = shown }
            let isWide = plan.totalWidth > framedColumns
            for row in (rowsAboveRecords - Self.headerRows)..<rowCount {
                if stop() { break }
                body(row, isWide)
                let next = row + 1 < rowCount ? record(atLine: row + 1)?.record : nil
                pool.recycle(outside: next.map { $0..<($0 + 1) } ?? 0..<0)
            }
        }
    }

    /// Columns of the widest row a dump draws into a frame buffer (16 bytes a cell);
    /// wider rows (a value of megabytes) are made as text.
    static let widestFramedRow = 1 << 16

    /// Row `index` (the header, its rule or a record's) with every column shown, as
    /// `plainText(row:width:)` gives it for a frame as wide as the table, made as
    /// text: a dump's row of a value of megabytes costs its text, not a cell (16
    /// bytes) a column. With a `sink`, the text goes there a piece at a time, and
    /// what is returned is its end.
    package func wideRowText(row index: Int, sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) -> [UInt8] {
        var text = RowText(sink: sink)
        // (As a frame: a separator before each column shown but the first, a cell in
        // each that has room.)
        let columns = plan.widths.indices.filter(plan.shows)
        switch index - (rowsAboveRecords - Self.headerRows) {
        case ..<0:
            return Array(plainText(row: index, width: width).utf8)
        case 0:
            for column in columns {
                text.separate(before: column, in: plan, with: "│")
                guard plan.widths[column] > 0 else { continue }
                text.cell(ValueText.escaped(model.columns[column]), rightAligned: false, at: plan.start(of: column), width: plan.widths[column])
            }
        case 1:
            for column in columns {
                text.separate(before: column, in: plan, with: "┼", filling: "─")
                text.fill("─", through: plan.start(of: column) + plan.widths[column])
            }
        default:
            guard let (record, line) = record(atLine: index) else { return [] }
            let view = pool.view(for: record, columns: model.columns.count, wrapWidths: wrapWidths) { model.row(record) }
            for column in columns {
                let shown = view.values[column]
                let value = wrapsCells ? (line < view.lines[column].count ? view.lines[column][line] : "") : shown.text
                text.separate(before: column, in: plan, with: "│")
                guard plan.widths[column] > 0 else { continue }
                text.cell(value, rightAligned: shown.isRightAligned, at: plan.start(of: column), width: plan.widths[column])
            }
            if line == 0 { rowsMaterialized += 1 }
        }
        return text.finished()
    }

    package func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        let visible = visibleColumns(screenWidth: buffer.width)
        let headerStart = rowsAboveRecords - Self.headerRows
        for index in rows.clamped(to: 0..<rowCount) {
            let target = row + index - rows.lowerBound
            switch index - headerStart {
            case ..<0:
                tabBar?.draw(into: &buffer, row: target)
            case 0:
                for column in visible {
                    drawCell(ValueText.escaped(model.columns[column]), style: Style(.bold), rightAligned: false, column: column, into: &buffer, row: target)
                }
                drawSeparators("│", into: &buffer, row: target)
            case 1:
                let rule = String(repeating: "─", count: plan.totalWidth)
                buffer.draw(rule, style: Style(.dim), column: 0, row: target)
                drawSeparators("┼", into: &buffer, row: target)
            default:
                guard let (record, line) = record(atLine: index) else { continue }
                let view = pool.view(for: record, columns: model.columns.count, wrapWidths: wrapWidths) { model.row(record) }
                for column in visible {
                    let shown = view.values[column]
                    let text = wrapsCells ? (line < view.lines[column].count ? view.lines[column][line] : "") : shown.text
                    drawCell(text, style: shown.style, rightAligned: shown.isRightAligned, column: column, into: &buffer, row: target)
                }
                drawSeparators("│", into: &buffer, row: target)
                if line == 0 { rowsMaterialized += 1 }
            }
        }
    }

    /// Draws the mark between each two columns shown.
    private func drawSeparators(_ mark: String, into buffer: inout FrameBuffer, row: Int) {
        for column in plan.widths.indices.dropFirst() where plan.shows(column) {
            let separator = plan.start(of: column) - 2
            guard separator < buffer.width else { break }
            if separator >= 0 { buffer.draw(mark, style: Style(.dim), column: separator, row: row) }
        }
    }

    /// Draws one value in its column: padded, right-aligned for numbers, cut with `…`
    /// when it does not fit.
    private func drawCell(
        _ text: String, style: Style, rightAligned: Bool, column: Int, into buffer: inout FrameBuffer, row: Int
    ) {
        let width = plan.widths[column]
        let (start, floor) = placement(of: column)
        let columns = TextWidth.columns(of: text)
        if columns <= width {
            let offset = rightAligned ? width - columns : 0
            buffer.draw(text, style: style, column: start + offset, row: row, floor: floor)
        } else {
            // `…` marks a value cut in its column; a column that runs past the screen's
            // edge is cut there as any row is, unmarked.
            let columnEnd = start + width - 1
            let end = buffer.draw(text, style: style, column: start, row: row, limit: min(buffer.width, columnEnd), floor: floor)
            if columnEnd < buffer.width { buffer.draw("…", style: style, column: end, row: row, floor: floor) }
        }
    }
}
