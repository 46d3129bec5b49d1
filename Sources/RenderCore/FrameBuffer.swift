/// A rectangle of cells, row-major: a screen, a tile or a row.
///
/// Cells are stored packed, 16 bytes each (`PackedCell`); graphemes longer than a
/// cell holds, and styles with true colours or a background (a picture's cells),
/// live in side tables of the buffer. Reading a cell gives a `Cell`.
public struct FrameBuffer: Sendable {
    /// Width in columns.
    public let width: Int
    /// Height in rows.
    public let height: Int
    /// `width * height` cells, row by row.
    private var storage: [PackedCell]
    /// Graphemes too long to be stored inline, referred to by index from their cells.
    private var longGraphemes: [String] = []
    /// Styles too rich to be packed in a cell, referred to by index from their cells.
    private var richStyles: [Style] = []

    /// A blank buffer of `width` columns by `height` rows.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.storage = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Bytes a cell takes in a buffer.
    public static let bytesPerCell = MemoryLayout<PackedCell>.stride

    /// Cells in the buffer: `width * height`.
    public var cellCount: Int { storage.count }

    /// The cell at a column and row (0-based); setting one stores a printable
    /// grapheme (see `Cell`).
    public subscript(column: Int, row: Int) -> Cell {
        get { cell(storage[row * width + column]) }
        set { storage[row * width + column] = pack(newValue.grapheme, style: code(for: newValue.style)) }
    }

    /// Every cell, row by row: a copy, unpacked.
    public var cells: [Cell] { storage.map(cell) }

    private func cell(_ packed: PackedCell) -> Cell {
        let style = style(of: packed.style)
        if packed.isContinuation { return .continuation(style: style) }
        if let index = packed.longIndex { return Cell(printable: longGraphemes[index], style: style) }
        return Cell(printable: packed.inlineGrapheme, style: style)
    }

    /// The style a cell's code stands for.
    private func style(of code: StyleCode) -> Style {
        code.packedStyle ?? richStyles[code.tableIndex!]
    }

    /// The code cells of `style` keep: the style packed whole, or an entry of the
    /// table (the last one again when it is the same style: a picture's runs, a
    /// page's coloured words).
    private mutating func code(for style: Style) -> StyleCode {
        if let packed = style.packed { return StyleCode(packed: packed) }
        let stored = style.asStored
        if let last = richStyles.last, last == stored { return StyleCode(tableIndex: richStyles.count - 1) }
        // (A table full, 16 million styles, keeps the nearest palette style.)
        guard richStyles.count < StyleCode.tableCapacity else {
            return StyleCode(packed: Style(stored.attributes, foreground: stored.foreground.map { Color(paletteIndex: $0.paletteIndex) }).packed!)
        }
        richStyles.append(stored)
        return StyleCode(tableIndex: richStyles.count - 1)
    }

    /// The packed form of printable `grapheme` (`""` for a continuation cell).
    private mutating func pack(_ grapheme: String, style: StyleCode) -> PackedCell {
        let bytes = grapheme.utf8
        if bytes.isEmpty { return .continuation(style: style) }
        if bytes.count <= PackedCell.inlineCapacity { return PackedCell(inline: bytes, style: style) }
        longGraphemes.append(grapheme)
        return PackedCell(longAt: longGraphemes.count - 1, style: style)
    }

    /// Draws `text` from column `column` of row `row`, clipped to the columns from
    /// `floor` (0 by default) to `limit` (the buffer's width by default): text before
    /// `floor` is scrolled out of sight on the left.
    ///
    /// A wide grapheme that would straddle either edge is not drawn (at the right
    /// edge, its column stays blank); zero-width graphemes are skipped; a grapheme
    /// holding a control character is drawn as U+FFFD (see `Cell`).
    /// - Returns: the column after the last one drawn, or the right edge (`limit`)
    ///   when the text was cut there: text drawn from it is past the edge too.
    @discardableResult
    public mutating func draw(
        _ text: some StringProtocol, style: Style = .plain, column: Int, row: Int, limit: Int? = nil, floor: Int = 0
    ) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(limit ?? width, width)
        let rowStart = row * width
        // Printable ASCII (most text) is a column a byte, and other simple text
        // (`TextWidth.simpleColumns`: CJK, punctuation, box drawing) a scalar a
        // grapheme: no grapheme breaking.
        let style = code(for: style)
        let drawnSimply = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            if TextWidth.isPrintableASCII(bytes) { return drawASCII(bytes, style: style, column: column, rowStart: rowStart, end: end, floor: floor) }
            guard TextWidth.simpleColumns(bytes) != nil else { return nil }
            return drawSimple(bytes, style: style, column: column, rowStart: rowStart, end: end, floor: floor)
        }
        if let drawnSimply = drawnSimply ?? nil { return drawnSimply }
        var x = column
        for character in text {
            let columns = TextWidth.columns(of: character)
            if columns == 0 { continue }
            if x + columns > end {
                // Cut at the edge: the columns left stay blank, and text drawn after
                // this (the next span of a line) starts past them.
                x = max(x, end)
                break
            }
            if x >= max(0, floor) {
                if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                    storage[rowStart + x] = PackedCell(ascii: ascii, style: style)
                } else {
                    storage[rowStart + x] = pack(TextWidth.isPrintable(character) ? String(character) : "\u{FFFD}", style: style)
                }
                if columns == 2 { storage[rowStart + x + 1] = .continuation(style: style) }
            }
            x += columns
        }
        return x
    }

    /// `draw` for printable ASCII `bytes`, a cell each, from `column` of the row that
    /// starts at cell `rowStart`.
    private mutating func drawASCII(_ bytes: UnsafeBufferPointer<UInt8>, style: StyleCode, column: Int, rowStart: Int, end: Int, floor: Int) -> Int {
        let first = max(column, 0, floor)
        let last = min(column + bytes.count, end)
        if first < last {
            storage.withUnsafeMutableBufferPointer { cells in
                for x in first..<last { cells[rowStart + x] = PackedCell(ascii: bytes[x - column], style: style) }
            }
        }
        return max(column, last)
    }

    /// `draw` for UTF-8 `bytes` that `TextWidth.simpleColumns` measures: each scalar
    /// is a grapheme, one or two columns wide, held inline.
    private mutating func drawSimple(_ bytes: UnsafeBufferPointer<UInt8>, style: StyleCode, column: Int, rowStart: Int, end: Int, floor: Int) -> Int {
        var x = column
        var index = 0
        storage.withUnsafeMutableBufferPointer { cells in
            while index < bytes.count, let (length, columns) = TextWidth.simpleCharacter(at: index, in: bytes) {
                if x + columns > end {
                    x = max(x, end)
                    break
                }
                if x >= max(0, floor) {
                    cells[rowStart + x] = PackedCell(inline: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), style: style)
                    if columns == 2 { cells[rowStart + x + 1] = .continuation(style: style) }
                }
                x += columns
                index += length
            }
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
            storage.replaceSubrange(to..<(to + columns), with: source.storage[from..<(from + columns)])
            guard !source.longGraphemes.isEmpty || !source.richStyles.isEmpty else { continue }
            // Long graphemes and rich styles move into this buffer's side tables.
            for index in to..<(to + columns) {
                if let long = storage[index].longIndex {
                    longGraphemes.append(source.longGraphemes[long])
                    storage[index] = storage[index].withLongIndex(longGraphemes.count - 1)
                }
                if let rich = storage[index].style.tableIndex {
                    storage[index] = storage[index].withStyle(code(for: source.richStyles[rich]))
                }
            }
        }
    }

    /// Appends row `row` (or some of its columns) as UTF-8 to `output`, continuation
    /// cells skipped, calling
    /// `styleChange` before the first cell and before each cell whose style differs
    /// from the one before it (a terminal writer puts its escape sequences there).
    public func appendRow(
        _ row: Int, columns: Range<Int>? = nil, to output: inout [UInt8], styleChange: (Style, inout [UInt8]) -> Void
    ) {
        let start = row * width
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        var currentCode: StyleCode?
        var current: Style?
        for packed in storage[(start + columns.lowerBound)..<(start + columns.upperBound)] where !packed.isContinuation {
            if packed.style != currentCode {
                currentCode = packed.style
                let style = style(of: packed.style)
                if style != current {
                    current = style
                    styleChange(style, &output)
                }
            }
            if let index = packed.longIndex {
                output.append(contentsOf: longGraphemes[index].utf8)
            } else {
                packed.appendInlineBytes(to: &output)
            }
        }
    }

    /// The columns of row `row` from the first to the last cell that differs from
    /// `other`'s (of the same size), widened to whole wide graphemes; `nil` when the
    /// rows are the same.
    public func differingColumns(inRow row: Int, from other: FrameBuffer) -> Range<Int>? {
        guard width == other.width, row >= 0, row < height, row < other.height else { return 0..<width }
        let start = row * width
        func same(_ column: Int) -> Bool {
            let mine = storage[start + column]
            let theirs = other.storage[start + column]
            if mine == theirs, mine.longIndex == nil, mine.style.tableIndex == nil { return true }
            return cell(mine) == other.cell(theirs)
        }
        guard var first = (0..<width).first(where: { !same($0) }) else { return nil }
        var last = (first..<width).last { !same($0) } ?? first
        // Start on a grapheme's first cell; end after a wide one's second.
        if storage[start + first].isContinuation || other.storage[start + first].isContinuation { first = max(0, first - 1) }
        if last + 1 < width, storage[start + last + 1].isContinuation || other.storage[start + last + 1].isContinuation { last += 1 }
        return first..<(last + 1)
    }

    /// Whether row `row` shows the same cells here and in `other` (of the same width).
    public func rowEquals(_ row: Int, in other: FrameBuffer) -> Bool {
        guard width == other.width, row >= 0, row < height, row < other.height else { return false }
        return differingColumns(inRow: row, from: other) == nil
    }

    /// Row `row` as plain text: graphemes only, no styles, trailing blanks removed.
    public func plainText(row: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width)
        let start = row * width
        for packed in storage[start..<(start + width)] where !packed.isContinuation {
            if let index = packed.longIndex {
                bytes.append(contentsOf: longGraphemes[index].utf8)
            } else {
                packed.appendInlineBytes(to: &bytes)
            }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every row as plain text.
    public var plainLines: [String] {
        (0..<height).map(plainText(row:))
    }
}

extension FrameBuffer: Hashable {
    /// Buffers are equal when they show the same cells (side tables may differ in
    /// order).
    public static func == (lhs: FrameBuffer, rhs: FrameBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        return (0..<lhs.height).allSatisfy { lhs.rowEquals($0, in: rhs) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for packed in storage {
            if packed.longIndex != nil || packed.style.tableIndex != nil {
                hasher.combine(cell(packed))
            } else {
                hasher.combine(packed)
            }
        }
    }
}

extension FrameBuffer {
    /// Heap bytes this buffer holds: its cell array and side table as allocated
    /// (capacities, headers included), and the text of long graphemes stored out of
    /// line. What the allocator adds around each block is not counted.
    public var storageBytes: Int {
        var bytes = Self.arrayBytes(capacity: storage.capacity, stride: MemoryLayout<PackedCell>.stride)
        if longGraphemes.capacity > 0 {
            bytes += Self.arrayBytes(capacity: longGraphemes.capacity, stride: MemoryLayout<String>.stride)
        }
        if richStyles.capacity > 0 {
            bytes += Self.arrayBytes(capacity: richStyles.capacity, stride: MemoryLayout<Style>.stride)
        }
        // A string of more than 15 UTF-8 bytes is a heap object: a 32-byte header,
        // then the bytes and a terminating NUL.
        for grapheme in longGraphemes where grapheme.utf8.count > 15 { bytes += 32 + grapheme.utf8.count + 1 }
        return bytes
    }

    /// Bytes of a native array buffer: a 32-byte header, then the elements.
    private static func arrayBytes(capacity: Int, stride: Int) -> Int {
        capacity == 0 ? 0 : 32 + capacity * stride
    }
}

extension FrameBuffer: CustomStringConvertible, CustomDebugStringConvertible {
    /// The rows as plain text, one a line (what test failures show).
    public var description: String {
        "FrameBuffer \(width)x\(height):\n" + plainLines.joined(separator: "\n")
    }

    public var debugDescription: String { description }
}
