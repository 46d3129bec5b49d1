import HTMLParsing

/// An HTML table's cells placed on a grid of rows and columns, spans resolved as the
/// HTML table model does (HTML §4.9.12): each cell takes the first free column of its
/// row, and cells spanning rows reserve their columns in the rows below.
///
/// A grid is placed again for each table (`place`), its buffers kept: a page may
/// have tens of thousands of small tables.
struct TableGrid {
    /// A cell of the table where the grid placed it: its row and column, and the rows
    /// and columns it spans.
    struct Placement {
        var node: HTMLDocument.NodeIndex
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var isHeader: Bool
        /// Whether the cell shows `node` itself, laid out as it is: an element that is
        /// no part of a table, in one (where a browser shows it in a box of its own:
        /// an anonymous cell, or before the table); else `node` is a cell, whose
        /// content the cell shows.
        var isStray = false
    }

    /// A row as the grid takes it.
    private enum Row {
        /// A row element: its children are its cells.
        case element(HTMLDocument.NodeIndex)
        /// Cells outside a row, siblings from `first` to `last`: a row of their own (a
        /// row the sheets left out, as CSS's anonymous row holds them).
        case loose(first: HTMLDocument.NodeIndex, last: HTMLDocument.NodeIndex)
        /// An element that is no part of a table, among rows: a row of its own, its
        /// one cell across the table.
        case stray(HTMLDocument.NodeIndex)
    }

    private(set) var cells: [Placement] = []
    private(set) var rowCount = 0
    private(set) var columnCount = 0
    private(set) var caption: HTMLDocument.NodeIndex?
    /// The rows in the order the grid takes them: the head's, the bodies', the foot's.
    private var rows: [Row] = []
    /// For each column, the first row not reserved in it by a cell spanning rows above.
    private var reservedUntil: [Int] = []

    /// Spans are capped (as HTML caps `colspan` at 1000) so that a hostile
    /// `colspan="100000000"` cannot make a huge grid; cells past the last column
    /// allowed are dropped.
    static let maximumSpan = 1_000
    static let maximumColumns = 2_000

    init() {}

    /// Places the cells of `table`, forgetting the table placed before.
    mutating func place(_ table: HTMLDocument.NodeIndex, in document: HTMLDocument) {
        cells.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        reservedUntil.removeAll(keepingCapacity: true)
        columnCount = 0
        caption = nil
        for section in Self.sections {
            if section == .tbody {
                // Rows outside a section are the body's, in document order with it.
                appendRows(in: table, table: table, document)
                continue
            }
            for child in document.children(of: table) {
                let tag = document[child].tag
                if section == .thead, tag == .caption, caption == nil { caption = child }
                if tag == section { appendRows(in: child, table: table, document) }
            }
        }
        rowCount = rows.count
        var hasStrays = false
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            switch row {
            case .element(let element):
                for child in document.children(of: element) {
                    let tag = document[child].tag
                    let isCell = tag == .td || tag == .th
                    guard isCell || Self.isStray(child, document) else { continue }
                    guard place(child, row: rowIndex, column: &column, isStray: !isCell, document) else { break }
                    hasStrays = hasStrays || !isCell
                }
            case .loose(let first, let last):
                var child = first
                while true {
                    let tag = document[child].tag
                    if tag == .td || tag == .th, !place(child, row: rowIndex, column: &column, isStray: false, document) { break }
                    if child == last { break }
                    child = document[child].nextSibling
                }
            case .stray(let element):
                _ = place(element, row: rowIndex, column: &column, isStray: true, document)
                hasStrays = true
            }
            // Columns reserved by cells from above count even where the row stops short.
            if let last = reservedUntil.lastIndex(where: { $0 > rowIndex }) { columnCount = max(columnCount, last + 1) }
        }
        if hasStrays { widenStrays() }
    }

    /// Adds the rows among `parent`'s children (a table's, a section's, or those of
    /// an element around rows in the table): its row elements, runs of cells outside
    /// rows, and elements that are no part of a table, each a row. A table's first
    /// caption, its head and foot (placed in their turns) and its columns are not
    /// rows; an element around rows is passed through.
    private mutating func appendRows(in parent: HTMLDocument.NodeIndex, table: HTMLDocument.NodeIndex, _ document: HTMLDocument) {
        var looseCells: (first: HTMLDocument.NodeIndex, last: HTMLDocument.NodeIndex)?
        for child in document.children(of: parent) {
            guard document[child].kind == .element else { continue }
            let tag = document[child].tag
            if tag == .td || tag == .th {
                looseCells = (looseCells?.first ?? child, child)
                continue
            }
            if let loose = looseCells {
                rows.append(.loose(first: loose.first, last: loose.last))
                looseCells = nil
            }
            switch tag {
            case .tr: rows.append(.element(child))
            case .col, .colgroup: break
            case .caption where child == caption: break
            case .thead where parent == table, .tfoot where parent == table: break
            case .tbody where parent == table, .thead, .tfoot: appendRows(in: child, table: table, document)
            default:
                guard Self.isStray(child, document) else { break }
                // (An element around rows, as a `form` is, holds rows of the table.)
                if document.children(of: child).contains(where: { [.tr, .td, .th].contains(document[$0].tag) }) {
                    appendRows(in: child, table: table, document)
                } else {
                    rows.append(.stray(child))
                }
            }
        }
        if let loose = looseCells { rows.append(.loose(first: loose.first, last: loose.last)) }
    }

    /// Whether `node` is an element shown in a table that is no part of one.
    private static func isStray(_ node: HTMLDocument.NodeIndex, _ document: HTMLDocument) -> Bool {
        document[node].kind == .element && !document[node].isHidden
    }

    /// Places cell `node` in row `row` at the first free column from `column` on,
    /// and moves `column` past it; gives whether there was room for it.
    private mutating func place(_ node: HTMLDocument.NodeIndex, row: Int, column: inout Int, isStray: Bool, _ document: HTMLDocument) -> Bool {
        while column < reservedUntil.count, reservedUntil[column] > row { column += 1 }
        guard column < Self.maximumColumns else { return false }
        var columnSpan = 1
        var rowSpan = 1
        if !isStray, document[node].attributeCount > 0 {
            columnSpan = min(Self.span(document.attribute("colspan", of: node)), Self.maximumColumns - column)
            rowSpan = min(Self.span(document.attribute("rowspan", of: node)), rows.count - row)
        }
        cells.append(
            Placement(node: node, row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan, isHeader: document[node].tag == .th, isStray: isStray))
        if rowSpan > 1 {
            if reservedUntil.count < column + columnSpan {
                reservedUntil.append(contentsOf: repeatElement(0, count: column + columnSpan - reservedUntil.count))
            }
            for spanned in column..<(column + columnSpan) { reservedUntil[spanned] = max(reservedUntil[spanned], row + rowSpan) }
        }
        column += columnSpan
        columnCount = max(columnCount, column)
        return true
    }

    /// Widens each stray that has a row of its own to the table's last column (or to
    /// the first cell that spans into its row from above).
    private mutating func widenStrays() {
        for index in cells.indices where cells[index].isStray {
            let stray = cells[index]
            guard case .stray = rows[stray.row] else { continue }
            var end = columnCount
            for cell in cells where cell.rowSpan > 1 && cell.row < stray.row && cell.row + cell.rowSpan > stray.row && cell.column > stray.column {
                end = min(end, cell.column)
            }
            cells[index].columnSpan = max(1, end - stray.column)
        }
    }

    /// The sections rows are taken from, in order.
    private static let sections: [HTMLTag] = [.thead, .tbody, .tfoot]

    /// A span attribute as a number from 1 to `maximumSpan`; 0 and junk count as 1.
    private static func span(_ text: String?) -> Int {
        guard let text, let number = Int(text.trimmingSpaces), number >= 1 else { return 1 }
        return min(number, maximumSpan)
    }
}
