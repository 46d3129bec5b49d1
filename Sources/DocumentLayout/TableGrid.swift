import HTMLParsing

/// An HTML table's cells placed on a grid of rows and columns, spans resolved as the
/// HTML table model does (HTML §4.9.12): each cell takes the first free column of its
/// row, and cells spanning rows reserve their columns in the rows below.
struct TableGrid {
    struct Cell {
        var node: HTMLDocument.NodeIndex
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var isHeader: Bool
    }

    var cells: [Cell] = []
    var rowCount = 0
    var columnCount = 0
    var caption: HTMLDocument.NodeIndex?

    /// Spans are capped (as HTML caps `colspan` at 1000) so that a hostile
    /// `colspan="100000000"` cannot make a huge grid; cells past the last column
    /// allowed are dropped.
    static let maximumSpan = 1_000
    static let maximumColumns = 2_000

    init(table: HTMLDocument.NodeIndex, in document: HTMLDocument) {
        var headRows: [HTMLDocument.NodeIndex] = []
        var bodyRows: [HTMLDocument.NodeIndex] = []
        var footRows: [HTMLDocument.NodeIndex] = []
        for child in document.children(of: table) {
            switch document[child].tag {
            case .caption where caption == nil: caption = child
            case .thead: headRows += document.children(of: child).filter { document[$0].tag == .tr }
            case .tfoot: footRows += document.children(of: child).filter { document[$0].tag == .tr }
            case .tbody: bodyRows += document.children(of: child).filter { document[$0].tag == .tr }
            case .tr: bodyRows.append(child)
            default: break
            }
        }
        let rows = headRows + bodyRows + footRows
        // occupied[row] holds the columns taken by cells from rows above.
        var occupied: [Set<Int>] = Array(repeating: [], count: rows.count)
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            for child in document.children(of: row) {
                let tag = document[child].tag
                guard tag == .td || tag == .th else { continue }
                while occupied[rowIndex].contains(column) { column += 1 }
                guard column < Self.maximumColumns else { break }
                let columnSpan = min(Self.span(document.attribute("colspan", of: child), default: 1), Self.maximumColumns - column)
                let rowSpan = min(Self.span(document.attribute("rowspan", of: child), default: 1), rows.count - rowIndex)
                cells.append(Cell(node: child, row: rowIndex, column: column, rowSpan: rowSpan, columnSpan: columnSpan, isHeader: tag == .th))
                for spanned in (rowIndex + 1)..<(rowIndex + rowSpan) {
                    occupied[spanned].formUnion(column..<(column + columnSpan))
                }
                column += columnSpan
                columnCount = max(columnCount, column)
            }
            columnCount = max(columnCount, (occupied[rowIndex].max() ?? -1) + 1)
        }
        rowCount = rows.count
    }

    /// A span attribute as a number from 1 to `maximumSpan`; 0 and junk count as 1.
    private static func span(_ text: String?, default value: Int) -> Int {
        guard let text, let number = Int(text.trimmingSpaces), number >= 1 else { return value }
        return min(number, maximumSpan)
    }
}
