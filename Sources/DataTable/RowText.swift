import RenderCore

/// A table row written as text, left to right, as its cells and separators would
/// show it (`TableComponent.wideRowText`): values padded in their columns,
/// right-aligned numbers, a value wider than its column cut with `…` in its last
/// column, trailing blanks dropped. Given a sink, it hands its text over a megabyte
/// at a time, so that a row of millions of columns is never held whole.
struct RowText {
    private var bytes: [UInt8] = []
    /// Columns written so far.
    private var column = 0
    /// Where the text goes as it grows (`nil`: it is kept, for `finished`).
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// Bytes kept before they go to the sink.
    static let pieceBytes = 1 << 20

    init(sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        self.sink = sink
    }

    /// Writes the mark between `column` and the column before it (none before the
    /// first), the gap up to it filled with `filling`.
    mutating func separate(before column: Int, in plan: ColumnPlan, with mark: String, filling: String = " ") {
        guard column > 0 else { return }
        fill(filling, through: plan.start(of: column) - ColumnPlan.separatorColumns + 1)
        append(mark, columns: 1)
    }

    /// Fills the row with `character` (one column wide) up to column `end`.
    mutating func fill(_ character: String, through end: Int) {
        while column < end {
            let count = min(end - column, Self.pieceBytes / character.utf8.count)
            if character == " " {
                bytes.append(contentsOf: repeatElement(0x20, count: count))
            } else {
                for _ in 0..<count { bytes.append(contentsOf: character.utf8) }
            }
            column += count
            handOver()
        }
    }

    /// Writes a value in the column from `start`, `width` columns wide.
    mutating func cell(_ value: String, rightAligned: Bool, at start: Int, width: Int) {
        let columns = TextWidth.columns(of: value)
        if columns <= width {
            fill(" ", through: start + (rightAligned ? width - columns : 0))
            append(value, columns: columns)
            return
        }
        // As a frame cuts it: what fits before the column's last column, then `…`
        // there (after a blank where a wide character did not fit).
        fill(" ", through: start)
        let end = start + width - 1
        for character in value {
            let characterColumns = TextWidth.columns(of: character)
            guard column + characterColumns <= end else { break }
            bytes.append(contentsOf: character.utf8)
            column += characterColumns
            if bytes.count >= Self.pieceBytes { handOver() }
        }
        fill(" ", through: end)
        append("…", columns: 1)
    }

    /// Appends `text`, `columns` wide, a piece at a time.
    private mutating func append(_ text: String, columns: Int) {
        var rest = text.utf8[...]
        while !rest.isEmpty {
            let piece = rest.prefix(Self.pieceBytes)
            bytes.append(contentsOf: piece)
            rest = rest.dropFirst(piece.count)
            handOver()
        }
        column += columns
    }

    /// Hands the text so far to the sink, once there is a piece of it, all but the
    /// blanks at its end (the row may end there).
    private mutating func handOver() {
        guard let sink, bytes.count >= Self.pieceBytes else { return }
        let kept = bytes.count - (bytes.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? 0)
        bytes.withUnsafeBufferPointer { sink(UnsafeBufferPointer(rebasing: $0[..<($0.count - kept)])) }
        bytes.removeFirst(bytes.count - kept)
    }

    /// The row's text, trailing blanks dropped (what the sink has not had).
    mutating func finished() -> [UInt8] {
        while bytes.last == 0x20 { bytes.removeLast() }
        return bytes
    }
}
