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
    }

    private(set) var cells: [Placement] = []
    private(set) var rowCount = 0
    private(set) var columnCount = 0
    private(set) var caption: HTMLDocument.NodeIndex?
    /// The rows in the order the grid takes them: the head's, the bodies', the foot's.
    private var rows: [HTMLDocument.NodeIndex] = []
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
            for child in document.children(of: table) {
                let tag = document[child].tag
                if section == .thead, tag == .caption, caption == nil { caption = child }
                // Rows outside a section are the body's, in document order with it.
                if section == .tbody, tag == .tr {
                    rows.append(child)
                } else if tag == section {
                    for row in document.children(of: child) where document[row].tag == .tr { rows.append(row) }
                }
            }
        }
        rowCount = rows.count
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            for child in document.children(of: row) {
                let tag = document[child].tag
                guard tag == .td || tag == .th else { continue }
                while column < reservedUntil.count, reservedUntil[column] > rowIndex { column += 1 }
                guard column < Self.maximumColumns else { break }
                var columnSpan = 1
                var rowSpan = 1
                if document[child].attributeCount > 0 {
                    columnSpan = min(Self.span(document.attribute("colspan", of: child)), Self.maximumColumns - column)
                    rowSpan = min(Self.span(document.attribute("rowspan", of: child)), rows.count - rowIndex)
                }
                cells.append(Placement(node: child, row: rowIndex, column: column, rowSpan: rowSpan, columnSpan: columnSpan, isHeader: tag == .th))
                if rowSpan > 1 {
                    if reservedUntil.count < column + columnSpan {
                        reservedUntil.append(contentsOf: repeatElement(0, count: column + columnSpan - reservedUntil.count))
                    }
                    for spanned in column..<(column + columnSpan) { reservedUntil[spanned] = max(reservedUntil[spanned], rowIndex + rowSpan) }
                }
                column += columnSpan
                columnCount = max(columnCount, column)
            }
            // Columns reserved by cells from above count even where the row stops short.
            if let last = reservedUntil.lastIndex(where: { $0 > rowIndex }) { columnCount = max(columnCount, last + 1) }
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
