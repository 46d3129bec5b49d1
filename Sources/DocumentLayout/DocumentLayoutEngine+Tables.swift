import HTMLParsing
import RenderCore

/// HTML tables as grids with box-drawing borders. Column widths follow CSS automatic
/// table layout (CSS 2.2 §17.5.2.2): each column gets its minimum width (its widest
/// unbreakable word) and its preferred width (its content on one line); when the
/// preferred widths do not fit, the space above the minimums goes first to the
/// columns that need little of it, then is shared in proportion, and when even the
/// minimums do not fit the table overflows to the right.
extension DocumentLayoutEngine {
    /// A column is never planned narrower than its widest word, up to this many
    /// columns; longer words (URLs) are broken instead.
    static let maximumMinimumColumnWidth = 24

    mutating func layoutTable(_ table: HTMLDocument.NodeIndex) {
        flushInline()
        requestBlankLine()
        if let id = document.attribute("id", of: table), !id.isEmpty { pendingAnchors.append(id) }
        var scratch = tableScratch.take()!
        defer { tableScratch = scratch }
        scratch.grid.place(table, in: document)
        let available = max(1, width - prefixColumns())
        let baseStyle = styles[styles.count - 1]
        if let caption = scratch.grid.caption {
            scratch.contents.removeAll()
            var noNotes: TableCellRewrap?
            Self.layoutCell(
                caption, in: document, width: available, tableDepth: tableDepth + 1, style: baseStyle.merging(Style(.bold)),
                pictures: pictures, linkBase: linkBase + links.count, links: &links, engines: &cellEngine, notes: &noNotes, into: &scratch.contents)
            for line in scratch.contents.lines.indices { emit(line: line, of: scratch.contents.lines) }
        }
        guard scratch.grid.columnCount > 0, scratch.grid.rowCount > 0 else {
            requestBlankLine()
            return
        }
        measureCells(&scratch, style: baseStyle)
        let plan = plan(
            scratch.grid, scratch.measures, available: available, borders: drawsBorders(table, scratch.grid), measured: scratch.measured,
            scan: &scratch.scan)
        scratch.contents.removeAll()
        for (index, cell) in scratch.grid.cells.enumerated() {
            let measure = scratch.measures[index]
            let width = plan.cellWidth(cell)
            if measure.fits(width: width) {
                scratch.contents.appendCell(index, of: scratch.measured)
            } else if scratch.notes.isKept(cell: index), measure.widestPrefix <= max(1, width) / 2 {
                scratch.notes.appendLines(
                    ofCell: index, atWidth: width, measured: scratch.measured,
                    firstLine: scratch.measured.lineRange(ofCell: index).lowerBound, into: &scratch.contents)
                scratch.contents.endCell()
            } else {
                // Laid out again at its width; its links are those numbered when it was
                // measured.
                var noNotes: TableCellRewrap?
                scratch.otherLinks.removeAll()
                Self.layoutCell(
                    cell.node, itself: cell.isStray, in: document, width: width, tableDepth: tableDepth + 1, style: Self.cellStyle(cell, in: baseStyle),
                    pictures: pictures, linkBase: measure.linkBase, links: &scratch.otherLinks, engines: &cellEngine, notes: &noNotes, into: &scratch.contents)
            }
        }
        if recordsBoxes { tableBoxes[table] = Self.describe(scratch.grid, widths: plan.widths, contents: scratch.contents) }
        let drawing = TableDrawing(grid: scratch.grid, plan: plan, contents: scratch.contents)
        // The table's lines name the table as their block (they may overflow the width).
        pushBlock(BlockContext(tag: .table, node: table))
        for y in 0..<drawing.lineCount {
            startLine()
            drawing.drawLine(y, into: &lines)
            endLine(hasContent: true)
        }
        popBlock()
        requestBlankLine()
    }

    /// What laying out a table needs besides the table: kept by the engine from table
    /// to table, so that once its buffers have grown a table allocates next to
    /// nothing (a page may have tens of thousands of small tables).
    struct TableScratch {
        var grid = TableGrid()
        /// The cells laid out at an unbounded width, in grid order, and what that told.
        var measured = TableCellLines()
        var measures: [MeasuredTableCell] = []
        /// The cells as paragraphs, to wrap them again at their widths.
        var notes = TableCellRewrap()
        /// The cells laid out at their widths (or the caption, before them).
        var contents = TableCellLines()
        /// The links of a cell laid out again (numbered when it was measured).
        var otherLinks = LinkTargets()
        /// Break opportunities of a line, for its widest word.
        var scan = LineBreaks.Scan()
    }

    /// A cell laid out on lines as long as its content needs: its preferred width, and
    /// whether those lines are the cell's lines at a given width.
    struct MeasuredTableCell {
        /// Links before the cell's first.
        var linkBase: Int
        /// Columns of the widest line.
        var preferred: Int
        /// Columns of the widest line prefix (list markers, quote bars), before any
        /// clipping at half the width.
        var widestPrefix: Int

        /// Whether laying the cell out at `width` gives the lines it was measured with:
        /// every line fits, and no prefix is clipped (prefixes stop growing at half the
        /// width).
        func fits(width: Int) -> Bool {
            preferred <= width && widestPrefix <= max(1, width) / 2
        }
    }

    /// Columns of the widest run between line break opportunities in cell `cell` of
    /// `measured`, or of its widest picture (which shrinks, its aspect kept, down to
    /// this), at most `maximumMinimumColumnWidth`.
    static func minimumWidth(ofCell cell: Int, in measured: TableCellLines, scan: inout LineBreaks.Scan) -> Int {
        var widest = 1
        for line in measured.lineRange(ofCell: cell) where widest < DocumentLayoutEngine.maximumMinimumColumnWidth {
            widest = max(widest, measured.lines.pictureExtent(ofLine: line))
            // (A line no wider than the widest word so far holds no wider one.)
            guard measured.columns(ofLine: line) > widest else { continue }
            widest = max(widest, measured.lines.withText(ofLine: line) { widestWord(in: $0, scan: &scan) })
        }
        return min(DocumentLayoutEngine.maximumMinimumColumnWidth, widest)
    }

    /// Width a cell is measured at: more than any terminal.
    static let unboundedCellWidth = 100_000

    private static func cellStyle(_ cell: TableGrid.Placement, in base: Style) -> Style {
        base.merging(cell.isHeader ? Style(.bold) : .plain)
    }

    /// Each cell laid out at an unbounded width, into `scratch.measured`, its links
    /// numbered as the table numbers them and added to the layout's.
    private mutating func measureCells(_ scratch: inout TableScratch, style: Style) {
        scratch.measured.removeAll()
        scratch.measures.removeAll(keepingCapacity: true)
        // The notes are moved, not copied, to the cell's engine and back.
        var notes: TableCellRewrap? = TableCellRewrap()
        swap(&notes!, &scratch.notes)
        notes!.removeAll()
        for cell in scratch.grid.cells {
            let base = linkBase + links.count
            let widestPrefix = Self.layoutCell(
                cell.node, itself: cell.isStray, in: document, width: Self.unboundedCellWidth, tableDepth: tableDepth + 1,
                style: Self.cellStyle(cell, in: style), pictures: pictures, linkBase: base, links: &links, engines: &cellEngine, notes: &notes,
                into: &scratch.measured)
            var preferred = 1
            for line in scratch.measured.lineRange(ofCell: scratch.measured.cellCount - 1) {
                preferred = max(preferred, scratch.measured.columns(ofLine: line), scratch.measured.lines.pictureExtent(ofLine: line))
            }
            scratch.measures.append(MeasuredTableCell(linkBase: base, preferred: preferred, widestPrefix: widestPrefix))
        }
        swap(&notes!, &scratch.notes)
    }

    /// Columns planned for the content, within `available` columns if they can be: with
    /// a blank column either side of each cell, or, for a table whose narrowest
    /// columns do not fit with them, with none (as w3m draws every table); a table
    /// without `borders` with blanks between its columns only.
    private func plan(
        _ grid: TableGrid, _ measures: [MeasuredTableCell], available: Int, borders: Bool, measured: TableCellLines,
        scan: inout LineBreaks.Scan
    ) -> TablePlan {
        var plan = TablePlan(widths: [], padding: borders ? 1 : 0, borders: borders)
        let widths = columnWidths(grid, measures, available: available, shape: plan, measured: measured, scan: &scan)
        plan.widths = widths.widths
        guard widths.overflows, borders else { return plan }
        plan.padding = 0
        plan.widths = columnWidths(grid, measures, available: available, shape: plan, measured: measured, scan: &scan).widths
        return plan
    }

    /// Whether `table` is drawn boxed. Read with the page's styles, where its HTML or
    /// its styles draw borders, as browsers do: a `border` attribute other than 0, a
    /// border on it, a row or a cell (`ElementLook.hasBorder`); without them, unless
    /// its HTML says it has none (`border="0"`, `role="presentation"` or `none`: a
    /// table that only places things, as DocBook's notes are).
    private func drawsBorders(_ table: HTMLDocument.NodeIndex, _ grid: TableGrid) -> Bool {
        if let role = document.attribute("role", of: table)?.lowercased(), role == "presentation" || role == "none" { return false }
        // (`border` with no number, or an empty one, is a border of 1.)
        let border = document.attribute("border", of: table).map { Int($0.filter { !$0.isWhitespace }) ?? 1 }
        if border == 0 { return false }
        guard document.isStyled else { return true }
        if let border, border > 0 { return true }
        // (A table the sheets made of other elements is boxed where its rows or cells
        // have borders: a border on it alone frames it, where a terminal would draw a
        // grid, a frame of three lines around a lone cell.)
        func hasBorder(_ node: HTMLDocument.NodeIndex) -> Bool {
            !(node == table && document[table].isTablePartByStyle) && document.look(of: document[node])?.hasBorder == true
        }
        return hasBorder(table) || grid.cells.contains { hasBorder($0.node) || hasBorder(document[$0.node].parent) }
    }

    /// Columns planned for the content, within `available` columns if they can be,
    /// drawn as `shape` draws them (its widths aside); and whether even the narrowest
    /// widths overflow.
    private func columnWidths(
        _ grid: TableGrid, _ measures: [MeasuredTableCell], available: Int, shape: TablePlan, measured: TableCellLines,
        scan: inout LineBreaks.Scan
    ) -> (widths: [Int], overflows: Bool) {
        let gap = shape.gap
        var preferred = [Int](repeating: 1, count: grid.columnCount)
        for (cell, measure) in zip(grid.cells, measures) where cell.columnSpan == 1 {
            preferred[cell.column] = max(preferred[cell.column], measure.preferred)
        }
        for (cell, measure) in zip(grid.cells, measures) where cell.columnSpan > 1 {
            Self.widen(&preferred, cell.column..<(cell.column + cell.columnSpan), toFit: measure.preferred - gap * (cell.columnSpan - 1))
        }
        let space = available - (gap * (grid.columnCount - 1) + shape.frame)
        // Minimums only matter when the preferred widths do not fit (and a cell's
        // minimum is within its preferred width, but spreading a spanning cell's
        // minimum may widen a column past its preferred width).
        if preferred.reduce(0, +) <= space, !grid.cells.contains(where: { $0.columnSpan > 1 }) { return (preferred, false) }
        var minimum = [Int](repeating: 1, count: grid.columnCount)
        var spanning: [(cell: TableGrid.Placement, minimum: Int)] = []
        for (index, cell) in grid.cells.enumerated() {
            let cellMinimum = Self.minimumWidth(ofCell: index, in: measured, scan: &scan)
            if cell.columnSpan == 1 {
                minimum[cell.column] = max(minimum[cell.column], cellMinimum)
            } else {
                spanning.append((cell, cellMinimum))
            }
        }
        // A spanning cell that needs more than its columns give shares the excess out.
        for (cell, cellMinimum) in spanning {
            Self.widen(&minimum, cell.column..<(cell.column + cell.columnSpan), toFit: cellMinimum - gap * (cell.columnSpan - 1))
        }
        for column in preferred.indices { preferred[column] = max(preferred[column], minimum[column]) }
        let totalPreferred = preferred.reduce(0, +)
        let totalMinimum = minimum.reduce(0, +)
        if totalPreferred <= space { return (preferred, false) }
        if totalMinimum >= space { return (minimum, totalMinimum > space) }
        var widths = minimum
        var extra = space - totalMinimum
        // The space above the minimums goes first to the narrow columns (preferred no
        // wider than an even share of the space), those that need least of it first, so
        // that their short cells stay on one line (a package's size is not broken from
        // its link's mark); the others share the rest in proportion.
        let evenShare = space / grid.columnCount
        var needy: [Int] = []
        for column in widths.indices.sorted(by: { (preferred[$0] - minimum[$0], $0) < (preferred[$1] - minimum[$1], $1) }) {
            let need = preferred[column] - minimum[column]
            if preferred[column] <= evenShare, need <= extra {
                extra -= need
                widths[column] = preferred[column]
            } else {
                needy.append(column)
            }
        }
        let flexible = needy.reduce(0) { $0 + preferred[$1] - minimum[$1] }
        for column in needy {
            widths[column] += (preferred[column] - minimum[column]) * extra / max(1, flexible)
        }
        var leftover = space - widths.reduce(0, +)
        var column = 0
        while leftover > 0 {
            if widths[column] < preferred[column] {
                widths[column] += 1
                leftover -= 1
            }
            column = (column + 1) % widths.count
        }
        return (widths, false)
    }

    /// The grid as box tree lines: its size and column widths, then each cell with
    /// its place, spans and lines.
    private static func describe(_ grid: TableGrid, widths: [Int], contents: TableCellLines) -> [String] {
        var lines = ["grid \(grid.rowCount)×\(grid.columnCount), columns \(widths.map(String.init).joined(separator: " "))"]
        for (index, cell) in grid.cells.enumerated() {
            let content = contents.lineRange(ofCell: index).map { contents.lines[$0] }
            var label = (cell.isHeader ? "th" : "td") + " (\(cell.row), \(cell.column))"
            if cell.rowSpan > 1 || cell.columnSpan > 1 { label += " span \(cell.rowSpan)×\(cell.columnSpan)" }
            lines.append(label + ": " + content.map { "\"\($0.text)\"" }.joined(separator: " "))
        }
        return lines
    }

    private static func widen(_ widths: inout [Int], _ columns: Range<Int>, toFit needed: Int) {
        let have = columns.reduce(0) { $0 + widths[$1] }
        guard needed > have else { return }
        let count = columns.count
        for (offset, column) in columns.enumerated() {
            widths[column] += (needed - have) / count + (offset < (needed - have) % count ? 1 : 0)
        }
    }


    /// Columns of the widest run of a line's UTF-8 text between line break
    /// opportunities, found with `scan`'s buffers.
    static func widestWord(in bytes: UnsafeBufferPointer<UInt8>, scan: inout LineBreaks.Scan) -> Int {
        LineBreaks.scan(bytes, into: &scan)
        // Most text is measured as its opportunities are found: a run takes the
        // columns between them, but its trailing spaces (a column each).
        guard let columns = scan.columnCounts else { return widestWord(in: String(decoding: bytes, as: UTF8.self)) }
        var widest = 0
        var start = 0
        var startColumns = 0
        for (end, endColumns) in zip(scan.offsets, columns) where end > start {
            var last = end
            while last > start, bytes[last - 1] == 0x20 { last -= 1 }
            let runColumns = endColumns - startColumns - (end - last)
            widest = max(widest, runColumns > widest ? widestPart(of: bytes, start..<last, columns: runColumns) : runColumns)
            start = end
            startColumns = endColumns
        }
        return widest
    }

    /// Columns of the widest part of a run between break opportunities, split after
    /// a link's mark (`[12]sans`: the mark may end a line of its own,
    /// `LineBreaks.followsBracketedNumber`); `columns`, the whole run's, where there is
    /// none.
    private static func widestPart(of bytes: UnsafeBufferPointer<UInt8>, _ run: Range<Int>, columns: Int) -> Int {
        guard let mark = run.dropFirst(3).last(where: { LineBreaks.followsBracketedNumber(in: bytes, at: $0) }) else { return columns }
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[run.lowerBound..<mark]), as: UTF8.self)
        let headColumns = TextWidth.columns(of: head)
        return max(widestPart(of: bytes, run.lowerBound..<mark, columns: headColumns), columns - headColumns)
    }

    /// Columns of the widest run of text between line break opportunities.
    static func widestWord(in text: String) -> Int {
        var widest = 0
        var start = 0
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { bytes in
            for end in LineBreaks.opportunities(inUTF8: bytes) where end > start {
                var last = end
                while last > start, bytes[last - 1] == 0x20 { last -= 1 }
                let runColumns = TextWidth.columns(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self))
                widest = max(widest, widestPart(of: bytes, start..<last, columns: runColumns))
                start = end
            }
        }
        return widest
    }
}

/// The lines of a table's cells, cell after cell, in one store, with the columns each
/// line takes (measured once: a cell's lines are measured for its column's width,
/// copied to the width planned, and padded there).
struct TableCellLines {
    var lines = LineStore()
    /// Columns of each line of `lines` measured so far (lines appended to `lines`
    /// directly are measured when their cell ends, or before a line is copied in).
    private var lineColumns: [Int] = []
    /// For each cell, where its lines end in `lines`.
    private var ends: [Int] = []

    var cellCount: Int { ends.count }

    func lineRange(ofCell cell: Int) -> Range<Int> {
        (cell == 0 ? 0 : ends[cell - 1])..<ends[cell]
    }

    /// Columns line `line` takes, once its cell has ended.
    func columns(ofLine line: Int) -> Int {
        lineColumns[line]
    }

    /// Ends a cell: its lines are those appended to `lines` since the last cell ended.
    mutating func endCell() {
        measureNewLines()
        ends.append(lines.count)
    }

    private mutating func measureNewLines() {
        while lineColumns.count < lines.count { lineColumns.append(lines.columns(ofLine: lineColumns.count)) }
    }

    /// Appends a cell of `lines`.
    mutating func appendCell(_ cellLines: LineStore) {
        lines.append(contentsOf: cellLines)
        endCell()
    }

    /// Appends a copy of line `line` of `other` (of a cell that has ended) as a line
    /// of the open cell.
    mutating func appendLine(_ line: Int, of other: TableCellLines) {
        measureNewLines()
        lines.append(line: line, of: other.lines)
        lines.endLine()
        lineColumns.append(other.lineColumns[line])
    }

    /// Appends a copy of cell `cell` of `other`.
    mutating func appendCell(_ cell: Int, of other: TableCellLines) {
        for line in other.lineRange(ofCell: cell) { appendLine(line, of: other) }
        endCell()
    }

    /// Forgets every cell, keeping the buffers.
    mutating func removeAll() {
        lines.removeAll()
        lineColumns.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}

/// The columns planned for a table: their widths, the blank columns each cell has on
/// either side of its content, and whether it is boxed.
struct TablePlan {
    var widths: [Int]
    var padding = 1
    /// Whether it is drawn with borders; else its columns are set apart by blanks.
    var borders = true

    /// Columns between two columns' contents: the padding either side and a bar, or
    /// two blanks.
    var gap: Int { borders ? 2 * padding + 1 : 2 }
    /// Columns before the first column's content and after the last's.
    var frame: Int { borders ? 2 * padding + 2 : 0 }

    /// Columns cell `cell` is laid out and drawn in: its columns' widths and what is
    /// between them.
    func cellWidth(_ cell: TableGrid.Placement) -> Int {
        widths[cell.column..<(cell.column + cell.columnSpan)].reduce(gap * (cell.columnSpan - 1), +)
    }
}

/// Draws a planned table: borders where cells meet, each cell's lines padded to its
/// width, cells spanning rows running across the row boundaries inside them.
struct TableDrawing {
    let grid: TableGrid
    let plan: TablePlan
    let contents: TableCellLines
    /// `owner[row * columnCount + column]`: the index of the cell covering that slot,
    /// or -1.
    private var owner: [Int]
    /// Content lines per row.
    private var heights: [Int]
    /// Boxed, the line each row boundary is drawn on (`rowCount + 1` boundaries); the
    /// first line of each row, and the line past the last.
    private var boundaryLines: [Int] = []
    private var rowTops: [Int] = []
    /// Lines the table takes (boxed: top border to bottom border).
    private(set) var lineCount = 0
    /// Columns each cell is drawn in (its columns' widths and the borders between).
    private var cellWidths: [Int] = []

    init(grid: TableGrid, plan: TablePlan, contents: TableCellLines) {
        self.grid = grid
        self.plan = plan
        self.contents = contents
        owner = Array(repeating: -1, count: grid.rowCount * grid.columnCount)
        heights = Array(repeating: 1, count: grid.rowCount)
        cellWidths.reserveCapacity(grid.cells.count)
        for (index, cell) in grid.cells.enumerated() {
            cellWidths.append(plan.cellWidth(cell))
            for row in cell.row..<(cell.row + cell.rowSpan) {
                for column in cell.column..<(cell.column + cell.columnSpan) { owner[row * grid.columnCount + column] = index }
            }
            if cell.rowSpan == 1 { heights[cell.row] = max(heights[cell.row], contents.lineRange(ofCell: index).count) }
        }
        // A cell spanning rows that needs more lines than they give lengthens the last.
        for (index, cell) in grid.cells.enumerated() where cell.rowSpan > 1 {
            let rows = cell.row..<(cell.row + cell.rowSpan)
            let have = rows.reduce(plan.borders ? cell.rowSpan - 1 : 0) { $0 + heights[$1] }
            let needed = contents.lineRange(ofCell: index).count
            if needed > have { heights[rows.upperBound - 1] += needed - have }
        }
        boundaryLines.reserveCapacity(grid.rowCount + 1)
        rowTops.reserveCapacity(grid.rowCount + 1)
        var line = 0
        for row in 0...grid.rowCount {
            if plan.borders {
                boundaryLines.append(line)
                line += 1
            }
            rowTops.append(line)
            if row < grid.rowCount { line += heights[row] }
        }
        lineCount = plan.borders ? line : rowTops[grid.rowCount]
    }

    /// The cell covering `row`, `column`, or -1.
    private func owner(_ row: Int, _ column: Int) -> Int {
        owner[row * grid.columnCount + column]
    }

    /// Line `y` of the table, appended to the open line of `lines` (a layout's, after
    /// the line's prefixes). Neighbouring runs of the same style are joined.
    func drawLine(_ y: Int, into lines: inout LineStore) {
        // The last row boundary at or above the line (boxed), or the row the line is in.
        let starts = plan.borders ? boundaryLines : rowTops
        var row = 0
        var above = plan.borders ? starts.count - 1 : starts.count - 2
        while row < above {
            let middle = (row + above + 1) / 2
            if starts[middle] <= y { row = middle } else { above = middle - 1 }
        }
        if !plan.borders {
            blankSeparated(row, y: y, into: &lines)
        } else if y == boundaryLines[row] {
            boundary(row, y: y, into: &lines)
        } else {
            content(row, y: y, into: &lines)
        }
    }

    /// A line inside row `row` of a table without borders: each cell's line, two
    /// blanks between columns, none after the last cell's text.
    private func blankSeparated(_ row: Int, y: Int, into lines: inout LineStore) {
        var column = 0
        var pendingBlanks = 0
        while column < grid.columnCount {
            if column > 0 { pendingBlanks += plan.gap }
            let index = owner(row, column)
            if index < 0 {
                pendingBlanks += plan.widths[column]
                column += 1
                continue
            }
            let used = cellText(index, y: y)
            if let used {
                lines.appendSpaces(pendingBlanks, style: .plain)
                lines.append(line: used.line, of: contents.lines, merging: true)
                pendingBlanks = cellWidths[index] - used.columns
            } else {
                pendingBlanks += cellWidths[index]
            }
            column += grid.cells[index].columnSpan
        }
    }

    /// The line of cell `index`'s lines that line `y` of the table shows, and its
    /// columns; `nil` below its last.
    private func cellText(_ index: Int, y: Int) -> (line: Int, columns: Int)? {
        let lineIndex = y - rowTops[grid.cells[index].row]
        let cellLines = contents.lineRange(ofCell: index)
        guard lineIndex >= 0, lineIndex < cellLines.count else { return nil }
        return (cellLines.lowerBound + lineIndex, contents.columns(ofLine: cellLines.lowerBound + lineIndex))
    }

    private static let border = Style(.dim)
    private static let bar = Array("│".utf8)

    /// The line of row boundary `boundary`: junctions and rules, or the lines of cells
    /// that span across it.
    private func boundary(_ boundary: Int, y: Int, into lines: inout LineStore) {
        var column = 0
        while column < grid.columnCount {
            lines.appendMerging(junction(boundary, column), style: Self.border)
            if hasRule(boundary, column) {
                lines.appendMerging(repeating: "─", count: plan.widths[column] + 2 * plan.padding, style: Self.border)
                column += 1
            } else {
                let index = owner(boundary, column)
                cellLine(index, y: y, into: &lines)
                column += grid.cells[index].columnSpan
            }
        }
        lines.appendMerging(junction(boundary, grid.columnCount), style: Self.border)
    }

    /// A line inside row `row`: each cell's line between vertical bars.
    private func content(_ row: Int, y: Int, into lines: inout LineStore) {
        var column = 0
        while column < grid.columnCount {
            lines.appendMerging(Self.bar, style: Self.border)
            let index = owner(row, column)
            if index < 0 {
                lines.appendSpaces(plan.widths[column] + 2 * plan.padding, style: .plain)
                column += 1
            } else {
                cellLine(index, y: y, into: &lines)
                column += grid.cells[index].columnSpan
            }
        }
        lines.appendMerging(Self.bar, style: Self.border)
    }

    /// Line `y` of the table as cell `index` shows it, padded, with the plan's padding
    /// each side.
    private func cellLine(_ index: Int, y: Int, into lines: inout LineStore) {
        lines.appendSpaces(plan.padding, style: .plain)
        var used = 0
        if let text = cellText(index, y: y) {
            lines.append(line: text.line, of: contents.lines, merging: true)
            used = text.columns
        }
        lines.appendSpaces(max(0, cellWidths[index] - used) + plan.padding, style: .plain)
    }

    /// Whether the boundary above row `boundary` has a rule over `column` (not inside a
    /// cell that spans rows).
    private func hasRule(_ boundary: Int, _ column: Int) -> Bool {
        if boundary == 0 || boundary == grid.rowCount { return true }
        let above = owner(boundary - 1, column)
        return above < 0 || above != owner(boundary, column)
    }

    /// Whether row `row` has a vertical bar at column boundary `column`.
    private func hasBar(_ row: Int, _ column: Int) -> Bool {
        if column == 0 || column == grid.columnCount { return true }
        let left = owner(row, column - 1)
        return left < 0 || left != owner(row, column)
    }

    /// The box-drawing character (UTF-8) where row boundary `boundary` meets column
    /// boundary `column`, from which of its four arms exist.
    private func junction(_ boundary: Int, _ column: Int) -> [UInt8] {
        let up = boundary > 0 && hasBar(boundary - 1, column)
        let down = boundary < grid.rowCount && hasBar(boundary, column)
        let left = column > 0 && hasRule(boundary, column - 1)
        let right = column < grid.columnCount && hasRule(boundary, column)
        return Self.junctions[(up ? 8 : 0) | (down ? 4 : 0) | (left ? 2 : 0) | (right ? 1 : 0)]
    }

    /// The junction for each set of arms: up 8, down 4, left 2, right 1.
    private static let junctions: [[UInt8]] = [
        " ", "─", "─", "─", "│", "┌", "┐", "┬", "│", "└", "┘", "┴", "│", "├", "┤", "┼",
    ].map { Array($0.utf8) }
}
