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

    /// Writes every row to `sink`, in order: the component's one producer of text,
    /// for every dump, plain or styled. It loses nothing a frame cuts off (a row wider
    /// than `width` comes whole; a table widens each column to its widest value) and
    /// may make rows without keeping them; it stops once the sink is closed. By
    /// default each row's `plainText`, drawn by `drawRows`.
    func writeRows(width: Int, to sink: any RowSink)

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

    public func writeRows(width: Int, to sink: any RowSink) {
        for row in 0..<rowCount {
            if sink.isClosed { return }
            sink.row(plainText(row: row, width: width)) { buffer in drawRows(row..<(row + 1), into: &buffer, at: 0) }
        }
    }

    /// Every row `writeRows` writes, as text.
    public func lines(width: Int) -> [String] {
        let sink = LineSink()
        writeRows(width: width, to: sink)
        return sink.lines
    }
}
