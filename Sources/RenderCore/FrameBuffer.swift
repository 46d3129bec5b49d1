/// A rectangle of cells, row-major: a screen, a tile or a row.
public struct FrameBuffer: Hashable, Sendable {
    /// Width in columns.
    public let width: Int
    /// Height in rows.
    public let height: Int
    /// `width * height` cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank buffer of `width` columns by `height` rows.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Draws `text` from column `column` of row `row`, clipped to the columns from
    /// `floor` (0 by default) to `limit` (the buffer's width by default): text before
    /// `floor` is scrolled out of sight on the left.
    ///
    /// A wide grapheme that would straddle either edge is not drawn; zero-width
    /// graphemes are skipped.
    /// - Returns: the column after the last one drawn.
    @discardableResult
    public mutating func draw(
        _ text: some StringProtocol, style: Style = .plain, column: Int, row: Int, limit: Int? = nil, floor: Int = 0
    ) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(limit ?? width, width)
        var x = column
        for character in text {
            let columns = TextWidth.columns(of: character)
            if columns == 0 { continue }
            if x + columns > end { break }
            if x >= max(0, floor) {
                self[x, row] = Cell(character, style: style)
                if columns == 2 { self[x + 1, row] = .continuation(style: style) }
            }
            x += columns
        }
        return x
    }

    /// Copies rows `sourceRows` of `source` into this buffer from row `row`, column 0.
    /// Columns beyond either buffer's width are clipped.
    public mutating func copyRows(_ sourceRows: Range<Int>, of source: FrameBuffer, to row: Int) {
        let columns = min(width, source.width)
        for (offset, sourceRow) in sourceRows.enumerated() {
            let targetRow = row + offset
            guard targetRow >= 0, targetRow < height, sourceRow >= 0, sourceRow < source.height else { continue }
            let from = sourceRow * source.width
            let to = targetRow * width
            cells.replaceSubrange(to..<(to + columns), with: source.cells[from..<(from + columns)])
        }
    }

    /// Row `row` as plain text: graphemes only, no styles, trailing blanks removed.
    public func plainText(row: Int) -> String {
        var text = ""
        let start = row * width
        for cell in cells[start..<(start + width)] where !cell.isContinuation {
            text += cell.grapheme
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row as plain text.
    public var plainLines: [String] {
        (0..<height).map(plainText(row:))
    }
}

extension FrameBuffer {
    /// Bytes this buffer holds: its cells, plus grapheme text too long to be stored
    /// inside a cell. (Counted by cells, not by the array's capacity, which depends on
    /// the allocator and would make the figure differ from run to run.)
    public var storageBytes: Int {
        var bytes = cells.count * MemoryLayout<Cell>.stride
        for cell in cells where cell.grapheme.utf8.count > 15 { bytes += cell.grapheme.utf8.count }
        return bytes
    }
}
