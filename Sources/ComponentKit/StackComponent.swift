public import RenderCore
public import ScrollCore

/// A component of the stack: laid out by the container's pass (`ScrollComponent`),
/// drawn a band of rows at a time (what a tile is built from), written out as text
/// and searched. Tables, pages and an embedder's own components conform, so that a
/// renderer materializes only the rows a viewport needs, and the one walk that writes
/// a stack out as text asks each component for its own.
public protocol StackComponent: ScrollComponent {
    /// Number of rows the content has at its current width.
    var rowCount: Int { get }

    /// Draws content rows `rows` into `buffer`, content row `rows.lowerBound` going to
    /// buffer row `row`. Rows past the end of the content are left blank.
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int)

    /// Row `row` as plain text, as a frame `width` columns wide shows it (control
    /// characters replaced, trailing blanks dropped), except that a row wider than
    /// `width` (a `pre` line, an overflowing table) comes whole: a text dump loses
    /// nothing a frame cuts off.
    func plainText(row: Int, width: Int) -> String

    /// Every row as plain text, in order: for writing the whole content out, losing
    /// nothing (as `plainText`, or with more: a table widens each column to its widest
    /// value). A source may produce rows without keeping them.
    func forEachPlainText(width: Int, _ body: (String) -> Void)

    /// The rows `forEachPlainText` gives, as UTF-8 text each ending in a line feed,
    /// handed to `write` in pieces of many rows; a source with rows of millions of
    /// columns may hand a row over in pieces of itself, never holding it whole.
    func writePlainText(width: Int, _ write: (UnsafeBufferPointer<UInt8>) -> Void)

    /// The text a search looks for matches in on row `row`: by default the row as a
    /// frame `width` columns wide shows it; a source may give something cheaper to
    /// make that holds the same words (a table row's values, uncut).
    func searchableText(row: Int, width: Int) -> String

    /// Whether row `row` may hold `query` in its `searchableText`: false only where it
    /// cannot, found more cheaply than the text (a table reads a record's bytes rather
    /// than decode it). By default true: every row's text is searched.
    func mayContain(_ query: String, row: Int) -> Bool

    /// The columns where `query` shows on row `row` as a frame `width` columns wide
    /// draws it (a query without capitals matching any case), left to right: where a
    /// viewer marks the matches on screen. By default read from the row drawn; a
    /// source may find them in the text it draws from.
    func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>]

    /// Keeps what the component keeps for each row it drew (a table's row views,
    /// taken from a pool and filled once) for rows `rows` only: after each frame the
    /// renderer tells it the rows of the tiles the frame used (empty when it shows
    /// none). By default nothing is kept.
    func keepRowViews(for rows: Range<Int>)
}

extension StackComponent {
    /// Draws the row into a one-row buffer: right for any source, if not the fastest.
    public func plainText(row: Int, width: Int) -> String {
        var buffer = FrameBuffer(width: width, height: 1)
        drawRows(row..<(row + 1), into: &buffer, at: 0)
        return buffer.plainText(row: 0)
    }

    public func searchableText(row: Int, width: Int) -> String {
        plainText(row: row, width: width)
    }

    public func mayContain(_ query: String, row: Int) -> Bool { true }

    public func keepRowViews(for rows: Range<Int>) {}

    public func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>] {
        var buffer = FrameBuffer(width: width, height: 1)
        drawRows(row..<(row + 1), into: &buffer, at: 0)
        return TextSearch.matchColumns(of: query, inRow: 0, of: buffer)
    }

    public func forEachPlainText(width: Int, _ body: (String) -> Void) {
        for row in 0..<rowCount { body(plainText(row: row, width: width)) }
    }

    /// Gathers the rows of `forEachPlainText` into writes of about a megabyte.
    public func writePlainText(width: Int, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var rows = TextRows()
        forEachPlainText(width: width) { rows.append($0, to: write) }
        rows.flush(to: write)
    }
}

/// Rows of UTF-8 text, each ending in a line feed, gathered into large writes.
package struct TextRows {
    /// Bytes gathered before they are written.
    package let pieceBytes: Int
    /// What is gathered and not written yet (a row's end may be added to it).
    package var pending: [UInt8] = []

    /// Writes of about `pieceBytes` (a megabyte unless told).
    package init(pieceBytes: Int = 1 << 20) {
        self.pieceBytes = pieceBytes
    }

    /// Adds `row` and its line feed; writes what is gathered once it is a piece.
    package mutating func append(_ row: String, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        pending += row.utf8
        endRow(to: write)
    }

    /// Ends the row `pending` ends with (a line feed); writes what is gathered once it
    /// is a piece.
    package mutating func endRow(to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        pending.append(0x0A)
        if pending.count >= pieceBytes { flush(to: write) }
    }

    /// Writes what is gathered.
    package mutating func flush(to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBufferPointer(write)
        pending.removeAll(keepingCapacity: true)
    }
}
